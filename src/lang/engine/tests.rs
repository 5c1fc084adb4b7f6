use super::*;
use crate::cpu::Reason;
use crate::engine::refusal::{PostEmpty, PostTaken, TruckProblem, TruckUse};
use crate::engine::Target;

fn c(s: &str) -> Cell {
    s.parse().expect("a cell")
}

fn t(s: &str) -> AnimalTile {
    match s.parse::<Tile>() {
        Ok(Tile::Animal(a)) => a,
        other => panic!("{s}: {other:?}"),
    }
}

fn room(cells: &[&str]) -> Room {
    Room {
        animal: Animal::Dolphin,
        cells: cells.iter().map(|s| c(s)).collect(),
    }
}

fn en(text: &Text) -> String {
    plain(&Lang::english(), text)
}

/// Said in English and in every language of the catalogue, with no
/// missing key; returns the English.
fn worded(text: &Text) -> String {
    for lang in Lang::all() {
        let said = plain(&lang, text);
        assert!(
            !said.trim().is_empty() && !said.contains("Unknown localization key"),
            "{lang}: {text:?} said {said:?}"
        );
    }
    en(text)
}

fn every_blocked() -> Vec<Blocked> {
    vec![
        Blocked::Cardboard(c("I9")),
        Blocked::NotASpace(c("A1")),
        Blocked::Holds(c("K11"), t("orca-bolt")),
        Blocked::HoldsTrainer(c("K11")),
        Blocked::TouchesOther {
            cell: c("M12"),
            at: c("M11"),
            other: Animal::Orca,
        },
        Blocked::AwayFromBasin {
            cell: c("J9"),
            animal: Animal::SeaLion,
        },
        Blocked::BasinLimit {
            basins: vec![Animal::Orca, Animal::Dolphin, Animal::SeaLion],
        },
    ]
}

fn every_expansion() -> Vec<BadExpansion> {
    let ex = Some(vec![c("N10"), c("N11"), c("O11")]);
    vec![
        BadExpansion::BothPlaced(Size::Small),
        BadExpansion::Shape {
            size: Size::Small,
            cells: vec![c("I12"), c("I13")],
            example: ex.clone(),
        },
        BadExpansion::Shape {
            size: Size::Large,
            cells: vec![],
            example: None,
        },
        BadExpansion::OnFrame {
            cell: c("I12"),
            example: ex.clone(),
        },
        BadExpansion::OnBoard {
            cell: c("N10"),
            example: None,
        },
        BadExpansion::Detached { example: ex },
    ]
}

fn every_asked() -> Vec<Asked> {
    vec![
        Asked::Over,
        Asked::Offspring {
            player: "ana".into(),
            room: room(&["J10", "J11"]),
        },
        Asked::Hire {
            player: "ana".into(),
        },
        Asked::TruckTiles {
            player: "ana".into(),
            tiles: vec![(1, t("dolphin-m")), (3, t("orca"))],
        },
        Asked::Turn {
            player: "ana".into(),
        },
    ]
}

