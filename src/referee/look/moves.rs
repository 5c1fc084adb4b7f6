//! The `moves` list: what the player to act chooses from, short enough to
//! read at a glance.
//!
//! Every legal move keeps one number everywhere: its place in the engine's
//! list of legal moves, which is also the `legal` list of the terminal's
//! `--json` output. So a number typed after `moves` (or after `moves
//! expand`, or read from `legal` by a tool) always plays the same move.
//!
//! Moves that differ only in where they go form a family (placing tile 2,
//! small expansions, buying from ben). Draws and takes are always listed one
//! a line; a family of more than [`FOLD_OVER`] moves is shown as one line
//! ("4-43. expand small: 40 placements"), smaller ones whole while the list
//! fits in [`MAX_LINES`] (else the longest are folded too), and if that is
//! still too long, all the families of one command share one line. `moves
//! <family>` (`moves expand`, `moves place 2`) lists a family's moves with
//! their numbers.

use super::super::Front;
use crate::command::Command;
use crate::engine::{Action, AnimalTile, Game, Mark, Post, Seat};
use crate::lang::{engine as words, Text};

/// The most lines `moves` answers with, its first line included.
pub(crate) const MAX_LINES: usize = 30;

/// A family of more moves than this is always one line: a list to scan,
/// not a wall of placements.
pub const FOLD_OVER: usize = 8;

/// A family of alike moves: the words that name it (`moves expand small`),
/// and how its line reads.
#[derive(Debug, Clone, PartialEq)]
struct Family {
    /// The command's word, then what tells this family from the command's
    /// others (a size, a tile's slot, a player, a coworker's place).
    words: Vec<String>,
    /// What the family does, e.g. "place tile 2 (dolphin-m)".
    label: Text,
    /// What its members are called: the key that counts them, e.g.
    /// `moves-count-placements`.
    noun: &'static str,
}

impl Family {
    /// Draws and takes are few and are what a turn is mostly about: they are
    /// never folded into one line.
    fn always_listed(&self) -> bool {
        matches!(self.words[0].as_str(), "draw" | "take")
    }

    /// Whether `moves <filter>` names this family: the filter's words begin
    /// the family's words.
    fn matches(&self, filter: &[String]) -> bool {
        let words: Vec<String> = self
            .words
            .iter()
            .flat_map(|w| w.split_whitespace())
            .map(str::to_lowercase)
            .collect();
        !filter.is_empty()
            && filter.len() <= words.len()
            && filter.iter().zip(&words).all(|(f, w)| f == w)
    }
}

