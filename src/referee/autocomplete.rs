//! What autocomplete offers: the values a player may give an option right now.
//!
//! Front ends ask here while a player is typing (`/aq place at:K1…`) and show
//! the answer as a menu. Everything is derived from the channel's loaded game
//! and [`Game::legal_actions`] for the asking player, so the menu never offers
//! a move the referee would refuse, and never misses one it would accept.
//!
//! Invariants:
//! - Only legal choices for the asking player: a player whose turn it is not,
//!   or who is not seated, gets nothing for move options. The fields that name
//!   players (`zoo.player`, `new.first`) list the seated players to anyone.
//! - At most [`MAX_CHOICES`] choices (Discord's limit), filtered by what the
//!   player typed: case-insensitive, values that start with it first, then
//!   choices whose label contains it.
//! - Labels are said in the asker's language (their choice with
//!   `/aq language`, else their client's locale); values are words of the
//!   command language, the same in every language. Both fit Discord's 100
//!   characters in every language and in the pseudo-locale.
//! - No transport types: a [`Suggestion`] is two strings, whatever shows it.
//! - Read-only: asking never changes a game, and a failing database or a
//!   damaged game yields no choices (logged), never an error for the player.

use crate::engine::{Action, AnimalTile, Cell, Game, Mark, Player, Post, Role, Seat, Size, Target};
use crate::lang::{engine as words, plain, Lang, Text};
use crate::referee::{Loaded, Referee};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Discord shows at most 25 choices.
pub const MAX_CHOICES: usize = 25;
/// Discord's limit for a choice's name and value.
pub const MAX_LEN: usize = 100;

/// One option of one subcommand that autocomplete can fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    /// `draw truck`: trucks that can take a tile.
    DrawTruck,
    /// `take truck`: trucks that can be taken.
    TakeTruck,
    /// `place at`: cells (and `depot`) for a waiting tile or offspring.
    PlaceAt,
    /// `place tile`: slots of the taken truck whose tiles wait.
    PlaceTile,
    /// `hire as`: roles with a free place for the coworker just gained.
    HireAs,
    /// `hire at`: empty spaces for a trainer.
    HireAt,
    /// `move from`: `depot` and occupied posts.
    MoveFrom,
    /// `move to`: cells for the depot tile, free posts for a coworker.
    MoveTo,
    /// `buy from`: players whose depot top tile can be bought.
    BuyFrom,
    /// `buy at`: cells for a buyable tile.
    BuyAt,
    /// `expand cells`: legal placements of an expansion board.
    ExpandCells,
    /// `zoo player`: seated players.
    ZooPlayer,
    /// `new first`: seated players.
    NewFirst,
}

impl Field {
    pub const ALL: [Field; 13] = [
        Field::DrawTruck,
        Field::TakeTruck,
        Field::PlaceAt,
        Field::PlaceTile,
        Field::HireAs,
        Field::HireAt,
        Field::MoveFrom,
        Field::MoveTo,
        Field::BuyFrom,
        Field::BuyAt,
        Field::ExpandCells,
        Field::ZooPlayer,
        Field::NewFirst,
    ];

    /// (subcommand, option) as docs/commands.md names them.
    pub fn names(self) -> (&'static str, &'static str) {
        match self {
            Field::DrawTruck => ("draw", "truck"),
            Field::TakeTruck => ("take", "truck"),
            Field::PlaceAt => ("place", "at"),
            Field::PlaceTile => ("place", "tile"),
            Field::HireAs => ("hire", "as"),
            Field::HireAt => ("hire", "at"),
            Field::MoveFrom => ("move", "from"),
            Field::MoveTo => ("move", "to"),
            Field::BuyFrom => ("buy", "from"),
            Field::BuyAt => ("buy", "at"),
            Field::ExpandCells => ("expand", "cells"),
            Field::ZooPlayer => ("zoo", "player"),
            Field::NewFirst => ("new", "first"),
        }
    }

    /// The field for a subcommand's option, if autocomplete knows it.
    pub fn find(subcommand: &str, option: &str) -> Option<Field> {
        Field::ALL.into_iter().find(|f| {
            let (s, o) = f.names();
            s.eq_ignore_ascii_case(subcommand) && o.eq_ignore_ascii_case(option)
        })
    }

