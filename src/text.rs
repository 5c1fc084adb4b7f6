//! The table as plain text: what the pictures show, in characters. The
//! referee puts it in every reply that shows the table (`Reply::board`):
//! the terminal prints it, and Discord posts it when no picture could be
//! drawn. So it sits beside the referee, not in the terminal; `safe_name`,
//! how a display name is shown anywhere, is here for the same reason.
//! Reads the game; never changes it.

use crate::engine::{Animal, Game, Mark, Player, Seat, Square, Tile};
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// Three letters per animal, for grids.
fn code(animal: Animal) -> &'static str {
    match animal {
        Animal::Dolphin => "Dol",
        Animal::Orca => "Orc",
        Animal::SeaLion => "SeL",
        Animal::Turtle => "Tur",
        Animal::Penguin => "Pen",
        Animal::PolarBear => "PoB",
        Animal::Crocodile => "Cro",
        Animal::Hippo => "Hip",
    }
}

/// One character for a tile's mark: m/f fertile (M/F once bred), * fish,
/// ! bolt, y offspring.
fn mark_char(mark: Mark, bred: bool) -> char {
    match (mark, bred) {
        (Mark::Male, false) => 'm',
        (Mark::Male, true) => 'M',
        (Mark::Female, false) => 'f',
        (Mark::Female, true) => 'F',
        (Mark::Fish, _) => '*',
        (Mark::Bolt, _) => '!',
        (Mark::Young, _) => 'y',
        (Mark::Plain, _) => ' ',
    }
}

/// The legend printed under zoo grids.
pub const LEGEND: &str =
    "m/f fertile male/female (M/F: has bred), * fish, ! bolt, y offspring, TRN trainer, . empty space";

/// One zoo as a grid with column letters and row numbers.
pub fn zoo_grid(player: &Player) -> String {
    let zoo = &player.zoo;
    let cols = zoo.spaces().iter().map(|c| c.col());
    let rows = zoo.spaces().iter().map(|c| c.row());
    let (c0, c1) = (cols.clone().min().unwrap_or(8), cols.max().unwrap_or(12));
    let (r0, r1) = (rows.clone().min().unwrap_or(8), rows.max().unwrap_or(12));
    let mut out = String::from("    ");
    for col in c0..=c1 {
        let _ = write!(out, "  {}  ", (b'A' + col) as char);
    }
    out.push('\n');
    for row in r0..=r1 {
        let _ = write!(out, "{:>3} ", row + 1);
        for col in c0..=c1 {
            let Some(cell) = crate::engine::Cell::new(col, row) else {
                continue;
            };
            let s = match zoo.square(cell) {
                Square::Off => "     ".to_string(),
                Square::Empty => "  .  ".to_string(),
                Square::Trainer => " TRN ".to_string(),
                Square::Animal { tile, bred } => {
                    format!("{}{} ", code(tile.animal), mark_char(tile.mark, bred))
                }
            };
            out.push_str(&s);
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out
}

/// A player's coins, coworkers, depot and score on one or two lines.
pub fn player_summary(game: &Game, seat: Seat) -> String {
    let Some(p) = game.player(seat) else {
        return String::new();
    };
    let score = game.score(seat);
    let mut out = format!(
        "{} - {} coin{}, cashiers {}, keepers {}, manager {}, trainers {} - score {}",
        p.name,
        p.coins,
        if p.coins == 1 { "" } else { "s" },
        p.cashiers,
        p.keepers,
        if p.manager { "yes" } else { "no" },
        p.zoo.trainer_count(),
        score.total
    );
    if let Some(t) = p.truck {
        let _ = write!(out, " - took truck {t}");
    }
    out.push('\n');
    if p.depot.is_empty() {
        out.push_str("    depot: empty\n");
    } else {
        let top: Vec<String> = p.depot.iter().rev().map(|t| t.to_string()).collect();
        let mut per_type: BTreeMap<Animal, usize> = BTreeMap::new();
        for t in &p.depot {
            *per_type.entry(t.animal).or_default() += 1;
        }
        let counts: Vec<String> = per_type
            .iter()
            .map(|(a, n)| format!("{n} {}", a.word()))
            .collect();
        let _ = writeln!(
            out,
            "    depot (top first): {} [{}]",
            top.join(", "),
            counts.join(", ")
        );
    }
    out
}

/// The whole table: round, piles, trucks, whose turn, every zoo.
pub fn table(game: &Game) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Round {} - draw pile {} - reserve {}{}",
        game.round(),
        game.draw_pile().len(),
        game.reserve().len(),
        if game.is_last_round() {
            " - LAST ROUND"
        } else {
            ""
        }
    );
    let names = game.names();
    for (i, t) in game.trucks().iter().enumerate() {
        let mut slots: Vec<String> = t.tiles.iter().map(Tile::to_string).collect();
        if t.taken_by.is_none() {
            slots.extend(std::iter::repeat_n(
                "-".to_string(),
                t.capacity - t.tiles.len(),
            ));
        }
        slots.extend(std::iter::repeat_n("#".to_string(), t.blocked()));
        let taken = match t.taken_by {
            Some(s) => format!(
                " (taken by {})",
                names.get(s).map(String::as_str).unwrap_or("?")
            ),
            None => String::new(),
        };
        let _ = writeln!(out, "  truck {}: [{}]{}", i + 1, slots.join(", "), taken);
    }
    let _ = writeln!(
        out,
        "{}",
        crate::lang::plain(
            &crate::lang::Lang::english(),
            &crate::lang::engine::asked(&game.asked())
        )
    );
    for seat in 0..game.players().len() {
        out.push('\n');
        out.push_str(&player_summary(game, seat));
        if let Some(p) = game.player(seat) {
            out.push_str(&zoo_grid(p));
        }
    }
    let _ = writeln!(out, "\n({LEGEND}; # blocked truck space)");
    out
}

