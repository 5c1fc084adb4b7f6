//! The engine's words: its refusals, its events, what the player must do now,
//! its setup errors, the words of the command language it did not understand,
//! and the computer player's reasons, each a [`Text`] of the catalogue
//! (`locales/<lang>/engine.ftl`, `events.ftl`, the game's nouns in
//! `terms.ftl`).
//!
//! The engine and the computer players return typed values and build no
//! sentence; this is the one place that words them. The `Display` of those
//! types, implemented here, is their English sentence, for logs, error
//! chains and tests; a player reads them through these functions, in their
//! language.

use super::{plain, Arg, Lang, Text};
use crate::cpu::Reason;
use crate::engine::refusal::{PostEmpty, PostTaken, TruckProblem, TruckUse};
use crate::engine::tile::Mark;
use crate::engine::zoo::join_cells;
use crate::engine::{
    Animal, AnimalTile, Asked, BadExpansion, BadWord, Blocked, Cell, Event, Post, Refusal,
    ReplayError, Role, Room, Seat, SetupError, Size, Tile,
};
use std::fmt;

fn s(word: impl ToString) -> Arg {
    Arg::Str(word.to_string())
}

/// The key of an animal's name in `terms.ftl`.
pub fn animal_key(animal: Animal) -> &'static str {
    match animal {
        Animal::Dolphin => "animal-dolphin",
        Animal::Orca => "animal-orca",
        Animal::SeaLion => "animal-sealion",
        Animal::Turtle => "animal-turtle",
        Animal::Penguin => "animal-penguin",
        Animal::PolarBear => "animal-polarbear",
        Animal::Crocodile => "animal-crocodile",
        Animal::Hippo => "animal-hippo",
    }
}

/// The key of a role's name in `terms.ftl`.
pub fn role_key(role: Role) -> &'static str {
    match role {
        Role::Cashier => "role-cashier",
        Role::Keeper => "role-keeper",
        Role::Manager => "role-manager",
        Role::Trainer => "role-trainer",
    }
}

/// An animal's name: "sea lion". (The catalogue refuses a message whose
/// selector's variable is missing, so the singular is asked with a count of 1.)
pub fn animal(a: Animal) -> Text {
    Text::msg(animal_key(a)).arg("count", 1)
}

/// An animal's name in the plural, as a sentence says the kind: "sea lions".
pub fn animals(a: Animal) -> Text {
    Text::msg(animal_key(a)).arg("count", 2)
}

/// A role's name: "cashier".
pub fn role(r: Role) -> Text {
    Text::msg(role_key(r)).arg("count", 1)
}

/// "a dolphin", "an orca" (the article where the language has one).
fn a_animal(a: Animal) -> Text {
    Text::msg("engine-a-animal")
        .arg("animal", s(a.word()))
        .arg("name", animal(a))
}

/// A tile in a sentence: "a fertile female dolphin", "a coin tile".
pub fn tile_phrase(t: Tile) -> Text {
    match t {
        Tile::Coin => Text::msg("engine-tile-coin"),
        Tile::Animal(a) => animal_tile_phrase(a),
    }
}

/// An animal tile in a sentence: "an orca with a bolt".
pub fn animal_tile_phrase(t: AnimalTile) -> Text {
    let key = match t.mark {
        Mark::Plain => "engine-tile-plain",
        Mark::Male => "engine-tile-male",
        Mark::Female => "engine-tile-female",
        Mark::Fish => "engine-tile-fish",
        Mark::Bolt => "engine-tile-bolt",
        Mark::Young => "engine-tile-young",
    };
    Text::msg(key)
        .arg("name", animal(t.animal))
        .arg("a-name", a_animal(t.animal))
}

/// A tile on a label: the animal's name in the language with its mark
/// ("dolphin ♂"), "coin" for a coin tile.
pub fn tile(t: Tile) -> Text {
    let Tile::Animal(a) = t else {
        return Text::msg("term-coin").arg("count", 1);
    };
    let key = match a.mark {
        Mark::Plain => "engine-label-plain",
        Mark::Male => "engine-label-male",
        Mark::Female => "engine-label-female",
        Mark::Fish => "engine-label-fish",
        Mark::Bolt => "engine-label-bolt",
        Mark::Young => "engine-label-young",
    };
    Text::msg(key)
        .arg("animal", animal(a.animal))
        .arg("fish", Text::msg("term-fish").arg("count", 1))
        .arg("offspring", Text::msg("term-offspring").arg("count", 1))
}

