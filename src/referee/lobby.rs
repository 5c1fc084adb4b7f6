//! The lobby and the table: `new`, `join`, `leave`, `start`, `abandon`.

use super::{Loaded, Referee, Reply, Request};
use crate::clock::rfc3339;
use crate::command::Command;
use crate::cpu::Level;
use crate::engine::{Animal, Deck, Game, Setup};
use crate::store::{self, GameRow, GameStatus, NewGame, SeatRow, Tx};
use std::fmt::Write as _;
impl Referee {
    // ----- lobby -----

    pub(super) async fn lobby(&self, req: &Request) -> anyhow::Result<Reply> {
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        let open = store::open_game(&mut tx, &req.channel).await?;
        let mut reply = match (&req.command, open) {
            (Command::New { removed, first, seed, deck }, None) => {
                self.open_lobby(&mut tx, req, removed.as_deref(), first.as_deref(), *seed, deck.as_deref())
                    .await?
            }
            (Command::New { .. }, Some(row)) => Reply::refused(format!(
                "game #{} is already {} in this channel: finish it, or its creator abandons it with /aq game abandon",
                row.id,
                if row.status == GameStatus::Lobby { "gathering players" } else { "running" }
            )),
            (_, None) => Reply::refused("no game is open in this channel: open one with /aq game new"),
            (Command::Abandon, Some(row)) => self.abandon(&mut tx, req, row).await?,
            (_, Some(row)) if row.status != GameStatus::Lobby => {
                Reply::refused(format!("game #{} has already started", row.id))
            }
            (Command::Join, Some(row)) => self.join(&mut tx, req, row).await?,
            (Command::Leave, Some(row)) => self.leave(&mut tx, req, row).await?,
            (Command::AddBot { level }, Some(row)) => {
                self.add_bot(&mut tx, req, row, level.unwrap_or(Level::Normal)).await?
            }
            (Command::RemoveBot, Some(row)) => self.remove_bot(&mut tx, req, row).await?,
            (Command::Start, Some(row)) => return self.start(tx, req, row).await,
            (_, Some(_)) => Reply::refused("that is not a lobby command"),
        };
        let gathers = matches!(
            req.command,
            Command::New { .. }
                | Command::Join
                | Command::Leave
                | Command::AddBot { .. }
                | Command::RemoveBot
        );
        if let (true, true, Some(id)) = (reply.accepted, gathers, reply.game_id) {
            // The lobby's newest message carries its buttons; the one before
            // loses them (its log is empty: length 0).
            reply.seq = Some(0);
            let open = store::game_by_id(&mut tx, id).await?;
            if open.is_some_and(|row| row.status == GameStatus::Lobby) {
                reply.controls = Some(crate::controls::lobby_panel(id));
            }
        }
        if reply.accepted {
            tx.commit().await?;
        }
        Ok(reply)
    }

    pub(super) async fn open_lobby(
        &self,
        tx: &mut Tx,
        req: &Request,
        removed: Option<&[Animal]>,
        first: Option<&str>,
        seed: Option<u64>,
        deck: Option<&str>,
    ) -> anyhow::Result<Reply> {
        if let Some(show) = removed.and_then(|r| r.iter().find(|a| a.is_show_animal())) {
            return Ok(Reply::refused(format!(
                "{} cannot be removed: dolphins, orcas and sea lions always play; remove fish eaters (turtle, penguin, polarbear, crocodile, hippo)",
                show.plural()
            )));
        }
        let deck = match deck.map(Deck::parse).transpose() {
            Ok(deck) => deck,
            Err(e) => return Ok(Reply::refused(crate::lang::engine::setup_error(&e))),
        };
        // Whoever chose the order may know it: such a game is practice.
        let practice = seed.is_some() || deck.is_some();
        let seed = match seed {
            Some(seed) => seed,
            None => fresh_seed()?,
        };
        let now = self.now_text();
        let id = store::insert_game(
            tx,
            NewGame {
                channel: &req.channel,
                guild: req.guild.as_deref(),
                creator: &req.actor.id,
                seed,
                removed,
                first,
                deck: deck.as_ref(),
                practice,
                now: &now,
            },
        )
        .await?;
        let name = unique_name(&req.actor.name, &[]);
        store::add_seat(tx, id, &req.actor.id, &name, None).await?;
        let mut text = format!(
            "{name} opened game #{id} of Aquaretto. Join with the Join button or /aq game join; {name} starts it with Start or /aq game start once 2 to 5 players are seated."
        );
        if practice {
            let _ = write!(text, "\n{}", practice_note());
        }
        let mut reply = Reply::public(text);
        reply.game_id = Some(id);
        Ok(reply)
    }

