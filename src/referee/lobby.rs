//! The lobby and the table: `new`, `join`, `leave`, `start`, `abandon`.

use super::loaded::{bot_name, BOT_ID_PREFIX};
use super::{Front, Loaded, Referee, Reply, Request};
use crate::clock::rfc3339;
use crate::command::Command;
use crate::cpu::Level;
use crate::engine::{Animal, Deck, Game, Setup};
use crate::lang::Text;
use crate::store::{self, GameRow, GameStatus, NewGame, SeatRow, Tx};
impl Referee {
    // ----- lobby -----

    pub(super) async fn lobby(&self, req: &Request) -> anyhow::Result<Reply> {
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        let open = store::open_game(&mut tx, &req.channel).await?;
        let mut reply = match (&req.command, open) {
            (
                Command::New {
                    removed,
                    first,
                    seed,
                    deck,
                },
                None,
            ) => {
                self.open_lobby(
                    &mut tx,
                    req,
                    removed.as_deref(),
                    first.as_deref(),
                    *seed,
                    deck.as_deref(),
                )
                .await?
            }
            (Command::New { .. }, Some(row)) => Reply::refused(
                Text::msg(if row.status == GameStatus::Lobby {
                    "lobby-already-gathering"
                } else {
                    "lobby-already-running"
                })
                .arg("game", row.id.to_string()),
            ),
            (_, None) => Reply::refused(Text::msg("lobby-no-game")),
            (Command::Abandon, Some(row)) => self.abandon(&mut tx, req, row).await?,
            (_, Some(row)) if row.status != GameStatus::Lobby => {
                Reply::refused(Text::msg("lobby-started-already").arg("game", row.id.to_string()))
            }
            (Command::Join, Some(row)) => {
                let joined = self.join(&mut tx, req, row.clone()).await?;
                // The last of a rematch's players to join starts it.
                if joined.accepted && self.rematch_complete(&mut tx, row.id).await? {
                    let seats = store::seats(&mut tx, row.id).await?;
                    return self.begin(tx, req, row, seats, joined.words).await;
                }
                joined
            }
            (Command::Leave, Some(row)) => self.leave(&mut tx, req, row).await?,
            (Command::AddBot { level }, Some(row)) => {
                self.add_bot(&mut tx, req, row, level.unwrap_or(Level::Normal))
                    .await?
            }
            (Command::RemoveBot, Some(row)) => self.remove_bot(&mut tx, req, row).await?,
            (Command::Start, Some(row)) => return self.start(tx, req, row).await,
            (_, Some(_)) => Reply::refused(Text::msg("lobby-not-this-command")),
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
            // In the game's language, as the public message it sits under.
            if let Some(row) = open.filter(|row| row.status == GameStatus::Lobby) {
                reply.controls = Some(crate::view::controls::lobby_panel(id, &row.lang));
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
            return Ok(Reply::refused(
                Text::msg("lobby-show-animal").arg("animals", crate::lang::engine::animals(*show)),
            ));
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
        let lang = self.opening_lang(tx, req).await?;
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
                lang: &lang,
                now: &now,
            },
        )
        .await?;
        if let Some(seen) = &req.via.seen {
            // Who may see the channel, as the front end looked at opening.
            let public = seen.view.public(seen.everyone_sees);
            store::record_channel_view(tx, &seen.view, public, self.clock.now()).await?;
        }
        let name = unique_name(&req.actor.name, &[]);
        store::add_seat(tx, id, &req.actor.id, &name, None).await?;
        let mut text = Text::msg("lobby-opened")
            .arg("name", name)
            .arg("game", id.to_string());
        if practice {
            text = text.then_line(Text::msg("lobby-practice-note"));
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
            return Ok(Reply::refused(
                Text::msg("lobby-seated-already").arg("game", row.id.to_string()),
            ));
        }
        if seats.len() >= crate::engine::setup::MAX_PLAYERS {
            return Ok(Reply::refused(Text::msg("lobby-full")));
        }
        let name = unique_name(&req.actor.name, &seats);
        store::add_seat(tx, row.id, &req.actor.id, &name, None).await?;
        let mut names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        names.push(name.clone());
        let mut reply = Reply::public(
            Text::msg("lobby-joined")
                .arg("name", name)
                .arg("game", row.id.to_string())
                .arg("seated", listed(names)),
        );
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
            return Ok(Reply::refused(
                Text::msg("lobby-not-seated").arg("game", row.id.to_string()),
            ));
        };
        store::remove_seat(tx, row.id, &req.actor.id).await?;
        let rest: Vec<&SeatRow> = seats.iter().filter(|s| s.user_id != req.actor.id).collect();
        let mut text = Text::msg("lobby-left")
            .arg("name", me.name.clone())
            .arg("game", row.id.to_string());
        if row.creator == req.actor.id {
            // A person runs the lobby; computer players cannot, but a table of
            // them may be started (and watched) by the one who leaves it.
            match (rest.iter().find(|s| !s.is_auto()), rest.first()) {
                (Some(next), _) => {
                    store::set_creator(tx, row.id, &next.user_id).await?;
                    text = text.then(Text::msg("lobby-runs-now").arg("name", next.name.clone()));
                }
                (None, Some(_)) => {
                    text = text.then(
                        Text::msg("lobby-only-computers")
                            .arg("name", crate::view::text_table::safe_name(&req.actor.name)),
                    );
                }
                (None, None) => {
                    store::set_status(tx, row.id, GameStatus::Abandoned, None, &self.now_text())
                        .await?;
                    text = text.then(Text::msg("lobby-closed"));
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
            return Ok(Reply::refused(
                Text::msg("lobby-start-not-yours")
                    .arg("creator", creator_name(&row, &seats))
                    .arg("game", row.id.to_string()),
            ));
        }
        if seats.len() < crate::engine::setup::MIN_PLAYERS {
            // At the keyboard one person types every name: nobody joins
            // by themselves, so the way on is another name.
            let key = match req.via.front {
                Front::Terminal => "lobby-too-few-terminal",
                _ => "lobby-too-few",
            };
            return Ok(Reply::refused(Text::msg(key)));
        }
        self.begin(tx, req, row, seats, Text::empty()).await
    }

    /// Deals the game with the players seated and commits; `before` is said
    /// first (what led to the start). A rematch seats its players in its
    /// order first, and the first of them starts.
    pub(super) async fn begin(
        &self,
        mut tx: Tx,
        req: &Request,
        row: GameRow,
        seats: Vec<SeatRow>,
        before: Text,
    ) -> anyhow::Result<Reply> {
        let plan = store::rematch(&mut tx, row.id).await?;
        let seats = match &plan {
            Some(plan) => {
                store::reorder_seats(&mut tx, row.id, &plan.seats).await?;
                store::seats(&mut tx, row.id).await?
            }
            None => seats,
        };
        let loaded = Loaded {
            row: row.clone(),
            seats: seats.clone(),
            log: Vec::new(),
            game: None,
        };
        let first = match (&row.first, &plan) {
            (_, Some(_)) => seats.first().map(|s| s.name.clone()),
            (Some(who), None) => match loaded.resolve(who) {
                Ok(seat) => Some(seats[seat].name.clone()),
                Err(why) => {
                    return Ok(Reply::refused(
                        Text::msg("lobby-first-unknown").arg("why", why),
                    ))
                }
            },
            (None, None) => None,
        };
        // A rematch keeps the animals its game left out by choice, unless
        // fewer or more players came, who leave out another number.
        let removed = row.removed.clone().filter(|r| {
            plan.is_none() || r.len() == crate::engine::setup::removed_count(seats.len())
        });
        let setup = Setup {
            players: loaded.names(),
            seed: row.seed,
            removed,
            first,
            deck: row.deck.clone(),
        };
        let game = match Game::new(setup.clone()) {
            Ok(game) => game,
            Err(e) => return Ok(Reply::refused(crate::lang::engine::setup_error(&e))),
        };
        let now = self.clock.now();
        store::start_game(&mut tx, row.id, &setup, &game, &rfc3339(now)).await?;
        let removed: Vec<Text> = game
            .removed()
            .iter()
            .map(|a| crate::lang::engine::animals(*a))
            .collect();
        let mut text = Text::msg("lobby-begins")
            .arg("game", row.id.to_string())
            .arg("players", listed(loaded.names()));
        if !removed.is_empty() {
            text = text.then(
                Text::msg("lobby-out-of-the-box").arg("animals", super::language::listed(removed)),
            );
        }
        if !before.is_empty() {
            text = before.then_line(text);
        }
        let mut started = loaded;
        started.row.status = GameStatus::Running;
        started.game = Some(game.clone());
        self.record_turn(&mut tx, &mut started, now, true).await?;
        tx.commit().await?;
        let game_id = started.row.id;
        self.moved(game_id);
        let mut reply = self
            .after_move(text, started, game, Vec::new(), &req.actor.id)
            .await;
        reply.links.push(super::WebAsk::Watch(game_id));
        Ok(reply)
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
            return Ok(Reply::refused(
                Text::msg("lobby-addbot-not-yours")
                    .arg("creator", creator_name(&row, &seats))
                    .arg("game", row.id.to_string()),
            ));
        }
        if seats.len() >= crate::engine::setup::MAX_PLAYERS {
            return Ok(Reply::refused(Text::msg("lobby-full")));
        }
        let name = unique_name(&bot_name(level), &seats);
        let id = (1..)
            .map(|k| format!("{BOT_ID_PREFIX}{k}"))
            .find(|id| !seats.iter().any(|s| &s.user_id == id))
            .unwrap_or_else(|| format!("{BOT_ID_PREFIX}{}", seats.len() + 1));
        store::add_seat(tx, row.id, &id, &name, Some(level.word())).await?;
        let mut names: Vec<String> = seats.iter().map(|s| s.name.clone()).collect();
        names.push(name.clone());
        let mut reply = Reply::public(
            Text::msg("lobby-bot-joined")
                .arg("name", name)
                .arg("level", level.to_string())
                .arg("game", row.id.to_string())
                .arg("seated", listed(names)),
        );
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
            return Ok(Reply::refused(
                Text::msg("lobby-removebot-not-yours")
                    .arg("creator", creator_name(&row, &seats))
                    .arg("game", row.id.to_string()),
            ));
        }
        let Some(bot) = seats.iter().rev().find(|s| s.is_auto()) else {
            return Ok(Reply::refused(
                Text::msg("lobby-no-bot").arg("game", row.id.to_string()),
            ));
        };
        store::remove_seat(tx, row.id, &bot.user_id).await?;
        let names: Vec<String> = seats
            .iter()
            .filter(|s| s.user_id != bot.user_id)
            .map(|s| s.name.clone())
            .collect();
        let text = Text::msg("lobby-left")
            .arg("name", bot.name.clone())
            .arg("game", row.id.to_string())
            .then(if names.is_empty() {
                Text::msg("lobby-nobody-seated")
            } else {
                Text::msg("lobby-seated").arg("seated", listed(names))
            });
        let mut reply = Reply::public(text);
        reply.game_id = Some(row.id);
        Ok(reply)
    }

    /// `/aq abandon`. A lobby, a practice game and a game at the keyboard
    /// (everyone at one terminal) end at once, by their creator or a
    /// channel manager. A running game that counts follows the rules that
    /// keep ratings fair (docs/playing.md): each person still playing votes
    /// (for the position it was cast in), and it ends unrated once all of
    /// them have; a person alone against computer players may end it, and
    /// it counts as their loss; a channel manager who does not play in it
    /// ends it at once, unrated.
    pub(super) async fn abandon(
        &self,
        tx: &mut Tx,
        req: &Request,
        row: GameRow,
    ) -> anyhow::Result<Reply> {
        if let Some(tournament) = super::tournament_text::running_table(tx, row.id).await? {
            // A table's result is the tournament's: played to its end, or
            // out by the computer at the round's deadline.
            return Ok(Reply::refused(
                Text::msg("abandon-tournament-table")
                    .arg("game", row.id.to_string())
                    .arg("tournament", tournament),
            ));
        }
        let counts =
            row.status == GameStatus::Running && !row.practice && req.via.front != Front::Terminal;
        if !counts {
            if row.creator != req.actor.id && !req.actor.manages_channel {
                return Ok(Reply::refused(Text::msg("lobby-abandon-not-yours")));
            }
            return self.abandoned(tx, req, &row).await;
        }
        let seats = store::seats(tx, row.id).await?;
        let playing: Vec<&SeatRow> = seats.iter().filter(|s| !s.is_auto()).collect();
        let Some(me) = playing.iter().find(|s| s.user_id == req.actor.id) else {
            // Not playing in it: a channel manager ends it (a table of
            // computer players, a game nobody comes back to); so does the
            // creator of a table where no person plays.
            let creator_of_computers = row.creator == req.actor.id && playing.is_empty();
            if req.actor.manages_channel || creator_of_computers {
                return self.abandoned(tx, req, &row).await;
            }
            return Ok(Reply::refused(
                Text::msg("abandon-not-playing").arg("game", row.id.to_string()),
            ));
        };
        if playing.len() == 1 {
            return self.forfeit(tx, &row, &seats, me).await;
        }
        let now = self.clock.now();
        let seq = row.move_count;
        if !store::add_vote(tx, store::Ballot::Abandon, row.id, seq, &req.actor.id, now).await? {
            return Ok(Reply::refused(
                Text::msg("abandon-voted-already").arg("game", row.id.to_string()),
            ));
        }
        let votes = store::votes(tx, store::Ballot::Abandon, row.id, seq).await?;
        let agreed: Vec<&&SeatRow> = playing
            .iter()
            .filter(|s| votes.contains(&s.user_id))
            .collect();
        if agreed.len() < playing.len() {
            let waiting: Vec<String> = playing
                .iter()
                .filter(|s| !votes.contains(&s.user_id))
                .map(|s| s.name.clone())
                .collect();
            let mut reply = Reply::public(
                Text::msg("abandon-vote")
                    .arg("name", me.name.clone())
                    .arg("game", row.id.to_string())
                    .arg("votes", agreed.len())
                    .arg("needed", playing.len())
                    .arg("waiting", listed(waiting)),
            );
            reply.game_id = Some(row.id);
            return Ok(reply);
        }
        let mut reply = self.abandoned(tx, req, &row).await?;
        reply.words = Text::msg("abandon-agreed")
            .arg("game", row.id.to_string())
            .arg("count", playing.len());
        Ok(reply)
    }

    /// Ends a game, unrated: nobody's rating moves, its times to move are
    /// forgotten.
    async fn abandoned(&self, tx: &mut Tx, req: &Request, row: &GameRow) -> anyhow::Result<Reply> {
        store::set_status(tx, row.id, GameStatus::Abandoned, None, &self.now_text()).await?;
        super::pace::forget_pace(tx, row.id).await?;
        let mut reply = Reply::public(
            Text::msg("lobby-abandoned")
                .arg("name", crate::view::text_table::safe_name(&req.actor.name))
                .arg("game", row.id.to_string()),
        );
        reply.game_id = Some(row.id);
        Ok(reply)
    }

    /// A person alone against computer players ends the game that counts:
    /// it is rated as their loss (they rank last, the computer players
    /// share the first place), so that abandoning a game going badly never
    /// erases it.
    async fn forfeit(
        &self,
        tx: &mut Tx,
        row: &GameRow,
        seats: &[SeatRow],
        me: &SeatRow,
    ) -> anyhow::Result<Reply> {
        let now = self.clock.now();
        store::set_status(tx, row.id, GameStatus::Abandoned, None, &rfc3339(now)).await?;
        store::set_forfeited_by(tx, row.id, &me.user_id).await?;
        let scope = store::scope_key(row.guild.as_deref(), &row.channel);
        let rated = super::ratings::forfeit_contestants(seats, &me.user_id);
        if super::ratings::rate_game(tx, &scope, row.id, now, &rated).await? {
            super::ratings::rerate(tx, &scope).await?;
        }
        let mut reply = Reply::public(
            Text::msg("abandon-forfeit")
                .arg("name", me.name.clone())
                .arg("game", row.id.to_string()),
        );
        reply.game_id = Some(row.id);
        Ok(reply)
    }
}

/// The creator's seat name, or a description when they are not seated.
fn creator_name(row: &GameRow, seats: &[SeatRow]) -> Text {
    seats.iter().find(|s| s.user_id == row.creator).map_or_else(
        || Text::msg("lobby-its-creator"),
        |s| Text::Raw(s.name.clone()),
    )
}

/// Names said one after the other, with commas.
pub(super) fn listed(names: Vec<String>) -> Text {
    super::language::listed(names.into_iter().map(Text::Raw).collect())
}

/// A new game's seed, from the operating system's randomness: never the
/// time or a counter, which a player could guess. It stays secret until the
/// game ends (see `record`).
pub(super) fn fresh_seed() -> anyhow::Result<u64> {
    use rand::TryRngCore as _;
    rand::rngs::OsRng
        .try_next_u64()
        .map_err(|e| anyhow::anyhow!("no entropy for a seed: {e}"))
}

/// A name not yet taken at the table: "ana", else "ana 2", "ana 3"...
pub(super) fn unique_name(wanted: &str, seats: &[SeatRow]) -> String {
    let base = crate::view::text_table::safe_name(wanted);
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