/// The family a legal move of `seat` belongs to.
fn family(game: &Game, seat: Seat, names: &[String], action: &Action) -> Family {
    // A label with the tile it concerns when there is one: `key` alone,
    // else `key_of` with the tile's word.
    let with_tile = |key: &'static str, key_of: &'static str, tile: Option<Text>| match tile {
        Some(tile) => Text::msg(key_of).arg("tile", tile),
        None => Text::msg(key),
    };
    let depot_top = |s: Seat| {
        game.player(s)
            .and_then(|p| p.depot_top())
            .map(words::animal_tile)
    };
    let (words, label, noun): (Vec<String>, Text, &'static str) = match action {
        // Draws and takes are never folded, so their label is never said.
        Action::Draw { .. } => (
            vec!["draw".into()],
            Text::Raw("draw".into()),
            "moves-count-trucks",
        ),
        Action::Take { .. } => (
            vec!["take".into()],
            Text::Raw("take".into()),
            "moves-count-trucks",
        ),
        Action::Place { tile: None, .. } => {
            let animal = game
                .pending()
                .offspring
                .first()
                .map(|a| words::animal_tile(AnimalTile::new(*a, Mark::Young)));
            (
                vec!["place".into(), "offspring".into()],
                with_tile("moves-place-offspring", "moves-place-offspring-of", animal),
                "moves-count-places",
            )
        }
        Action::Place { tile: Some(n), .. } => {
            let tile = game
                .pending()
                .waiting_tiles()
                .find(|(slot, _)| slot == n)
                .map(|(_, t)| words::animal_tile(t));
            (
                vec!["place".into(), n.to_string()],
                with_tile("moves-place-tile", "moves-place-tile-of", tile).arg("slot", *n),
                "moves-count-places",
            )
        }
        Action::Hire { role, .. } => (
            vec!["hire".into(), role.word().into()],
            Text::msg("moves-hire").arg("role", words::role(*role)),
            "moves-count-places",
        ),
        Action::MoveDepotTile { .. } => (
            vec!["move".into(), "depot".into()],
            with_tile("moves-move-depot", "moves-move-depot-of", depot_top(seat)),
            "moves-count-cells",
        ),
        Action::MoveCoworker { from, .. } => {
            let spot = match from {
                Post::Trainer(c) => c.to_string(),
                other => other.role().word().to_string(),
            };
            let label = match from {
                Post::Trainer(c) => Text::msg("moves-move-trainer").arg("cell", c.to_string()),
                other => Text::msg("moves-move-coworker").arg("role", words::role(other.role())),
            };
            (vec!["move".into(), spot], label, "moves-count-places")
        }
        Action::Buy { from, .. } => {
            let name = names.get(*from).cloned().unwrap_or_default();
            let label =
                with_tile("moves-buy", "moves-buy-of", depot_top(*from)).arg("name", name.clone());
            (vec!["buy".into(), name], label, "moves-count-cells")
        }
        Action::Discard => (
            vec!["discard".into()],
            Text::msg("moves-discard"),
            "moves-count-moves",
        ),
        Action::Expand { size, .. } => (
            vec!["expand".into(), size.word().into()],
            Text::msg("moves-expand").arg("size", size.word()),
            "moves-count-placements",
        ),
    };
    Family { words, label, noun }
}

/// What one line of the list shows.
enum Line {
    /// One move: its number (from 0) and text.
    Move(usize),
    /// Several moves in one line.
    Folded {
        words: Vec<String>,
        label: Text,
        noun: &'static str,
        members: Vec<usize>,
    },
}

/// The legal moves of `seat` with their command text, in the engine's order
/// (the order of the terminal's `legal` and of the numbers).
fn numbered(game: &Game, seat: Seat, names: &[String]) -> Vec<(Action, String)> {
    game.legal_actions(seat)
        .into_iter()
        .map(|a| {
            let text = Command::from_action(&a, names).words();
            (a, text)
        })
        .collect()
}

/// The answer to `moves` (`of` absent) or `moves <of>` for the player to
/// act in `game`; `names` by seat. `None` when nobody may move; an error
/// sentence when `of` names no family of the moves there are.
pub fn moves_list(
    game: &Game,
    names: &[String],
    of: Option<&str>,
    front: Front,
) -> Option<Result<Text, Text>> {
    let seat = game.to_act()?;
    let moves = numbered(game, seat, names);
    if moves.is_empty() {
        return None;
    }
    let who = names.get(seat).map_or("?", String::as_str);
    let families: Vec<Family> = moves
        .iter()
        .map(|(a, _)| family(game, seat, names, a))
        .collect();
    Some(match of {
        Some(of) => one_family(who, &moves, &families, of),
        None => Ok(grouped(who, &moves, &families, front)),
    })
}

/// `moves <of>`: every move of the families `of` names, with its number.
fn one_family(
    who: &str,
    moves: &[(Action, String)],
    families: &[Family],
    of: &str,
) -> Result<Text, Text> {
    let filter: Vec<String> = of.split_whitespace().map(str::to_lowercase).collect();
    let chosen: Vec<usize> = (0..moves.len())
        .filter(|&i| families[i].matches(&filter))
        .collect();
    if chosen.is_empty() {
        let mut known: Vec<String> = Vec::new();
        for f in families {
            let name = f.words.join(" ");
            if !known.contains(&name) {
                known.push(name);
            }
        }
        let known = known.into_iter().map(Text::Raw).collect();
        return Err(Text::msg("moves-no-family")
            .arg("of", crate::view::text_table::safe_name(of))
            .arg("name", who)
            .arg("families", words::comma_list(known)));
    }
    let mut lines = vec![Text::msg("moves-family-heading")
        .arg("name", who)
        .arg("chosen", chosen.len())
        .arg("count", moves.len())
        .arg("family", filter.join(" "))];
    lines.extend(chosen.into_iter().map(|i| move_line(i, &moves[i].1)));
    Ok(Text::lines(lines))
}