/// Items joined as a list of alternatives: "a", "a or b", "a, b or c".
pub fn or_list(items: Vec<Text>) -> Text {
    joined(items, "engine-list-or")
}

/// Items joined as one list: "a, b, c".
pub fn comma_list(items: Vec<Text>) -> Text {
    let mut items = items.into_iter();
    let Some(first) = items.next() else {
        return Text::empty();
    };
    items.fold(first, |init, next| {
        Text::msg("engine-list-comma")
            .arg("init", init)
            .arg("next", next)
    })
}

/// Items all together: "a and b and c".
pub fn and_list(items: Vec<Text>) -> Text {
    let mut items = items.into_iter();
    let Some(first) = items.next() else {
        return Text::empty();
    };
    items.fold(first, |init, last| {
        Text::msg("engine-list-and")
            .arg("init", init)
            .arg("last", last)
    })
}

/// All but the last joined with commas, the last with `last_key`.
fn joined(mut items: Vec<Text>, last_key: &'static str) -> Text {
    let Some(last) = items.pop() else {
        return Text::empty();
    };
    if items.is_empty() {
        return last;
    }
    Text::msg(last_key)
        .arg("init", comma_list(items))
        .arg("last", last)
}

fn words<T: ToString>(items: &[T]) -> Vec<Text> {
    items.iter().map(|i| Text::Raw(i.to_string())).collect()
}

fn cells_or(cells: &[Cell]) -> Text {
    or_list(words(cells))
}

/// "dolphins may go to J10 or J11" / "dolphins have no space in your zoo".
pub fn room(r: &Room) -> Text {
    if r.cells.is_empty() {
        Text::msg("engine-room-none").arg("animals", animals(r.animal))
    } else {
        Text::msg("engine-room")
            .arg("animals", animals(r.animal))
            .arg("cells", cells_or(&r.cells))
    }
}

/// Why a space takes no animal or trainer.
pub fn blocked(b: &Blocked) -> Text {
    match b {
        Blocked::Cardboard(cell) => Text::msg("engine-blocked-cardboard").arg("cell", s(cell)),
        Blocked::NotASpace(cell) => Text::msg("engine-blocked-not-a-space").arg("cell", s(cell)),
        Blocked::Holds(cell, t) => Text::msg("engine-blocked-holds")
            .arg("cell", s(cell))
            .arg("tile", animal_tile_phrase(*t)),
        Blocked::HoldsTrainer(cell) => {
            Text::msg("engine-blocked-holds-trainer").arg("cell", s(cell))
        }
        Blocked::TouchesOther { cell, at, other } => Text::msg("engine-blocked-touches-other")
            .arg("cell", s(cell))
            .arg("animal", animal(*other))
            .arg("at", s(at)),
        Blocked::AwayFromBasin { cell, animal: a } => Text::msg("engine-blocked-away")
            .arg("cell", s(cell))
            .arg("animal", animal(*a)),
        Blocked::BasinLimit { basins } => Text::msg("engine-blocked-basin-limit")
            .arg("count", basins.len())
            .arg(
                "basins",
                comma_list(basins.iter().map(|a| animal(*a)).collect()),
            ),
    }
}

fn size(sz: Size) -> Text {
    Text::msg("engine-size").arg("size", s(sz.word()))
}

fn example(cells: &Option<Vec<Cell>>) -> Text {
    match cells {
        Some(cells) => Text::msg("engine-expansion-example").arg("cells", s(join_cells(cells))),
        None => Text::msg("engine-expansion-no-example"),
    }
}

