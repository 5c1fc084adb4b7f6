//! The one table of the command language: a row for each command with its
//! name, options, where Discord reaches it, its usage line, whether it only
//! looks, and an example of its text form. Everything else that lists the
//! commands derives from it: the parser's names and options, Discord's
//! groups ([`discord_path`]), the usage shown with a refusal, whether an
//! answer is private, the fake Discord's and the tests' lists.
//!
//! A command's variant of [`Command`] finds its row by [`Command::spec`],
//! an exhaustive `match` whose every arm is a constant looked up in the
//! table while compiling: a new variant does not compile until it has an
//! arm, and its arm does not compile until the table has its row.
//!
//! Adding a command is the recipe in ARCHITECTURE.md ("Adding a command").

use super::Command;

/// Where Discord reaches a command: `/aq <command>`, or within one of the
/// groups that keep `/aq` within Discord's 25 leaves a level
/// (`/aq game new`). The grouping is Discord's alone: the text form, the
/// terminal and the move log say `new`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    /// `/aq <command>`: the moves, the looks at the game in play, waiting.
    Top,
    /// `/aq game <command>`: setting up and running a table.
    Game,
    /// `/aq past <command>`: the server's games and what became of them.
    Past,
    /// `/aq web <command>`: the game's links on the web.
    Web,
    /// A slash command of its own beside `/aq` (`/tournament join`), as
    /// `/aq` has no place left: its actions are its subcommands.
    Apart,
    /// Not on Discord yet: the text form alone (the terminal, scripts).
    TextOnly,
}

impl Group {
    /// Every group word, in Discord's order.
    pub const WORDS: [&'static str; 3] = ["game", "past", "web"];

    /// The group's word on Discord; `None` for a command of `/aq` itself.
    pub const fn word(self) -> Option<&'static str> {
        match self {
            Group::Top => None,
            Group::Game => Some("game"),
            Group::Past => Some("past"),
            Group::Web => Some("web"),
            Group::Apart | Group::TextOnly => None,
        }
    }

    /// Whether Discord offers the commands of this group (in `/aq` or
    /// apart).
    pub const fn on_discord(self) -> bool {
        !matches!(self, Group::TextOnly)
    }

    /// Whether Discord's `/aq` offers the commands of this group.
    pub const fn in_aq(self) -> bool {
        !matches!(self, Group::TextOnly | Group::Apart)
    }
}

/// One command's row.
#[derive(Debug)]
pub struct Spec {
    /// Its name in the command language (`draw`).
    pub name: &'static str,
    /// Its options, Discord's and the text form's, in Discord's order.
    pub options: &'static [&'static str],
    /// Those a person must give.
    pub required: &'static [&'static str],
    /// Options only the text form takes (`moves of:<family>`); none is
    /// required.
    pub text_only: &'static [&'static str],
    /// Where Discord reaches it.
    pub group: Group,
    /// Its usage line, shown with a refusal of its options; `None` where the
    /// help says it better (the commands without options).
    pub usage: Option<&'static str>,
    /// Whether it only looks: its answers are private and it changes
    /// nothing.
    pub looks: bool,
    /// Its text form once, with its options (read back by the tests).
    pub example: &'static str,
}

impl Spec {
    /// Every option its text form takes: [`Spec::options`], then
    /// [`Spec::text_only`].
    pub fn every_option(&self) -> Vec<&'static str> {
        let mut all = self.options.to_vec();
        all.extend_from_slice(self.text_only);
        all
    }

    /// Its usage line, or the pointer to the help.
    pub fn usage_line(&self) -> &'static str {
        self.usage.unwrap_or("/aq help lists every command")
    }
}

/// A row without options.
const fn bare(name: &'static str, group: Group, looks: bool, example: &'static str) -> Spec {
    Spec {
        name,
        options: &[],
        required: &[],
        text_only: &[],
        group,
        usage: None,
        looks,
        example,
    }
}

