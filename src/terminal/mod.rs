//! Local play: a hot-seat game in the terminal, through the same referee and
//! database as Discord. Also runs scripts of `<name>: /aq <command>` lines, with
//! one JSON object per line when asked, for tests and tools.
//!
//! At the keyboard the terminal is always in one of two places: the names
//! prompt (`seating`), while no game runs, which seats players until the
//! table starts; and the game, whose prompt names the player to act, until
//! the game ends or is abandoned, when the names prompt comes back. Every
//! line there goes to the referee as a command (a number as the move it
//! stands for), so no line can leave the terminal stuck.
//!
//! The terminal holds no game logic: it only turns lines into requests.
//!
//! It speaks one language, chosen at start ([`choose_lang`]): its own
//! sentences (`locales/<lang>/terminal.ftl`) and the referee's replies,
//! said with plain markup (names, UTC dates). The language goes to the
//! referee with every request, as the asker's locale.

mod lines;
mod places;
mod seating;

pub use lines::split_line;

use crate::command::{self, Command};
use crate::lang::{self, Lang, Text};
use crate::referee::{legal_commands, Actor, Front, Referee, Reply, Request, Via};
use anyhow::Context as _;
use lines::split_out;
use serde_json::json;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// How `aquaretto-bot play` was called.
#[derive(Clone, Default)]
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
    /// The language the terminal speaks ([`choose_lang`]).
    pub lang: Lang,
    /// The web pages, when `aquaretto-bot web` serves them: the terminal
    /// prints its game's links.
    pub web: Option<std::sync::Arc<dyn crate::referee::Links>>,
}

/// The terminal's language: `--lang`, else the environment's (`LC_ALL`, then
/// `LC_MESSAGES`, then `LANG`, as POSIX orders them), else English. A
/// `--lang` the bot does not speak is refused with the choices; a locale of
/// the environment we do not speak (`C`, `pt_BR.UTF-8`) means English.
pub fn choose_lang(flag: Option<&str>, env: impl Fn(&str) -> Option<String>) -> Result<Lang, Text> {
    if let Some(code) = flag {
        return Lang::find(code).ok_or_else(|| {
            let choices: Vec<String> = Lang::all().iter().map(Lang::code).collect();
            Text::msg("terminal-unknown-lang")
                .arg("lang", code)
                .arg("choices", choices.join(", "))
        });
    }
    let set = ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(env)
        .find(|v| !v.trim().is_empty());
    Ok(set.map_or_else(Lang::english, |v| Lang::for_locale(&v)))
}

/// A terminal player: ids are names in lower case, so names are case-insensitive.
fn actor(name: &str) -> Actor {
    Actor {
        id: name.trim().to_lowercase(),
        name: name.trim().to_string(),
        manages_channel: true,
    }
}

/// The first thing said once a game begins at the keyboard: how a turn
/// works, and the three commands to try first.
const FIRST_TURN: &str = "terminal-first-turn";