fn every_refusal() -> Vec<Refusal> {
    let waiting = vec![(1, t("dolphin-m")), (2, t("hippo-fish"))];
    let mut all = vec![
        Refusal::GameOver,
        Refusal::NotSeated,
        Refusal::TookTruck {
            current: "ben".into(),
        },
        Refusal::NotYourTurn {
            current: "ben".into(),
        },
        Refusal::NoTilesLeft,
        Refusal::OffspringFirst {
            room: room(&["J10"]),
            slot: 2,
        },
        Refusal::OffspringBlocked {
            why: Blocked::NotASpace(c("A1")),
            room: room(&[]),
        },
        Refusal::OffspringHasRoom {
            room: room(&["J10"]),
        },
        Refusal::HireFirst,
        Refusal::NothingToPlace,
        Refusal::NoTileFits {
            at: Target::Cell(c("K11")),
            waiting: waiting.clone(),
        },
        Refusal::WhichTile {
            waiting: waiting.clone(),
        },
        Refusal::SomeTilesFit {
            at: Target::Depot,
            fitting: waiting.clone(),
            waiting: 3,
        },
        Refusal::NoTileInSlot {
            slot: 3,
            waiting: waiting.clone(),
        },
        Refusal::TileBlocked {
            why: Blocked::HoldsTrainer(c("K11")),
            room: room(&["J10", "J11"]),
        },
        Refusal::TileBlocked {
            why: Blocked::HoldsTrainer(c("K11")),
            room: room(&[]),
        },
        Refusal::NoCoworkerWaiting,
        Refusal::TrainerNeedsCell,
        Refusal::OnlyTrainerOnCell(Role::Keeper),
        Refusal::CannotAfford { cost: 1, coins: 0 },
        Refusal::CannotAfford { cost: 2, coins: 1 },
        Refusal::DepotEmptyToMove,
        Refusal::DepotTileBlocked {
            why: Blocked::NotASpace(c("A1")),
            room: room(&["J10"]),
        },
        Refusal::DepotTileBlocked {
            why: Blocked::NotASpace(c("A1")),
            room: room(&[]),
        },
        Refusal::NoCoworkerThere {
            why: PostEmpty::NoTrainer(c("K11")),
            posts: vec![Post::Cashier, Post::Trainer(c("J10"))],
        },
        Refusal::NoCoworkerThere {
            why: PostEmpty::NoRole(Role::Manager),
            posts: vec![],
        },
        Refusal::AlreadyThere(Post::Keeper),
        Refusal::BuyFromOther,
        Refusal::SellerDepotEmpty {
            seller: "ben".into(),
            others: vec![],
        },
        Refusal::SellerDepotEmpty {
            seller: "ben".into(),
            others: vec!["cy".into(), "dee".into()],
        },
        Refusal::BoughtTileBlocked {
            why: Blocked::Cardboard(c("I9")),
            seller: "ben".into(),
            room: room(&["J10"]),
        },
        Refusal::NothingToDiscard,
        Refusal::NotMoneyAction,
    ];
    for why in [
        TruckProblem::NoSuchTruck,
        TruckProblem::TakenBy("ben".into()),
        TruckProblem::Full,
        TruckProblem::Empty,
    ] {
        for wanted in [TruckUse::Draw, TruckUse::Take] {
            for open in [vec![], vec![1, 3]] {
                all.push(Refusal::Truck {
                    truck: 2,
                    why: why.clone(),
                    wanted,
                    open,
                });
            }
        }
    }
    for why in [
        PostTaken::BothCashiers,
        PostTaken::BothKeepers,
        PostTaken::HasManager,
        PostTaken::Space(Blocked::HoldsTrainer(c("K11"))),
    ] {
        all.push(Refusal::PostBusy(why.clone()));
        all.push(Refusal::PostTaken {
            why,
            free: vec![Role::Keeper, Role::Manager],
            trainer: true,
        });
    }
    all.extend(every_asked().into_iter().map(Refusal::FinishFirst));
    all.extend(every_blocked().into_iter().map(|why| Refusal::TileBlocked {
        why,
        room: room(&["J10"]),
    }));
    all.extend(every_expansion().into_iter().map(Refusal::Expansion));
    all
}

fn every_setup_error() -> Vec<SetupError> {
    vec![
        SetupError::Players(6),
        SetupError::EmptyName,
        SetupError::SameName("ana".into()),
        SetupError::UnknownFirst("zed".into()),
        SetupError::ShowAnimalRemoved(Animal::Orca),
        SetupError::RemovedCount {
            players: 4,
            need: 1,
            given: 2,
        },
        SetupError::RemovedCount {
            players: 3,
            need: 2,
            given: 1,
        },
        SetupError::DeckUsesTypes {
            players: 2,
            need: 3,
            left: 1,
        },
        SetupError::DeckHoldsRemoved(Tile::animal(Animal::Hippo, Mark::Fish)),
        SetupError::DeckWord {
            line: 1,
            bad: BadWord::Animal("walrus".into()),
        },
        SetupError::DeckTwoReserves { line: 4 },
        SetupError::DeckEmpty,
        SetupError::DeckOffspring(Tile::animal(Animal::Dolphin, Mark::Young)),
        SetupError::DeckTooMany {
            tile: Tile::Coin,
            count: 11,
            in_box: 10,
        },
    ]
}

