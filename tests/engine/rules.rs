//! One test per rule of docs/rules-clarifications.md, named after it, and the
//! rulebook's own examples (its section 11). Positions are staged from a
//! stacked deck, or by editing a game's serde form, so each test reads as a
//! small picture.

use aquaretto_bot::engine::{
    Action, Animal, Cell, Decided, Deck, Event, Game, Mark, Post, Role, Setup, Size, Target, Tile,
};
use serde_json::{json, Value};

// ----- staging -----

fn cell(s: &str) -> Cell {
    s.parse().expect("test cell")
}

fn cells(s: &str) -> Vec<Cell> {
    s.split_whitespace().map(cell).collect()
}

fn tile(s: &str) -> Tile {
    s.parse().expect("test tile")
}

/// A game with a stacked deck; the first name plays first.
fn stacked(players: &[&str], deck: &str) -> Game {
    let mut setup = Setup::new(players.iter().copied(), 1);
    setup.first = Some(players[0].to_string());
    setup.deck = Some(Deck::parse(deck).expect("test deck"));
    Game::new(setup).expect("test setup")
}

/// Edits the game's serde form: a position that is awkward to reach by play.
fn stage(game: &Game, edit: impl FnOnce(&mut Value)) -> Game {
    let mut v = serde_json::to_value(game).expect("serializes");
    edit(&mut v);
    serde_json::from_value(v).expect("staged game deserializes")
}

/// Puts tiles (`("K11", "dolphin-m")`) in a player's zoo.
fn with_zoo(game: &Game, seat: usize, tiles: &[(&str, &str)]) -> Game {
    stage(game, |v| {
        let map = &mut v["players"][seat]["zoo"]["tiles"];
        for (c, t) in tiles {
            map[c.to_uppercase()] = json!(t);
        }
    })
}

fn draw(truck: usize) -> Action {
    Action::Draw { truck }
}
fn take(truck: usize) -> Action {
    Action::Take { truck }
}
fn place(slot: usize, at: &str) -> Action {
    Action::Place {
        tile: Some(slot),
        at: target(at),
    }
}
fn place_offspring(at: &str) -> Action {
    Action::Place {
        tile: None,
        at: target(at),
    }
}
fn target(at: &str) -> Target {
    if at == "depot" {
        Target::Depot
    } else {
        Target::Cell(cell(at))
    }
}

/// Applies a move that must be accepted.
fn ok(game: &mut Game, seat: usize, action: Action) -> Vec<Event> {
    match game.apply(seat, &action) {
        Ok(events) => events,
        Err(r) => panic!("{action:?} by seat {seat} refused: {r}"),
    }
}

/// Applies a move that must be refused; checks nothing changed; returns the reason.
fn refused(game: &mut Game, seat: usize, action: Action) -> String {
    let before = game.clone();
    match game.apply(seat, &action) {
        Ok(_) => panic!("{action:?} by seat {seat} was accepted"),
        Err(r) => {
            assert_eq!(*game, before, "a refused move changed the game");
            assert!(
                !game.legal_actions(seat).contains(&action),
                "legal_actions offers the refused {action:?}"
            );
            r.to_string()
        }
    }
}

/// Ana and ben; ana draws the deck's first three tiles onto truck 3 (two
/// draws by ana, one by ben), then ben takes it, so they wait for ben.
fn ben_takes_three(deck: &str, ben_zoo: &[(&str, &str)]) -> Game {
    let game = stacked(&["ana", "ben"], deck);
    let mut game = with_zoo(&game, 1, ben_zoo);
    ok(&mut game, 0, draw(3));
    ok(&mut game, 1, draw(3));
    ok(&mut game, 0, draw(3));
    ok(&mut game, 1, take(3));
    game
}

/// Tiles after the staged ones: enough to play a few rounds, without using up
/// the box's plain tiles that the tests stack.
const FILLER: &str = "orca-bolt orca-bolt sealion-bolt sealion-bolt dolphin-bolt dolphin-bolt orca orca sealion sealion\nreserve\norca sealion";

// ----- §1 the box -----

#[test]
fn box_holds_eleven_tiles_per_type_two_offspring_and_ten_coin_tiles() {
    let game = Game::new(Setup::new(["a", "b", "c", "d", "e"], 9)).unwrap();
    let all: Vec<Tile> = game
        .draw_pile()
        .iter()
        .chain(game.reserve())
        .copied()
        .collect();
    assert_eq!(all.len(), 98);
    assert_eq!(all.iter().filter(|t| **t == Tile::Coin).count(), 10);
    for animal in Animal::ALL {
        let count = |mark| {
            all.iter()
                .filter(|t| **t == Tile::animal(animal, mark))
                .count()
        };
        assert_eq!(count(Mark::Male), 2, "{animal}");
        assert_eq!(count(Mark::Female), 2, "{animal}");
        if animal.is_show_animal() {
            assert_eq!(
                (count(Mark::Bolt), count(Mark::Fish), count(Mark::Plain)),
                (2, 0, 5)
            );
        } else {
            assert_eq!(
                (count(Mark::Bolt), count(Mark::Fish), count(Mark::Plain)),
                (0, 6, 1)
            );
        }
        assert_eq!(count(Mark::Young), 0, "offspring are never shuffled in");
        assert_eq!(game.offspring_supply(animal), 2);
    }
    assert_eq!(game.coworker_supply(), 16);
}

#[test]
fn coworker_bonus_is_not_gained_when_the_supply_is_empty() {
    let game = ben_takes_three(
        &format!("dolphin orca orca {FILLER}"),
        &[
            ("J10", "dolphin"),
            ("K10", "dolphin"),
            ("L10", "dolphin"),
            ("M10", "dolphin"),
        ],
    );
    let mut game = stage(&game, |v| v["coworker_supply"] = json!(0));
    let events = ok(&mut game, 1, place(1, "K11"));
    assert!(events.contains(&Event::NoCoworkerLeft { player: 1 }));
    assert_eq!(game.pending().coworkers, 0);
    let said = aquaretto_bot::lang::plain(
        &aquaretto_bot::lang::Lang::english(),
        &aquaretto_bot::lang::engine::event(&Event::NoCoworkerLeft { player: 1 }, &game.names()),
    );
    assert!(said.contains("none is left"), "{said}");
}

// ----- §2 setup -----

