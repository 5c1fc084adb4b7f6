//! Local play: a hot-seat game in the terminal, through the same referee and
//! database as Discord. Also runs scripts of `<name>: /aq <command>` lines, with
//! one JSON object per line when asked, for tests and tools.
//!
//! The terminal holds no game logic: it only turns lines into requests.

use crate::command::{self, Command};
use crate::cpu::Level;
use crate::record::game_record;
use crate::referee::{legal_commands, Actor, Referee, Reply, Request};
use anyhow::Context as _;
use serde_json::json;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// How `aquaretto-bot play` was called.
#[derive(Debug, Clone, Default)]
pub struct PlayOptions {
    /// Creates and starts a game with these players (in seating order);
    /// `cpu:<level>` seats a computer player.
    pub players: Option<Vec<String>>,
    pub seed: Option<u64>,
    /// A stacked deck file.
    pub deck: Option<PathBuf>,
    pub first: Option<String>,
    /// Removed animal types, e.g. "penguin hippo".
    pub removed: Option<String>,
    /// Where pictures are written.
    pub images: Option<PathBuf>,
    /// A script file, or "-" for standard input.
    pub script: Option<String>,
    /// One JSON object per command line.
    pub json: bool,
    /// The channel the local game lives in.
    pub channel: String,
}

/// A terminal player: ids are names in lower case, so names are case-insensitive.
fn actor(name: &str) -> Actor {
    Actor {
        id: name.trim().to_lowercase(),
        name: name.trim().to_string(),
        manages_channel: true,
    }
}

/// The terminal's own id when it opens a table of computer players.
const HOST_ID: &str = "terminal:host";

/// One entry of `--players`.
enum Entrant {
    Person(String),
    Computer(Level),
}

/// `ana` is a person; `cpu:strong` (or `cpu`, a normal one) a computer player.
fn entrant(text: &str) -> Result<Entrant, String> {
    let text = text.trim();
    let lower = text.to_ascii_lowercase();
    if lower == "cpu" {
        return Ok(Entrant::Computer(Level::Normal));
    }
    if let Some(level) = lower.strip_prefix("cpu:") {
        return level.parse().map(Entrant::Computer);
    }
    if text.is_empty() || text.contains(':') {
        return Err(format!(
            "'{text}' cannot be a player's name: names are words without ':'; cpu:easy, cpu:normal or cpu:strong seats a computer player"
        ));
    }
    Ok(Entrant::Person(text.to_string()))
}

/// Splits `ana: /aq draw truck:1` into the name and the command.
pub fn split_line(line: &str) -> (Option<&str>, &str) {
    if let Some((name, rest)) = line.split_once(": ") {
        let name = name.trim();
        if !name.is_empty() && !name.contains("/aq") && !name.contains(':') {
            return (Some(name), rest.trim());
        }
    }
    (None, line.trim())
}

/// Runs local play until the input ends.
pub async fn run(referee: &Referee, opts: &PlayOptions) -> anyhow::Result<()> {
    let mut session = Session {
        referee,
        opts,
        picture_count: 0,
    };
    if let Some(dir) = &opts.images {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    if let Some(players) = &opts.players {
        session.create(players).await?;
    }
    match opts.script.as_deref() {
        Some("-") => {
            let stdin = std::io::stdin();
            session.script(stdin.lock()).await
        }
        Some(path) => {
            let file = std::fs::File::open(path)
                .with_context(|| format!("cannot open the script {path}"))?;
            session.script(std::io::BufReader::new(file)).await
        }
        None => session.interactive().await,
    }
}

struct Session<'a> {
    referee: &'a Referee,
    opts: &'a PlayOptions,
    picture_count: usize,
}

