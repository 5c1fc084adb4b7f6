//! Moves made by clicking places, one after the other (the web page's play):
//! every legal move of the player to act is a short path of picks (a truck,
//! then draw or take; a waiting tile, then its space; a depot, then a
//! space...), and the picks offered after those already made are the next
//! steps of the legal moves that begin with them. A pick that leaves one
//! move completes it. Made from `legal_actions` alone: no rule is written
//! here, and what a pick is on the table (a truck, a space of a zoo) is for
//! the front end to place.

use super::labels::{draw_label, open_label, post_label, take_label};
use super::{Step, View};
use crate::command::Command;
use crate::engine::{Action, Cell, Post, Role, Seat, Size, Target};
#[cfg(test)]
use crate::lang::Names;
use crate::lang::Text;
use std::fmt;
use std::str::FromStr;

/// One click.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pick {
    /// A truck, before drawing onto it or taking it.
    Truck(usize),
    Draw(usize),
    Take(usize),
    /// A waiting tile by its truck slot (from 1), or the offspring (`None`).
    Tile(Option<usize>),
    /// Where the picked tile, coworker or expansion goes: a space of the
    /// player's zoo, or their depot.
    To(Target),
    /// A coworker just gained, hired in this role.
    Hire(Role),
    /// A seat's depot: the player's own (move its top tile or discard it),
    /// another's (buy its top tile).
    Depot(Seat),
    Discard,
    /// A coworker at this post, to move it (1 coin).
    Coworker(Post),
    /// Where the picked coworker goes.
    Post(Post),
    /// An expansion board of this size (its first space is then picked).
    Expand(Size),
    /// The spaces of one expansion, when its first space is not enough.
    Cells(Vec<Cell>),
}

/// A pick offered, and the move it completes when it leaves only one.
#[derive(Debug, Clone, PartialEq)]
pub struct Offer {
    pub pick: Pick,
    pub label: Text,
    /// The move's command text (`place tile:1 at:C5`), when this pick
    /// completes it.
    pub command: Option<String>,
}

/// The picks of a legal move, in the order they are made.
fn path(seat: Seat, action: &Action) -> Vec<Pick> {
    match action {
        Action::Draw { truck } => vec![Pick::Truck(*truck), Pick::Draw(*truck)],
        Action::Take { truck } => vec![Pick::Truck(*truck), Pick::Take(*truck)],
        Action::Place { tile, at } => vec![Pick::Tile(*tile), Pick::To(*at)],
        Action::Hire { role, at: None } => vec![Pick::Hire(*role)],
        Action::Hire { role, at: Some(c) } => vec![Pick::Hire(*role), Pick::To(Target::Cell(*c))],
        Action::MoveDepotTile { to } => vec![Pick::Depot(seat), Pick::To(Target::Cell(*to))],
        Action::Discard => vec![Pick::Depot(seat), Pick::Discard],
        Action::Buy { from, at } => vec![Pick::Depot(*from), Pick::To(Target::Cell(*at))],
        Action::MoveCoworker { from, to } => vec![Pick::Coworker(*from), Pick::Post(*to)],
        Action::Expand { size, cells } => {
            let first = cells.first().map_or(Target::Depot, |c| Target::Cell(*c));
            vec![
                Pick::Expand(*size),
                Pick::To(first),
                Pick::Cells(cells.clone()),
            ]
        }
    }
}