#[test]
fn removed_types_depend_on_the_player_count_and_are_never_show_animals() {
    for (n, removed) in [(2, 3), (3, 2), (4, 1), (5, 0)] {
        for seed in 0..30 {
            let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
            let game = Game::new(Setup::new(names, seed)).unwrap();
            assert_eq!(game.removed().len(), removed, "{n} players");
            for a in game.removed() {
                assert!(!a.is_show_animal());
                assert_eq!(game.offspring_supply(*a), 0, "removed offspring go too");
                assert!(game
                    .draw_pile()
                    .iter()
                    .chain(game.reserve())
                    .all(|t| t.as_animal().is_none_or(|t| t.animal != *a)));
            }
            let tiles = game.draw_pile().len() + game.reserve().len();
            assert_eq!(tiles, 98 - 11 * removed);
        }
    }
}

#[test]
fn removed_types_may_be_named_by_the_creator_but_never_show_animals() {
    let mut setup = Setup::new(["a", "b", "c"], 3);
    setup.removed = Some(vec![Animal::Penguin, Animal::Hippo]);
    assert_eq!(
        Game::new(setup.clone()).unwrap().removed(),
        [Animal::Penguin, Animal::Hippo]
    );
    setup.removed = Some(vec![Animal::Penguin, Animal::Orca]);
    let err = Game::new(setup.clone()).unwrap_err().to_string();
    assert!(err.contains("orcas cannot be removed"), "{err}");
    setup.removed = Some(vec![Animal::Penguin]);
    let err = Game::new(setup).unwrap_err().to_string();
    assert!(err.contains("2 types are removed"), "{err}");
}

#[test]
fn the_reserve_holds_fifteen_tiles_drawn_only_when_the_pile_is_empty() {
    let game = Game::new(Setup::new(["a", "b", "c", "d"], 5)).unwrap();
    assert_eq!(game.reserve().len(), 15);
    let mut game = stacked(&["ana", "ben"], "orca\nreserve\nhippo dolphin");
    let events = ok(&mut game, 0, draw(3));
    assert!(matches!(
        events[0],
        Event::Drew {
            from_reserve: false,
            ..
        }
    ));
    let events = ok(&mut game, 1, draw(3));
    assert!(matches!(
        events[0],
        Event::Drew {
            from_reserve: true,
            ..
        }
    ));
}

#[test]
fn two_players_use_three_trucks_with_two_one_and_three_spaces() {
    let game = Game::new(Setup::new(["a", "b"], 1)).unwrap();
    let caps: Vec<usize> = game.trucks().iter().map(|t| t.capacity).collect();
    assert_eq!(caps, [2, 1, 3]);
    let blocked: Vec<usize> = game.trucks().iter().map(|t| t.blocked()).collect();
    assert_eq!(blocked, [1, 2, 0]);
    let game = Game::new(Setup::new(["a", "b", "c", "d"], 1)).unwrap();
    assert!(game.trucks().iter().all(|t| t.capacity == 3));
    assert_eq!(game.trucks().len(), 4);
}

#[test]
fn each_player_has_one_coin_seated_in_joining_order() {
    let game = Game::new(Setup::new(["cy", "ana", "ben"], 1)).unwrap();
    assert_eq!(game.names(), ["cy", "ana", "ben"]);
    assert!(game.players().iter().all(|p| p.coins == 1));
}

#[test]
fn the_first_player_is_named_or_drawn_from_the_seed() {
    let mut setup = Setup::new(["ana", "ben", "cy"], 11);
    setup.first = Some("BEN".into());
    assert_eq!(Game::new(setup.clone()).unwrap().current(), 1);
    setup.first = Some("zed".into());
    assert!(Game::new(setup)
        .unwrap_err()
        .to_string()
        .contains("zed is not one of the players"));
    let firsts: std::collections::BTreeSet<usize> = (0..40)
        .map(|seed| {
            Game::new(Setup::new(["ana", "ben", "cy"], seed))
                .unwrap()
                .current()
        })
        .collect();
    assert_eq!(firsts.len(), 3, "every seat can start");
}

#[test]
fn every_random_choice_comes_from_the_seed() {
    let a = Game::new(Setup::new(["ana", "ben", "cy"], 77)).unwrap();
    let b = Game::new(Setup::new(["ana", "ben", "cy"], 77)).unwrap();
    let c = Game::new(Setup::new(["ana", "ben", "cy"], 78)).unwrap();
    assert_eq!(a, b);
    assert_ne!(a.draw_pile(), c.draw_pile());
}

// ----- §3 the water zoo board -----

#[test]
fn the_frame_has_nineteen_spaces_and_its_corners_take_nothing() {
    let game = stacked(&["ana", "ben"], &format!("orca {FILLER}"));
    let spaces = game.players()[0].zoo.legal_cells(Animal::Orca);
    assert_eq!(spaces, Cell::frame_spaces().collect::<Vec<_>>());
    assert_eq!(spaces.len(), 19);
    let zoo = &game.players()[0].zoo;
    for corner in ["I9", "M9", "I12", "I13", "J13", "M13"] {
        let why = zoo
            .check_animal(cell(corner), Animal::Orca)
            .unwrap_err()
            .to_string();
        assert!(why.contains("cardboard"), "{why}");
        assert!(zoo.check_trainer(cell(corner)).is_err());
    }
    let why = zoo
        .check_expansion(Size::Small, &cells("I12 I13 H13"))
        .unwrap_err()
        .to_string();
    assert!(why.contains("water zoo board"), "{why}");
}

// ----- §4 expansion boards -----

fn rich(game: &Game, seat: usize, coins: u32) -> Game {
    stage(game, |v| v["players"][seat]["coins"] = json!(coins))
}

#[test]
fn a_small_expansion_is_an_l_in_any_of_four_orientations() {
    let game = rich(&stacked(&["ana", "ben"], FILLER), 0, 5);
    let square = cells("N10 O10 N11 O11");
    for skip in 0..4 {
        let l: Vec<Cell> = square
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != skip)
            .map(|(_, c)| *c)
            .collect();
        let action = Action::Expand {
            size: Size::Small,
            cells: l,
        };
        assert!(game.is_legal(0, &action), "{action:?}");
        assert!(game.legal_actions(0).contains(&action));
    }
    let mut g = game.clone();
    let why = refused(
        &mut g,
        0,
        Action::Expand {
            size: Size::Small,
            cells: cells("N10 N11 N12"),
        },
    );
    assert!(why.contains("an L"), "{why}");
}

