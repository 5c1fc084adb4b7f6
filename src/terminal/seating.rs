//! Seating players: `--players`, and the names prompt a newcomer meets.
//!
//! The names prompt gathers players until the table starts: names and
//! computer levels one a line or several at once (commas); an empty line
//! starts the game once 2 or more are seated; a line of several that all
//! find a seat is the whole table and starts it at once. A lobby already
//! open (left from an earlier run, or opened with `new`) is continued: the
//! prompt says who sits there and how to go on. Every seat, start and
//! abandon is a request to the referee, which refuses a name typed twice or
//! a sixth player with its reason; after any line the prompt says again
//! what can come next, so a refused line never leaves the prompt stuck.

use super::Session;
use crate::command::{self, Command};
use crate::cpu::Level;
use crate::lang::{Lang, Text};
use crate::referee::{Actor, Loaded, Reply};
use anyhow::Context as _;
use std::io::Write as _;

/// The terminal's own id when it opens a table for a computer player: it
/// leaves its seat at once and runs the lobby from outside.
const HOST_ID: &str = "terminal:host";

/// One player to seat: `ana`, or `cpu:strong` (`cpu` alone: normal).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Entrant {
    Person(String),
    Computer(Level),
}

impl Entrant {
    /// An entry of the names prompt; why it cannot be one, said in `lang`.
    pub(super) fn read(text: &str, lang: &Lang) -> Result<Entrant, String> {
        let text = text.trim();
        let lower = text.to_ascii_lowercase();
        if lower == "cpu" {
            return Ok(Entrant::Computer(Level::Normal));
        }
        if let Some(level) = lower.strip_prefix("cpu:") {
            return level
                .parse()
                .map(Entrant::Computer)
                .map_err(|e| crate::lang::plain(lang, &crate::lang::engine::bad_word(&e)));
        }
        if text.is_empty() || text.contains(':') {
            return Err(crate::lang::plain(
                lang,
                &Text::msg("terminal-bad-name").arg("text", text),
            ));
        }
        Ok(Entrant::Person(text.to_string()))
    }
}

/// How the names prompt ended.
pub(super) enum Gathered {
    /// A game began.
    Started,
    /// The input ended, or `quit`.
    Quit,
}

/// Whether a line at the names prompt is a command rather than names: it
/// names its player (`ben: join`), starts with `/` or `aq`, or its first
/// word is a command (`help`, `start`, `abandon`, `score`...).
fn is_command(line: &str) -> bool {
    if super::split_line(line).0.is_some() {
        return true;
    }
    let first = line
        .split([' ', ','])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    first.starts_with('/')
        || first == "aq"
        || super::places::go_target(line).is_some()
        || command::find(&first).is_some()
}