/// One move of the list: its number and its command, the command language.
fn move_line(i: usize, command: &str) -> Text {
    Text::Raw(format!("{:>3}. {command}", i + 1))
}

/// `moves`: every move, long families folded until it fits in [`MAX_LINES`].
fn grouped(who: &str, moves: &[(Action, String)], families: &[Family], front: Front) -> Text {
    let mut lines = vec![Text::msg("moves-heading")
        .arg("name", who)
        .arg("count", moves.len())];
    for line in layout(families) {
        match line {
            Line::Move(i) => lines.push(move_line(i, &moves[i].1)),
            Line::Folded {
                words,
                label,
                noun,
                members,
            } => {
                let (first, last) = (members[0], members[members.len() - 1]);
                let numbers = if last - first + 1 == members.len() {
                    format!("{}-{}.", first + 1, last + 1)
                } else {
                    "  -".to_string()
                };
                let how = match front {
                    Front::Terminal => Text::msg("moves-how-terminal")
                        .arg("command", format!("moves {}", words.join(" "))),
                    Front::Discord | Front::Web => Text::msg("moves-how-discord"),
                };
                let folded = Text::msg("moves-folded")
                    .arg("label", label)
                    .arg("counted", Text::msg(noun).arg("count", members.len()))
                    .arg("how", how);
                lines.push(Text::words(vec![Text::Raw(numbers), folded]));
            }
        }
    }
    Text::lines(lines)
}