#[test]
fn a_large_expansion_is_a_square_that_allows_one_more_basin() {
    let game = rich(&stacked(&["ana", "ben"], FILLER), 0, 5);
    let game = with_zoo(
        &game,
        0,
        &[("J9", "orca"), ("L9", "dolphin"), ("I11", "sealion")],
    );
    let zoo = &game.players()[0].zoo;
    let why = zoo
        .check_animal(cell("M12"), Animal::Hippo)
        .unwrap_err()
        .to_string();
    assert!(why.contains("already has 3 basins"), "{why}");
    let mut game = game.clone();
    ok(
        &mut game,
        0,
        Action::Expand {
            size: Size::Large,
            cells: cells("O11 N10 N11 O10"),
        },
    );
    assert_eq!(game.players()[0].coins, 3, "a large board costs 2 coins");
    assert_eq!(game.players()[0].zoo.basin_limit(), 4);
    assert!(game.players()[0]
        .zoo
        .check_animal(cell("M12"), Animal::Hippo)
        .is_ok());
}

#[test]
fn an_expansion_must_share_an_edge_with_the_frame_or_an_earlier_board() {
    let mut game = rich(&stacked(&["ana", "ben"], FILLER), 0, 9);
    let why = refused(
        &mut game,
        0,
        Action::Expand {
            size: Size::Large,
            cells: cells("P10 Q10 P11 Q11"),
        },
    );
    assert!(why.contains("share an edge"), "{why}");
    // A square touching only the frame's cardboard corner still touches the frame.
    assert!(!game.is_legal(
        0,
        &Action::Expand {
            size: Size::Large,
            cells: cells("G7 H7 G8 H8")
        }
    ));
    assert!(game.is_legal(
        0,
        &Action::Expand {
            size: Size::Large,
            cells: cells("H7 I7 H8 I8")
        }
    ));
    ok(
        &mut game,
        0,
        Action::Expand {
            size: Size::Large,
            cells: cells("N10 O10 N11 O11"),
        },
    );
    ok(&mut game, 1, draw(3));
    ok(
        &mut game,
        0,
        Action::Expand {
            size: Size::Large,
            cells: cells("P10 Q10 P11 Q11"),
        },
    );
    assert_eq!(game.players()[0].coins, 5);
}

#[test]
fn an_expansion_must_not_overlap_the_frame_or_another_board() {
    let mut game = rich(&stacked(&["ana", "ben"], FILLER), 0, 9);
    let why = refused(
        &mut game,
        0,
        Action::Expand {
            size: Size::Large,
            cells: cells("M10 N10 M11 N11"),
        },
    );
    assert!(why.contains("M10 is on your water zoo board"), "{why}");
    ok(
        &mut game,
        0,
        Action::Expand {
            size: Size::Large,
            cells: cells("N10 O10 N11 O11"),
        },
    );
    ok(&mut game, 1, draw(3));
    let why = refused(
        &mut game,
        0,
        Action::Expand {
            size: Size::Small,
            cells: cells("O11 O12 P12"),
        },
    );
    assert!(
        why.contains("O11 is on one of your expansion boards"),
        "{why}"
    );
}

#[test]
fn at_most_two_expansions_of_each_size() {
    let game = rich(&stacked(&["ana", "ben"], FILLER), 0, 9);
    let game = stage(&game, |v| {
        v["players"][0]["zoo"]["expansions"] = json!([
            {"size": "small", "cells": ["N10", "N11", "O10"]},
            {"size": "small", "cells": ["H10", "H11", "G10"]}
        ])
    });
    let mut game = game;
    let why = refused(
        &mut game,
        0,
        Action::Expand {
            size: Size::Small,
            cells: cells("J14 K14 K15"),
        },
    );
    assert!(why.contains("both your small expansion boards"), "{why}");
    assert!(game.legal_actions(0).iter().all(|a| !matches!(
        a,
        Action::Expand {
            size: Size::Small,
            ..
        }
    )));
}

#[test]
fn expansions_cost_one_coin_small_and_two_large() {
    let mut game = rich(&stacked(&["ana", "ben"], FILLER), 0, 1);
    let why = refused(
        &mut game,
        0,
        Action::Expand {
            size: Size::Large,
            cells: cells("N10 O10 N11 O11"),
        },
    );
    assert!(why.contains("costs 2 coins and you have 1"), "{why}");
    ok(
        &mut game,
        0,
        Action::Expand {
            size: Size::Small,
            cells: cells("N10 O10 N11"),
        },
    );
    assert_eq!(game.players()[0].coins, 0);
}

// ----- §5 placing animals -----

#[test]
fn a_basin_grows_only_along_an_edge_of_its_own_type() {
    let game = ben_takes_three(
        &format!("dolphin dolphin orca {FILLER}"),
        &[("K11", "dolphin")],
    );
    let mut game = game;
    let why = refused(&mut game, 1, place(1, "M11"));
    assert!(
        why.contains("M11 does not touch your dolphin basin"),
        "{why}"
    );
    assert!(
        why.contains("dolphins may go to K10, J11, L11, K12 or the depot"),
        "{why}"
    );
    ok(&mut game, 1, place(1, "L11"));
    let why = refused(&mut game, 1, place(2, "K13"));
    assert!(why.contains("does not touch"), "{why}");
}

#[test]
fn basins_of_different_animals_never_share_an_edge() {
    // The rulebook's wording: "K12 touches your orca basin: dolphins may go to ..."
    let mut game = ben_takes_three(
        &format!("dolphin hippo-fish hippo-fish {FILLER}"),
        &[("J10", "dolphin"), ("K13", "orca")],
    );
    let why = refused(&mut game, 1, place(1, "K12"));
    assert_eq!(
        why,
        "K12 touches your orca basin at K13, and basins of different animals must not share an edge: dolphins may go to J9, I10, K10, J11 or the depot"
    );
}

#[test]
fn tiles_touching_only_at_corners_are_not_adjacent() {
    let mut game = ben_takes_three(
        &format!("orca hippo-fish hippo-fish {FILLER}"),
        &[("K11", "dolphin")],
    );
    ok(&mut game, 1, place(1, "L12"));
    assert!(game.players()[1]
        .zoo
        .check_animal(cell("J10"), Animal::Hippo)
        .is_ok());
}