impl Session<'_> {
    async fn send(&self, who: &str, command: Command) -> Reply {
        self.send_as(actor(who), command).await
    }

    async fn send_as(&self, actor: Actor, command: Command) -> Reply {
        self.referee
            .handle(Request {
                channel: self.opts.channel.clone(),
                guild: None,
                actor,
                command,
                via: Default::default(),
            })
            .await
    }

    /// Opens, fills and starts a game from `--players`: names of people, and
    /// `cpu:<level>` (or `cpu`, a normal one) for computer players, seated in
    /// the order given. The first person opens the game; when the list starts
    /// with a computer player, the terminal itself opens it and leaves before
    /// the start.
    async fn create(&mut self, players: &[String]) -> anyhow::Result<()> {
        let entrants = players
            .iter()
            .map(|p| entrant(p))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| anyhow::anyhow!(e))?;
        let Some(first) = entrants.first() else {
            anyhow::bail!("--players needs at least one name");
        };
        let host = match first {
            Entrant::Person(name) => actor(name),
            Entrant::Computer(_) => Actor {
                id: HOST_ID.to_string(),
                name: "host".to_string(),
                manages_channel: true,
            },
        };
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
                    .map_err(|e: String| anyhow::anyhow!(e))?,
            ),
            None => None,
        };
        let new = Command::New {
            removed,
            first: self.opts.first.clone(),
            seed: self.opts.seed,
            deck,
        };
        let mut replies = vec![self.send_as(host.clone(), new).await];
        let seated_host = matches!(first, Entrant::Person(_));
        for (i, e) in entrants.iter().enumerate() {
            let reply = match e {
                Entrant::Person(_) if i == 0 => continue,
                Entrant::Person(name) => self.send(name, Command::Join).await,
                Entrant::Computer(level) => {
                    let add = Command::AddBot {
                        level: Some(*level),
                    };
                    self.send_as(host.clone(), add).await
                }
            };
            replies.push(reply);
        }
        let mut starter = host.clone();
        if !seated_host {
            replies.push(self.send_as(host.clone(), Command::Leave).await);
            // The lobby passed to the first person, if there is one.
            if let Some(Entrant::Person(name)) =
                entrants.iter().find(|e| matches!(e, Entrant::Person(_)))
            {
                starter = actor(name);
            }
        }
        replies.push(self.send_as(starter, Command::Start).await);
        for reply in &replies {
            if !reply.accepted {
                anyhow::bail!("{}", reply.text);
            }
        }
        if !self.opts.json {
            if let Some(last) = replies.last() {
                self.show(last, true)?;
            }
        }
        Ok(())
    }

    /// Who acts when a line names nobody: the player to act, else the creator.
    async fn default_actor(&self) -> Option<String> {
        let loaded = self
            .referee
            .open_game(&self.opts.channel)
            .await
            .ok()??
            .ok()?;
        match &loaded.game {
            Some(game) => game
                .to_act()
                .and_then(|s| loaded.seats.get(s))
                .map(|s| s.name.clone()),
            None => loaded
                .seats
                .iter()
                .find(|s| s.user_id == loaded.row.creator)
                .map(|s| s.name.clone()),
        }
    }

    async fn record(&self) -> anyhow::Result<serde_json::Value> {
        Ok(
            match self
                .referee
                .find_game(None, Some(&self.opts.channel))
                .await?
            {
                Some(Ok(l)) => game_record(&l.row, &l.seats, &l.log, l.game.as_ref()),
                Some(Err(damage)) => json!({"damaged": damage.to_string()}),
                None => serde_json::Value::Null,
            },
        )
    }

    /// The legal moves of whoever must act, as command text.
    async fn legal(&self) -> anyhow::Result<Vec<String>> {
        Ok(match self.referee.open_game(&self.opts.channel).await? {
            Some(Ok(loaded)) => legal_commands(&loaded),
            _ => Vec::new(),
        })
    }

    /// A line that is a number picks that move from the list `moves` shows:
    /// the command it stands for, or why there is none. `None` when the line
    /// is not a number.
    async fn numbered(&self, text: &str) -> Option<Result<String, String>> {
        let n: usize = text.trim().parse().ok()?;
        let legal = match self.legal().await {
            Ok(legal) => legal,
            Err(e) => return Some(Err(format!("cannot read the game: {e:#}"))),
        };
        Some(match n.checked_sub(1).and_then(|i| legal.get(i)) {
            Some(command) => Ok(command.clone()),
            None if legal.is_empty() => Err("Nobody may move now.".into()),
            None => Err(format!(
                "There is no move {n}: type moves to list the {} legal moves.",
                legal.len()
            )),
        })
    }

    /// Runs every line of a script, refused or not.
    async fn script(&mut self, input: impl BufRead) -> anyhow::Result<()> {
        let mut out = std::io::stdout().lock();
        for (i, line) in input.lines().enumerate() {
            let line = line.context("cannot read the script")?;
            let trimmed = line.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let (name, text) = split_line(trimmed);
            let (text, out_path) = split_out(text);
            let who = match name {
                Some(n) => n.to_string(),
                None => self
                    .default_actor()
                    .await
                    .unwrap_or_else(|| "player".into()),
            };
            let (played, parsed) = match self.numbered(text).await {
                Some(Ok(picked)) => (Some(picked.clone()), command::parse(&picked)),
                Some(Err(why)) => (None, Err(why)),
                None => (None, command::parse(text)),
            };
            let reply = match parsed {
                Ok(command) => self.send(&who, command).await,
                Err(why) => Reply {
                    text: why,
                    private: true,
                    ..Reply::default()
                },
            };
            let pictures = self.save_pictures(&reply)?;
            let files = self.save_files(&reply, out_path.as_deref())?;
            if self.opts.json {
                let record = self.record().await?;
                let mut obj = json!({
                    "line": i + 1,
                    "player": who,
                    "command": text,
                    "ok": reply.accepted,
                    "reply": reply.text,
                    "pictures": pictures,
                    "files": files,
                    "game": record,
                    "legal": self.legal().await?,
                });
                if let Some(played) = played {
                    obj["played"] = json!(played);
                }
                writeln!(out, "{obj}")?;
            } else {
                writeln!(
                    out,
                    "{who}: {text}\n{}{}",
                    if reply.accepted { "" } else { "refused: " },
                    plain_times(&reply.text)
                )?;
                for f in &files {
                    writeln!(out, "(file: {f})")?;
                }
            }
            out.flush()?;
        }
        Ok(())
    }

    /// Hot-seat play at the keyboard.
    async fn interactive(&mut self) -> anyhow::Result<()> {
        let stdin = std::io::stdin();
        let mut lines = stdin.lock().lines();
        let open = self.referee.open_game(&self.opts.channel).await?;
        match open {
            Some(Ok(loaded)) => {
                println!(
                    "Continuing game #{} (saved in the database).",
                    loaded.row.id
                );
                let reply = self
                    .send(
                        &self.default_actor().await.unwrap_or_default(),
                        Command::Board,
                    )
                    .await;
                self.show(&reply, true)?;
            }
            Some(Err(damage)) => println!(
                "The game in this channel is damaged: {damage}. Type /aq abandon to end it."
            ),
            None => loop {
                print!("Players, 2 to 5 names separated by commas, cpu:easy, cpu:normal or cpu:strong for a computer player (or quit): ");
                std::io::stdout().flush()?;
                let Some(line) = lines.next() else {
                    return Ok(());
                };
                let line = line?;
                if matches!(line.trim(), "quit" | "exit") {
                    return Ok(());
                }
                let names: Vec<String> = line
                    .split(',')
                    .map(|s| s.trim().to_string())
                    .filter(|s| !s.is_empty())
                    .collect();
                match self.create(&names).await {
                    Ok(()) => break,
                    Err(e) => println!("{e}"),
                }
            },
        }
        println!("Type a command (help lists them; moves lists the legal moves, and a number plays one; 'name: command' acts as another player; quit to stop - the game is saved).");
        loop {
            let who = self.default_actor().await;
            print!("{}> ", who.as_deref().unwrap_or(""));
            std::io::stdout().flush()?;
            let Some(line) = lines.next() else { break };
            let line = line?;
            let trimmed = line.trim();
            if trimmed.is_empty() {
                continue;
            }
            if matches!(trimmed, "quit" | "exit") {
                break;
            }
            let (name, text) = split_line(trimmed);
            let (text, out_path) = split_out(text);
            let who = name
                .map(str::to_string)
                .or(who)
                .unwrap_or_else(|| "player".into());
            let text = match self.numbered(text).await {
                Some(Ok(picked)) => {
                    println!("{who}: {picked}");
                    picked
                }
                Some(Err(why)) => {
                    println!("{why}");
                    continue;
                }
                None => text.to_string(),
            };
            match command::parse(&text) {
                Ok(command) => {
                    let full = command.is_move()
                        || matches!(
                            command,
                            Command::Board
                                | Command::Start
                                | Command::History {
                                    move_n: Some(_),
                                    ..
                                }
                        );
                    let reply = self.send(&who, command).await;
                    self.show(&reply, full)?;
                    for f in self.save_files(&reply, out_path.as_deref())? {
                        println!("(file: {f})");
                    }
                    if out_path.is_none() {
                        for f in reply.files.iter().filter(|f| f.name.ends_with(".json")) {
                            println!("{}", String::from_utf8_lossy(&f.bytes).trim_end());
                        }
                    }
                }
                Err(why) => println!("{why}"),
            }
        }
        println!("Bye: the game is saved; `aquaretto-bot play` continues it.");
        Ok(())
    }

    fn show(&mut self, reply: &Reply, with_board: bool) -> anyhow::Result<()> {
        if with_board && reply.accepted {
            if let Some(board) = &reply.board {
                println!("{board}");
            }
        }
        if reply.accepted {
            println!("{}", plain_times(&reply.text));
        } else {
            println!("Refused: {}", plain_times(&reply.text));
        }
        for path in self.save_pictures(reply)? {
            println!("(picture: {path})");
        }
        Ok(())
    }

    /// Writes a reply's files (an export, a replay): the first to `out` when
    /// the command ended with `--out FILE`, else into `--images` when given.
    /// Says where each went, or how to save it.
    fn save_files(&mut self, reply: &Reply, out: Option<&Path>) -> anyhow::Result<Vec<String>> {
        let mut said = Vec::new();
        for (i, f) in reply.files.iter().enumerate() {
            let path = match (out, &self.opts.images) {
                (Some(out), _) if i == 0 => out.to_path_buf(),
                (_, Some(dir)) => dir.join(&f.name),
                _ => {
                    said.push(format!(
                        "{} ({} KB) not saved: end the command with --out FILE to save it",
                        f.name,
                        f.bytes.len().div_ceil(1024)
                    ));
                    continue;
                }
            };
            std::fs::write(&path, &f.bytes)
                .with_context(|| format!("cannot write {}", path.display()))?;
            said.push(format!(
                "{} ({} KB)",
                path.display(),
                f.bytes.len().div_ceil(1024)
            ));
        }
        Ok(said)
    }

    fn save_pictures(&mut self, reply: &Reply) -> anyhow::Result<Vec<String>> {
        let Some(dir) = &self.opts.images else {
            return Ok(Vec::new());
        };
        let mut paths = Vec::new();
        for p in &reply.pictures {
            self.picture_count += 1;
            let path = dir.join(format!("{:04}-{}", self.picture_count, p.name));
            std::fs::write(&path, &p.png)
                .with_context(|| format!("cannot write {}", path.display()))?;
            paths.push(path.display().to_string());
        }
        Ok(paths)
    }
}