    /// Fields that name players: anyone may look, so anyone gets the list.
    fn lists_players(self) -> bool {
        matches!(self, Field::ZooPlayer | Field::NewFirst)
    }
}

/// One entry of the menu: what the player reads, and what the option gets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Suggestion {
    pub label: String,
    pub value: String,
}

impl Suggestion {
    fn new(label: impl Into<String>, value: impl Into<String>) -> Suggestion {
        Suggestion {
            label: clip(label.into()),
            value: clip(value.into()),
        }
    }
}

/// The other options of the same command already filled in, which narrow the
/// choices: `place at` after `tile:2`, `move to` after `from:depot`...
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Filled {
    /// `place tile`.
    pub tile: Option<usize>,
    /// `place at`, as typed or chosen (`K11`, `depot`, `K11 tile:2`).
    pub at: Option<String>,
    /// `hire as`.
    pub role: Option<Role>,
    /// `move from` (a spot as typed) or `buy from` (a player: id, mention or name).
    pub from: Option<String>,
    /// `expand size`.
    pub size: Option<Size>,
}

/// What autocomplete offers `user_id` for `field` in `channel`, given the text
/// typed so far, its labels in `lang`.
pub async fn choices(
    referee: &Referee,
    channel: &str,
    user_id: &str,
    field: Field,
    partial: &str,
    lang: &Lang,
) -> Vec<Suggestion> {
    choices_with(
        referee,
        channel,
        user_id,
        field,
        partial,
        &Filled::default(),
        lang,
    )
    .await
}

/// [`choices`], narrowed by the options already filled in.
pub async fn choices_with(
    referee: &Referee,
    channel: &str,
    user_id: &str,
    field: Field,
    partial: &str,
    filled: &Filled,
    lang: &Lang,
) -> Vec<Suggestion> {
    let ask = Ask {
        user_id,
        field,
        partial,
        filled,
    };
    choices_in(referee, channel, &ask, lang).await
}

/// What is asked of autocomplete: by whom, for which option, what is typed
/// and what is already filled in.
#[derive(Debug, Clone, Copy)]
pub struct Ask<'a> {
    pub user_id: &'a str,
    pub field: Field,
    pub partial: &'a str,
    pub filled: &'a Filled,
}

/// [`choices_with`], the labels said in `lang` (the asker's language; see
/// [`Referee::asker_lang`]).
pub async fn choices_in(
    referee: &Referee,
    channel: &str,
    ask: &Ask<'_>,
    lang: &Lang,
) -> Vec<Suggestion> {
    match referee.open_game(channel).await {
        Ok(Some(Ok(loaded))) => offer(&loaded, ask, lang),
        Ok(None) => Vec::new(),
        Ok(Some(Err(damage))) => {
            tracing::debug!(channel, "no choices: the game is damaged: {damage}");
            Vec::new()
        }
        Err(err) => {
            tracing::warn!(channel, "no choices: cannot load the game: {err:#}");
            Vec::new()
        }
    }
}

/// The choices for a loaded game, their labels in `lang`: the pure part of
/// [`choices_in`].
pub fn offer(loaded: &Loaded, ask: &Ask<'_>, lang: &Lang) -> Vec<Suggestion> {
    let Ask {
        user_id,
        field,
        partial,
        filled,
    } = *ask;
    let all = if field.lists_players() {
        loaded
            .seats
            .iter()
            .map(|s| Suggestion::new(s.name.clone(), s.name.clone()))
            .collect()
    } else {
        match (&loaded.game, loaded.seat_of(user_id)) {
            (Some(game), Some(seat)) if game.to_act() == Some(seat) => {
                legal_choices(game, loaded, seat, field, filled)
                    .into_iter()
                    .map(|(label, value)| {
                        Suggestion::new(said_within(lang, &label, field, &value), value)
                    })
                    .collect()
            }
            _ => Vec::new(),
        }
    };
    if field == Field::ExpandCells {
        let mut out: Vec<Suggestion> = all
            .into_iter()
            .filter(|c| placement_matches(&c.value, partial))
            .collect();
        out.truncate(MAX_CHOICES);
        return out;
    }
    filter(all, partial)
}

/// A choice before it is said: its label's words and the value it stands for.
type Labelled = (Text, String);

