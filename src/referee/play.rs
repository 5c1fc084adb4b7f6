//! Moves: one command of the player to act (or an undo), applied, logged
//! and answered, in one transaction that holds the write lock from the start.
//!
//! Undo follows Board Game Arena's rule: the player who made the last move
//! may take it back, and, repeated, the moves before it, as long as no other
//! player has acted since and no tile has been drawn since (a draw reveals a
//! tile); but once a turn: after an undo, the next move the player makes
//! stands until the turn ends (`undo_spent`), so a take-and-undo loop
//! yields a few moves, not hundreds. The log stays append-only: the undo
//! is an entry of its own.

use super::stats::results_of;
use super::{damaged, load, Loaded, Painter, Picture, Referee, Reply, Request, TableNote};
use crate::clock::rfc3339;
use crate::command::{Command, NotAnAction};
use crate::engine::{Action, Event, Game, Seat};
use crate::lang::engine::{and_list, narrate};
use crate::lang::Text;
use crate::store::{self, AppendError, Entry, GameRow, GameStatus, NewMove, Tx};
use crate::view::controls;
use crate::view::text_table;

/// Computer moves told one line each after a move, at most (the latest).
const MAX_AUTO_LINES: usize = 12;

impl Referee {
    pub(super) async fn play(&self, req: &Request, expect: Option<i64>) -> anyhow::Result<Reply> {
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        let Some(row) = store::open_game(&mut tx, &req.channel).await? else {
            return self.no_running_game(&mut tx, &req.channel).await;
        };
        // Checked here, holding the channel: the game a page's move was
        // made for may have ended since, and another begun.
        if req.via.game.is_some_and(|game| game != row.id) {
            return Ok(Reply::refused(Text::msg("web-game-not-running")));
        }
        if row.status == GameStatus::Lobby {
            return Ok(Reply::refused(
                Text::msg("play-not-started").arg("game", row.id.to_string()),
            ));
        }
        let game_id = row.id;
        let loaded = match load(&mut tx, row).await? {
            Ok(loaded) => loaded,
            Err(damage) => return Ok(damaged(game_id, &damage)),
        };
        self.play_loaded(tx, req, loaded, expect).await
    }

    /// [`Referee::play`] on a game already loaded in `tx`, a transaction that
    /// holds the write lock.
    pub(super) async fn play_loaded(
        &self,
        mut tx: Tx,
        req: &Request,
        loaded: Loaded,
        expect: Option<i64>,
    ) -> anyhow::Result<Reply> {
        let game_id = loaded.row.id;
        if let Some(seq) = expect {
            if seq != loaded.seq() {
                return Ok(stale(seq, loaded.seq()));
            }
        }
        let Some(game) = loaded.game.clone() else {
            return Ok(Reply::refused(Text::msg("play-game-not-started")));
        };
        let Some(seat) = loaded.seat_of(&req.actor.id) else {
            return Ok(Reply::refused(
                Text::msg("play-not-seated").arg("game", game_id.to_string()),
            ));
        };
        if let Some(why) = plays_itself(&loaded, seat, false) {
            return Ok(Reply::refused(why));
        }
        if req.command == Command::Undo {
            return self.undo(tx, req, loaded, game, seat).await;
        }
        let action = match to_action(&req.command, &loaded) {
            Ok(action) => game.canonical(seat, &action),
            Err(why) => return Ok(Reply::refused(why)),
        };
        let mut after = game;
        let events = match after.apply(seat, &action) {
            Ok(events) => events,
            Err(refusal) => return Ok(Reply::refused(crate::lang::engine::refusal(&refusal))),
        };
        let command = req.command.to_text();
        let new = NewEntry {
            seat,
            user_id: &req.actor.id,
            command: &command,
            entry: Entry::Move(action),
            auto: None,
            turn_passed: passes_turn(&events),
        };
        let Some(loaded) = self.append(&mut tx, loaded, new, &after).await? else {
            return Ok(Reply::refused(Text::msg("play-changed-on-the-way")));
        };
        let names = loaded.names();
        let text = narrate(&events, &names);
        let held = self.hold_for(&mut tx, req, &loaded, text.clone()).await?;
        tx.commit().await?;
        // Open pages look again at once, before the answer's picture.
        self.moved(loaded.row.id);
        let mut reply = self
            .after_move(text, loaded, after, events, &req.actor.id)
            .await;
        reply.held = held;
        Ok(reply)
    }