/// Why an expansion board cannot go there.
pub fn bad_expansion(e: &BadExpansion) -> Text {
    match e {
        BadExpansion::BothPlaced(sz) => {
            Text::msg("engine-expansion-both-placed").arg("size", size(*sz))
        }
        BadExpansion::Shape {
            size: sz,
            cells,
            example: ex,
        } => Text::msg("engine-expansion-shape")
            .arg("size", size(*sz))
            .arg("shape", s(sz.word()))
            .arg("cells", s(join_cells(cells)))
            .arg("example", example(ex)),
        BadExpansion::OnFrame { cell, example: ex } => Text::msg("engine-expansion-on-frame")
            .arg("cell", s(cell))
            .arg("example", example(ex)),
        BadExpansion::OnBoard { cell, example: ex } => Text::msg("engine-expansion-on-board")
            .arg("cell", s(cell))
            .arg("example", example(ex)),
        BadExpansion::Detached { example: ex } => {
            Text::msg("engine-expansion-detached").arg("example", example(ex))
        }
    }
}

/// What the player must do now, as a clause: "ana must hire the coworker
/// just gained: /aq hire as:<role>".
pub fn asked_clause(a: &Asked) -> Text {
    match a {
        Asked::Over => Text::msg("engine-asked-over"),
        Asked::Offspring { player, room: r } => Text::msg("engine-asked-offspring")
            .arg("name", s(player))
            .arg("animal", animal(r.animal))
            .arg("room", room(r)),
        Asked::Hire { player } => Text::msg("engine-asked-hire")
            .arg("name", s(player))
            .arg("command", s("/aq hire as:<role>")),
        Asked::TruckTiles { player, tiles } => Text::msg("engine-asked-truck-tiles")
            .arg("name", s(player))
            .arg("tiles", slots_said(tiles)),
        Asked::Turn { player } => Text::msg("engine-asked-turn").arg("name", s(player)),
    }
}

/// What the player must do now, as a sentence: "It is ana's turn."
pub fn asked(a: &Asked) -> Text {
    Text::msg("engine-prompt").arg("asked", asked_clause(a))
}

/// What the player must do now, addressed to them (a reminder): "place the
/// dolphin offspring".
pub fn task(a: &Asked) -> Text {
    match a {
        Asked::Offspring { room: r, .. } => {
            Text::msg("engine-task-offspring").arg("animal", animal(r.animal))
        }
        Asked::Hire { .. } => Text::msg("engine-task-hire"),
        Asked::TruckTiles { tiles, .. } => {
            Text::msg("engine-task-truck-tiles").arg("tiles", slots_said(tiles))
        }
        Asked::Turn { .. } | Asked::Over => Text::msg("engine-task-turn"),
    }
}

/// "1: dolphin-m, 3: orca" (slots and tile words).
fn slots_said(tiles: &[(usize, AnimalTile)]) -> Text {
    comma_list(
        tiles
            .iter()
            .map(|(slot, t)| Text::Raw(format!("{slot}: {t}")))
            .collect(),
    )
}

/// "tile:1 (dolphin-m) or tile:3 (orca)": how to name each waiting tile.
fn slot_options(tiles: &[(usize, AnimalTile)]) -> Text {
    or_list(
        tiles
            .iter()
            .map(|(slot, t)| Text::Raw(format!("tile:{slot} ({t})")))
            .collect(),
    )
}

fn because(why: Text, then: Text) -> Text {
    Text::msg("engine-because")
        .arg("why", why)
        .arg("then", then)
}

fn truck_problem(truck: usize, p: &TruckProblem) -> Text {
    match p {
        TruckProblem::NoSuchTruck => Text::msg("engine-truck-none").arg("truck", truck),
        TruckProblem::TakenBy(name) => Text::msg("engine-truck-taken")
            .arg("truck", truck)
            .arg("name", s(name)),
        TruckProblem::Full => Text::msg("engine-truck-full").arg("truck", truck),
        TruckProblem::Empty => Text::msg("engine-truck-empty").arg("truck", truck),
    }
}

fn truck_instead(wanted: TruckUse, open: &[usize]) -> Text {
    let list = || or_list(words(open));
    match (wanted, open.is_empty()) {
        (TruckUse::Draw, true) => Text::msg("engine-truck-none-to-draw"),
        (TruckUse::Take, true) => Text::msg("engine-truck-none-to-take"),
        (TruckUse::Draw, false) => Text::msg("engine-truck-may-draw").arg("trucks", list()),
        (TruckUse::Take, false) => Text::msg("engine-truck-may-take").arg("trucks", list()),
    }
}