/// The score by category for every player, with the leaders marked.
pub fn scores(game: &Game) -> String {
    let mut out = String::from("player        animals cashiers keepers trainers depot total\n");
    let best = if game.is_over() {
        game.winners()
    } else {
        game.leaders()
    };
    for (seat, p) in game.players().iter().enumerate() {
        let s = game.score(seat);
        let name: String = p.name.chars().take(12).collect();
        let _ = writeln!(
            out,
            "{name:<13} {:>7} {:>8} {:>7} {:>8} {:>5} {:>5}{}",
            s.animals,
            s.cashiers,
            s.keepers,
            s.trainers,
            s.depot,
            s.total,
            if best.contains(&seat) {
                if game.is_over() {
                    "  winner"
                } else {
                    "  leads"
                }
            } else {
                ""
            }
        );
    }
    out
}

/// A person's display name as the bot stores and shows it: safe to put into
/// any message. Control and invisible formatting characters (bidi
/// overrides, zero-width spaces) are dropped, except the zero-width joiner
/// that emoji sequences need; any white space becomes one space; the
/// characters Discord reads as mentions or markdown (`@ < > * _ ~ \` | # [ ]
/// \`) become their full-width look-alikes, so `@everyone` or `**x**` in a
/// name is shown as written and neither pings nor formats; at most 32
/// characters. Empty when nothing is left.
pub fn safe_name(raw: &str) -> String {
    let invisible = |c: char| {
        matches!(c,
            '\u{00ad}' | '\u{061c}' | '\u{180e}' | '\u{200b}' | '\u{200c}' | '\u{200e}' | '\u{200f}'
            | '\u{202a}'..='\u{202e}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206f}' | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}')
    };
    let mut out = String::new();
    let mut space = false;
    for c in raw.chars() {
        if c.is_whitespace() {
            space = !out.is_empty();
            continue;
        }
        if c.is_control() || invisible(c) {
            continue;
        }
        if space {
            out.push(' ');
            space = false;
        }
        let c = match c {
            '@' | '<' | '>' | '*' | '_' | '~' | '`' | '|' | '#' | '[' | ']' | '\\' => {
                // The full-width forms sit at U+FF01 + (c - '!').
                char::from_u32(0xff01 + (c as u32 - 0x21)).unwrap_or('?')
            }
            c => c,
        };
        out.push(c);
    }
    out.chars()
        .take(32)
        .collect::<String>()
        .trim_end()
        .to_string()
}

#[cfg(test)]
mod safe_name_tests {
    use super::safe_name;

    #[test]
    fn mentions_and_markdown_become_look_alikes() {
        assert_eq!(safe_name("@everyone"), "＠everyone");
        assert_eq!(safe_name("<@123>"), "＜＠123＞");
        assert_eq!(safe_name("**big** _x_"), "＊＊big＊＊ ＿x＿");
        assert_eq!(safe_name("ana"), "ana");
        assert_eq!(safe_name("Zoë Ångström"), "Zoë Ångström");
    }

    #[test]
    fn invisible_characters_go_and_white_space_collapses() {
        assert_eq!(safe_name("  a\u{202e}b\u{200b}c \t\n d  "), "abc d");
        assert_eq!(safe_name("\u{200f}\u{200e}"), "");
        assert_eq!(safe_name("   "), "");
        // The joiner inside an emoji family stays.
        assert_eq!(
            safe_name("👩\u{200d}👩\u{200d}👧"),
            "👩\u{200d}👩\u{200d}👧"
        );
    }

    #[test]
    fn long_names_are_cut_to_32_characters() {
        assert_eq!(safe_name(&"x".repeat(200)).chars().count(), 32);
    }
}