    /// The answer to a move that was committed: its narration, then the
    /// moves of the automatic seats that follow it (each its own entry in the
    /// log), one picture of the table after the last, and the mention of the
    /// next person to act (never the one who moved). A failure while playing
    /// the automatic seats is logged and leaves them to the scheduler: the
    /// move itself stands and is answered.
    pub(super) async fn after_move(
        &self,
        mut text: Text,
        loaded: Loaded,
        game: Game,
        events: Vec<Event>,
        actor: &str,
    ) -> Reply {
        let game_id = loaded.row.id;
        let (loaded, game, events) = match self.play_automatic(game_id).await {
            Ok(Some(auto)) => {
                // A line per computer move, but never a flood: a long run of
                // them (a table of computer players) is summed up.
                let skipped = auto.lines.len().saturating_sub(MAX_AUTO_LINES);
                if skipped > 0 {
                    text = text.then_line(Text::msg("play-auto-skipped").arg("count", skipped));
                }
                for line in &auto.lines[skipped..] {
                    text = text.then_line(line.clone());
                }
                (auto.loaded, auto.game, auto.events)
            }
            Ok(None) => (loaded, game, events),
            Err(e) => {
                tracing::error!(game = game_id, "automatic seats could not play now: {e:#}");
                (loaded, game, events)
            }
        };
        let text = text.then_line(closing(&loaded, &game));
        let mut reply = self.table_reply(text, &loaded, &game, &events).await;
        reply.mention = game
            .to_act()
            .and_then(|s| loaded.seats.get(s))
            .filter(|s| !s.is_auto() && s.user_id != actor)
            .map(|s| s.user_id.clone());
        reply
    }

    /// Takes back the last move in force, if the actor made it and it drew
    /// no tile; answers publicly, pinging nobody.
    async fn undo(
        &self,
        mut tx: Tx,
        req: &Request,
        loaded: Loaded,
        game: Game,
        seat: Seat,
    ) -> anyhow::Result<Reply> {
        let game_id = loaded.row.id;
        let live = match loaded.live(loaded.log.len()) {
            Ok(live) => live,
            Err(damage) => return Ok(damaged(game_id, &damage)),
        };
        let Some((last, action)) = live.last().copied() else {
            return Ok(Reply::refused(Text::msg("undo-nothing")));
        };
        if let Err(why) = may_undo(&loaded, &game, last, action, seat) {
            return Ok(Reply::refused(why));
        }
        let (withdrawn_seq, withdrawn) = (last.seq, action.clone());
        let before = match loaded.replay_to_live(&live[..live.len() - 1]) {
            Ok(game) => game,
            Err(damage) => return Ok(damaged(game_id, &damage)),
        };
        let names = loaded.names();
        let what = match before.clone().apply(seat, &withdrawn) {
            Ok(events) => narrate(&events, &names),
            Err(_) => Text::empty(),
        };
        let command = Command::Undo.to_text();
        let new = NewEntry {
            seat,
            user_id: &req.actor.id,
            command: &command,
            entry: Entry::Undo { of: withdrawn_seq },
            auto: None,
            turn_passed: false,
        };
        let Some(loaded) = self.append(&mut tx, loaded, new, &before).await? else {
            return Ok(Reply::refused(Text::msg("undo-changed-on-the-way")));
        };
        let text = Text::msg("undo-took-back")
            .arg("name", names.get(seat).map_or("?", String::as_str))
            .arg("seq", withdrawn_seq)
            .arg("what", what)
            .then_line(crate::lang::engine::asked(&before.asked()));
        let held = self.hold_for(&mut tx, req, &loaded, text.clone()).await?;
        tx.commit().await?;
        // Open pages look again at once, before the answer's picture.
        self.moved(loaded.row.id);
        // An undo pings nobody: the turn returns to whoever made the move.
        let mut reply = self.table_reply(text, &loaded, &before, &[]).await;
        reply.held = held;
        Ok(reply)
    }