fn post_taken(p: &PostTaken) -> Text {
    match p {
        PostTaken::BothCashiers => Text::msg("engine-post-both-cashiers"),
        PostTaken::BothKeepers => Text::msg("engine-post-both-keepers"),
        PostTaken::HasManager => Text::msg("engine-post-has-manager"),
        PostTaken::Space(b) => blocked(b),
    }
}

fn post_empty(p: &PostEmpty) -> Text {
    match p {
        PostEmpty::NoTrainer(cell) => Text::msg("engine-post-no-trainer").arg("cell", s(cell)),
        PostEmpty::NoRole(r) => Text::msg("engine-post-no-role").arg("role", role(*r)),
    }
}

/// Where a depot's top tile may go: "may go to J10" / "has no space in
/// your zoo" (after "the dolphin on top of your depot").
fn top_may_go(r: &Room) -> Text {
    if r.cells.is_empty() {
        Text::msg("engine-top-nowhere")
    } else {
        Text::msg("engine-top-may-go").arg("cells", cells_or(&r.cells))
    }
}

/// Why the engine refused an action, and what is allowed instead.
pub fn refusal(r: &Refusal) -> Text {
    match r {
        Refusal::GameOver => Text::msg("engine-refusal-game-over"),
        Refusal::NotSeated => Text::msg("engine-refusal-not-seated"),
        Refusal::TookTruck { current } => {
            Text::msg("engine-refusal-took-truck").arg("name", s(current))
        }
        Refusal::NotYourTurn { current } => {
            Text::msg("engine-refusal-not-your-turn").arg("name", s(current))
        }
        Refusal::FinishFirst(a) => {
            Text::msg("engine-refusal-finish-first").arg("asked", asked_clause(a))
        }
        Refusal::NoTilesLeft => Text::msg("engine-refusal-no-tiles-left"),
        Refusal::Truck {
            truck,
            why,
            wanted,
            open,
        } => because(truck_problem(*truck, why), truck_instead(*wanted, open)),
        Refusal::OffspringFirst { room: r, slot } => Text::msg("engine-refusal-offspring-first")
            .arg("animal", animal(r.animal))
            .arg("room", room(r))
            .arg("slot", *slot),
        Refusal::OffspringBlocked { why, room: r } => Text::msg("engine-refusal-offspring-blocked")
            .arg("why", blocked(why))
            .arg("room", room(r)),
        Refusal::OffspringHasRoom { room: r } => {
            Text::msg("engine-refusal-offspring-has-room").arg("room", room(r))
        }
        Refusal::HireFirst => {
            Text::msg("engine-refusal-hire-first").arg("command", s("/aq hire as:<role>"))
        }
        Refusal::NothingToPlace => Text::msg("engine-refusal-nothing-to-place"),
        Refusal::NoTileFits { at, waiting } => Text::msg("engine-refusal-no-tile-fits")
            .arg("at", s(at))
            .arg("slots", slot_options(waiting)),
        Refusal::WhichTile { waiting } => Text::msg("engine-refusal-which-tile")
            .arg("count", waiting.len())
            .arg("slots", slot_options(waiting)),
        Refusal::SomeTilesFit {
            at,
            fitting,
            waiting,
        } => Text::msg("engine-refusal-some-tiles-fit")
            .arg("fitting", fitting.len())
            .arg("count", *waiting)
            .arg("at", s(at))
            .arg("slots", slot_options(fitting)),
        Refusal::NoTileInSlot { slot, waiting } => Text::msg("engine-refusal-no-tile-in-slot")
            .arg("slot", *slot)
            .arg("slots", slot_options(waiting)),
        Refusal::TileBlocked { why, room: r } => {
            let instead = if r.cells.is_empty() {
                Text::msg("engine-only-the-depot").arg("animals", animals(r.animal))
            } else {
                let mut places = words(&r.cells);
                places.push(Text::msg("engine-the-depot"));
                Text::msg("engine-room")
                    .arg("animals", animals(r.animal))
                    .arg("cells", or_list(places))
            };
            because(blocked(why), instead)
        }
        Refusal::NoCoworkerWaiting => Text::msg("engine-refusal-no-coworker-waiting"),
        Refusal::TrainerNeedsCell => Text::msg("engine-refusal-trainer-needs-cell"),
        Refusal::OnlyTrainerOnCell(r) => {
            Text::msg("engine-refusal-only-trainer-on-cell").arg("role", role(*r))
        }
        Refusal::PostTaken { why, free, trainer } => {
            let mut roles: Vec<Text> = free.iter().map(|r| role(*r)).collect();
            if *trainer {
                roles.push(Text::msg("engine-trainer-on-empty-space"));
            }
            Text::msg("engine-refusal-post-taken")
                .arg("why", post_taken(why))
                .arg("roles", or_list(roles))
        }
        Refusal::CannotAfford { cost, coins } => Text::msg("engine-refusal-cannot-afford")
            .arg("cost", *cost)
            .arg("coins", *coins),
        Refusal::DepotEmptyToMove => Text::msg("engine-refusal-depot-empty-to-move"),
        Refusal::DepotTileBlocked { why, room: r } => {
            Text::msg("engine-refusal-depot-tile-blocked")
                .arg("why", blocked(why))
                .arg("animal", animal(r.animal))
                .arg("may-go", top_may_go(r))
        }
        Refusal::NoCoworkerThere { why, posts } => {
            if posts.is_empty() {
                because(post_empty(why), Text::msg("engine-no-coworker-to-move"))
            } else {
                because(
                    post_empty(why),
                    Text::msg("engine-may-move-from").arg("posts", or_list(words(posts))),
                )
            }
        }
        Refusal::AlreadyThere(post) => {
            Text::msg("engine-refusal-already-there").arg("post", s(post))
        }
        Refusal::PostBusy(why) => post_taken(why),
        Refusal::BuyFromOther => Text::msg("engine-refusal-buy-from-other"),
        Refusal::SellerDepotEmpty { seller, others } => {
            if others.is_empty() {
                Text::msg("engine-refusal-seller-empty-all").arg("seller", s(seller))
            } else {
                Text::msg("engine-refusal-seller-empty")
                    .arg("seller", s(seller))
                    .arg("others", or_list(words(others)))
            }
        }
        Refusal::BoughtTileBlocked {
            why,
            seller,
            room: r,
        } => Text::msg("engine-refusal-bought-tile-blocked")
            .arg("why", blocked(why))
            .arg("animal", animal(r.animal))
            .arg("seller", s(seller))
            .arg("may-go", top_may_go(r)),
        Refusal::NothingToDiscard => Text::msg("engine-refusal-nothing-to-discard"),
        Refusal::Expansion(e) => bad_expansion(e),
        Refusal::NotMoneyAction => Text::msg("engine-refusal-not-money-action"),
    }
}

