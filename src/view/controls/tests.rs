//! The controls' own checks: ids read back, limits, every legal move reachable.

use super::*;
use crate::engine::playout::random_game;
use crate::engine::Setup;

fn all_controls() -> Vec<Control> {
    let posts = [
        Post::Cashier,
        Post::Keeper,
        Post::Manager,
        Post::Trainer("K11".parse().expect("cell")),
        Post::Trainer("U21".parse().expect("cell")),
    ];
    let mut steps = vec![
        Step::Place(None),
        Step::Place(Some(3)),
        Step::HireTrainer,
        Step::MoveDepot,
        Step::CoworkerFrom,
        Step::Buy(4),
        Step::Expand(Size::Small),
        Step::Expand(Size::Large),
    ];
    steps.extend(posts.iter().map(|p| Step::CoworkerTo(*p)));
    let mut out = vec![
        Control::Draw(1),
        Control::Take(5),
        Control::Hire(Role::Cashier),
        Control::Hire(Role::Keeper),
        Control::Hire(Role::Manager),
        Control::Discard,
        Control::Undo,
        Control::Money,
        Control::Rematch,
        Control::Describe,
    ];
    for step in steps {
        out.push(Control::Open { step, page: 7 });
        out.push(Control::Pick { step, part: 12 });
    }
    out
}

#[test]
fn every_control_id_reads_back_and_fits() {
    for control in all_controls() {
        let id = ControlId {
            game: i64::MAX,
            seq: 999_999_999,
            control,
        };
        let text = id.encode();
        assert!(text.len() <= MAX_ID, "{text}");
        assert_eq!(ControlId::decode(&text), Some(id), "{text}");
    }
}

/// Under the final table, Rematch and Describe alone: no move is offered,
/// in any language, within Discord's limits; Rematch stands for `rematch`,
/// Describe only looks.
#[test]
fn the_final_table_offers_rematch_alone() {
    let (game, _) = random_game(Setup::new(["ana", "ben"], 9), 9);
    assert!(game.is_over());
    let names = Names::people(&["ana".to_string(), "ben".to_string()]);
    for lang in Lang::all().into_iter().chain([Lang::pseudo()]) {
        let view = View {
            game_id: 4,
            seq: 80,
            game: &game,
            names: &names,
            undo: None,
            lang: &lang,
        };
        let panel = table_panel(&view);
        panel.check().expect("within Discord's limits");
        let ids: Vec<Control> = panel
            .ids()
            .iter()
            .filter_map(|id| ControlId::decode(id).map(|c| c.control))
            .collect();
        assert_eq!(ids, [Control::Rematch, Control::Describe], "{lang}");
        assert_eq!(
            resolve(&view, 0, Control::Rematch, &[]),
            Ok(Resolution::Command(Command::Rematch))
        );
    }
    let english = Lang::english();
    let en = View {
        game_id: 4,
        seq: 80,
        game: &game,
        names: &names,
        undo: None,
        lang: &english,
    };
    assert_eq!(table_panel(&en).labels(), ["Rematch", "Describe"]);
    assert!(!Control::Rematch.in_lobby() && !Control::Rematch.looks());
    assert!(Control::Describe.looks() && !Control::Describe.makes_move());
}

#[test]
fn moves_are_told_from_menus() {
    assert!(Control::Draw(1).makes_move());
    assert!(Control::Undo.makes_move());
    let pick = |step| Control::Pick { step, part: 0 };
    assert!(pick(Step::MoveDepot).makes_move());
    assert!(!pick(Step::CoworkerFrom).makes_move());
    assert!(!Control::Money.makes_move());
    assert!(!Control::Open {
        step: Step::Expand(Size::Small),
        page: 1
    }
    .makes_move());
}