#[test]
fn a_new_type_starts_a_basin_only_below_the_basin_limit() {
    let mut game = ben_takes_three(
        &format!("hippo orca orca {FILLER}"),
        &[("J9", "orca"), ("L9", "dolphin"), ("I11", "sealion")],
    );
    let why = refused(&mut game, 1, place(1, "M12"));
    assert!(
        why.contains("already has 3 basins (dolphin, orca, sea lion)"),
        "{why}"
    );
    assert!(
        why.contains("hippos have no space in your zoo: only the depot"),
        "{why}"
    );
    ok(&mut game, 1, place(1, "depot"));
}

#[test]
fn trainers_occupy_a_space_but_separate_nothing() {
    let game = ben_takes_three(
        &format!("orca dolphin orca {FILLER}"),
        &[("K11", "dolphin")],
    );
    let mut game = stage(&game, |v| {
        v["players"][1]["zoo"]["trainers"] = json!(["L11"])
    });
    let why = refused(&mut game, 1, place(2, "L11"));
    assert!(why.contains("L11 already holds a trainer"), "{why}");
    // The orca beside the trainer does not touch the dolphin: the trainer is not a tile.
    ok(&mut game, 1, place(1, "M11"));
    // And the trainer does not join the dolphins to M11's side either.
    let why = refused(&mut game, 1, place(2, "M12"));
    assert!(why.contains("touches your orca basin"), "{why}");
}

#[test]
fn any_animal_may_go_to_the_depot_even_with_room_and_the_depot_keeps_its_order() {
    let mut game = ben_takes_three(&format!("orca hippo-f dolphin {FILLER}"), &[]);
    ok(&mut game, 1, place(2, "depot"));
    ok(&mut game, 1, place(1, "depot"));
    ok(&mut game, 1, place(3, "depot"));
    let depot: Vec<String> = game.players()[1]
        .depot
        .iter()
        .map(|t| t.to_string())
        .collect();
    assert_eq!(depot, ["hippo-f", "orca", "dolphin"], "bottom first");
    assert_eq!(
        game.players()[1]
            .depot_top()
            .map(|t| t.to_string())
            .as_deref(),
        Some("dolphin")
    );
}

#[test]
fn coin_tiles_always_go_to_the_players_coins() {
    let mut game = ben_takes_three(&format!("coin orca coin {FILLER}"), &[]);
    assert_eq!(game.players()[1].coins, 3);
    let waiting: Vec<usize> = game.pending().waiting_tiles().map(|(s, _)| s).collect();
    assert_eq!(waiting, [2], "slots keep their numbers");
    // With one animal tile waiting, `tile` may be left out.
    ok(
        &mut game,
        1,
        Action::Place {
            tile: None,
            at: target("K11"),
        },
    );
    assert_eq!(game.current(), 0);
}

#[test]
fn truck_tiles_are_placed_one_at_a_time_in_the_players_order_and_nobody_else_acts() {
    let mut game = ben_takes_three(&format!("orca dolphin sealion {FILLER}"), &[]);
    assert_eq!(game.current(), 1);
    let why = refused(&mut game, 0, draw(1));
    assert!(why.contains("it is ben's turn"), "{why}");
    let why = refused(&mut game, 1, draw(1));
    assert!(why.contains("must place the tiles of their truck"), "{why}");
    let why = refused(
        &mut game,
        1,
        Action::Place {
            tile: None,
            at: target("K11"),
        },
    );
    assert!(
        why.contains(
            "3 tiles wait: say which with tile:1 (orca), tile:2 (dolphin) or tile:3 (sea lion)"
        ),
        "{why}"
    );
    ok(&mut game, 1, place(3, "J9"));
    ok(&mut game, 1, place(1, "M12"));
    assert_eq!(game.current(), 1, "the turn waits for the last tile");
    let why = refused(&mut game, 1, place(1, "K11"));
    assert!(
        why.contains("no tile waits in slot 1: use tile:2 (dolphin)"),
        "{why}"
    );
    ok(&mut game, 1, place(2, "I11"));
    assert_eq!(game.current(), 0);
}

// ----- §6 offspring and bonuses -----

#[test]
fn a_fertile_pair_in_one_basin_breeds_at_once_even_apart() {
    let mut game = ben_takes_three(
        &format!("dolphin-f orca orca {FILLER}"),
        &[("J10", "dolphin-m"), ("K10", "dolphin")],
    );
    let events = ok(&mut game, 1, place(1, "L10"));
    assert!(events.contains(&Event::Offspring {
        player: 1,
        animal: Animal::Dolphin
    }));
    assert!(events.contains(&Event::CoinBonus {
        player: 1,
        animal: Animal::Dolphin,
        size: 3
    }));
    assert_eq!(game.pending().offspring, [Animal::Dolphin]);
    assert_eq!(game.offspring_supply(Animal::Dolphin), 1);
    let why = refused(&mut game, 1, place(2, "M12"));
    assert!(why.contains("offspring waits and is placed first"), "{why}");
    let why = refused(&mut game, 1, place_offspring("depot"));
    assert!(
        why.contains("goes to the depot only when its basin has no room"),
        "{why}"
    );
    ok(&mut game, 1, place_offspring("J11"));
    assert_eq!(game.players()[1].zoo.count(Animal::Dolphin), 4);
    let bred: Vec<Cell> = game.players()[1]
        .zoo
        .animals()
        .filter(|a| a.2)
        .map(|a| a.0)
        .collect();
    assert_eq!(bred, cells("J10 L10"));
}

#[test]
fn four_fertile_animals_give_two_offspring_and_a_third_gives_none() {
    let mut game = ben_takes_three(
        &format!("orca-m orca-f orca-m {FILLER}"),
        &[("K10", "orca-f"), ("K11", "orca")],
    );
    let events = ok(&mut game, 1, place(1, "L10"));
    assert!(
        events.iter().any(|e| matches!(e, Event::Offspring { .. })),
        "first pair"
    );
    ok(&mut game, 1, place_offspring("L11"));
    let events = ok(&mut game, 1, place(3, "J10"));
    assert!(
        !events.iter().any(|e| matches!(e, Event::Offspring { .. })),
        "a third fertile animal breeds with nobody"
    );
    assert!(events.contains(&Event::CoworkerBonus {
        player: 1,
        animal: Animal::Orca,
        size: 5
    }));
    ok(
        &mut game,
        1,
        Action::Hire {
            role: Role::Keeper,
            at: None,
        },
    );
    let events = ok(&mut game, 1, place(2, "J11"));
    assert!(
        events.contains(&Event::Offspring {
            player: 1,
            animal: Animal::Orca
        }),
        "the fourth makes a second pair"
    );
    assert_eq!(game.offspring_supply(Animal::Orca), 0);
}