/// Every command, in the order of the help and Discord's registration.
pub const COMMANDS: &[Spec] = &[
    Spec {
        name: "new",
        options: &["removed", "first", "seed", "deck"],
        required: &[],
        text_only: &[],
        group: Group::Game,
        usage: Some("/aq new [removed:\"penguin hippo\"] [first:<player>] [seed:<n>]"),
        looks: false,
        example: "/aq new removed:\"penguin hippo\" first:ana seed:42",
    },
    bare("join", Group::Game, false, "/aq join"),
    bare("leave", Group::Game, false, "/aq leave"),
    bare("start", Group::Game, false, "/aq start"),
    bare("abandon", Group::Game, false, "/aq abandon"),
    Spec {
        name: "addbot",
        options: &["level"],
        required: &[],
        text_only: &[],
        group: Group::Game,
        usage: Some("/aq addbot [level:<easy|normal|strong>]"),
        looks: false,
        example: "/aq addbot level:strong",
    },
    bare("removebot", Group::Game, false, "/aq removebot"),
    bare("rematch", Group::Game, false, "/aq rematch"),
    Spec {
        name: "draw",
        options: &["truck"],
        required: &["truck"],
        text_only: &[],
        group: Group::Top,
        usage: Some("/aq draw truck:<n>"),
        looks: false,
        example: "/aq draw truck:2",
    },
    Spec {
        name: "take",
        options: &["truck"],
        required: &["truck"],
        text_only: &[],
        group: Group::Top,
        usage: Some("/aq take truck:<n>"),
        looks: false,
        example: "/aq take truck:3",
    },
    Spec {
        name: "place",
        options: &["at", "tile"],
        required: &["at"],
        text_only: &[],
        group: Group::Top,
        usage: Some("/aq place at:<cell|depot> [tile:<n>]"),
        looks: false,
        example: "/aq place at:K11 tile:2",
    },
    Spec {
        name: "hire",
        options: &["as", "at"],
        required: &["as"],
        text_only: &[],
        group: Group::Top,
        usage: Some("/aq hire as:<cashier|keeper|manager|trainer> [at:<cell>]"),
        looks: false,
        example: "/aq hire as:trainer at:L12",
    },
    Spec {
        name: "move",
        options: &["from", "to"],
        required: &["from", "to"],
        text_only: &[],
        group: Group::Top,
        usage: Some("/aq move from:<depot|cell|role> to:<cell|role>"),
        looks: false,
        example: "/aq move from:depot to:K10",
    },
    Spec {
        name: "buy",
        options: &["from", "at"],
        required: &["from", "at"],
        text_only: &[],
        group: Group::Top,
        usage: Some("/aq buy from:<player> at:<cell>"),
        looks: false,
        example: "/aq buy from:ben at:K12",
    },
    bare("discard", Group::Top, false, "/aq discard"),
    Spec {
        name: "expand",
        options: &["size", "cells"],
        required: &["size", "cells"],
        text_only: &[],
        group: Group::Top,
        usage: Some("/aq expand size:<small|large> cells:\"<cells>\""),
        looks: false,
        example: "/aq expand size:large cells:\"N10 O10 N11 O11\"",
    },
    bare("undo", Group::Top, false, "/aq undo"),
    Spec {
        name: "moves",
        options: &[],
        required: &[],
        text_only: &["of"],
        group: Group::Top,
        usage: Some("/aq moves [of:<family>]"),
        looks: true,
        example: "/aq moves of:expand",
    },
    bare("hint", Group::Top, true, "/aq hint"),
    Spec {
        name: "settings",
        options: &[
            "reminders",
            "turn_limit",
            "hints",
            "language",
            "away",
            "clock",
            "weekend_pause",
            "vacations",
        ],
        required: &[],
        text_only: &[],
        group: Group::Game,
        usage: Some("/aq settings [reminders:<12h|off>] [turn_limit:<2d|off>] [hints:<on|off>] [language:<code>] [away:<12h|off>] [clock:<fast|normal|slow|off>] [weekend_pause:<on|off>] [vacations:<on|off>]"),
        looks: false,
        example: "/aq settings reminders:1d12h turn_limit:off hints:off clock:slow weekend_pause:on",
    },
    bare("nudge", Group::Top, false, "/aq nudge"),
    bare("mygames", Group::Top, false, "/aq mygames"),
    Spec {
        name: "language",
        options: &["set"],
        required: &[],
        text_only: &[],
        group: Group::Top,
        usage: Some("/aq language [set:<code>]"),
        looks: false,
        example: "/aq language set:de",
    },
    Spec {
        name: "notify",
        options: &["dm", "before"],
        required: &[],
        text_only: &[],
        group: Group::Top,
        usage: Some("/aq notify [dm:<on|off>] [before:<on|off>]"),
        looks: false,
        example: "/aq notify dm:off before:on",
    },
    Spec {
        name: "away",
        options: &["until"],
        required: &[],
        text_only: &[],
        group: Group::Top,
        usage: Some("/aq away [until:<3d|2026-12-24|off>]"),
        looks: false,
        example: "/aq away until:3d",
    },
    bare("kick", Group::Game, false, "/aq kick"),
    Spec {
        name: "board",
        options: &["text"],
        required: &[],
        text_only: &[],
        group: Group::Top,
        usage: Some("/aq board [text]"),
        looks: true,
        example: "/aq board text:on",
    },
    Spec {
        name: "zoo",
        options: &["player"],
        required: &[],
        text_only: &[],
        group: Group::Top,
        usage: Some("/aq zoo [player:<player>]"),
        looks: true,
        example: "/aq zoo player:ana",
    },
    bare("score", Group::Top, true, "/aq score"),
    Spec {
        name: "history",
        options: &["move", "game"],
        required: &[],
        text_only: &[],
        group: Group::Top,
        usage: Some("/aq history [move:<n>] [game:<id>]"),
        looks: true,
        example: "/aq history move:3 game:7",
    },
    Spec {
        name: "games",
        options: &["page"],
        required: &[],
        text_only: &[],
        group: Group::Past,
        usage: Some("/aq games [page:<n>]"),
        looks: true,
        example: "/aq games page:2",
    },
    Spec {
        name: "export",
        options: &["game"],
        required: &[],
        text_only: &[],
        group: Group::Past,
        usage: Some("/aq export [game:<id>]"),
        looks: true,
        example: "/aq export game:3",
    },
    Spec {
        name: "replay",
        options: &["game", "speed"],
        required: &[],
        text_only: &[],
        group: Group::Past,
        usage: Some("/aq replay [game:<id>] [speed:<slow|normal|fast>]"),
        looks: true,
        example: "/aq replay game:3 speed:fast",
    },
    Spec {
        name: "stats",
        options: &["player"],
        required: &[],
        text_only: &[],
        group: Group::Past,
        usage: Some("/aq stats [player:<player>]"),
        looks: true,
        example: "/aq stats player:\"ana maria\"",
    },
    Spec {
        name: "review",
        options: &["game", "player"],
        required: &[],
        text_only: &[],
        group: Group::Past,
        usage: Some("/aq review [game:<id>] [player:<player>]"),
        looks: true,
        example: "/aq review game:3 player:ana",
    },
    Spec {
        name: "rules",
        options: &["topic"],
        required: &[],
        text_only: &[],
        group: Group::Top,
        usage: Some("/aq rules [topic:<topic>]"),
        looks: true,
        example: "/aq rules topic:scoring",
    },
    bare("help", Group::Top, true, "/aq help"),
    Spec {
        name: "reset",
        options: &["what"],
        required: &[],
        text_only: &[],
        group: Group::Web,
        usage: Some("/aq reset [what:<game|server>]"),
        looks: false,
        example: "/aq reset what:server",
    },
    Spec {
        name: "tournament",
        options: &[
            "action",
            "name",
            "format",
            "size",
            "rounds",
            "clock",
            "deadline",
            "rated",
            "vacations",
            "closes",
            "players",
            "player",
        ],
        required: &["action"],
        text_only: &[],
        group: Group::Apart,
        usage: Some("/aq tournament action:<new|join|leave|start|standings|drop|extend|end> [name:<text>] [format:<swiss|round_robin|elimination>] [size:<2-5>] [rounds:<n>] [clock:<fast|normal|slow|off>] [deadline:<14d>] [rated:<on|off>] [vacations:<on|off>] [closes:<2d>] [players:<n>] [player:<name>]"),
        looks: false,
        example: "/aq tournament action:new name:\"Spring cup\" format:swiss size:3 rounds:3 clock:normal deadline:7d rated:on vacations:off",
    },
    Spec {
        name: "season",
        options: &["which", "length"],
        required: &[],
        text_only: &[],
        group: Group::Apart,
        usage: Some("/aq season [which:<this|last|2026-11|2026-Q4>] [length:<month|quarter|off>]"),
        looks: false,
        example: "/aq season which:last",
    },
];