/// Why a game cannot be set up.
pub fn setup_error(e: &SetupError) -> Text {
    match e {
        SetupError::Players(n) => Text::msg("engine-setup-players").arg("count", *n),
        SetupError::EmptyName => Text::msg("engine-setup-empty-name"),
        SetupError::SameName(name) => Text::msg("engine-setup-same-name").arg("name", s(name)),
        SetupError::UnknownFirst(name) => {
            Text::msg("engine-setup-unknown-first").arg("name", s(name))
        }
        SetupError::ShowAnimalRemoved(a) => {
            Text::msg("engine-setup-show-animal-removed").arg("animals", animals(*a))
        }
        SetupError::RemovedCount {
            players,
            need,
            given,
        } => Text::msg("engine-setup-removed-count")
            .arg("players", *players)
            .arg("count", *need)
            .arg("given", *given),
        SetupError::DeckUsesTypes {
            players,
            need,
            left,
        } => Text::msg("engine-setup-deck-uses-types")
            .arg("players", *players)
            .arg("count", *need)
            .arg("left", *left),
        SetupError::DeckHoldsRemoved(t) => {
            let removed = match t.as_animal() {
                Some(a) => animals(a.animal),
                None => Text::empty(),
            };
            Text::msg("engine-setup-deck-holds-removed")
                .arg("tile", s(t))
                .arg("animals", removed)
        }
        SetupError::DeckWord { line, bad } => Text::msg("engine-setup-deck-line")
            .arg("line", *line)
            .arg("why", bad_word(bad)),
        SetupError::DeckTwoReserves { line } => Text::msg("engine-setup-deck-line")
            .arg("line", *line)
            .arg("why", Text::msg("engine-setup-two-reserves")),
        SetupError::DeckEmpty => Text::msg("engine-setup-deck-empty"),
        SetupError::DeckOffspring(t) => Text::msg("engine-setup-deck-offspring").arg("tile", s(t)),
        SetupError::DeckTooMany {
            tile: t,
            count,
            in_box,
        } => Text::msg("engine-setup-deck-too-many")
            .arg("count", *count)
            .arg("tile", s(t))
            .arg("in-box", *in_box),
    }
}