#[test]
fn fertile_animals_never_breed_in_the_depot_or_on_a_truck() {
    let mut game = ben_takes_three(&format!("orca-m orca-f orca {FILLER}"), &[]);
    ok(&mut game, 1, place(1, "depot"));
    ok(&mut game, 1, place(2, "depot"));
    ok(&mut game, 1, place(3, "depot"));
    assert_eq!(game.offspring_supply(Animal::Orca), 2);
}

#[test]
fn the_offspring_goes_to_the_depot_only_when_its_basin_has_no_room() {
    // The orca basin is boxed in by trainers: the offspring cannot join it.
    let game = ben_takes_three(
        &format!("orca-f hippo-fish hippo-fish {FILLER}"),
        &[("J9", "orca-m")],
    );
    let mut game = stage(&game, |v| {
        v["players"][1]["zoo"]["trainers"] = json!(["J10", "K10", "L9"])
    });
    let events = ok(&mut game, 1, place(1, "K9"));
    assert!(events.contains(&Event::Offspring {
        player: 1,
        animal: Animal::Orca
    }));
    let young = Tile::animal(Animal::Orca, Mark::Young).as_animal().unwrap();
    assert!(events.contains(&Event::ToDepot {
        player: 1,
        tile: young
    }));
    assert!(game.pending().offspring.is_empty());
}

#[test]
fn basins_pay_a_coin_at_three_six_nine_and_twelve_tiles_and_a_coworker_at_five_and_ten() {
    let mut coins = Vec::new();
    let mut coworkers = Vec::new();
    let mut zoo: Vec<(String, String)> = Vec::new();
    let spaces = cells("J9 K9 L9 L10 K10 J10 I10 I11 J11 K11 L11 M11 M10");
    // The basin grows one tile at a time; record the bonus each size brings.
    for (i, c) in spaces.iter().enumerate() {
        let staged: Vec<(&str, &str)> = zoo.iter().map(|(a, b)| (a.as_str(), b.as_str())).collect();
        let mut game = ben_takes_three(&format!("sealion orca orca {FILLER}"), &staged);
        let game0 = stage(&game, |v| v["players"][1]["coins"] = json!(0));
        game = game0;
        let events = ok(&mut game, 1, place(1, &c.to_string()));
        let size = i + 1;
        if events.iter().any(|e| matches!(e, Event::CoinBonus { .. })) {
            coins.push(size);
        }
        if events
            .iter()
            .any(|e| matches!(e, Event::CoworkerBonus { .. }))
        {
            coworkers.push(size);
        }
        zoo.push((c.to_string(), "sealion".to_string()));
    }
    assert_eq!(coins, [3, 6, 9, 12]);
    assert_eq!(coworkers, [5, 10]);
}

#[test]
fn an_offspring_counts_for_the_basin_bonuses() {
    // 3 dolphins + a fertile female: 4 tiles, then the offspring is the 5th.
    let mut game = ben_takes_three(
        &format!("dolphin-f orca orca {FILLER}"),
        &[("J10", "dolphin-m"), ("K10", "dolphin"), ("L10", "dolphin")],
    );
    ok(&mut game, 1, place(1, "M10"));
    let events = ok(&mut game, 1, place_offspring("J11"));
    assert!(events.contains(&Event::CoworkerBonus {
        player: 1,
        animal: Animal::Dolphin,
        size: 5
    }));
}

#[test]
fn breeding_also_follows_a_move_or_a_purchase() {
    let game = stacked(&["ana", "ben"], &format!("hippo penguin {FILLER}"));
    let mut game = stage(&game, |v| {
        v["players"][0]["zoo"]["tiles"] = json!({"K11": "hippo-m"});
        v["players"][0]["depot"] = json!(["penguin-m", "hippo-f"]);
        v["players"][1]["zoo"]["tiles"] = json!({"K11": "penguin-f"});
        v["players"][1]["coins"] = json!(2);
    });
    let events = ok(&mut game, 0, Action::MoveDepotTile { to: cell("K10") });
    assert!(events.contains(&Event::Offspring {
        player: 0,
        animal: Animal::Hippo
    }));
    ok(&mut game, 0, place_offspring("K12"));
    let events = ok(
        &mut game,
        1,
        Action::Buy {
            from: 0,
            at: cell("K12"),
        },
    );
    assert!(events.contains(&Event::Offspring {
        player: 1,
        animal: Animal::Penguin
    }));
}

// ----- §7 coworkers -----

#[test]
fn a_coworker_is_placed_at_once_before_anything_else() {
    let mut game = ben_takes_three(
        &format!("dolphin orca orca {FILLER}"),
        &[
            ("J10", "dolphin"),
            ("K10", "dolphin"),
            ("L10", "dolphin"),
            ("M10", "dolphin"),
        ],
    );
    ok(&mut game, 1, place(1, "K11"));
    assert_eq!(game.pending().coworkers, 1);
    let why = refused(&mut game, 1, place(2, "K13"));
    assert!(
        why.contains("hire the coworker you just gained first"),
        "{why}"
    );
    let why = refused(
        &mut game,
        1,
        Action::Hire {
            role: Role::Trainer,
            at: None,
        },
    );
    assert!(why.contains("say where with at:<cell>"), "{why}");
    ok(
        &mut game,
        1,
        Action::Hire {
            role: Role::Trainer,
            at: Some(cell("L11")),
        },
    );
    assert_eq!(game.players()[1].zoo.trainer_count(), 1);
    assert_eq!(game.coworker_supply(), 15);
}