/// The legal choices, each a label to say and a value.
fn legal_choices(
    game: &Game,
    loaded: &Loaded,
    seat: Seat,
    field: Field,
    filled: &Filled,
) -> Vec<Labelled> {
    let legal = game.legal_actions(seat);
    let player = game.player(seat);
    match field {
        Field::DrawTruck | Field::TakeTruck => truck_choices(game, &legal, field),
        Field::PlaceTile => place_tile_choices(game, &legal, filled),
        Field::PlaceAt => place_at_choices(game, &legal, filled),
        Field::HireAs => hire_as_choices(&legal),
        Field::HireAt => hire_at_choices(&legal, filled),
        Field::MoveFrom => move_from_choices(player, &legal),
        Field::MoveTo => move_to_choices(player, &legal, filled),
        Field::BuyFrom => buy_from_choices(game, loaded, &legal),
        Field::BuyAt => buy_at_choices(game, loaded, &legal, filled),
        Field::ExpandCells => expansion_choices(&legal, filled),
        Field::ZooPlayer | Field::NewFirst => Vec::new(),
    }
}

/// `draw truck` or `take truck`: the trucks of the legal draws or takes.
fn truck_choices(game: &Game, legal: &[Action], field: Field) -> Vec<Labelled> {
    legal
        .iter()
        .filter_map(|action| match (field, action) {
            (Field::DrawTruck, Action::Draw { truck })
            | (Field::TakeTruck, Action::Take { truck }) => Some(*truck),
            _ => None,
        })
        .map(|truck| (truck_label(game, truck), truck.to_string()))
        .collect()
}

/// `place tile`: the slots whose waiting tile may be placed, each with its
/// tile. With `at` filled first, only the tiles that may go there.
fn place_tile_choices(game: &Game, legal: &[Action], filled: &Filled) -> Vec<Labelled> {
    let at = filled
        .at
        .as_deref()
        .and_then(|v| crate::command::place_target(v).ok());
    let mut slots: Vec<usize> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Place {
                tile: Some(t),
                at: target,
            } => match at {
                Some((want, slot)) => {
                    (*target == want && slot.is_none_or(|s| s == *t)).then_some(*t)
                }
                None => Some(*t),
            },
            _ => None,
        })
        .collect();
    slots.dedup();
    slots
        .into_iter()
        .map(|slot| {
            let label = match waiting_tile(game, slot) {
                Some(tile) => Text::msg("engine-slot")
                    .arg("slot", slot)
                    .arg("tile", words::animal_tile(tile)),
                None => Text::Raw(slot.to_string()),
            };
            (label, slot.to_string())
        })
        .collect()
}

/// `place at`: targets with the tiles that may go there, cells in reading
/// order, the depot last. A target where several waiting tiles may go is
/// offered once per tile, as `K11 tile:2`, unless the tile is already
/// chosen: every value is accepted as sent.
fn place_at_choices(game: &Game, legal: &[Action], filled: &Filled) -> Vec<Labelled> {
    let mut out = Vec::new();
    for ((_, cell), tiles) in place_targets(game, legal, filled) {
        let value = cell.map_or_else(|| "depot".to_string(), |c| c.to_string());
        let label = |what: &Text| {
            Text::msg("choice-target")
                .arg("target", value.as_str())
                .arg("what", what.clone())
        };
        match tiles.as_slice() {
            [(_, what)] => out.push((label(what), value)),
            many => {
                for (tile, what) in many {
                    let with_tile = match tile {
                        Some(slot) => format!("{value} tile:{slot}"),
                        None => value.clone(),
                    };
                    out.push((label(what), with_tile));
                }
            }
        }
    }
    out
}

/// The legal placements by target: each tile (a truck's slot, or `None`
/// for offspring) that may go there, with the words for it.
fn place_targets(
    game: &Game,
    legal: &[Action],
    filled: &Filled,
) -> BTreeMap<TargetKey, Vec<(Option<usize>, Text)>> {
    let mut targets: BTreeMap<TargetKey, Vec<(Option<usize>, Text)>> = BTreeMap::new();
    for action in legal {
        let Action::Place { tile, at } = action else {
            continue;
        };
        if filled.tile.is_some() && *tile != filled.tile {
            continue;
        }
        let key = match at {
            Target::Cell(c) => (false, Some(*c)),
            Target::Depot => (true, None),
        };
        targets
            .entry(key)
            .or_default()
            .push((*tile, placed_what(game, *tile)));
    }
    targets
}