/// The row of the command named `name`, if there is one.
pub fn find(name: &str) -> Option<&'static Spec> {
    COMMANDS.iter().find(|spec| spec.name == name)
}

/// The row of `name`, looked up while compiling: a name without a row stops
/// the build (see [`Command::spec`]).
pub const fn row(name: &str) -> &'static Spec {
    let mut i = 0;
    while i < COMMANDS.len() {
        if same(COMMANDS[i].name, name) {
            return &COMMANDS[i];
        }
        i += 1;
    }
    panic!("a command without its row in command::table::COMMANDS")
}

/// `a == b`, as a `const fn` can say it.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// How a command is reached on Discord: `draw` stays `draw`, `new` is
/// `game new`.
pub fn discord_path(name: &str) -> String {
    match find(name).and_then(|spec| spec.group.word()) {
        Some(group) => format!("{group} {name}"),
        None => name.to_string(),
    }
}

/// The commands Discord reaches within the group `word` (`game`), if it is
/// one.
pub fn group_commands(word: &str) -> Option<impl Iterator<Item = &'static str> + '_> {
    Group::WORDS.contains(&word).then(|| {
        COMMANDS
            .iter()
            .filter(move |spec| spec.group.word() == Some(word))
            .map(|spec| spec.name)
    })
}