#[test]
fn at_most_two_cashiers_two_keepers_and_one_manager() {
    let game = ben_takes_three(
        &format!("dolphin orca orca {FILLER}"),
        &[
            ("J10", "dolphin"),
            ("K10", "dolphin"),
            ("L10", "dolphin"),
            ("M10", "dolphin"),
        ],
    );
    let mut game = stage(&game, |v| {
        v["players"][1]["cashiers"] = json!(2);
        v["players"][1]["keepers"] = json!(2);
        v["players"][1]["manager"] = json!(true);
    });
    ok(&mut game, 1, place(1, "K11"));
    for role in [Role::Cashier, Role::Keeper, Role::Manager] {
        let why = refused(&mut game, 1, Action::Hire { role, at: None });
        assert!(
            why.contains("you may hire a trainer on an empty space"),
            "{why}"
        );
    }
    let hires = game.legal_actions(1);
    assert!(hires.iter().all(|a| matches!(
        a,
        Action::Hire {
            role: Role::Trainer,
            ..
        }
    )));
}

#[test]
fn a_coworker_with_no_free_place_goes_back_to_the_supply() {
    let game = ben_takes_three(
        &format!("orca dolphin orca {FILLER}"),
        &[
            ("J10", "dolphin"),
            ("K10", "dolphin"),
            ("L10", "dolphin"),
            ("M10", "dolphin"),
        ],
    );
    let mut game = stage(&game, |v| {
        let p = &mut v["players"][1];
        p["cashiers"] = json!(2);
        p["keepers"] = json!(2);
        p["manager"] = json!(true);
        p["zoo"]["trainers"] = json!([
            "J9", "K9", "L9", "I10", "I11", "J11", "L11", "M11", "J12", "K12", "L12", "M12", "K13",
            "L13"
        ]);
        v["coworker_supply"] = json!(10);
    });
    let events = ok(&mut game, 1, place(1, "depot"));
    assert!(!events
        .iter()
        .any(|e| matches!(e, Event::CoworkerReturned { .. })));
    // Only K11 is free; the 5th dolphin fills it, and the coworker has nowhere to go.
    let events = ok(&mut game, 1, place(2, "K11"));
    assert!(events.contains(&Event::CoworkerReturned { player: 1 }));
    assert_eq!(game.coworker_supply(), 10);
}

#[test]
fn moving_a_coworker_costs_one_coin_and_may_change_its_role() {
    let game = stacked(&["ana", "ben"], FILLER);
    let mut game = stage(&game, |v| {
        v["players"][0]["manager"] = json!(true);
        v["players"][0]["coins"] = json!(2);
    });
    let why = refused(
        &mut game,
        0,
        Action::MoveCoworker {
            from: Post::Cashier,
            to: Post::Keeper,
        },
    );
    assert!(
        why.contains("you have no cashier: you may move your coworker from manager"),
        "{why}"
    );
    ok(
        &mut game,
        0,
        Action::MoveCoworker {
            from: Post::Manager,
            to: Post::Trainer(cell("K11")),
        },
    );
    assert!(!game.players()[0].manager);
    assert_eq!(
        game.players()[0].zoo.trainers().collect::<Vec<_>>(),
        [cell("K11")]
    );
    assert_eq!(game.players()[0].coins, 1);
    ok(&mut game, 1, draw(3));
    ok(
        &mut game,
        0,
        Action::MoveCoworker {
            from: Post::Trainer(cell("K11")),
            to: Post::Trainer(cell("J9")),
        },
    );
    assert_eq!(
        game.players()[0].zoo.trainers().collect::<Vec<_>>(),
        [cell("J9")]
    );
}

// ----- §8 money actions -----

#[test]
fn a_move_takes_the_top_depot_tile_into_the_zoo_for_one_coin() {
    let game = stacked(&["ana", "ben"], FILLER);
    let mut game = stage(&game, |v| {
        v["players"][0]["depot"] = json!(["orca", "hippo"])
    });
    ok(&mut game, 0, Action::MoveDepotTile { to: cell("K11") });
    let p = &game.players()[0];
    assert_eq!(p.coins, 0);
    assert_eq!(p.depot.len(), 1);
    assert_eq!(
        p.zoo.count(Animal::Hippo),
        1,
        "the top tile, not the bottom one"
    );
    assert_eq!(game.current(), 1, "a money action is the whole turn");
}

#[test]
fn a_purchase_pays_one_coin_to_the_seller_and_one_to_the_bank() {
    let game = stacked(&["ana", "ben", "cy"], FILLER);
    let mut game = stage(&game, |v| {
        v["players"][0]["coins"] = json!(2);
        v["players"][2]["depot"] = json!(["orca", "sealion"]);
    });
    let why = refused(
        &mut game,
        0,
        Action::Buy {
            from: 1,
            at: cell("K11"),
        },
    );
    assert!(
        why.contains("ben's depot is empty: you may buy from cy"),
        "{why}"
    );
    ok(
        &mut game,
        0,
        Action::Buy {
            from: 2,
            at: cell("K11"),
        },
    );
    assert_eq!(game.players()[0].coins, 0);
    assert_eq!(game.players()[2].coins, 2);
    assert_eq!(game.players()[0].zoo.count(Animal::SeaLion), 1);
    assert_eq!(game.players()[2].depot.len(), 1);
}

#[test]
fn a_discard_costs_two_coins_and_the_tile_leaves_the_game() {
    let game = stacked(&["ana", "ben"], FILLER);
    let mut game = stage(&game, |v| {
        v["players"][0]["depot"] = json!(["orca"]);
        v["players"][0]["coins"] = json!(2);
    });
    ok(&mut game, 0, Action::Discard);
    assert!(game.players()[0].depot.is_empty());
    assert_eq!(game.players()[0].coins, 0);
    assert_eq!(game.out_of_game(), [tile("orca")]);
}

#[test]
fn a_money_action_that_cannot_be_completed_is_refused_and_costs_nothing() {
    let game = stacked(&["ana", "ben"], FILLER);
    let game = with_zoo(&game, 0, &[("K11", "dolphin")]);
    let mut game = stage(&game, |v| {
        v["players"][0]["depot"] = json!(["orca"]);
        v["players"][0]["coins"] = json!(5);
    });
    let why = refused(&mut game, 0, Action::MoveDepotTile { to: cell("K12") });
    assert!(
        why.contains("the orca on top of your depot may go to"),
        "{why}"
    );
    let why = refused(
        &mut game,
        0,
        Action::Buy {
            from: 0,
            at: cell("K12"),
        },
    );
    assert!(why.contains("another player"), "{why}");
    assert_eq!(game.players()[0].coins, 5);
}