fn every_bad_word() -> Vec<BadWord> {
    vec![
        BadWord::Cell("Z99".into()),
        BadWord::Animal("walrus".into()),
        BadWord::Role("boss".into()),
        BadWord::Size("huge".into()),
        BadWord::Level("godlike".into()),
        BadWord::Mark {
            tile: "dolphin-x".into(),
            mark: "x".into(),
        },
        BadWord::NoSuchTile {
            tile: "dolphin-fish".into(),
            show: true,
        },
        BadWord::NoSuchTile {
            tile: "hippo-bolt".into(),
            show: false,
        },
    ]
}

fn every_event() -> Vec<Event> {
    let tile = t("dolphin-f");
    vec![
        Event::Drew {
            player: 0,
            tile: Tile::Coin,
            truck: 1,
            from_reserve: false,
        },
        Event::Drew {
            player: 0,
            tile: Tile::Animal(t("orca")),
            truck: 2,
            from_reserve: true,
        },
        Event::LastRound,
        Event::TookTruck {
            player: 1,
            truck: 2,
            tiles: vec![Tile::Coin, Tile::Animal(tile)],
        },
        Event::CoinTile { player: 1 },
        Event::Placed {
            player: 0,
            tile,
            cell: c("K11"),
        },
        Event::ToDepot { player: 0, tile },
        Event::CoinBonus {
            player: 0,
            animal: Animal::Dolphin,
            size: 3,
        },
        Event::CoworkerBonus {
            player: 0,
            animal: Animal::Dolphin,
            size: 5,
        },
        Event::NoCoworkerLeft { player: 0 },
        Event::Offspring {
            player: 0,
            animal: Animal::Orca,
        },
        Event::Hired {
            player: 0,
            post: Post::Trainer(c("K11")),
        },
        Event::Hired {
            player: 0,
            post: Post::Cashier,
        },
        Event::CoworkerReturned { player: 0 },
        Event::MovedCoworker {
            player: 0,
            from: Post::Keeper,
            to: Post::Trainer(c("J10")),
        },
        Event::Bought {
            player: 0,
            seller: 1,
            tile,
            cell: c("J10"),
        },
        Event::Discarded { player: 0, tile },
        Event::Expanded {
            player: 0,
            size: Size::Large,
            cells: vec![c("N10"), c("O10"), c("N11"), c("O11")],
        },
        Event::Paid {
            player: 0,
            coins: 1,
        },
        Event::Paid {
            player: 0,
            coins: 2,
        },
        Event::Turn { player: 1 },
        Event::RoundEnded {
            round: 2,
            cleared: vec![],
        },
        Event::RoundEnded {
            round: 2,
            cleared: vec![Tile::Coin, Tile::Animal(tile)],
        },
        Event::RoundStarted { round: 3, first: 1 },
        Event::GameOver,
    ]
}

#[test]
fn every_refusal_setup_error_event_and_bad_word_is_worded() {
    let names = vec!["ana".to_string(), "ben".to_string()];
    for r in every_refusal() {
        worded(&refusal(&r));
    }
    for e in every_setup_error() {
        worded(&setup_error(&e));
    }
    for e in every_event() {
        worded(&event(&e, &names));
    }
    for b in every_bad_word() {
        worded(&bad_word(&b));
    }
    for a in every_asked() {
        worded(&asked(&a));
        worded(&task(&a));
    }
    for mark in Mark::ALL {
        for a in Animal::ALL {
            worded(&tile(Tile::animal(a, mark)));
            worded(&tile_phrase(Tile::animal(a, mark)));
        }
    }
    worded(&tile(Tile::Coin));
    for r in [
        Reason::Only,
        Reason::First,
        Reason::Immediate,
        Reason::Searched {
            futures: 300,
            ahead: 0.64,
            finished: 0.9,
            margin: Some(-0.04),
        },
        Reason::Searched {
            futures: 300,
            ahead: 0.5,
            finished: 0.1,
            margin: None,
        },
    ] {
        worded(&hint_reason(&r));
    }
}

