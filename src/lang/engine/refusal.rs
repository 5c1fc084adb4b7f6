//! Why the engine refused: an action, a setup, a log's replay, a word of the
//! command language; and where a tile may go instead.

use super::asked::slot_options;
use super::*;
use crate::engine::refusal::{PostEmpty, PostTaken, TruckProblem, TruckUse};

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

pub(super) fn size(sz: Size) -> Text {
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