#[test]
fn no_money_action_after_taking_a_truck() {
    let mut game = stacked(&["ana", "ben", "cy"], FILLER);
    let mut game = {
        ok(&mut game, 0, draw(1));
        ok(&mut game, 1, take(1));
        ok(&mut game, 1, place(1, "K11"));
        stage(&game, |v| v["players"][1]["coins"] = json!(5))
    };
    let why = refused(
        &mut game,
        1,
        Action::Expand {
            size: Size::Small,
            cells: cells("N10 O10 N11"),
        },
    );
    assert!(why.contains("you took a truck this round"), "{why}");
}

// ----- §9 turns and rounds -----

#[test]
fn drawing_is_impossible_when_every_truck_in_the_middle_is_full() {
    let mut game = stacked(&["ana", "ben"], FILLER);
    for (seat, truck) in [(0, 1), (1, 1), (0, 2), (1, 3), (0, 3), (1, 3)] {
        ok(&mut game, seat, draw(truck));
    }
    let why = refused(&mut game, 0, draw(2));
    assert!(
        why.contains("every truck still in the middle is full"),
        "{why}"
    );
    assert!(game
        .legal_actions(0)
        .iter()
        .all(|a| !matches!(a, Action::Draw { .. })));
}

#[test]
fn a_truck_needs_a_face_up_tile_to_be_taken() {
    let mut game = stacked(&["ana", "ben"], FILLER);
    let why = refused(&mut game, 0, take(1));
    assert!(
        why.contains("no truck in the middle has a tile yet"),
        "{why}"
    );
    ok(&mut game, 0, draw(2));
    let why = refused(&mut game, 1, take(1));
    assert!(
        why.contains("truck 1 has no tile on it: you may take truck 2"),
        "{why}"
    );
}

#[test]
fn play_goes_clockwise_skipping_players_who_have_a_truck() {
    let mut game = stacked(&["ana", "ben", "cy"], FILLER);
    ok(&mut game, 0, draw(1));
    ok(&mut game, 1, take(1));
    ok(&mut game, 1, place(1, "depot"));
    assert_eq!(game.current(), 2);
    ok(&mut game, 2, draw(2));
    assert_eq!(game.current(), 0, "ben is skipped");
    let why = refused(&mut game, 1, draw(2));
    assert!(why.contains("you took a truck this round"), "{why}");
}

#[test]
fn the_last_player_without_a_truck_takes_turn_after_turn() {
    let mut game = stacked(&["ana", "ben", "cy"], FILLER);
    ok(&mut game, 0, draw(1));
    ok(&mut game, 1, take(1));
    ok(&mut game, 1, place(1, "depot"));
    ok(&mut game, 2, draw(2));
    ok(&mut game, 0, take(2));
    ok(&mut game, 0, place(1, "depot"));
    assert_eq!(game.current(), 2);
    ok(&mut game, 2, draw(3));
    assert_eq!(game.current(), 2);
    ok(&mut game, 2, draw(3));
    assert_eq!(game.current(), 2);
    let events = ok(&mut game, 2, take(3));
    assert_eq!(game.round(), 1, "the round waits for the tiles");
    let _ = events;
    ok(&mut game, 2, place(1, "depot"));
    let events = ok(&mut game, 2, place(2, "depot"));
    assert!(
        events.contains(&Event::RoundStarted { round: 2, first: 2 }),
        "{events:?}"
    );
    assert_eq!(
        game.current(),
        2,
        "who took the last truck starts the next round"
    );
    assert!(game
        .trucks()
        .iter()
        .all(|t| t.taken_by.is_none() && t.tiles.is_empty()));
}

#[test]
fn with_two_players_the_third_trucks_tiles_leave_the_game_at_round_end() {
    let mut game = stacked(&["ana", "ben"], FILLER);
    ok(&mut game, 0, draw(1));
    ok(&mut game, 1, draw(2));
    ok(&mut game, 0, take(1));
    ok(&mut game, 0, place(1, "depot"));
    ok(&mut game, 1, draw(3));
    let events = ok(&mut game, 1, take(3));
    let _ = events;
    let events = ok(&mut game, 1, place(1, "depot"));
    let cleared = vec![tile("orca-bolt")];
    assert!(
        events.contains(&Event::RoundEnded {
            round: 1,
            cleared: cleared.clone()
        }),
        "{events:?}"
    );
    assert_eq!(game.out_of_game(), cleared.as_slice());
}

#[test]
fn drawing_the_first_reserve_tile_makes_the_round_the_last() {
    let mut game = stacked(&["ana", "ben"], "orca\nreserve\ndolphin sealion orca orca");
    ok(&mut game, 0, draw(3));
    let events = ok(&mut game, 1, draw(3));
    assert!(events.contains(&Event::LastRound));
    assert!(game.is_last_round());
    ok(&mut game, 0, take(3));
    ok(&mut game, 0, place(1, "K11"));
    ok(&mut game, 0, place(2, "J9"));
    ok(&mut game, 1, draw(1));
    ok(&mut game, 1, take(1));
    let events = ok(&mut game, 1, place(1, "K11"));
    assert!(game.is_over());
    assert!(events.iter().any(|e| matches!(e, Event::GameOver)));
    assert!(game.legal_actions(0).is_empty() && game.legal_actions(1).is_empty());
    let why = refused(&mut game, 0, draw(1));
    assert!(why.contains("the game is over"), "{why}");
}

// ----- §10 scoring -----

#[test]
fn scoring_counts_animals_cashiers_keepers_trainers_and_the_depot() {
    let game = stacked(&["ana", "ben"], FILLER);
    let game = with_zoo(
        &game,
        0,
        &[
            ("K11", "dolphin"),
            ("K10", "dolphin-bolt"),
            ("K13", "hippo-fish"),
            ("L13", "hippo-young"),
        ],
    );
    let game = stage(&game, |v| {
        let p = &mut v["players"][0];
        p["coins"] = json!(3);
        p["cashiers"] = json!(2);
        p["keepers"] = json!(1);
        p["zoo"]["trainers"] = json!(["L11"]);
        p["depot"] = json!(["orca", "orca", "turtle"]);
    });
    let s = game.score(0);
    assert_eq!(
        (s.animals, s.cashiers, s.keepers, s.trainers, s.depot),
        (4, 6, 1, 1, -4)
    );
    assert_eq!(s.total, 8);
    let game = stage(&game, |v| v["players"][0]["manager"] = json!(true));
    assert_eq!(
        game.score(0).depot,
        -2,
        "a manager halves the depot penalty"
    );
}