/// What a placement places: the tile waiting in `slot`, or the first
/// offspring.
fn placed_what(game: &Game, tile: Option<usize>) -> Text {
    match tile {
        Some(slot) => match waiting_tile(game, slot) {
            Some(t) => Text::msg("choice-tile-of")
                .arg("tile", words::animal_tile(t))
                .arg("slot", slot),
            None => Text::msg("choice-tile").arg("slot", slot),
        },
        None => match game.pending().offspring.first() {
            Some(animal) => words::animal_tile(AnimalTile::new(*animal, Mark::Young)),
            None => Text::msg("choice-offspring"),
        },
    }
}

/// `hire as`: the roles of the legal hires, in order, each once.
fn hire_as_choices(legal: &[Action]) -> Vec<Labelled> {
    let mut roles: Vec<Role> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Hire { role, .. } => Some(*role),
            _ => None,
        })
        .collect();
    roles.sort();
    roles.dedup();
    roles
        .into_iter()
        .map(|role| (role_label(role), role.word().to_string()))
        .collect()
}

/// `hire at`: the cells a trainer may be hired to (none once another role
/// is chosen).
fn hire_at_choices(legal: &[Action], filled: &Filled) -> Vec<Labelled> {
    if filled.role.is_some_and(|r| r != Role::Trainer) {
        return Vec::new();
    }
    legal
        .iter()
        .filter_map(|action| match action {
            Action::Hire {
                role: Role::Trainer,
                at: Some(c),
            } => Some((trainer_at(*c), c.to_string())),
            _ => None,
        })
        .collect()
}

/// `move from`: the depot (with its top tile) and the coworkers' posts
/// that something may be moved from, each once.
fn move_from_choices(player: Option<&Player>, legal: &[Action]) -> Vec<Labelled> {
    first_of_each(legal.iter().filter_map(|action| match action {
        Action::MoveDepotTile { .. } => {
            let label = match player.and_then(|p| p.depot_top()) {
                Some(t) => Text::msg("choice-depot-top").arg("tile", words::animal_tile(t)),
                None => Text::msg("choice-depot"),
            };
            Some(("depot".to_string(), label))
        }
        Action::MoveCoworker { from, .. } => Some(post_choice(*from)),
        _ => None,
    }))
}

/// `move to`: where the depot's top tile or a coworker may go, each once;
/// with `from` filled first, only what may go from there.
fn move_to_choices(player: Option<&Player>, legal: &[Action], filled: &Filled) -> Vec<Labelled> {
    let from = filled.from.as_deref().and_then(parse_spot);
    first_of_each(legal.iter().filter_map(|action| match (action, from) {
        (Action::MoveDepotTile { to }, None | Some(MoveFrom::Depot)) => {
            let label = match player.and_then(|p| p.depot_top()) {
                Some(t) => Text::msg("choice-from-depot")
                    .arg("cell", to.to_string())
                    .arg("tile", words::animal_tile(t)),
                None => Text::Raw(to.to_string()),
            };
            Some((to.to_string(), label))
        }
        (Action::MoveCoworker { to, .. }, None) => Some(post_choice(*to)),
        (Action::MoveCoworker { from: f, to }, Some(MoveFrom::Post(p))) if *f == p => {
            Some(post_choice(*to))
        }
        _ => None,
    }))
}

/// (value, label) pairs as choices, a value met again left out.
fn first_of_each(pairs: impl Iterator<Item = (String, Text)>) -> Vec<Labelled> {
    let mut out: Vec<Labelled> = Vec::new();
    for (value, label) in pairs {
        if !out.iter().any(|(_, seen)| *seen == value) {
            out.push((label, value));
        }
    }
    out
}

/// `buy from`: the players whose depot's top tile may be bought, by the
/// name a command gives them.
fn buy_from_choices(game: &Game, loaded: &Loaded, legal: &[Action]) -> Vec<Labelled> {
    let table = loaded.table_names();
    let names = table.stored();
    Action::sellers(legal)
        .into_iter()
        .map(|s| {
            let name = names.get(s).cloned().unwrap_or_default();
            let label = match game.player(s).and_then(|p| p.depot_top()) {
                Some(t) => Text::msg("choice-seller")
                    .arg("name", table.arg(s))
                    .arg("tile", words::animal_tile(t)),
                None => table.text(s),
            };
            (label, name)
        })
        .collect()
}