    pub(super) async fn join(
        &self,
        tx: &mut Tx,
        req: &Request,
        row: GameRow,
    ) -> anyhow::Result<Reply> {
        let seats = store::seats(tx, row.id).await?;
        if seats.iter().any(|s| s.user_id == req.actor.id) {
            return Ok(Reply::refused(format!(
                "you are already seated in game #{}",
                row.id
            )));
        }
        if seats.len() >= crate::engine::setup::MAX_PLAYERS {
            return Ok(Reply::refused(
                "the table is full: Aquaretto seats 5 players at most",
            ));
        }
        let name = unique_name(&req.actor.name, &seats);
        store::add_seat(tx, row.id, &req.actor.id, &name, None).await?;
        let mut names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        names.push(name.clone());
        let mut reply = Reply::public(format!(
            "{name} joined game #{}. Seated: {}.",
            row.id,
            names.join(", ")
        ));
        reply.game_id = Some(row.id);
        Ok(reply)
    }

    pub(super) async fn leave(
        &self,
        tx: &mut Tx,
        req: &Request,
        row: GameRow,
    ) -> anyhow::Result<Reply> {
        let seats = store::seats(tx, row.id).await?;
        let Some(me) = seats.iter().find(|s| s.user_id == req.actor.id) else {
            return Ok(Reply::refused(format!(
                "you are not seated in game #{}",
                row.id
            )));
        };
        store::remove_seat(tx, row.id, &req.actor.id).await?;
        let rest: Vec<&SeatRow> = seats.iter().filter(|s| s.user_id != req.actor.id).collect();
        let mut text = format!("{} left game #{}.", me.name, row.id);
        if row.creator == req.actor.id {
            // A person runs the lobby; computer players cannot, but a table of
            // them may be started (and watched) by the one who leaves it.
            match (rest.iter().find(|s| !s.is_auto()), rest.first()) {
                (Some(next), _) => {
                    store::set_creator(tx, row.id, &next.user_id).await?;
                    let _ = write!(text, " {} now runs the lobby.", next.name);
                }
                (None, Some(_)) => {
                    let _ = write!(
                        text,
                        " Only computer players are seated: {} still runs the lobby (/aq game start plays the game out, /aq game abandon closes it).",
                        crate::text::safe_name(&req.actor.name)
                    );
                }
                (None, None) => {
                    store::set_status(tx, row.id, GameStatus::Abandoned, None, &self.now_text())
                        .await?;
                    text.push_str(" Nobody is left, so the lobby is closed.");
                }
            }
        }
        let mut reply = Reply::public(text);
        reply.game_id = Some(row.id);
        Ok(reply)
    }

    /// Starts the game and commits; computer players who act first play at
    /// once, like after any move.
    pub(super) async fn start(
        &self,
        mut tx: Tx,
        req: &Request,
        row: GameRow,
    ) -> anyhow::Result<Reply> {
        let seats = store::seats(&mut tx, row.id).await?;
        if row.creator != req.actor.id {
            let creator = seats
                .iter()
                .find(|s| s.user_id == row.creator)
                .map_or("its creator", |s| s.name.as_str());
            return Ok(Reply::refused(format!(
                "only {creator}, who opened game #{}, can start it",
                row.id
            )));
        }
        if seats.len() < crate::engine::setup::MIN_PLAYERS {
            return Ok(Reply::refused(
                "Aquaretto needs 2 to 5 players: wait until someone joins with /aq game join",
            ));
        }
        let loaded = Loaded {
            row: row.clone(),
            seats: seats.clone(),
            log: Vec::new(),
            game: None,
        };
        let first = match &row.first {
            Some(who) => match loaded.resolve(who) {
                Ok(seat) => Some(seats[seat].name.clone()),
                Err(why) => {
                    return Ok(Reply::refused(format!(
                        "the first player was named at /aq game new, but {why}"
                    )))
                }
            },
            None => None,
        };
        let setup = Setup {
            players: loaded.names(),
            seed: row.seed,
            removed: row.removed.clone(),
            first,
            deck: row.deck.clone(),
        };
        let game = match Game::new(setup.clone()) {
            Ok(game) => game,
            Err(e) => return Ok(Reply::refused(crate::lang::engine::setup_error(&e))),
        };
        let now = self.clock.now();
        store::start_game(&mut tx, row.id, &setup, &game, &rfc3339(now)).await?;
        let removed: Vec<&str> = game.removed().iter().map(|a| a.plural()).collect();
        let mut text = format!(
            "Game #{} begins with {}.",
            row.id,
            loaded.names().join(", ")
        );
        if !removed.is_empty() {
            let _ = write!(text, " Out of the box: {}.", removed.join(", "));
        }
        let mut started = loaded;
        started.row.status = GameStatus::Running;
        started.game = Some(game.clone());
        self.record_turn(&mut tx, &mut started, now).await?;
        tx.commit().await?;
        Ok(self
            .after_move(&mut text, started, game, Vec::new(), &req.actor.id)
            .await)
    }