/// Why a log could not be replayed.
pub fn replay_error(e: &ReplayError) -> Text {
    match e {
        ReplayError::Setup(e) => Text::msg("engine-replay-setup").arg("why", setup_error(e)),
        ReplayError::Move(n, r) => Text::msg("engine-replay-move")
            .arg("move", *n)
            .arg("why", refusal(r)),
    }
}

/// Why a word of the command language was not understood.
pub fn bad_word(b: &BadWord) -> Text {
    match b {
        BadWord::Cell(w) => Text::msg("engine-bad-cell").arg("word", s(w)),
        BadWord::Animal(w) => Text::msg("engine-bad-animal").arg("word", s(w)),
        BadWord::Role(w) => Text::msg("engine-bad-role").arg("word", s(w)),
        BadWord::Size(w) => Text::msg("engine-bad-size").arg("word", s(w)),
        BadWord::Level(w) => Text::msg("engine-bad-level").arg("word", s(w)),
        BadWord::Mark { tile, mark } => Text::msg("engine-bad-mark")
            .arg("word", s(tile))
            .arg("mark", s(mark)),
        BadWord::NoSuchTile { tile, show } => Text::msg(if *show {
            "engine-bad-tile-show"
        } else {
            "engine-bad-tile-fish"
        })
        .arg("word", s(tile)),
    }
}

/// Why the hint's move was chosen.
pub fn hint_reason(r: &Reason) -> Text {
    match r {
        Reason::Only => Text::msg("engine-hint-only"),
        Reason::First => Text::msg("engine-hint-first"),
        Reason::Immediate => Text::msg("engine-hint-immediate"),
        Reason::Searched {
            futures,
            ahead,
            finished,
            margin,
        } => {
            let share = (f64::from(*ahead) * 100.0).round() as i64;
            let head = Text::msg(if *finished >= 0.5 {
                "engine-hint-wins"
            } else {
                "engine-hint-ahead"
            })
            .arg("share", share)
            .arg("count", *futures);
            match margin {
                Some(m) => Text::msg("engine-hint-margin")
                    .arg("head", head)
                    .arg(
                        "sign",
                        s(if m.is_sign_negative() {
                            "minus"
                        } else {
                            "plus"
                        }),
                    )
                    .arg(
                        "points",
                        Arg::Dec {
                            value: f64::from(m.abs()),
                            digits: 1,
                        },
                    ),
                None => head,
            }
        }
    }
}