    /// Appends one entry to the log and caches the state after it; the game
    /// is marked finished when the state is over, and the wait that follows
    /// is recorded (reminders, alerts, an automatic seat due). Returns the
    /// game as loaded with the entry, or `None` if another command got there
    /// first.
    pub(super) async fn append(
        &self,
        tx: &mut Tx,
        mut loaded: Loaded,
        new: NewEntry<'_>,
        after: &Game,
    ) -> anyhow::Result<Option<Loaded>> {
        let now = self.clock.now();
        let at = rfc3339(now);
        let seq = loaded.seq() + 1;
        let timed = super::pace::move_time(
            &loaded,
            seq,
            new.seat,
            new.user_id,
            &new.entry,
            new.auto,
            now,
        );
        let appended = store::append_move(
            tx,
            NewMove {
                game_id: loaded.row.id,
                seq,
                seat: new.seat,
                user_id: new.user_id,
                command: new.command,
                entry: &new.entry,
                at: &at,
                auto: new.auto,
                snapshot: after,
            },
        )
        .await;
        match appended {
            Ok(()) => {}
            Err(AppendError::Conflict { .. }) => return Ok(None),
            Err(AppendError::Database(e)) => return Err(e),
        }
        if after.is_over() {
            let winners: Vec<String> = loaded
                .standings(after)
                .winners()
                .iter()
                .map(|s| loaded.seats[*s].name.clone())
                .collect();
            store::set_status(tx, loaded.row.id, GameStatus::Finished, Some(&winners), &at).await?;
            loaded.row.status = GameStatus::Finished;
            let results = results_of(&loaded, after, &at);
            store::record_results(tx, &results).await?;
            let scope = store::scope_key(loaded.row.guild.as_deref(), &loaded.row.channel);
            let rated = super::ratings::contestants(&loaded, after, &results);
            if super::ratings::rate_game(tx, &scope, loaded.row.id, now, &rated).await? {
                super::ratings::rerate(tx, &scope).await?;
            }
            // A tournament's table: its placings, with the last move.
            if let Some(placed) = super::stats::placings(&loaded, after) {
                if store::record_game_result(tx, loaded.row.id, &placed).await? {
                    self.wake.notify_one();
                }
            }
        }
        if let Some(timed) = &timed {
            store::record_move_time(tx, timed).await?;
        }
        loaded.log.push(store::MoveRow {
            seq,
            seat: new.seat,
            user_id: new.user_id.to_string(),
            command: new.command.to_string(),
            entry: new.entry,
            at,
            auto: new.auto.map(str::to_string),
        });
        loaded.row.move_count = seq;
        loaded.game = Some(after.clone());
        self.record_turn(tx, &mut loaded, now, new.turn_passed)
            .await?;
        if after.is_over() && self.reviews_after_games() {
            // Written after this transaction, on its channel's lock.
            self.start_review(&loaded);
        }
        Ok(Some(loaded))
    }

    /// A public message showing the table: the text, the board, the picture,
    /// and the controls for whoever acts next (and for undoing).
    pub(super) async fn table_reply(
        &self,
        text: Text,
        loaded: &Loaded,
        game: &Game,
        events: &[Event],
    ) -> Reply {
        let mut reply = Reply::public(text);
        if loaded.row.practice {
            reply.add_line(Text::msg("lobby-practice-note"));
        }
        reply.game_id = Some(loaded.row.id);
        reply.seq = Some(loaded.seq());
        reply.board = Some(text_table::table(
            &loaded.shown(game, &loaded.row.lang),
            &loaded.row.lang,
        ));
        let names = loaded.table_names();
        let view = loaded.view(game, &names, undo_seat(loaded, game));
        let panel = controls::table_panel(&view);
        if !panel.is_empty() {
            reply.controls = Some(panel);
        }
        self.paint_table(&mut reply, loaded, game, events).await;
        if let Some(card) = loaded.score_card_of(game) {
            // Beside the final table: the final scores by category.
            let lang = loaded.row.lang.clone();
            let alt = loaded.describe_score_card(&card);
            self.attach(&mut reply, "score.png", alt, move |p| {
                p.score_card(&card, &lang)
            })
            .await;
        }
        reply
    }

    /// The refusal for a move where no game runs: says what became of the
    /// channel's last game, if any.
    async fn no_running_game(&self, tx: &mut Tx, channel: &str) -> anyhow::Result<Reply> {
        let Some(row) = store::latest_game(tx, channel).await? else {
            return Ok(Reply::refused(Text::msg("play-no-game")));
        };
        Ok(Reply::refused(self.ended_text(tx, row).await?))
    }