    /// `/aq addbot [level]`: the creator seats a computer player, named
    /// after its level.
    pub(super) async fn add_bot(
        &self,
        tx: &mut Tx,
        req: &Request,
        row: GameRow,
        level: Level,
    ) -> anyhow::Result<Reply> {
        let seats = store::seats(tx, row.id).await?;
        if row.creator != req.actor.id {
            return Ok(Reply::refused(format!(
                "only {}, who opened game #{}, can seat computer players",
                creator_name(&row, &seats),
                row.id
            )));
        }
        if seats.len() >= crate::engine::setup::MAX_PLAYERS {
            return Ok(Reply::refused(
                "the table is full: Aquaretto seats 5 players at most",
            ));
        }
        let name = unique_name(&bot_name(level), &seats);
        let id = (1..)
            .map(|k| format!("{BOT_ID_PREFIX}{k}"))
            .find(|id| !seats.iter().any(|s| &s.user_id == id))
            .unwrap_or_else(|| format!("{BOT_ID_PREFIX}{}", seats.len() + 1));
        store::add_seat(tx, row.id, &id, &name, Some(level.word())).await?;
        let mut names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        names.push(name.clone());
        let mut reply = Reply::public(format!(
            "{name}, a computer player ({level}), joined game #{}. Seated: {}.",
            row.id,
            names.join(", ")
        ));
        reply.game_id = Some(row.id);
        Ok(reply)
    }

    /// `/aq removebot`: the creator takes the computer player seated last
    /// out of the lobby.
    pub(super) async fn remove_bot(
        &self,
        tx: &mut Tx,
        req: &Request,
        row: GameRow,
    ) -> anyhow::Result<Reply> {
        let seats = store::seats(tx, row.id).await?;
        if row.creator != req.actor.id {
            return Ok(Reply::refused(format!(
                "only {}, who opened game #{}, can remove computer players",
                creator_name(&row, &seats),
                row.id
            )));
        }
        let Some(bot) = seats.iter().rev().find(|s| s.is_auto()) else {
            return Ok(Reply::refused(format!(
                "no computer player is seated in game #{}: /aq game addbot seats one",
                row.id
            )));
        };
        store::remove_seat(tx, row.id, &bot.user_id).await?;
        let names: Vec<&str> = seats
            .iter()
            .filter(|s| s.user_id != bot.user_id)
            .map(|s| s.name.as_str())
            .collect();
        let mut text = format!("{} left game #{}.", bot.name, row.id);
        if names.is_empty() {
            text.push_str(" Nobody is seated.");
        } else {
            let _ = write!(text, " Seated: {}.", names.join(", "));
        }
        let mut reply = Reply::public(text);
        reply.game_id = Some(row.id);
        Ok(reply)
    }

    pub(super) async fn abandon(
        &self,
        tx: &mut Tx,
        req: &Request,
        row: GameRow,
    ) -> anyhow::Result<Reply> {
        if row.creator != req.actor.id && !req.actor.manages_channel {
            return Ok(Reply::refused(
                "only the game's creator or someone who manages this channel can abandon it",
            ));
        }
        store::set_status(tx, row.id, GameStatus::Abandoned, None, &self.now_text()).await?;
        let mut reply = Reply::public(format!(
            "{} abandoned game #{}; it stays in the history, unscored.",
            crate::text::safe_name(&req.actor.name),
            row.id
        ));
        reply.game_id = Some(row.id);
        Ok(reply)
    }
}

/// The ids of computer players' seats start so; a Discord id is a number and
/// a terminal player's id a name without a colon, so none can look alike.
pub const BOT_ID_PREFIX: &str = "bot:";

/// A computer player's name: its level, e.g. "Strong bot".
pub(super) fn bot_name(level: Level) -> String {
    let word = level.word();
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => format!("{}{} bot", first.to_uppercase(), chars.as_str()),
        None => "bot".to_string(),
    }
}

/// The creator's seat name, or a description when they are not seated.
fn creator_name(row: &GameRow, seats: &[SeatRow]) -> String {
    seats
        .iter()
        .find(|s| s.user_id == row.creator)
        .map_or_else(|| "its creator".to_string(), |s| s.name.clone())
}

/// What a practice game's table says about it.
pub(super) fn practice_note() -> &'static str {
    "Practice game: its seed or deck was chosen, so it is left out of the stats."
}

/// A new game's seed, from the operating system's randomness: never the
/// time or a counter, which a player could guess. It stays secret until the
/// game ends (see `record`).
fn fresh_seed() -> anyhow::Result<u64> {
    use rand::TryRngCore as _;
    rand::rngs::OsRng
        .try_next_u64()
        .map_err(|e| anyhow::anyhow!("no entropy for a seed: {e}"))
}

/// A name not yet taken at the table: "ana", else "ana 2", "ana 3"...
fn unique_name(wanted: &str, seats: &[SeatRow]) -> String {
    let base = crate::text::safe_name(wanted);
    let base = if base.is_empty() {
        "player".to_string()
    } else {
        base
    };
    let taken = |n: &str| seats.iter().any(|s| s.name.eq_ignore_ascii_case(n));
    if !taken(&base) {
        return base;
    }
    (2..)
        .map(|i| format!("{base} {i}"))
        .find(|n| !taken(n))
        .unwrap_or(base)
}