/// One event of the game, with the players' names.
pub fn event(e: &Event, names: &[String]) -> Text {
    let who = |seat: &Seat| s(names.get(*seat).map_or("?", String::as_str));
    match e {
        Event::Drew {
            player,
            tile,
            truck,
            from_reserve,
        } => Text::msg(if *from_reserve {
            "event-drew-reserve"
        } else {
            "event-drew"
        })
        .arg("name", who(player))
        .arg("tile", tile_phrase(*tile))
        .arg("truck", *truck),
        Event::LastRound => Text::msg("event-last-round"),
        Event::TookTruck {
            player,
            truck,
            tiles,
        } => Text::msg("event-took-truck")
            .arg("name", who(player))
            .arg("truck", *truck)
            .arg("tiles", comma_list(words(tiles))),
        Event::CoinTile { player } => Text::msg("event-coin-tile").arg("name", who(player)),
        Event::Placed { player, tile, cell } => Text::msg("event-placed")
            .arg("name", who(player))
            .arg("tile", animal_tile_phrase(*tile))
            .arg("cell", s(cell)),
        Event::ToDepot { player, tile } => Text::msg("event-to-depot")
            .arg("name", who(player))
            .arg("tile", animal_tile_phrase(*tile)),
        Event::CoinBonus {
            player,
            animal: a,
            size,
        } => Text::msg("event-coin-bonus")
            .arg("name", who(player))
            .arg("animal", animal(*a))
            .arg("size", *size),
        Event::CoworkerBonus {
            player,
            animal: a,
            size,
        } => Text::msg("event-coworker-bonus")
            .arg("name", who(player))
            .arg("animal", animal(*a))
            .arg("size", *size),
        Event::NoCoworkerLeft { player } => {
            Text::msg("event-no-coworker-left").arg("name", who(player))
        }
        Event::Offspring { player, animal: a } => Text::msg("event-offspring")
            .arg("name", who(player))
            .arg("a-animal", a_animal(*a)),
        Event::Hired { player, post } => match post {
            Post::Trainer(cell) => Text::msg("event-hired-trainer")
                .arg("name", who(player))
                .arg("cell", s(cell)),
            other => Text::msg("event-hired")
                .arg("name", who(player))
                .arg("role", role(other.role())),
        },
        Event::CoworkerReturned { player } => {
            Text::msg("event-coworker-returned").arg("name", who(player))
        }
        Event::MovedCoworker { player, from, to } => Text::msg("event-moved-coworker")
            .arg("name", who(player))
            .arg("from", s(from))
            .arg("to", s(to)),
        Event::Bought {
            player,
            seller,
            tile,
            cell,
        } => Text::msg("event-bought")
            .arg("name", who(player))
            .arg("tile", animal_tile_phrase(*tile))
            .arg("seller", who(seller))
            .arg("cell", s(cell)),
        Event::Discarded { player, tile } => Text::msg("event-discarded")
            .arg("name", who(player))
            .arg("tile", animal_tile_phrase(*tile)),
        Event::Expanded {
            player,
            size: sz,
            cells,
        } => Text::msg("event-expanded")
            .arg("name", who(player))
            .arg("size", size(*sz))
            .arg("cells", s(join_cells(cells))),
        Event::Paid { player, coins } => Text::msg("event-paid")
            .arg("name", who(player))
            .arg("count", *coins),
        Event::Turn { player } => Text::msg("event-turn").arg("name", who(player)),
        Event::RoundEnded { round, cleared } => {
            if cleared.is_empty() {
                Text::msg("event-round-ended").arg("round", *round)
            } else {
                Text::msg("event-round-ended-cleared")
                    .arg("round", *round)
                    .arg("tiles", comma_list(words(cleared)))
            }
        }
        Event::RoundStarted { round, first } => Text::msg("event-round-started")
            .arg("round", *round)
            .arg("name", who(first)),
        Event::GameOver { winners } => match winners.as_slice() {
            [one] => Text::msg("event-game-over-winner").arg("name", who(one)),
            many => {
                let winners: Vec<Text> = many
                    .iter()
                    .map(|w| Text::Raw(names.get(*w).map_or("?", String::as_str).to_string()))
                    .collect();
                Text::msg("event-game-over-shared").arg("names", and_list(winners))
            }
        },
    }
}

/// English, for logs, error chains and tests.
fn english(text: &Text) -> String {
    plain(&Lang::english(), text)
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&refusal(self)))
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&setup_error(self)))
    }
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&replay_error(self)))
    }
}

impl fmt::Display for BadWord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&bad_word(self)))
    }
}

impl fmt::Display for Blocked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&blocked(self)))
    }
}

impl fmt::Display for BadExpansion {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&bad_expansion(self)))
    }
}

impl fmt::Display for Asked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english(&asked(self)))
    }
}

/// The English sentence, where an error is still a sentence (the command
/// parser's).
impl From<BadWord> for String {
    fn from(b: BadWord) -> String {
        b.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
            Event::GameOver { winners: vec![0] },
            Event::GameOver {
                winners: vec![0, 1],
            },
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
                "ana must place the tiles of their truck (1: dolphin-m, 3: orca); nothing else until then",
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
                event(
                    &Event::GameOver {
                        winners: vec![0, 1],
                    },
                    &names,
                ),
                "The game is over: ana and ben share the win!",
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
}