    /// "Game #4 has ended: ana won with 52 points..." for a game that is over.
    pub(super) async fn ended_text(&self, tx: &mut Tx, row: GameRow) -> anyhow::Result<Text> {
        let id = row.id.to_string();
        if row.status == GameStatus::Abandoned {
            return Ok(Text::msg("ended-abandoned").arg("game", id));
        }
        let loaded = load(tx, row).await?.ok();
        let result = match loaded.as_ref().and_then(|l| Some((l, l.game.as_ref()?))) {
            Some((loaded, game)) => {
                let winners: Vec<Text> = loaded
                    .standings(game)
                    .winners()
                    .iter()
                    .map(|s| {
                        let name = loaded.seats.get(*s).map_or("?", |x| x.name.as_str());
                        Text::msg("ended-won")
                            .arg("name", name)
                            .arg("points", game.score(*s).total)
                    })
                    .collect();
                and_list(winners)
            }
            None => Text::msg("ended-over"),
        };
        Ok(Text::msg("ended").arg("game", id).arg("result", result))
    }

    /// Draws the table of `game`, a position of `loaded` (highlighting what
    /// `events` changed), with what it shows beyond the position (a
    /// practice game says so) and its description.
    pub(super) async fn paint_table(
        &self,
        reply: &mut Reply,
        loaded: &Loaded,
        game: &Game,
        events: &[Event],
    ) {
        // The game as it stands shows its clocks as they are now.
        let clocks = loaded.clocks_shown(game, self.clock.now());
        let alt = loaded.describe_table_clocked(game, events, &clocks);
        let note = TableNote {
            clocks,
            ..note(loaded, game)
        };
        let (game, events) = (game.clone(), events.to_vec());
        self.attach(reply, "table.png", alt, move |p| {
            p.table_noted(&game, &events, note)
        })
        .await;
    }

    pub(super) async fn paint_zoo(
        &self,
        reply: &mut Reply,
        loaded: &Loaded,
        game: &Game,
        seat: Seat,
    ) {
        let alt = loaded.describe_zoo(game, seat);
        let note = note(loaded, game);
        let game = loaded.shown(game, &note.lang);
        self.attach(reply, "zoo.png", alt, move |p| {
            p.zoo_noted(&game, seat, note)
        })
        .await;
    }

    /// Adds a picture when there is a painter; a picture that cannot be drawn
    /// is logged and left out, never failing the command. Pictures are drawn
    /// on the drawing threads (see `drawing`), never on the threads that
    /// answer interactions and keep the gateway's heartbeat.
    pub(super) async fn attach(
        &self,
        reply: &mut Reply,
        name: &str,
        alt: Text,
        draw: impl FnOnce(&dyn Painter) -> anyhow::Result<Vec<u8>> + Send + 'static,
    ) {
        let Some(painter) = self.painter.clone() else {
            return;
        };
        let drawn = self.drawers.draw(move || draw(painter.as_ref())).await;
        match drawn {
            Ok(Ok(png)) => reply.pictures.push(Picture {
                name: name.into(),
                png,
                alt,
            }),
            Ok(Err(e)) => tracing::warn!("could not draw {name}: {e:#}"),
            Err(e) => tracing::error!("drawing {name} failed: {e}"),
        }
    }
}

/// What a game's table picture of `game` (a position of it) shows beyond
/// the position: practice, the names, the standings (no clocks: a reply's
/// table of the game as it stands adds them, `paint_table`).
pub(super) fn note(loaded: &Loaded, game: &Game) -> TableNote {
    let lang = loaded.row.lang.clone();
    TableNote {
        practice: loaded.row.practice,
        names: loaded.table_names().all_said(&lang),
        lang,
        standings: loaded.standings(game),
        clocks: Vec::new(),
    }
}

/// What follows a move's narration: once the game is over, who won and the
/// scores (the seats voted out ranked last, as its standings say), else
/// what the player to act must do.
pub(super) fn closing(loaded: &Loaded, game: &Game) -> Text {
    if !game.is_over() {
        return crate::lang::engine::asked(&game.asked());
    }
    let lang = &loaded.row.lang;
    let standings = loaded.standings(game);
    let mut out =
        crate::lang::engine::game_over(&standings, &loaded.names()).then_line(Text::Raw(format!(
            "\n{}",
            text_table::scores(&loaded.shown(game, lang), &standings, lang)
        )));
    for s in &loaded.seats {
        if s.removed_at.is_some() {
            let why = if super::clocks::handed_over(s) {
                super::clocks::most_text("play-timed-out-ranked")
            } else {
                Text::msg("play-voted-out-ranked")
            };
            out = out.then_line(why.arg("name", s.name.clone()));
        }
    }
    out
}