/// The picks offered to `seat` after `made`, in the order of the engine's
/// legal moves; empty when `made` leads nowhere (the page is stale) or the
/// seat is not to act. A single next pick that completes nothing is made
/// at once (the only waiting tile), so the picks returned are never a
/// choice of one step that decides nothing.
pub fn choices(view: &View, seat: Seat, made: &[Pick]) -> (Vec<Pick>, Vec<Offer>) {
    let game = view.game;
    if game.to_act() != Some(seat) {
        return (made.to_vec(), Vec::new());
    }
    let legal: Vec<(Action, Vec<Pick>)> = game
        .legal_actions(seat)
        .into_iter()
        .map(|a| {
            let p = path(seat, &a);
            (a, p)
        })
        .collect();
    let mut made = made.to_vec();
    loop {
        let after: Vec<&(Action, Vec<Pick>)> = legal
            .iter()
            .filter(|(_, p)| p.len() > made.len() && p.starts_with(&made))
            .collect();
        let mut next: Vec<Pick> = Vec::new();
        for (_, p) in &after {
            let pick = &p[made.len()];
            if !next.contains(pick) {
                next.push(pick.clone());
            }
        }
        let completes = |pick: &Pick| -> Option<&Action> {
            let mut with = made.clone();
            with.push(pick.clone());
            let mut them = after.iter().filter(|(_, p)| p.starts_with(&with));
            match (them.next(), them.next()) {
                (Some((a, _)), None) => Some(a),
                _ => None,
            }
        };
        if next.len() == 1 && completes(&next[0]).is_none() {
            made.push(next.remove(0));
            continue;
        }
        let names = view.names;
        let offered = next
            .into_iter()
            .map(|pick| {
                let command =
                    completes(&pick).map(|a| Command::from_action(a, names.stored()).words());
                Offer {
                    label: label(view, seat, &pick),
                    pick,
                    command,
                }
            })
            .collect();
        return (made, offered);
    }
}

/// What a pick says on its button.
fn label(view: &View, seat: Seat, pick: &Pick) -> Text {
    let game = view.game;
    match pick {
        Pick::Truck(t) => Text::msg("click-truck").arg("truck", *t),
        Pick::Draw(t) => draw_label(game, *t),
        Pick::Take(t) => take_label(game, *t),
        Pick::Tile(slot) => open_label(view, Step::Place(*slot)),
        Pick::To(Target::Depot) => Text::msg("label-depot"),
        Pick::To(Target::Cell(c)) => Text::msg("click-space").arg("cell", c.to_string()),
        Pick::Hire(Role::Trainer) => Text::msg("label-hire-trainer"),
        Pick::Hire(role) => Text::msg("label-hire").arg("role", role.word()),
        Pick::Depot(s) if *s == seat => Text::msg("click-own-depot"),
        Pick::Depot(s) => Text::msg("click-depot-of").arg("name", view.name(*s)),
        Pick::Discard => {
            let top = super::labels::depot_top(game, seat);
            Text::msg("label-money-discard").arg("tile", top)
        }
        Pick::Coworker(post) | Pick::Post(post) => post_label(*post),
        Pick::Expand(size) => Text::msg("label-money-expand")
            .arg("size", size.word())
            .arg("cost", size.cost()),
        Pick::Cells(cells) => {
            let words: Vec<String> = cells.iter().map(ToString::to_string).collect();
            Text::msg("click-cells").arg("cells", words.join(" "))
        }
    }
}

impl fmt::Display for Pick {
    /// A short word for links: `t2`, `d2`, `k2`, `s1`, `s0`, `@C5`, `@depot`,
    /// `h-cashier`, `p1`, `x`, `c-K11`, `o-cashier`, `e-small`, `E-C5.C6`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pick::Truck(t) => write!(f, "t{t}"),
            Pick::Draw(t) => write!(f, "d{t}"),
            Pick::Take(t) => write!(f, "k{t}"),
            Pick::Tile(slot) => write!(f, "s{}", slot.unwrap_or(0)),
            Pick::To(at) => write!(f, "@{at}"),
            Pick::Hire(role) => write!(f, "h-{role}"),
            Pick::Depot(s) => write!(f, "p{s}"),
            Pick::Discard => f.write_str("x"),
            Pick::Coworker(post) => write!(f, "c-{post}"),
            Pick::Post(post) => write!(f, "o-{post}"),
            Pick::Expand(size) => write!(f, "e-{}", size.word()),
            Pick::Cells(cells) => {
                let words: Vec<String> = cells.iter().map(ToString::to_string).collect();
                write!(f, "E-{}", words.join("."))
            }
        }
    }
}

/// A pick's link word could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is no pick")]
pub struct BadPick(pub String);

fn post_word(s: &str) -> Option<Post> {
    match s.parse::<Role>() {
        Ok(Role::Trainer) | Err(_) => s.parse::<Cell>().ok().map(Post::Trainer),
        Ok(role) => Post::from_role(role, None),
    }
}