/// Runs local play until the input ends.
pub async fn run(referee: &Referee, opts: &PlayOptions) -> anyhow::Result<()> {
    let mut session = Session {
        referee,
        opts,
        here: opts.channel.clone(),
        picture_count: 0,
    };
    if let Some(dir) = &opts.images {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    session.catch_up().await?;
    if let Some(players) = &opts.players {
        session.create(players).await?;
        if opts.script.is_none() {
            session.first_turn().await?;
        }
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
    /// The channel the keyboard is at: the local game's (`opts.channel`),
    /// or a tournament's table (`go`, see `places`).
    here: String,
    picture_count: usize,
}

impl Session<'_> {
    /// Computer seats left due (the program stopped while one was to move)
    /// play now, once, and tournaments run on; what they said in the
    /// channels the keyboard knows is shown (not in `--json`, whose lines
    /// answer the script's).
    async fn catch_up(&self) -> anyhow::Result<()> {
        let letters = self.follow().await?;
        if !self.opts.json {
            for said in &letters {
                println!("{said}");
            }
        }
        Ok(())
    }

    /// What a scheduler would have had happen by now (see
    /// [`Referee::catch_up`]), and the messages it left in the local game's
    /// channel and the one the keyboard is at, said in the terminal's
    /// language.
    async fn follow(&self) -> anyhow::Result<Vec<String>> {
        let now = self.referee.clock().now();
        let home = self.opts.channel.as_str();
        let channels: Vec<&str> = if self.here == home {
            vec![home]
        } else {
            vec![home, self.here.as_str()]
        };
        let letters = self.referee.catch_up(&channels, now).await?;
        Ok(letters.iter().map(|words| self.say(words)).collect())
    }

    /// `text` in the terminal's language.
    fn say(&self, text: &Text) -> String {
        lang::plain(&self.opts.lang, text)
    }

    /// How a turn works, said once a game begins; with several people at
    /// the keyboard, how one of them acts (named after one of them).
    async fn first_turn(&self) -> anyhow::Result<()> {
        let Some(Ok(loaded)) = self.referee.open_game(&self.here).await? else {
            return Ok(());
        };
        println!("{}", self.word(FIRST_TURN));
        let people: Vec<&str> = loaded
            .seats()
            .iter()
            .filter(|s| !s.is_auto())
            .map(|s| s.name.as_str())
            .collect();
        if let [_, .., last] = people.as_slice() {
            println!(
                "{}",
                self.say(&Text::msg("terminal-acts-as").arg("name", *last))
            );
        }
        self.print_links(&loaded).await;
        Ok(())
    }

    /// With the web pages on: the game's page, and each person's link to
    /// play it in the browser.
    async fn print_links(&self, loaded: &crate::referee::Loaded) {
        let Some(web) = &self.opts.web else {
            return;
        };
        let game = loaded.id();
        match web.url(&crate::referee::WebAsk::Watch(game)).await {
            Ok(url) => println!(
                "{}",
                self.say(&Text::msg("terminal-web-watch").arg("url", url))
            ),
            Err(e) => tracing::warn!("no link to the game's page: {e:#}"),
        }
        for seat in loaded.seats().iter().filter(|s| !s.is_auto()) {
            let ask = crate::referee::WebAsk::Play {
                game,
                user: seat.user_id.clone(),
            };
            if let Ok(url) = web.url(&ask).await {
                println!(
                    "{}",
                    self.say(
                        &Text::msg("terminal-web-play")
                            .arg("name", seat.name.clone())
                            .arg("url", url)
                    )
                );
            }
        }
    }

    fn word(&self, key: &'static str) -> String {
        lang::word(&self.opts.lang, key)
    }

    async fn send(&self, who: &str, command: Command) -> Reply {
        self.send_as(actor(who), command).await
    }

    /// A line's command text played as `who`, or the referee's refusal of
    /// text it cannot read.
    async fn run_text(&self, who: &str, text: &str) -> Reply {
        match command::parse(text) {
            Ok(command) => self.send(who, command).await,
            Err(why) => self.not_understood(&actor(who), &why).await,
        }
    }

    /// Why a line's text is no command, as the referee says it to `who`.
    async fn not_understood(&self, who: &Actor, why: &command::ParseError) -> Reply {
        self.referee
            .not_understood(&self.here, &who.id, &self.via(), why)
            .await
    }

    /// Where the terminal's requests come from.
    fn via(&self) -> Via {
        Via {
            front: Front::Terminal,
            locale: Some(self.opts.lang.code()),
            ..Via::default()
        }
    }

    async fn send_as(&self, actor: Actor, command: Command) -> Reply {
        self.referee
            .handle(Request {
                channel: self.here.clone(),
                guild: None,
                actor,
                command,
                via: self.via(),
            })
            .await
    }

    /// Who acts when a line names nobody: the player to act, else the creator.
    async fn default_actor(&self) -> Option<String> {
        let loaded = self.referee.open_game(&self.here).await.ok()??.ok()?;
        match &loaded.game() {
            Some(game) => game
                .to_act()
                .and_then(|s| loaded.seats().get(s))
                .map(|s| s.name.clone()),
            None => loaded
                .seats()
                .iter()
                .find(|s| s.user_id == loaded.creator())
                .map(|s| s.name.clone()),
        }
    }

    async fn record(&self) -> anyhow::Result<serde_json::Value> {
        Ok(
            match self.referee.find_game(None, Some(&self.here)).await? {
                Some(Ok(l)) => l.record(),
                Some(Err(damage)) => json!({"damaged": damage.to_string()}),
                None => serde_json::Value::Null,
            },
        )
    }

    /// The legal moves of whoever must act, as command text.
    async fn legal(&self) -> anyhow::Result<Vec<String>> {
        Ok(match self.referee.open_game(&self.here).await? {
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
            Err(e) => {
                let why = Text::msg("terminal-cannot-read").arg("error", format!("{e:#}"));
                return Some(Err(self.say(&why)));
            }
        };
        Some(match n.checked_sub(1).and_then(|i| legal.get(i)) {
            Some(command) => Ok(command.clone()),
            None if legal.is_empty() => Err(self.word("terminal-nobody-moves")),
            None => Err(self.say(
                &Text::msg("terminal-no-such-move")
                    .arg("n", n)
                    .arg("count", legal.len()),
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
            if let Some(target) = places::go_target(trimmed) {
                let (ok, answer) = match self.go(target).await? {
                    Ok(said) => (true, said),
                    Err(why) if self.opts.json => (false, why),
                    Err(why) => (
                        false,
                        self.say(&Text::msg("terminal-script-refused").arg("why", why)),
                    ),
                };
                if self.opts.json {
                    let obj = json!({
                        "line": i + 1,
                        "command": trimmed,
                        "ok": ok,
                        "reply": answer,
                        "place": self.here,
                        "game": self.record().await?,
                        "legal": self.legal().await?,
                    });
                    writeln!(out, "{obj}")?;
                } else {
                    writeln!(out, "{trimmed}\n{answer}")?;
                }
                out.flush()?;
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
            let (played, reply) = match self.numbered(text).await {
                Some(Ok(picked)) => (Some(picked.clone()), self.run_text(&who, &picked).await),
                Some(Err(why)) => (
                    None,
                    Reply {
                        words: Text::Raw(why),
                        private: true,
                        lang: self.opts.lang.clone(),
                        ..Reply::default()
                    },
                ),
                None => (None, self.run_text(&who, text).await),
            };
            let pictures = self.save_pictures(&reply)?;
            let files = self.save_files(&reply, out_path.as_deref())?;
            let mut letters = self.follow().await?;
            letters.extend(self.leave_if_over().await?);
            if self.opts.json {
                let record = self.record().await?;
                let mut obj = json!({
                    "line": i + 1,
                    "player": who,
                    "command": text,
                    "ok": reply.accepted,
                    "reply": said(&reply),
                    "pictures": pictures,
                    "files": files,
                    "game": record,
                    "legal": self.legal().await?,
                });
                if let Some(played) = played {
                    obj["played"] = json!(played);
                }
                if !letters.is_empty() {
                    obj["letters"] = json!(letters);
                }
                if self.away() {
                    obj["place"] = json!(self.here);
                }
                writeln!(out, "{obj}")?;
            } else {
                let answer = said(&reply);
                let answer = if reply.accepted {
                    answer
                } else {
                    // The prefix in the language of the sentence it heads.
                    lang::plain(
                        &reply.lang,
                        &Text::msg("terminal-script-refused").arg("why", answer),
                    )
                };
                writeln!(out, "{who}: {text}\n{answer}")?;
                for f in &files {
                    writeln!(
                        out,
                        "{}",
                        self.say(&Text::msg("terminal-file").arg("file", f))
                    )?;
                }
                for said in &letters {
                    writeln!(out, "{said}")?;
                }
            }
            out.flush()?;
        }
        Ok(())
    }

    /// Hot-seat play at the keyboard: the names prompt while no game runs,
    /// the game's prompt while one does.
    async fn interactive(&mut self) -> anyhow::Result<()> {
        let stdin = std::io::stdin();
        let mut input = stdin.lock().lines();
        let mut first = true;
        loop {
            let running = match self.referee.open_game(&self.here).await? {
                Some(Ok(loaded)) => loaded.game().is_some(),
                Some(Err(damage)) => {
                    let damaged = Text::msg("terminal-damaged").arg("damage", damage.to_string());
                    println!("{}", self.say(&damaged));
                    true
                }
                None => false,
            };
            if let Some(said) = self.leave_if_over().await? {
                println!("{said}");
                continue;
            }
            if !running {
                match self.gather(&mut input).await? {
                    seating::Gathered::Started => {
                        self.first_turn().await?;
                    }
                    seating::Gathered::Quit => break,
                }
            } else if first && self.opts.players.is_none() {
                if let Some(Ok(loaded)) = self.referee.open_game(&self.here).await? {
                    let game = loaded.id().to_string();
                    println!(
                        "{}",
                        self.say(&Text::msg("terminal-continuing").arg("game", game))
                    );
                }
                let who = self.default_actor().await.unwrap_or_default();
                let reply = self.send(&who, Command::Board).await;
                self.show(&reply, true)?;
                if let Some(Ok(loaded)) = self.referee.open_game(&self.here).await? {
                    self.print_links(&loaded).await;
                }
                println!("{}", self.word("terminal-type-a-command"));
            }
            first = false;
            if !self.play_game(&mut input).await? {
                break;
            }
        }
        if self.referee.open_game(&self.here).await?.is_some() {
            println!("{}", self.word("terminal-bye-saved"));
        } else {
            println!("{}", self.word("terminal-bye"));
        }
        Ok(())
    }

    /// The game's prompt, until the input ends or `quit` (false), or until
    /// no game runs any more (true): it ended, or was abandoned.
    async fn play_game(
        &mut self,
        input: &mut impl Iterator<Item = std::io::Result<String>>,
    ) -> anyhow::Result<bool> {
        loop {
            match self.referee.open_game(&self.here).await? {
                Some(Ok(loaded)) if loaded.game().is_none() => return Ok(true),
                Some(_) => {}
                None if self.away() => return Ok(true),
                None => {
                    println!("{}", self.word("terminal-no-game-now"));
                    return Ok(true);
                }
            }
            if self.opts.web.is_some() {
                // Moves clicked in the browser since the last line.
                self.catch_up().await?;
            }
            let who = self.default_actor().await;
            if self.away() {
                print!("[{}] ", self.place_name());
            }
            print!("{}> ", who.as_deref().unwrap_or(""));
            std::io::stdout().flush()?;
            let Some(line) = input.next() else {
                return Ok(false);
            };
            let line = line?;
            let trimmed = line.trim();
            if trimmed.is_empty() {
                continue;
            }
            if matches!(trimmed, "quit" | "exit") {
                return Ok(false);
            }
            self.typed(trimmed, who.as_deref().map(actor)).await?;
        }
    }

    /// A line typed at either prompt, as a command: `name: command` acts as
    /// that player, else `who` (the player to act, or the lobby's creator);
    /// a number plays that move of the `moves` list.
    async fn typed(&mut self, line: &str, who: Option<Actor>) -> anyhow::Result<()> {
        if let Some(target) = places::go_target(line) {
            match self.go(target).await? {
                Ok(said) => {
                    println!("{said}");
                    if self.referee.open_game(&self.here).await?.is_some() {
                        let who = self.default_actor().await.unwrap_or_default();
                        let reply = self.send(&who, Command::Board).await;
                        self.show(&reply, true)?;
                    }
                }
                Err(why) => println!("{}", self.refused(why)),
            }
            return Ok(());
        }
        let (name, text) = split_line(line);
        let (text, out_path) = split_out(text);
        let who = name.map(actor).or(who).unwrap_or_else(|| actor("player"));
        let text = match self.numbered(text).await {
            Some(Ok(picked)) => {
                println!("{}: {picked}", who.name);
                picked
            }
            Some(Err(why)) => {
                println!("{}", self.refused(why));
                return Ok(());
            }
            None => text.to_string(),
        };
        let command = match command::parse(&text) {
            Ok(command) => command,
            Err(why) => {
                let reply = self.not_understood(&who, &why).await;
                println!("{}", refused(&reply));
                return Ok(());
            }
        };
        let full = command.is_move()
            || matches!(
                command,
                Command::Board
                    | Command::Start
                    | Command::Rematch
                    | Command::History {
                        move_n: Some(_),
                        ..
                    }
            );
        let reply = self.send_as(who, command).await;
        self.show(&reply, full)?;
        for f in self.save_files(&reply, out_path.as_deref())? {
            println!("{}", self.say(&Text::msg("terminal-file").arg("file", f)));
        }
        if out_path.is_none() {
            for f in reply.files.iter().filter(|f| f.name.ends_with(".json")) {
                println!("{}", String::from_utf8_lossy(&f.bytes).trim_end());
            }
        }
        // A tournament's round may have opened or closed.
        self.catch_up().await
    }

    fn show(&mut self, reply: &Reply, with_board: bool) -> anyhow::Result<()> {
        if with_board && reply.accepted {
            if let Some(board) = &reply.board {
                println!("{board}");
            }
        }
        if reply.accepted {
            println!("{}", said(reply));
        } else {
            println!("{}", refused(reply));
        }
        for path in self.save_pictures(reply)? {
            println!(
                "{}",
                self.say(&Text::msg("terminal-picture").arg("path", path))
            );
        }
        Ok(())
    }

    /// `Refused: ...` in the terminal's language.
    fn refused(&self, why: String) -> String {
        self.say(&Text::msg("terminal-refused").arg("why", why))
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
                    said.push(
                        self.say(
                            &Text::msg("terminal-file-not-saved")
                                .arg("name", &f.name)
                                .arg("kb", f.bytes.len().div_ceil(1024)),
                        ),
                    );
                    continue;
                }
            };
            std::fs::write(&path, &f.bytes)
                .with_context(|| format!("cannot write {}", path.display()))?;
            said.push(
                self.say(
                    &Text::msg("terminal-file-saved")
                        .arg("path", path.display().to_string())
                        .arg("kb", f.bytes.len().div_ceil(1024)),
                ),
            );
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

/// A reply said in its own language (the referee's choice) with the
/// terminal's markup: names and UTC dates.
/// A refused reply with its prefix, both in the reply's language (the
/// reader's), never the prefix in one language and the sentence in another.
fn refused(reply: &Reply) -> String {
    lang::plain(
        &reply.lang,
        &Text::msg("terminal-refused").arg("why", said(reply)),
    )
}

fn said(reply: &Reply) -> String {
    lang::say(&reply.lang, &reply.words, &lang::Plain)
}
