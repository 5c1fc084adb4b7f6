//! The table as plain text: what the pictures show, in characters, in the
//! language of the reply that shows it. The referee puts it in every reply
//! that shows the table (`Reply::board`): the terminal prints it, and
//! Discord posts it when no picture could be drawn. So it sits beside the
//! referee, not in the terminal; `safe_name`, how a display name is shown
//! anywhere, is here for the same reason. Reads the game; never changes it.
//!
//! Every word comes from the catalogue (`locales/<lang>/table.ftl`); what
//! stays verbatim is the command language (tile words, coordinates) and the
//! zoo grid's three-letter animal codes and mark characters, which the
//! legend explains in the reader's language. Columns are measured in the
//! terminal's cells (`unicode-width`), so a Japanese header lines up.

use crate::engine::{Animal, Game, Mark, Player, Seat, Square, Standings};
use crate::lang::{self, engine as words, Lang, Text};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use unicode_width::UnicodeWidthStr;

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

/// The legend printed under zoo grids: what the marks and codes mean.
pub fn legend(lang: &Lang) -> String {
    let codes: Vec<Text> = Animal::ALL
        .into_iter()
        .map(|a| {
            Text::msg("table-legend-code")
                .arg("code", code(a))
                .arg("animal", words::animal(a))
        })
        .collect();
    lang::plain(
        lang,
        &Text::msg("table-legend").arg("codes", words::comma_list(codes)),
    )
}

/// One zoo as a grid with column letters and row numbers: coordinates,
/// codes and marks only, the same in every language.
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
pub fn player_summary(game: &Game, seat: Seat, lang: &Lang) -> String {
    let Some(p) = game.player(seat) else {
        return String::new();
    };
    let score = game.score(seat);
    let line = Text::msg(if p.truck.is_some() {
        "table-player-took"
    } else {
        "table-player"
    })
    .arg("name", p.name.clone())
    .arg("coins", p.coins)
    .arg("cashiers", p.cashiers)
    .arg("keepers", p.keepers)
    .arg("manager", if p.manager { "yes" } else { "no" })
    .arg("trainers", p.zoo.trainer_count())
    .arg("score", score.total)
    .arg("truck", p.truck.unwrap_or(0));
    let depot = if p.depot.is_empty() {
        Text::msg("table-depot-empty")
    } else {
        let top: Vec<Text> = p
            .depot
            .iter()
            .rev()
            .map(|t| words::animal_tile(*t))
            .collect();
        let mut per_type: BTreeMap<Animal, usize> = BTreeMap::new();
        for t in &p.depot {
            *per_type.entry(t.animal).or_default() += 1;
        }
        let counts: Vec<Text> = per_type
            .iter()
            .map(|(a, n)| {
                Text::msg("table-depot-count")
                    .arg("count", *n)
                    .arg("animal", Text::msg(words::animal_key(*a)).arg("count", *n))
            })
            .collect();
        Text::msg("table-depot")
            .arg("tiles", words::comma_list(top))
            .arg("counts", words::comma_list(counts))
    };
    format!(
        "{}\n    {}\n",
        lang::plain(lang, &line),
        lang::plain(lang, &depot)
    )
}

/// One player's part of the table as `/aq zoo` shows it: the summary, the
/// grid and its legend.
pub fn zoo(game: &Game, seat: Seat, lang: &Lang) -> String {
    let mut out = player_summary(game, seat, lang);
    if let Some(p) = game.player(seat) {
        out.push_str(&zoo_grid(p));
    }
    let _ = write!(out, "({})", legend(lang));
    out
}