#[test]
fn forged_ids_are_refused() {
    for bad in [
        "",
        "aq1",
        "aq1:1:2",
        "aq1:1:2:",
        "aq2:1:2:d1",
        "aq1:-1:2:d1",
        "aq1:1:02:d1",
        "aq1:1:2:d",
        "aq1:1:2:d01",
        "aq1:1:2:ht",
        "aq1:1:2:o.P1",
        "aq1:1:2:o.ZZ.0",
        "aq1:1:2:s.CT-t.0",
        "aq1:1:2:s.CT-k11.0",
        "aq1:1:2:s.P1.0.9",
        "aq1:99999999999999999999:2:d1",
        "aq1:1:2:d1\u{0}",
        "aq1:1:2:dé",
    ] {
        assert_eq!(ControlId::decode(bad), None, "{bad:?}");
    }
    let long = format!("aq1:1:2:o.P1.{}", "1".repeat(100));
    assert_eq!(ControlId::decode(&long), None);
}

/// Every panel a game reaches, in every language and in the pseudo-locale
/// (40% longer), offers exactly the legal moves, within Discord's limits and
/// without cutting a label.
#[test]
fn panels_offer_exactly_the_legal_moves_in_discord_limits() {
    let langs: Vec<Lang> = Lang::all().into_iter().chain([Lang::pseudo()]).collect();
    assert!(langs.len() >= 4, "en, ja, de and the pseudo-locale");
    for lang in &langs {
        for players in 2..=5 {
            for seed in 0..10 {
                let names: Vec<String> = ["ana", "ben", "cy", "dee", "eve"][..players]
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
                let setup = Setup::new(names.clone(), seed);
                let (_, log) = random_game(setup.clone(), seed);
                let mut game = Game::new(setup).expect("setup");
                for (i, (seat, action)) in log.iter().enumerate() {
                    let view = View {
                        game_id: 7,
                        seq: i as i64,
                        game: &game,
                        names: &Names::people(&names),
                        undo: (i % 3 == 0).then_some(*seat),
                        lang,
                    };
                    let (reachable, undo) = reachable(&view)
                        .unwrap_or_else(|e| panic!("{}, move {i}: {e}", lang.code()));
                    let legal: BTreeSet<Action> = game.legal_actions(*seat).into_iter().collect();
                    assert_eq!(reachable, legal, "{players} players, seed {seed}, move {i}");
                    assert_eq!(undo, view.undo.is_some());
                    let describe = ControlId {
                        game: 7,
                        seq: i as i64,
                        control: Control::Describe,
                    }
                    .encode();
                    assert!(
                        table_panel(&view).ids().contains(&describe.as_str()),
                        "Describe under the table, {players} players, seed {seed}, move {i}"
                    );
                    if lang.is_pseudo() {
                        for label in table_panel(&view).labels() {
                            assert!(
                                label.contains('⟦') || cells_only(label),
                                "{label} escaped the catalogue"
                            );
                        }
                    }
                    game.apply(*seat, action).expect("logged move");
                }
            }
        }
    }
}

/// A label that is only coordinates ("K11", "N10 N11 O10"): the command
/// language, the same in every language.
fn cells_only(label: &str) -> bool {
    label.split(' ').all(|w| w.parse::<Cell>().is_ok())
}

#[test]
fn the_table_speaks_the_language_of_its_view() {
    let names: Vec<String> = vec!["ana".into(), "ben".into()];
    let game = Game::new(Setup::new(names.clone(), 3)).expect("setup");
    let labels = |code: &str| {
        let lang = Lang::for_locale(code);
        let view = View {
            game_id: 7,
            seq: 0,
            game: &game,
            names: &Names::people(&names),
            undo: None,
            lang: &lang,
        };
        table_panel(&view)
            .labels()
            .into_iter()
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    let (en, ja, de) = (labels("en"), labels("ja"), labels("de"));
    assert_eq!(en[0], "Draw onto truck 1 (2 spaces left)");
    assert_eq!(ja[0], "トラック1に引く (空き2)");
    assert_eq!(de[0], "Auf Wagen 1 ziehen (2 Plätze frei)");
    assert_eq!((en.len(), ja.len()), (de.len(), en.len()));
}