/// Why the person in `seat` may not move: the seat plays by itself.
/// `pressed`: said to a press of a control, which adds that nothing changed.
pub(super) fn plays_itself(loaded: &Loaded, seat: Seat, pressed: bool) -> Option<Text> {
    let s = loaded.seats.get(seat)?;
    let (voted_out, computer) = if pressed {
        ("press-voted-out", "press-computer-seat")
    } else {
        ("play-voted-out", "play-computer-seat")
    };
    let voted_out = match (super::clocks::handed_over(s), pressed) {
        (true, true) => super::clocks::most_text("press-timed-out"),
        (true, false) => super::clocks::most_text("play-timed-out"),
        (false, _) => Text::msg(voted_out),
    };
    match (&s.auto, s.removed_at) {
        (Some(_), Some(_)) => Some(voted_out.arg("game", loaded.row.id.to_string())),
        (Some(level), None) => Some(Text::msg(computer).arg("level", level)),
        _ => None,
    }
}

/// An entry to append to the log.
pub(super) struct NewEntry<'a> {
    pub seat: Seat,
    pub user_id: &'a str,
    /// The command's text, as the log stores it.
    pub command: &'a str,
    pub entry: Entry,
    /// Who chose the move when no person did.
    pub auto: Option<&'a str>,
    /// The move ended its player's turn (the engine passed the turn, even
    /// back to them when the others have taken their trucks): a clock's
    /// turn ends with it.
    pub turn_passed: bool,
}

/// Whether a move's events pass the turn.
pub(super) fn passes_turn(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e, Event::Turn { .. }))
}

/// The refusal of a control made for an earlier state of the game.
pub(super) fn stale(made_at: i64, now: i64) -> Reply {
    Reply::refused(
        Text::msg("play-stale-control")
            .arg("made", made_at)
            .arg("now", now),
    )
}

/// Whether `seat` may take back `last`, the last move in force; if not, why.
fn may_undo(
    loaded: &Loaded,
    game: &Game,
    last: &store::MoveRow,
    action: &Action,
    seat: Seat,
) -> Result<(), Text> {
    if game.is_over() || loaded.row.status != GameStatus::Running {
        return Err(Text::msg("undo-over"));
    }
    if last.seat != seat {
        return Err(match loaded.seats.get(last.seat) {
            Some(s) => Text::msg("undo-other-acted").arg("name", s.name.clone()),
            None => Text::msg("undo-another-acted"),
        });
    }
    if last.auto.is_some() {
        return Err(Text::msg("undo-automatic"));
    }
    if matches!(action, Action::Draw { .. }) {
        return Err(Text::msg("undo-drew"));
    }
    if undo_spent(&loaded.log, seat) {
        return Err(Text::msg("undo-spent"));
    }
    Ok(())
}

/// Whether `seat` has spent its turn's undo: in the entries it has made
/// since another seat last acted, an undo was followed by a move. Undos in
/// a row take back the turn's moves one by one; once the player plays
/// again after one, what they play stands until the turn ends. So a
/// take-and-undo loop ends after its first round.
fn undo_spent(log: &[store::MoveRow], seat: Seat) -> bool {
    let turn = log
        .iter()
        .rev()
        .take_while(|m| m.seat == seat && m.auto.is_none())
        .count();
    let mut undone = false;
    for m in &log[log.len() - turn..] {
        match m.entry {
            Entry::Undo { .. } => undone = true,
            Entry::Move(_) if undone => return true,
            Entry::Move(_) => {}
        }
    }
    false
}

/// The seat that may take back the last move in force now, if any.
pub(super) fn undo_seat(loaded: &Loaded, game: &Game) -> Option<Seat> {
    let live = loaded.live(loaded.log.len()).ok()?;
    let (last, action) = live.last()?;
    may_undo(loaded, game, last, action, last.seat).ok()?;
    Some(last.seat)
}

/// Turns a move command into the engine's action, resolving players; else
/// why it names no move.
pub fn to_action(command: &Command, loaded: &Loaded) -> Result<Action, Text> {
    command
        .to_action(|name| loaded.resolve(name))
        .map_err(|why| match why {
            NotAnAction::NotAMove => Text::msg("play-not-a-move").arg("command", command.to_text()),
            NotAnAction::TrainerByCell { side } => {
                Text::msg("play-trainer-by-cell").arg("side", side)
            }
            NotAnAction::NoSuchPost => Text::msg("play-no-such-post"),
            NotAnAction::CoworkerNotToDepot => Text::msg("play-coworker-not-to-depot"),
            NotAnAction::DepotTileToCell => Text::msg("play-depot-tile-to-cell"),
            NotAnAction::Player(why) => why,
        })
}