/// The lines of the list for moves of these families (one a move, in
/// order): at most [`MAX_LINES`] with the first, whenever the draws and
/// takes and one line per other command fit, which they always do.
fn layout(families: &[Family]) -> Vec<Line> {
    // The families in order of first appearance, with their members.
    let mut order: Vec<(Family, Vec<usize>)> = Vec::new();
    for (i, f) in families.iter().enumerate() {
        match order.iter_mut().find(|(g, _)| g == f) {
            Some((_, members)) => members.push(i),
            None => order.push((f.clone(), vec![i])),
        }
    }
    let mut folded: Vec<bool> = order
        .iter()
        .map(|(f, m)| m.len() > FOLD_OVER && !f.always_listed())
        .collect();
    let count = |folded: &[bool]| -> usize {
        1 + order
            .iter()
            .zip(folded)
            .map(|((_, m), &f)| if f { 1 } else { m.len() })
            .sum::<usize>()
    };
    while count(&folded) > MAX_LINES {
        let longest = order
            .iter()
            .enumerate()
            .filter(|(k, (f, m))| !folded[*k] && m.len() > 1 && !f.always_listed())
            .max_by_key(|(k, (_, m))| (m.len(), std::cmp::Reverse(*k)))
            .map(|(k, _)| k);
        match longest {
            Some(k) => folded[k] = true,
            None => break,
        }
    }
    // Still too long: one line for all the families of a command, the
    // commands with the most families first.
    let mut whole: Vec<String> = Vec::new();
    let lines_with = |whole: &[String], folded: &[bool]| -> usize {
        let mut n = 1;
        let mut seen: Vec<&str> = Vec::new();
        for ((f, m), &fo) in order.iter().zip(folded) {
            let word = f.words[0].as_str();
            if whole.iter().any(|w| w == word) {
                if !seen.contains(&word) {
                    seen.push(word);
                    n += 1;
                }
            } else {
                n += if fo { 1 } else { m.len() };
            }
        }
        n
    };
    while lines_with(&whole, &folded) > MAX_LINES {
        let mut by_word: Vec<(String, usize)> = Vec::new();
        for (f, _) in &order {
            if f.always_listed() || whole.contains(&f.words[0]) {
                continue;
            }
            match by_word.iter_mut().find(|(w, _)| *w == f.words[0]) {
                Some((_, n)) => *n += 1,
                None => by_word.push((f.words[0].clone(), 1)),
            }
        }
        // A command of one family gains nothing: that family is one line.
        match by_word
            .into_iter()
            .filter(|(_, n)| *n > 1)
            .max_by_key(|(_, n)| *n)
        {
            Some((word, _)) => whole.push(word),
            None => break,
        }
    }
    let mut lines: Vec<Line> = Vec::new();
    for ((f, members), &fo) in order.iter().zip(&folded) {
        let word = &f.words[0];
        if whole.contains(word) {
            match lines.iter_mut().find(
                |l| matches!(l, Line::Folded { words, .. } if words.len() == 1 && &words[0] == word),
            ) {
                Some(Line::Folded { members: all, .. }) => all.extend(members),
                _ => lines.push(Line::Folded {
                    words: vec![word.clone()],
                    label: Text::Raw(word.clone()),
                    noun: "moves-count-moves",
                    members: members.clone(),
                }),
            }
        } else if fo && members.len() > 1 {
            lines.push(Line::Folded {
                words: f.words.clone(),
                label: f.label.clone(),
                noun: f.noun,
                members: members.clone(),
            });
        } else {
            lines.extend(members.iter().map(|&i| Line::Move(i)));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::{layout, Family, Line, FOLD_OVER, MAX_LINES};

    fn family(words: &[&str], size: usize) -> Vec<Family> {
        vec![
            Family {
                words: words.iter().map(|w| w.to_string()).collect(),
                label: crate::lang::Text::Raw(words.join(" ")),
                noun: "moves-count-places",
            };
            size
        ]
    }

    /// The lines' numbers, in order: a move's own, or a folded line's.
    fn numbers(lines: &[Line]) -> Vec<usize> {
        lines
            .iter()
            .flat_map(|l| match l {
                Line::Move(i) => vec![*i],
                Line::Folded { members, .. } => members.clone(),
            })
            .collect()
    }

    #[test]
    fn short_families_are_listed_and_long_ones_folded() {
        let mut moves = family(&["draw"], 5);
        moves.extend(family(&["take"], 5));
        moves.extend(family(&["move", "depot"], FOLD_OVER));
        moves.extend(family(&["expand", "small"], FOLD_OVER + 1));
        let lines = layout(&moves);
        assert_eq!(lines.len(), 5 + 5 + FOLD_OVER + 1);
        assert!(matches!(
            &lines[lines.len() - 1],
            Line::Folded { members, .. } if members.len() == FOLD_OVER + 1
        ));
        assert_eq!(numbers(&lines), (0..moves.len()).collect::<Vec<_>>());
    }

    #[test]
    fn too_many_families_share_a_line_per_command() {
        // Five draws, five takes, then twenty coworkers with two places
        // each: folded one a family, 31 lines with the first; so the
        // coworkers' moves share one line.
        let mut moves = family(&["draw"], 5);
        moves.extend(family(&["take"], 5));
        let trainers: Vec<String> = (0..20).map(|k| format!("K{k}")).collect();
        for t in &trainers {
            moves.extend(family(&["move", t], 2));
        }
        moves.extend(family(&["discard"], 1));
        let lines = layout(&moves);
        assert_eq!(lines.len(), 5 + 5 + 1 + 1);
        assert!(lines.len() < MAX_LINES);
        match &lines[10] {
            Line::Folded { words, members, .. } => {
                assert_eq!(words, &["move"]);
                assert_eq!(members.len(), 40);
            }
            Line::Move(i) => panic!("move {i} is not folded"),
        }
        assert!(matches!(lines[11], Line::Move(50)));
        assert_eq!(numbers(&lines), (0..moves.len()).collect::<Vec<_>>());
    }
}