impl FromStr for Pick {
    type Err = BadPick;
    fn from_str(s: &str) -> Result<Pick, BadPick> {
        let bad = || BadPick(s.chars().take(40).collect());
        let num = |rest: &str| rest.parse::<usize>().map_err(|_| bad());
        let (head, rest) = s.split_at(s.char_indices().nth(1).map_or(s.len(), |(i, _)| i));
        let word = rest.strip_prefix('-');
        Ok(match head {
            "t" => Pick::Truck(num(rest)?),
            "d" => Pick::Draw(num(rest)?),
            "k" => Pick::Take(num(rest)?),
            "s" => Pick::Tile(Some(num(rest)?).filter(|n| *n > 0)),
            "@" if rest == "depot" => Pick::To(Target::Depot),
            "@" => Pick::To(Target::Cell(rest.parse().map_err(|_| bad())?)),
            "h" => Pick::Hire(word.ok_or_else(bad)?.parse().map_err(|_| bad())?),
            "p" => Pick::Depot(num(rest)?),
            "x" if rest.is_empty() => Pick::Discard,
            "c" => Pick::Coworker(word.and_then(post_word).ok_or_else(bad)?),
            "o" => Pick::Post(word.and_then(post_word).ok_or_else(bad)?),
            "e" => Pick::Expand(word.ok_or_else(bad)?.parse().map_err(|_| bad())?),
            "E" => Pick::Cells(
                word.ok_or_else(bad)?
                    .split('.')
                    .map(|c| c.parse::<Cell>().map_err(|_| bad()))
                    .collect::<Result<_, _>>()?,
            ),
            _ => return Err(bad()),
        })
    }
}

/// Picks from their link words, `t2,d2`; `None` when one does not read.
pub fn read_picks(s: &str) -> Option<Vec<Pick>> {
    if s.is_empty() {
        return Some(Vec::new());
    }
    s.split(',')
        .take(8)
        .map(|w| w.parse().ok())
        .collect::<Option<Vec<Pick>>>()
}

/// Picks as their link words.
pub fn write_picks(picks: &[Pick]) -> String {
    picks
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::playout::random_game;
    use crate::engine::{Game, Setup};
    use crate::lang::Lang;
    use std::collections::BTreeSet;

    /// Every legal move of many positions is reached by its picks, one
    /// command each, and nothing else is: the picks are the legal moves.
    #[test]
    fn the_picks_reach_exactly_the_legal_moves() {
        for seed in 0..6u64 {
            let names: Vec<String> = (0..2 + seed as usize % 4)
                .map(|s| format!("p{s}"))
                .collect();
            let setup = Setup::new(names.clone(), seed);
            let (_, log) = random_game(setup.clone(), seed);
            let mut game = Game::new(setup).expect("setup");
            for (n, (s, action)) in log.iter().enumerate() {
                if n % 3 == 0 {
                    check_position(&game, &names);
                }
                game.apply(*s, action).expect("the log replays");
            }
        }
    }

    fn check_position(game: &Game, names: &[String]) {
        {
            {
                let Some(seat) = game.to_act() else { return };
                let lang = Lang::english();
                let view = View {
                    game_id: 1,
                    seq: 0,
                    game,
                    names: &Names::people(names),
                    undo: None,
                    lang: &lang,
                };
                let mut reached = BTreeSet::new();
                let mut todo = vec![Vec::new()];
                while let Some(made) = todo.pop() {
                    let (made, offered) = choices(&view, seat, &made);
                    assert!(!offered.is_empty(), "picks {made:?} lead nowhere");
                    for c in offered {
                        let again: Pick = c.pick.to_string().parse().expect("reads back");
                        assert_eq!(again, c.pick);
                        match c.command {
                            Some(command) => assert!(reached.insert(command)),
                            None => {
                                let mut more = made.clone();
                                more.push(c.pick);
                                todo.push(more);
                            }
                        }
                    }
                }
                let legal: BTreeSet<String> = game
                    .legal_actions(seat)
                    .iter()
                    .map(|a| Command::from_action(a, names).words())
                    .collect();
                assert_eq!(reached, legal);
            }
        }
    }

    #[test]
    fn picks_that_do_not_read_are_refused() {
        for bad in ["", "q1", "t", "tx", "@Z99", "h-cook", "E-C5.Q", "x1"] {
            assert!(bad.parse::<Pick>().is_err(), "{bad}");
        }
        assert_eq!(
            read_picks("t2,d2"),
            Some(vec![Pick::Truck(2), Pick::Draw(2)])
        );
        assert_eq!(read_picks("t2,zz"), None);
    }
}