/// The whole table: round, piles, trucks, whose turn, every zoo.
pub fn table(game: &Game, lang: &Lang) -> String {
    let mut out = String::new();
    let round = Text::msg(if game.is_last_round() {
        "table-round-last"
    } else {
        "table-round"
    })
    .arg("round", game.round())
    .arg("pile", game.draw_pile().len())
    .arg("reserve", game.reserve().len());
    let _ = writeln!(out, "{}", lang::plain(lang, &round));
    let names = game.names();
    for (i, t) in game.trucks().iter().enumerate() {
        // The tiles named in the reader's words ("orca ♀"), never by
        // their command word.
        let mut slots: Vec<Text> = t.tiles.iter().map(|t| words::tile(*t)).collect();
        if t.taken_by.is_none() {
            slots.extend(std::iter::repeat_n(
                Text::Raw("-".to_string()),
                t.capacity - t.tiles.len(),
            ));
        }
        slots.extend(std::iter::repeat_n(Text::Raw("#".to_string()), t.blocked()));
        let truck = match t.taken_by {
            Some(s) => Text::msg("table-truck-taken")
                .arg("name", names.get(s).map(String::as_str).unwrap_or("?")),
            None => Text::msg("table-truck"),
        }
        .arg("truck", i + 1)
        .arg("slots", words::comma_list(slots));
        let _ = writeln!(out, "  {}", lang::plain(lang, &truck));
    }
    let _ = writeln!(out, "{}", lang::plain(lang, &words::asked(&game.asked())));
    for seat in 0..game.players().len() {
        out.push('\n');
        out.push_str(&player_summary(game, seat, lang));
        if let Some(p) = game.player(seat) {
            out.push_str(&zoo_grid(p));
        }
    }
    let end = Text::msg("table-legend-blocked").arg("legend", legend(lang));
    let _ = writeln!(out, "\n{}", lang::plain(lang, &end));
    out
}

/// The columns of the score table, in order, after the player's name.
const SCORE_COLUMNS: [&str; 6] = [
    "table-score-animals",
    "table-score-cashiers",
    "table-score-keepers",
    "table-score-trainers",
    "table-score-depot",
    "table-score-total",
];

/// The width of the name column at least (a name is cut to 12 cells).
const NAME_WIDTH: usize = 13;

/// `text` cut to at most `cells` terminal cells.
fn cut(text: &str, cells: usize) -> String {
    let mut out = String::new();
    for c in text.chars() {
        out.push(c);
        if out.width() > cells {
            out.pop();
            break;
        }
    }
    out
}

/// `text` and spaces to fill `cells` cells, on the left or the right.
fn pad(text: &str, cells: usize, right: bool) -> String {
    let fill = " ".repeat(cells.saturating_sub(text.width()));
    if right {
        format!("{fill}{text}")
    } else {
        format!("{text}{fill}")
    }
}

/// The score by category for every player, with the leaders marked (the
/// winners once it is over): the first place of `standings`, the game's
/// with the seats voted out.
pub fn scores(game: &Game, standings: &Standings, lang: &Lang) -> String {
    let best = standings.leaders();
    let rows: Vec<(String, [i64; 6], bool)> = game
        .players()
        .iter()
        .enumerate()
        .map(|(seat, p)| {
            let s = game.score(seat);
            let numbers = [
                s.animals, s.cashiers, s.keepers, s.trainers, s.depot, s.total,
            ]
            .map(i64::from);
            (cut(&p.name, NAME_WIDTH - 1), numbers, best.contains(&seat))
        })
        .collect();
    let headers: Vec<String> = SCORE_COLUMNS
        .iter()
        .map(|key| lang::word(lang, key))
        .collect();
    let widths: Vec<usize> = headers
        .iter()
        .enumerate()
        .map(|(k, h)| {
            rows.iter()
                .map(|(_, n, _)| n[k].to_string().width())
                .fold(h.width(), usize::max)
        })
        .collect();
    let player = lang::word(lang, "table-score-player");
    let name_width = NAME_WIDTH.max(player.width() + 1);
    let mut out = pad(&player, name_width, false);
    for (h, w) in headers.iter().zip(&widths) {
        let _ = write!(out, " {}", pad(h, *w, true));
    }
    out.push('\n');
    let mark = lang::word(
        lang,
        if game.is_over() {
            "table-score-winner"
        } else {
            "table-score-leads"
        },
    );
    for (name, numbers, best) in &rows {
        out.push_str(&pad(name, name_width, false));
        for (n, w) in numbers.iter().zip(&widths) {
            let _ = write!(out, " {}", pad(&n.to_string(), *w, true));
        }
        if *best {
            let _ = write!(out, "  {mark}");
        }
        out.push('\n');
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