/// `buy at`: the cells a bought tile may go to, each with what may be
/// bought for it; with `from` filled first, only that seller's tile.
fn buy_at_choices(
    game: &Game,
    loaded: &Loaded,
    legal: &[Action],
    filled: &Filled,
) -> Vec<Labelled> {
    let table = loaded.table_names();
    let seller = filled
        .from
        .as_deref()
        .and_then(|who| loaded.resolve(who).ok());
    let mut cells: BTreeMap<Cell, Vec<Text>> = BTreeMap::new();
    for action in legal {
        let Action::Buy { from, at } = action else {
            continue;
        };
        if seller.is_some_and(|s| s != *from) {
            continue;
        }
        let tile = game
            .player(*from)
            .and_then(|p| p.depot_top())
            .map_or_else(Text::empty, words::animal_tile);
        cells.entry(*at).or_default().push(
            Text::msg("choice-bought")
                .arg("tile", tile)
                .arg("name", table.arg(*from)),
        );
    }
    cells
        .into_iter()
        .map(|(cell, what)| {
            let what = Text::Join {
                parts: what,
                with: Cow::Borrowed("; "),
            };
            let label = Text::msg("choice-buy-at")
                .arg("cell", cell.to_string())
                .arg("what", what);
            (label, cell.to_string())
        })
        .collect()
}

/// `expand cells`: every legal placement of an expansion board (of the
/// size filled in, if it is), its cells as the value.
fn expansion_choices(legal: &[Action], filled: &Filled) -> Vec<Labelled> {
    legal
        .iter()
        .filter_map(|action| match action {
            Action::Expand { size, cells } if filled.size.is_none_or(|s| s == *size) => {
                Some((size, cells))
            }
            _ => None,
        })
        .map(|(size, cells)| {
            let value: Vec<String> = cells.iter().map(Cell::to_string).collect();
            let value = value.join(" ");
            let label = Text::msg("choice-expansion")
                .arg("cells", value.as_str())
                .arg("size", size.word())
                .arg("cost", size.cost());
            (label, value)
        })
        .collect()
}

/// Cells in reading order, then the depot.
type TargetKey = (bool, Option<Cell>);

/// A spot as `move from` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum MoveFrom {
    Depot,
    Post(Post),
}

fn parse_spot(text: &str) -> Option<MoveFrom> {
    let text = text.trim();
    if text.eq_ignore_ascii_case("depot") {
        return Some(MoveFrom::Depot);
    }
    if let Ok(role) = text.parse::<Role>() {
        return Post::from_role(role, None).map(MoveFrom::Post);
    }
    text.parse::<Cell>()
        .ok()
        .map(|c| MoveFrom::Post(Post::Trainer(c)))
}

/// (value, label) for a coworker's post.
fn post_choice(post: Post) -> (String, Text) {
    match post {
        Post::Trainer(c) => (c.to_string(), trainer_at(c)),
        other => (other.role().word().to_string(), role_label(other.role())),
    }
}

/// "K11 (trainer)".
fn trainer_at(cell: Cell) -> Text {
    Text::msg("choice-trainer-at").arg("cell", cell.to_string())
}

/// A role's word, with what it means where the language needs it.
fn role_label(role: Role) -> Text {
    match role {
        Role::Trainer => Text::msg("choice-hire-trainer"),
        other => Text::msg("choice-role").arg("role", other.word()),
    }
}

fn waiting_tile(game: &Game, slot: usize) -> Option<AnimalTile> {
    game.pending()
        .truck_tiles
        .get(slot.checked_sub(1)?)
        .copied()
        .flatten()
}

fn truck_label(game: &Game, truck: usize) -> Text {
    let Some(t) = truck.checked_sub(1).and_then(|i| game.trucks().get(i)) else {
        return Text::msg("choice-truck-alone").arg("truck", truck);
    };
    let free = t.capacity.saturating_sub(t.tiles.len());
    let key = if t.tiles.is_empty() {
        "choice-truck-empty"
    } else {
        "choice-truck"
    };
    Text::msg(key)
        .arg("truck", truck)
        .arg("tiles", words::tiles(&t.tiles))
        .arg("free", free)
}