/// The row a command's variant reads, found while compiling.
macro_rules! row {
    ($name:literal) => {{
        const ROW: &Spec = row($name);
        ROW
    }};
}

impl Command {
    /// The command's row of [`COMMANDS`]: its name, options, group, usage
    /// and whether it only looks. Every variant is named, and each name's row
    /// is found while compiling: a new command compiles only with its row.
    pub fn spec(&self) -> &'static Spec {
        match self {
            Command::New { .. } => row!("new"),
            Command::Join => row!("join"),
            Command::Leave => row!("leave"),
            Command::Start => row!("start"),
            Command::Abandon => row!("abandon"),
            Command::AddBot { .. } => row!("addbot"),
            Command::RemoveBot => row!("removebot"),
            Command::Rematch => row!("rematch"),
            Command::Draw { .. } => row!("draw"),
            Command::Take { .. } => row!("take"),
            Command::Place { .. } => row!("place"),
            Command::Hire { .. } => row!("hire"),
            Command::Move { .. } => row!("move"),
            Command::Buy { .. } => row!("buy"),
            Command::Discard => row!("discard"),
            Command::Expand { .. } => row!("expand"),
            Command::Undo => row!("undo"),
            Command::Moves | Command::MovesOf { .. } => row!("moves"),
            Command::Hint => row!("hint"),
            Command::Settings { .. } => row!("settings"),
            Command::Nudge => row!("nudge"),
            Command::MyGames => row!("mygames"),
            Command::Language { .. } => row!("language"),
            Command::Notify { .. } => row!("notify"),
            Command::Away { .. } => row!("away"),
            Command::Kick => row!("kick"),
            Command::Board | Command::BoardText => row!("board"),
            Command::Zoo { .. } => row!("zoo"),
            Command::Score => row!("score"),
            Command::History { .. } => row!("history"),
            Command::Games { .. } => row!("games"),
            Command::Export { .. } => row!("export"),
            Command::Replay { .. } => row!("replay"),
            Command::Stats { .. } => row!("stats"),
            Command::Review { .. } => row!("review"),
            Command::Rules { .. } => row!("rules"),
            Command::Help => row!("help"),
            Command::WebReset { .. } => row!("reset"),
            Command::Tournament(_) => row!("tournament"),
            Command::Season { .. } => row!("season"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::command::parse;

    #[test]
    fn every_row_is_one_command_whose_example_reads_back() {
        for (i, spec) in COMMANDS.iter().enumerate() {
            assert!(
                COMMANDS[..i].iter().all(|other| other.name != spec.name),
                "{} has one row",
                spec.name
            );
            let command = parse(spec.example).unwrap_or_else(|e| panic!("{}: {e}", spec.example));
            assert_eq!(
                command.spec().name,
                spec.name,
                "{} reads as its own row",
                spec.example
            );
            assert_eq!(command.to_text(), spec.example);
            for option in spec.required {
                assert!(spec.options.contains(option), "{}.{option}", spec.name);
            }
            for (option, _) in command.options() {
                assert!(
                    spec.every_option().contains(&option),
                    "{} writes {option}, which its row names",
                    spec.name
                );
            }
            if let Some(usage) = spec.usage {
                assert!(
                    usage.starts_with(&format!("/aq {} ", spec.name))
                        || usage == format!("/aq {}", spec.name),
                    "{usage}"
                );
                for option in spec.required {
                    assert!(usage.contains(option), "{usage} names {option}");
                }
            } else {
                assert!(
                    spec.every_option().is_empty(),
                    "{} needs a usage line",
                    spec.name
                );
            }
        }
    }

    #[test]
    fn groups_are_discords_alone() {
        assert_eq!(discord_path("draw"), "draw");
        assert_eq!(discord_path("new"), "game new");
        assert_eq!(discord_path("replay"), "past replay");
        assert_eq!(discord_path("reset"), "web reset");
        for word in Group::WORDS {
            let names: Vec<&str> = group_commands(word).into_iter().flatten().collect();
            assert!(!names.is_empty(), "{word} has commands");
            for name in names {
                assert_eq!(discord_path(name), format!("{word} {name}"));
            }
        }
        assert!(group_commands("draw").is_none());
        // Discord allows at most 25 commands and groups at a level.
        let top = COMMANDS.iter().filter(|s| s.group == Group::Top).count();
        assert!(top + Group::WORDS.len() <= 25, "{top} leaves of /aq");
    }
}