impl Session<'_> {
    /// The command that opens a game, with the options `play` was given.
    fn new_game(&self) -> anyhow::Result<Command> {
        let deck = match &self.opts.deck {
            Some(path) => Some(
                std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read the deck {}", path.display()))?,
            ),
            None => None,
        };
        let removed = match &self.opts.removed {
            Some(r) => Some(
                r.split([' ', ','])
                    .filter(|w| !w.is_empty())
                    .map(|w| w.parse())
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e: crate::engine::BadWord| anyhow::anyhow!(e.to_string()))?,
            ),
            None => None,
        };
        Ok(Command::New {
            removed,
            first: self.opts.first.clone(),
            seed: self.opts.seed,
            deck,
        })
    }

    /// The channel's lobby, if a game there is gathering players.
    async fn lobby(&self) -> anyhow::Result<Option<Loaded>> {
        Ok(match self.referee.open_game(&self.here).await? {
            Some(Ok(loaded)) if loaded.game().is_none() => Some(loaded),
            _ => None,
        })
    }

    /// The name a person already seated in the lobby has, when the entry
    /// is them (the referee would refuse them as "you", which reads wrongly
    /// at a prompt where one person types everyone's names).
    async fn seated_as(&self, entrant: &Entrant) -> anyhow::Result<Option<String>> {
        let Entrant::Person(name) = entrant else {
            return Ok(None);
        };
        let id = super::actor(name).id;
        Ok(self.lobby().await?.and_then(|l| {
            l.seats()
                .iter()
                .find(|s| s.user_id == id)
                .map(|s| s.name.clone())
        }))
    }

    /// Who runs a lobby: its creator, who seats computer players and starts.
    fn creator(lobby: &Loaded) -> Actor {
        let name = lobby
            .seats()
            .iter()
            .find(|s| s.user_id == lobby.creator())
            .map_or("host", |s| s.name.as_str());
        Actor {
            id: lobby.creator().to_string(),
            name: name.to_string(),
            manages_channel: true,
        }
    }

    /// Seats one player: a person joins (opening the game when none is
    /// open), a computer player is seated by the lobby's creator (the
    /// terminal opens the game for it when none is open, and leaves its own
    /// seat at once). The referee's reply, accepted or refused.
    pub(super) async fn seat(&self, entrant: &Entrant) -> anyhow::Result<Reply> {
        let lobby = self.lobby().await?;
        Ok(match (lobby, entrant) {
            (Some(_), Entrant::Person(name)) => self.send(name, Command::Join).await,
            (Some(lobby), Entrant::Computer(level)) => {
                let add = Command::AddBot {
                    level: Some(*level),
                };
                self.send_as(Self::creator(&lobby), add).await
            }
            (None, Entrant::Person(name)) => self.send(name, self.new_game()?).await,
            (None, Entrant::Computer(level)) => {
                let host = Actor {
                    id: HOST_ID.to_string(),
                    name: "host".to_string(),
                    manages_channel: true,
                };
                let opened = self.send_as(host.clone(), self.new_game()?).await;
                if !opened.accepted {
                    return Ok(opened);
                }
                let add = Command::AddBot {
                    level: Some(*level),
                };
                let added = self.send_as(host.clone(), add).await;
                let left = self.send_as(host, Command::Leave).await;
                if !left.accepted {
                    return Ok(left);
                }
                added
            }
        })
    }

    /// Starts the lobby, as its creator.
    async fn start(&self) -> anyhow::Result<Reply> {
        Ok(match self.lobby().await? {
            Some(lobby) => self.send_as(Self::creator(&lobby), Command::Start).await,
            None => Reply::default(),
        })
    }

    /// Opens, fills and starts a game from `--players`: names of people, and
    /// `cpu:<level>` (or `cpu`, a normal one) for computer players, seated in
    /// the order given, exactly as the names prompt seats them.
    pub(super) async fn create(&mut self, players: &[String]) -> anyhow::Result<()> {
        let entrants = players
            .iter()
            .map(|p| Entrant::read(p, &self.opts.lang))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| anyhow::anyhow!(e))?;
        if entrants.is_empty() {
            anyhow::bail!("--players needs at least one name");
        }
        for entrant in &entrants {
            let reply = self.seat(entrant).await?;
            if !reply.accepted {
                anyhow::bail!("{}", reply.text());
            }
        }
        let started = self.start().await?;
        if !started.accepted {
            anyhow::bail!("{}", started.text());
        }
        if !self.opts.json {
            self.show(&started, true)?;
        }
        Ok(())
    }

    /// What the names prompt says can come next, from the lobby as it is.
    async fn guidance(&self) -> anyhow::Result<String> {
        let Some(lobby) = self.lobby().await? else {
            return Ok(self.word("terminal-who-plays"));
        };
        let names = lobby.table_names().all_said(&self.opts.lang);
        let text = match names.len() {
            0 => Text::msg("terminal-lobby-empty").arg("game", lobby.id().to_string()),
            1 => Text::msg("terminal-lobby-one").arg("name", &names[0]),
            n if n >= crate::engine::setup::MAX_PLAYERS => {
                Text::msg("terminal-lobby-full").arg("names", names.join(", "))
            }
            _ => Text::msg("terminal-lobby-some").arg("names", names.join(", ")),
        };
        Ok(self.say(&text))
    }

    /// The names prompt, until a game begins or the input ends.
    pub(super) async fn gather(
        &mut self,
        input: &mut impl Iterator<Item = std::io::Result<String>>,
    ) -> anyhow::Result<Gathered> {
        if let Some(lobby) = self.lobby().await? {
            let gathering = Text::msg("terminal-lobby-gathering")
                .arg("game", lobby.id().to_string())
                .arg(
                    "names",
                    lobby.table_names().all_said(&self.opts.lang).join(", "),
                );
            println!("{}", self.say(&gathering));
        } else {
            println!("{}", self.guidance().await?);
        }
        loop {
            print!("{}> ", self.word("terminal-names-prompt"));
            std::io::stdout().flush()?;
            let Some(line) = input.next() else {
                return Ok(Gathered::Quit);
            };
            let line = line?;
            let line = line.trim();
            if matches!(line, "quit" | "exit") {
                return Ok(Gathered::Quit);
            }
            if line.is_empty() {
                if self.lobby().await?.is_some() {
                    let started = self.start().await?;
                    self.show(&started, true)?;
                }
            } else if is_command(line) {
                let creator = self.lobby().await?.map(|l| Self::creator(&l));
                self.typed(line, creator).await?;
            } else {
                self.names(line).await?;
            }
            match self.referee.open_game(&self.here).await? {
                Some(Ok(loaded)) if loaded.game().is_some() => return Ok(Gathered::Started),
                Some(Err(_)) => return Ok(Gathered::Started),
                _ => println!("{}", self.guidance().await?),
            }
        }
    }

    /// A line of names and computer levels: each seated in turn, each
    /// refusal said with the entry it answers. A line of several that all
    /// find a seat, leaving 2 or more seated, starts the game.
    async fn names(&mut self, line: &str) -> anyhow::Result<()> {
        let entries: Vec<&str> = line
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .collect();
        let mut all_seated = true;
        for entry in &entries {
            let reply = match Entrant::read(entry, &self.opts.lang) {
                Ok(entrant) => match self.seated_as(&entrant).await? {
                    Some(seated) => Reply {
                        words: Text::msg("terminal-name-taken").arg("name", seated),
                        lang: self.opts.lang.clone(),
                        ..Reply::default()
                    },
                    None => self.seat(&entrant).await?,
                },
                Err(why) => Reply {
                    words: Text::Raw(crate::referee::sentence(why)),
                    lang: self.opts.lang.clone(),
                    ..Reply::default()
                },
            };
            if !reply.accepted {
                all_seated = false;
                let refused = Text::msg("terminal-refused-entry")
                    .arg("entry", *entry)
                    .arg("why", super::said(&reply));
                // The prefix in the language of the sentence it heads.
                println!("{}", crate::lang::plain(&reply.lang, &refused));
            }
        }
        let seated = self.lobby().await?.map_or(0, |l| l.seats().len());
        if entries.len() > 1 && all_seated && seated >= crate::engine::setup::MIN_PLAYERS {
            let started = self.start().await?;
            self.show(&started, true)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{is_command, Entrant, Lang};
    use crate::cpu::Level;

    #[test]
    fn entrants_are_names_or_computer_levels() {
        assert_eq!(
            Entrant::read(" ana ", &Lang::english()),
            Ok(Entrant::Person("ana".into()))
        );
        assert_eq!(
            Entrant::read("CPU", &Lang::english()),
            Ok(Entrant::Computer(Level::Normal))
        );
        assert_eq!(
            Entrant::read("cpu:strong", &Lang::english()),
            Ok(Entrant::Computer(Level::Strong))
        );
        let err = Entrant::read("cpu:hard", &Lang::english()).unwrap_err();
        assert!(err.contains("easy, normal or strong"), "{err}");
        let err = Entrant::read("a:b", &Lang::english()).unwrap_err();
        assert!(err.contains("cannot be a player's name"), "{err}");
    }

    #[test]
    fn commands_at_the_names_prompt_are_told_from_names() {
        for line in [
            "help",
            "start",
            "abandon",
            "/aq rules money",
            "Score",
            "ben: join",
            "go t1-r1-2",
            "go",
        ] {
            assert!(is_command(line), "{line}");
        }
        for line in [
            "ana",
            "ana, ben",
            "cpu:normal",
            "ana maria",
            "Ben,cpu",
            "gordon",
        ] {
            assert!(!is_command(line), "{line}");
        }
    }
}