/// Choices matching the typed text, values starting with it first, at most 25.
fn filter(all: Vec<Suggestion>, partial: &str) -> Vec<Suggestion> {
    let typed = partial.trim().to_lowercase();
    if typed.is_empty() {
        return all.into_iter().take(MAX_CHOICES).collect();
    }
    let (prefix, rest): (Vec<Suggestion>, Vec<Suggestion>) = all
        .into_iter()
        .partition(|c| c.value.to_lowercase().starts_with(&typed));
    let contains = rest
        .into_iter()
        .filter(|c| c.label.to_lowercase().contains(&typed));
    prefix
        .into_iter()
        .chain(contains)
        .take(MAX_CHOICES)
        .collect()
}

/// Whether a placement ("N10 N11 O10") fits what was typed: every complete
/// cell typed is in it, and the word being typed starts one of its cells. The
/// order of the typed cells does not matter.
fn placement_matches(value: &str, partial: &str) -> bool {
    let cells: Vec<String> = value.split(' ').map(str::to_ascii_uppercase).collect();
    let typed = partial.to_ascii_uppercase();
    let words: Vec<&str> = typed.split([' ', ',']).filter(|w| !w.is_empty()).collect();
    let still_typing = !typed.ends_with([' ', ',']);
    let (done, last) = match (still_typing, words.split_last()) {
        (true, Some((last, done))) => (done, Some(*last)),
        _ => (words.as_slice(), None),
    };
    done.iter().all(|w| cells.iter().any(|c| c == w))
        && last.is_none_or(|w| cells.iter().any(|c| c.starts_with(w)))
}

/// A choice's label said in `lang`: a truck's with its tiles named in
/// words, or the truck alone when they make it longer than Discord takes.
fn said_within(lang: &Lang, label: &Text, field: Field, value: &str) -> String {
    let said = plain(lang, label);
    let truck = matches!(field, Field::DrawTruck | Field::TakeTruck);
    if truck && said.chars().count() > MAX_LEN {
        return plain(lang, &Text::msg("choice-truck-alone").arg("truck", value));
    }
    said
}

/// Cuts a label or value to Discord's 100 characters.
fn clip(text: String) -> String {
    if text.chars().count() <= MAX_LEN {
        return text;
    }
    let mut out: String = text.chars().take(MAX_LEN - 1).collect();
    out.push('…');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_is_found_by_its_names() {
        for f in Field::ALL {
            let (s, o) = f.names();
            assert_eq!(Field::find(s, o), Some(f));
            assert_eq!(Field::find(&s.to_uppercase(), &o.to_uppercase()), Some(f));
        }
        assert_eq!(Field::find("draw", "cells"), None);
    }

    #[test]
    fn placements_match_typed_cells_in_any_order() {
        assert!(placement_matches("N10 N11 O10", ""));
        assert!(placement_matches("N10 N11 O10", "n1"));
        assert!(placement_matches("N10 N11 O10", "O10 N1"));
        assert!(placement_matches("N10 N11 O10", "O10, N11 "));
        assert!(!placement_matches("N10 N11 O10", "N12"));
        assert!(!placement_matches("N10 N11 O10", "N1 "));
    }

    #[test]
    fn filtering_puts_prefix_matches_first_and_keeps_25() {
        let all: Vec<Suggestion> = (1..=40)
            .map(|i| Suggestion::new(format!("K{i} (orca)"), format!("K{i}")))
            .collect();
        assert_eq!(filter(all.clone(), "").len(), MAX_CHOICES);
        let k1: Vec<String> = filter(all.clone(), "k1")
            .into_iter()
            .map(|c| c.value)
            .collect();
        assert_eq!(k1[0], "K1");
        assert!(k1.iter().all(|v| v.starts_with("K1")));
        assert_eq!(filter(all, "ORCA").len(), MAX_CHOICES);
    }

    #[test]
    fn long_labels_are_clipped_to_100_characters() {
        let c = Suggestion::new("x".repeat(150), "v");
        assert_eq!(c.label.chars().count(), MAX_LEN);
    }
}