/// A command's text and the file named by a trailing `--out FILE`.
fn split_out(text: &str) -> (&str, Option<PathBuf>) {
    match text.rsplit_once(" --out ") {
        Some((command, path)) if !path.trim().is_empty() => {
            (command.trim_end(), Some(PathBuf::from(path.trim())))
        }
        _ => (text, None),
    }
}

/// A reply for the terminal: Discord's time tags (`<t:UNIX:R>`) written as
/// UTC dates, and its bold and strike-through marks left out.
fn plain_times(text: &str) -> String {
    let unmarked = text.replace("**", "").replace("~~", "");
    let mut out = String::with_capacity(unmarked.len());
    let mut rest = unmarked.as_str();
    while let Some(start) = rest.find("<t:") {
        out.push_str(&rest[..start]);
        let tail = &rest[start + 3..];
        let parsed = tail.find('>').and_then(|end| {
            let inner = &tail[..end];
            let seconds: i64 = inner.split(':').next()?.parse().ok()?;
            let at = time::OffsetDateTime::from_unix_timestamp(seconds).ok()?;
            let shown = format!(
                "{:04}-{:02}-{:02} {:02}:{:02} UTC",
                at.year(),
                u8::from(at.month()),
                at.day(),
                at.hour(),
                at.minute()
            );
            Some((shown, end))
        });
        match parsed {
            Some((shown, end)) => {
                out.push_str(&shown);
                rest = &tail[end + 1..];
            }
            None => {
                out.push_str("<t:");
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::{plain_times, split_line, split_out};

    #[test]
    fn time_tags_read_as_dates_and_out_files_split_off() {
        assert_eq!(
            plain_times("**1.** moved <t:1795000000:R>, then <t:x:R>"),
            "1. moved 2026-11-18 11:06 UTC, then <t:x:R>"
        );
        assert_eq!(
            split_out("replay speed:fast --out game.gif"),
            ("replay speed:fast", Some("game.gif".into()))
        );
        assert_eq!(split_out("replay"), ("replay", None));
    }

    #[test]
    fn a_line_may_name_its_player() {
        assert_eq!(
            split_line("ana: /aq draw truck:1"),
            (Some("ana"), "/aq draw truck:1")
        );
        assert_eq!(split_line("/aq draw truck:1"), (None, "/aq draw truck:1"));
        assert_eq!(split_line("take truck:2"), (None, "take truck:2"));
        assert_eq!(
            split_line("ana maria: take truck:2"),
            (Some("ana maria"), "take truck:2")
        );
    }
}