#[test]
fn a_tie_goes_to_the_most_coins_and_then_is_shared() {
    let game = stacked(&["ana", "ben", "cy"], FILLER);
    let game = stage(&game, |v| {
        v["players"][0]["zoo"]["tiles"] = json!({"K11": "orca"});
        v["players"][1]["zoo"]["tiles"] = json!({"K11": "orca"});
        v["players"][1]["coins"] = json!(3);
    });
    let standings = game.standings(&[]);
    assert_eq!(standings.leaders(), [1]);
    assert_eq!(standings.places(), [2, 1, 3]);
    assert_eq!(standings.order(), [1, 0, 2]);
    assert_eq!(standings.decided(), Decided::Coins);
    assert!(
        standings.winners().is_empty(),
        "nobody has won a running game"
    );
    // A seat voted out ranks after every other, however it scored.
    let standings = game.standings(&[1]);
    assert_eq!(standings.places(), [1, 3, 2]);
    assert_eq!(standings.leaders(), [0]);
    assert_eq!(standings.decided(), Decided::Points);
    assert!(standings.is_out(1) && !standings.is_out(0));
    let game = stage(&game, |v| v["players"][0]["coins"] = json!(3));
    let standings = game.standings(&[]);
    assert_eq!(standings.leaders(), [0, 1]);
    assert_eq!(standings.places(), [1, 1, 3]);
    assert_eq!(standings.decided(), Decided::Shared);
    // Everyone voted out: ranked among themselves as the rules say.
    assert_eq!(game.standings(&[0, 1, 2]).places(), [1, 1, 3]);
}

// ----- §11 the rulebook's own examples -----

#[test]
fn rulebook_scoring_example_is_thirty_points() {
    let game = stacked(&["ana", "ben"], FILLER);
    let game = stage(&game, |v| {
        let p = &mut v["players"][0];
        p["zoo"] = json!({
            "expansions": [
                {"size": "large", "cells": ["N10", "O10", "N11", "O11"]},
                {"size": "large", "cells": ["K14", "L14", "K15", "L15"]},
                {"size": "small", "cells": ["N12", "N13", "O13"]},
                {"size": "small", "cells": ["I14", "J14", "J15"]}
            ],
            "tiles": {
                "J9": "dolphin", "K9": "dolphin", "I10": "dolphin-m", "J10": "dolphin",
                "I11": "dolphin", "J11": "dolphin",
                "L10": "sealion", "M10": "sealion", "L11": "sealion", "M11": "sealion-f",
                "L12": "sealion-bolt",
                "K13": "polarbear-fish", "K14": "polarbear-fish", "L14": "polarbear-fish",
                "K15": "polarbear-fish", "L15": "polarbear-m", "J14": "polarbear",
                "N13": "hippo-fish", "O13": "hippo"
            },
            "bred": [],
            "trainers": ["K10", "K11"]
        });
        p["keepers"] = json!(1);
        p["depot"] = json!(["orca", "turtle"]);
    });
    let s = game.score(0);
    assert_eq!(s.animals, 6 + 6 + 5 + 2);
    assert_eq!(s.trainers, 6 + 4);
    assert_eq!(s.keepers, 5);
    assert_eq!(s.cashiers, 0);
    assert_eq!(s.depot, -4);
    assert_eq!(s.total, 30);
}

#[test]
fn rulebook_trainer_example_scores_three_and_five() {
    let game = stacked(&["ana", "ben"], FILLER);
    let one_trainer = |trainer: &str| {
        stage(&game, |v| {
            v["players"][0]["zoo"] = json!({
                "expansions": [],
                "tiles": {
                    "J10": "orca", "K10": "orca", "L10": "orca", "L11": "orca",
                    "J12": "dolphin", "K12": "dolphin-bolt", "K13": "dolphin-m"
                },
                "bred": [],
                "trainers": [trainer]
            });
        })
        .score(0)
        .trainers
    };
    assert_eq!(
        one_trainer("J11"),
        3,
        "left trainer: two orcas and the dolphin"
    );
    assert_eq!(
        one_trainer("K11"),
        5,
        "right trainer: four orcas and the dolphin"
    );
    let both = stage(&game, |v| {
        v["players"][0]["zoo"] = json!({
            "expansions": [],
            "tiles": {
                "J10": "orca", "K10": "orca", "L10": "orca", "L11": "orca",
                "J12": "dolphin", "K12": "dolphin-bolt", "K13": "dolphin-m"
            },
            "bred": [],
            "trainers": ["J11", "K11"]
        });
    });
    assert_eq!(
        both.score(0).trainers,
        8,
        "tiles next to both trainers score twice"
    );
}

#[test]
fn rulebook_third_and_fourth_tile_at_once_pay_one_coin() {
    let mut game = ben_takes_three(
        &format!("dolphin dolphin orca {FILLER}"),
        &[("J10", "dolphin"), ("K10", "dolphin")],
    );
    let before = game.players()[1].coins;
    ok(&mut game, 1, place(1, "L10"));
    ok(&mut game, 1, place(2, "M10"));
    assert_eq!(game.players()[1].coins, before + 1);
    assert_eq!(game.pending().coworkers, 0);
}

#[test]
fn rulebook_third_fourth_and_fifth_tile_at_once_pay_a_coin_and_a_coworker() {
    let mut game = ben_takes_three(
        &format!("dolphin dolphin dolphin {FILLER}"),
        &[("J10", "dolphin"), ("K10", "dolphin")],
    );
    let before = game.players()[1].coins;
    ok(&mut game, 1, place(1, "L10"));
    ok(&mut game, 1, place(2, "M10"));
    let events = ok(&mut game, 1, place(3, "K11"));
    assert_eq!(game.players()[1].coins, before + 1);
    assert!(events.contains(&Event::CoworkerBonus {
        player: 1,
        animal: Animal::Dolphin,
        size: 5
    }));
    ok(
        &mut game,
        1,
        Action::Hire {
            role: Role::Cashier,
            at: None,
        },
    );
    assert_eq!(game.players()[1].cashiers, 1);
}