#[test]
fn the_english_sentences_are_the_engines_own() {
    let names = vec!["ana".to_string(), "ben".to_string()];
    let cases: Vec<(Text, &str)> = vec![
        (
            refusal(&Refusal::Truck {
                truck: 2,
                why: TruckProblem::TakenBy("ben".into()),
                wanted: TruckUse::Draw,
                open: vec![1, 3, 4],
            }),
            "truck 2 was taken by ben this round: you may draw onto truck 1, 3 or 4",
        ),
        (
            refusal(&Refusal::TileBlocked {
                why: Blocked::TouchesOther {
                    cell: c("M12"),
                    at: c("M11"),
                    other: Animal::Orca,
                },
                room: room(&["K10", "J11"]),
            }),
            "M12 touches your orca basin at M11, and basins of different animals must not share an edge: dolphins may go to K10, J11 or the depot",
        ),
        (
            refusal(&Refusal::CannotAfford { cost: 1, coins: 0 }),
            "that costs 1 coin and you have 0",
        ),
        (
            refusal(&Refusal::FinishFirst(Asked::TruckTiles {
                player: "ana".into(),
                tiles: vec![(1, t("dolphin-m")), (3, t("orca"))],
            })),
            "ana must place the tiles of their truck (1: dolphin ♂, 3: orca); nothing else until then",
        ),
        (
            refusal(&Refusal::PostTaken {
                why: PostTaken::HasManager,
                free: vec![Role::Cashier, Role::Keeper],
                trainer: true,
            }),
            "your depot already has a manager: you may hire a cashier, keeper or trainer on an empty space",
        ),
        (
            asked(&Asked::Turn {
                player: "ana".into(),
            }),
            "It is ana's turn.",
        ),
        (
            blocked(&Blocked::BasinLimit {
                basins: vec![Animal::Orca, Animal::Dolphin, Animal::SeaLion],
            }),
            "your zoo already has 3 basins (orca, dolphin, sea lion), its limit: each large expansion allows one more",
        ),
        (
            blocked(&Blocked::Holds(c("K11"), t("orca-bolt"))),
            "K11 already holds an orca with a bolt",
        ),
        (
            setup_error(&SetupError::RemovedCount {
                players: 3,
                need: 2,
                given: 1,
            }),
            "with 3 players 2 types are removed, not 1",
        ),
        (
            event(
                &Event::Drew {
                    player: 0,
                    tile: Tile::Animal(t("penguin-f")),
                    truck: 2,
                    from_reserve: true,
                },
                &names,
            ),
            "ana drew a fertile female penguin from the reserve onto truck 2.",
        ),
        (
            event(&Event::GameOver, &names),
            "The game is over.",
        ),
        (
            event(
                &Event::Offspring {
                    player: 1,
                    animal: Animal::Orca,
                },
                &names,
            ),
            "A fertile pair bred: ben gets an orca offspring.",
        ),
        (
            hint_reason(&Reason::Searched {
                futures: 300,
                ahead: 0.64,
                finished: 0.9,
                margin: Some(3.12),
            }),
            "wins 64% of 300 simulated futures; +3.1 points over the next best",
        ),
        (
            bad_expansion(&BadExpansion::Shape {
                size: Size::Small,
                cells: vec![c("I12"), c("I13")],
                example: Some(vec![c("N10"), c("N11"), c("O11")]),
            }),
            "a small expansion board covers 3 cells in an L (a 2x2 square less one corner), which \"I12 I13\" is not: for example cells:\"N10 N11 O11\"",
        ),
    ];
    for (text, english) in cases {
        assert_eq!(en(&text), english);
    }
}

#[test]
fn a_label_names_the_animal_in_the_language_with_its_mark() {
    assert_eq!(
        en(&tile(Tile::animal(Animal::SeaLion, Mark::Male))),
        "sea lion ♂"
    );
    let p = plain(&Lang::pseudo(), &refusal(&Refusal::GameOver));
    assert!(p.starts_with('⟦') && p.ends_with('⟧'), "{p}");
}

#[test]
fn the_end_names_the_standings_winners_never_a_seat_voted_out() {
    use crate::engine::playout::random_game;
    use crate::engine::Setup;
    let (game, _) = random_game(Setup::new(["ana", "ben"], 4), 4);
    assert!(game.is_over());
    let names = game.names();
    let en = Lang::english();
    let top = game.standings(&[]).leaders();
    let said = plain(&en, &game_over(&game.standings(&[]), &names));
    for seat in &top {
        assert!(said.contains(&names[*seat]), "{said}");
    }
    // The top scorer voted out: the other wins.
    let out = top[0];
    let said = plain(&en, &game_over(&game.standings(&[out]), &names));
    assert_eq!(said, format!("The game is over: {} wins!", names[1 - out]));
    assert!(
        told(&[Event::GameOver], &names).is_empty(),
        "a move's narration leaves the end to the standings"
    );
}
