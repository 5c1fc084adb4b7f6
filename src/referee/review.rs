//! `/aq review`: a finished game's review, for each player the three
//! decisions that cost them the most by the strong computer player's
//! judgement (`cpu::review`), each with the table at that moment.
//!
//! - **Made once, in the background.** When a game's last move is appended
//!   (and the referee reviews finished games: the composition root turns it
//!   on), the review starts on a thread of its own at a lower priority (see
//!   `drawing`), never holding up the move, its answer or any other command;
//!   it is written to the `reviews` table once, in a transaction on the
//!   game's channel that first checks the game is finished with the log it
//!   was reviewed from. A game finished before reviews were made, or whose
//!   review was lost to a restart, is reviewed when first asked for.
//! - **Answered from the stored review.** Until it is written, the asker is
//!   told it is being prepared (the terminal, which nothing else waits on,
//!   waits for it). A game in progress, in its lobby or abandoned is never
//!   reviewed: a clear refusal that changes nothing.
//! - **People's decisions.** Only the moves a person made are judged: the
//!   computer players' seats, and the moves the computer made for a person
//!   (an automatic seat), are not.
//! - **Words and pictures.** The moves are told as a hint tells them (a draw
//!   by its truck, never its tile) in the reader's language, with their
//!   command; the pictures (one a decision, for one player: the asker if
//!   they played, or the player asked for) are drawn in the game's language.

use super::drawing::{Drawers, Lane};
use super::hint::foretell;
use super::loaded::BOT_ID_PREFIX;
use super::{Loaded, Picture, Referee, Reply, Request, WebDrawn};
use crate::clock::{rfc3339, SharedClock};
use crate::command::Command;
use crate::cpu::review::{self, Judgement, Played, Review};
use crate::cpu::Budget;
use crate::engine::{Event, Game};
use crate::lang::{Arg, Lang, Text};
use crate::store::{self, GameStatus, ReviewRow, Store};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::watch;

/// The reviews under way in this process, and how they are made.
pub(crate) struct Reviewer {
    /// The thread reviews are made on, one at a time, at a lower priority.
    thread: Arc<Drawers>,
    /// Games being reviewed: told `true` when their review is written (or
    /// failed).
    under_way: Arc<Mutex<HashMap<i64, watch::Receiver<bool>>>>,
    /// Whether a game is reviewed as soon as it ends.
    after_games: AtomicBool,
    /// The work each decision may take.
    budget: Mutex<Budget>,
}

impl Reviewer {
    pub fn new() -> Reviewer {
        Reviewer {
            thread: Arc::new(Drawers::new("review", 1)),
            under_way: Arc::new(Mutex::new(HashMap::new())),
            after_games: AtomicBool::new(false),
            budget: Mutex::new(review::budget()),
        }
    }

    fn budget(&self) -> Budget {
        self.budget
            .lock()
            .map_or_else(|_| review::budget(), |b| b.clone())
    }
}

/// The moves in force of a loaded game, each marked judged when a person
/// made it (neither a computer player's seat nor the computer playing for a
/// person).
fn played(loaded: &Loaded) -> Result<Vec<Played>, super::Damage> {
    let live = loaded.live(loaded.log.len())?;
    Ok(live
        .iter()
        .map(|(m, action)| {
            let computer = loaded
                .seats
                .get(m.seat)
                .is_none_or(|s| s.user_id.starts_with(BOT_ID_PREFIX));
            Played {
                number: u32::try_from(m.seq).unwrap_or(u32::MAX),
                seat: m.seat,
                action: (*action).clone(),
                judged: !computer && m.auto.is_none(),
            }
        })
        .collect())
}

impl Referee {
    /// Reviews every game as soon as it ends, each decision within `budget`
    /// (the composition root turns this on; a referee without it reviews a
    /// game when first asked).
    pub fn review_finished_games(&self, budget: Budget) {
        if let Ok(mut b) = self.reviewer.budget.lock() {
            *b = budget;
        }
        self.reviewer.after_games.store(true, Ordering::SeqCst);
    }

    /// Whether games are reviewed as soon as they end.
    pub(super) fn reviews_after_games(&self) -> bool {
        self.reviewer.after_games.load(Ordering::SeqCst)
    }

    /// Waits until the review of `game_id` under way in this process, if
    /// any, is written (or has failed).
    pub async fn review_done(&self, game_id: i64) {
        let waiting = self
            .reviewer
            .under_way
            .lock()
            .ok()
            .and_then(|m| m.get(&game_id).cloned());
        if let Some(mut done) = waiting {
            // A dropped sender means the task has ended too.
            let _ = done.wait_for(|d| *d).await;
        }
    }

    /// Starts the review of a finished game in the background, unless one
    /// is under way; what tells its end.
    pub(super) fn start_review(&self, loaded: &Loaded) -> Option<watch::Receiver<bool>> {
        let game_id = loaded.row.id;
        let mut under_way = self.reviewer.under_way.lock().ok()?;
        if let Some(done) = under_way.get(&game_id) {
            return Some(done.clone());
        }
        let setup = loaded.setup().ok()?;
        let moves = match played(loaded) {
            Ok(moves) => moves,
            Err(damage) => {
                tracing::warn!(game = game_id, "no review of game #{game_id}: {damage}");
                return None;
            }
        };
        let (tell, done) = watch::channel(false);
        under_way.insert(game_id, done.clone());
        drop(under_way);
        let job = Job {
            game_id,
            seq: loaded.seq(),
            channel: loaded.row.channel.clone(),
            store: self.store.clone(),
            clock: self.clock.clone(),
            moved: self.moved.clone(),
        };
        let thread = self.reviewer.thread.clone();
        let under_way = self.reviewer.under_way.clone();
        let budget = self.reviewer.budget();
        tokio::spawn(async move {
            let made = thread
                .draw(move || review::review(&setup, &moves, &budget))
                .await;
            match made {
                Ok(Ok(made)) => {
                    if let Err(e) = job.write(&made).await {
                        tracing::error!(game = job.game_id, "cannot store a review: {e:#}");
                    }
                }
                Ok(Err(e)) => {
                    tracing::error!(game = job.game_id, "the review failed: {e}");
                }
                Err(e) => tracing::error!(game = job.game_id, "the review failed: {e}"),
            }
            if let Ok(mut m) = under_way.lock() {
                m.remove(&job.game_id);
            }
            let _ = tell.send(true);
        });
        Some(done)
    }

    /// `/aq review [game:<id>] [player:<player>]`.
    pub(super) async fn review(
        &self,
        req: &Request,
        game: Option<i64>,
        player: Option<&str>,
    ) -> anyhow::Result<Reply> {
        let loaded = match self
            .past_loaded(
                req.guild.as_deref(),
                &req.channel,
                game,
                super::history::Asker::of(req),
            )
            .await?
        {
            Ok(loaded) => loaded,
            Err(refusal) => return Ok(refusal),
        };
        let game_id = loaded.row.id;
        let id = game_id.to_string();
        let over = loaded.game.as_ref().is_some_and(Game::is_over);
        match loaded.row.status {
            GameStatus::Lobby | GameStatus::Running => {
                return Ok(Reply::refused(
                    Text::msg("review-in-progress").arg("game", id),
                ))
            }
            GameStatus::Abandoned => {
                return Ok(Reply::refused(
                    Text::msg("review-abandoned").arg("game", id),
                ))
            }
            GameStatus::Finished if !over => {
                return Ok(Reply::refused(
                    Text::msg("review-in-progress").arg("game", id),
                ))
            }
            GameStatus::Finished => {}
        }
        // The player whose pictures are drawn: the one asked for, else the
        // asker if they played.
        let shown = match player {
            Some(who) => match loaded.resolve(who) {
                Ok(seat) => Some(seat),
                Err(why) => return Ok(Reply::refused(why)),
            },
            None => loaded.seat_of(&req.actor.id),
        };
        let mut stored = self.stored_review(game_id).await?;
        if stored.is_none() {
            let Some(mut done) = self.start_review(&loaded) else {
                return Ok(Reply::refused(Text::msg("review-failed").arg("game", id)));
            };
            if req.via.front != super::Front::Terminal {
                let mut reply = Reply::private_info(Text::msg("review-preparing").arg("game", id));
                reply.game_id = Some(game_id);
                return Ok(reply);
            }
            // The terminal waits: nothing else waits on its prompt.
            let _ = done.wait_for(|d| *d).await;
            stored = self.stored_review(game_id).await?;
        }
        let Some(made) = stored else {
            return Ok(Reply::refused(Text::msg("review-failed").arg("game", id)));
        };
        let mut reply = Reply::private_info(review_text(&loaded, &made));
        reply.game_id = Some(game_id);
        if let Some(seat) = shown {
            if let Some(mine) = made.seats.iter().find(|s| s.seat == seat) {
                self.paint_review(&mut reply, &loaded, &mine.costliest)
                    .await;
            }
        }
        Ok(reply)
    }

    /// The stored review of a game, if it was written and reads.
    pub(super) async fn stored_review(&self, game_id: i64) -> anyhow::Result<Option<Review>> {
        let mut tx = self.store.read().await?;
        let Some(row) = store::review(&mut tx, game_id).await? else {
            return Ok(None);
        };
        match serde_json::from_str::<Review>(&row.review) {
            Ok(made) => Ok(Some(made)),
            Err(e) => {
                tracing::error!(game = game_id, "the stored review does not read: {e}");
                Ok(None)
            }
        }
    }

    /// One picture a decision: the table before it, what the played and the
    /// preferred move would change marked, under captions naming both.
    pub(super) async fn paint_review(
        &self,
        reply: &mut Reply,
        loaded: &Loaded,
        decisions: &[Judgement],
    ) {
        let count = decisions.len();
        for (i, j) in decisions.iter().enumerate() {
            if let WebDrawn::Drawn(png) =
                self.review_picture(loaded, j, i, count, Lane::Reply).await
            {
                reply.pictures.push(Picture {
                    name: format!("review-{}-move-{}.png", loaded.row.id, j.number),
                    png,
                    alt: decision_alt(loaded, j),
                });
            }
        }
    }

    /// The picture of decision `j`, `position` of `count` (see
    /// [`super::Painter::review_table`]), in the game's language, drawn in
    /// `lane`; nothing without a painter or when it cannot be drawn
    /// (logged).
    async fn review_picture(
        &self,
        loaded: &Loaded,
        j: &Judgement,
        position: usize,
        count: usize,
        lane: Lane,
    ) -> WebDrawn {
        let Some(painter) = self.painter.clone() else {
            return WebDrawn::Nothing;
        };
        let Some((before, events)) = decision_table(loaded, j) else {
            return WebDrawn::Nothing;
        };
        let note = super::play::note(loaded, &before);
        let captions = captions(loaded, j, &note.lang);
        let drawn = self
            .drawers
            .draw_in(lane, move || {
                painter.review_table(&before, &events, &captions, position, count, note)
            })
            .await;
        WebDrawn::of(drawn, "a review's picture")
    }

    /// A finished game's review for its page: the stored one, or, while it
    /// is made (started now if it was not under way), that it is being
    /// prepared; `None` for a game that is not over.
    pub(super) async fn web_review(
        &self,
        loaded: &Loaded,
    ) -> anyhow::Result<Option<super::WebReview>> {
        let over = loaded.game.as_ref().is_some_and(Game::is_over);
        if loaded.row.status != GameStatus::Finished || !over {
            return Ok(None);
        }
        let Some(made) = self.stored_review(loaded.row.id).await? else {
            self.start_review(loaded);
            return Ok(Some(super::WebReview::Preparing));
        };
        let names = loaded.names();
        let players = made
            .seats
            .iter()
            .map(|s| {
                let line = player_line(&names, s);
                let decisions = s
                    .costliest
                    .iter()
                    .map(|j| {
                        // An item of the page's list: no typed dash.
                        let said = decision_text(loaded, j, "review-decision-entry");
                        (j.number, said, decision_alt(loaded, j))
                    })
                    .collect();
                (line, decisions)
            })
            .collect();
        Ok(Some(super::WebReview::Ready {
            head: review_head(loaded, &made),
            players,
        }))
    }

    /// The picture of the reviewed decision at move `number` of a finished
    /// game, for its page (drawn after every reply's picture); nothing when
    /// the stored review has none there.
    pub async fn web_review_picture(&self, loaded: &Loaded, number: u32) -> WebDrawn {
        let Ok(Some(made)) = self.stored_review(loaded.row.id).await else {
            return WebDrawn::Nothing;
        };
        let Some(seat) = made
            .seats
            .iter()
            .find(|s| s.costliest.iter().any(|j| j.number == number))
        else {
            return WebDrawn::Nothing;
        };
        let Some(position) = seat.costliest.iter().position(|j| j.number == number) else {
            return WebDrawn::Nothing;
        };
        let j = &seat.costliest[position];
        self.review_picture(loaded, j, position, seat.costliest.len(), Lane::Web)
            .await
    }
}

/// What a review's background task needs to write it.
struct Job {
    game_id: i64,
    seq: i64,
    channel: String,
    store: Store,
    clock: SharedClock,
    moved: tokio::sync::broadcast::Sender<i64>,
}

impl Job {
    /// Writes the review, once, if the game is still the finished game it
    /// was made from (on the game's channel's lock, so after the
    /// transaction that finished it).
    async fn write(&self, made: &Review) -> anyhow::Result<()> {
        let mut tx = self.store.write_in(&self.channel).await?;
        let Some(row) = store::game_by_id(&mut tx, self.game_id).await? else {
            return Ok(());
        };
        if row.status != GameStatus::Finished || row.move_count != self.seq {
            return Ok(());
        }
        let written = store::write_review(
            &mut tx,
            &ReviewRow {
                game_id: self.game_id,
                seq: self.seq,
                review: serde_json::to_string(made)?,
                made_at: rfc3339(self.clock.now()),
            },
        )
        .await?;
        tx.commit().await?;
        if written {
            // Its page shows the review now.
            let _ = self.moved.send(self.game_id);
        }
        Ok(())
    }
}

/// The position before a decision and the events of both moves on a copy
/// whose unseen tiles lie in a fixed order (what the picture marks).
pub(super) fn decision_table(loaded: &Loaded, j: &Judgement) -> Option<(Game, Vec<Event>)> {
    let before = position_before(loaded, j.number)?;
    let mut events = Vec::new();
    for action in [&j.played, &j.preferred] {
        let mut blind = before.clone();
        blind.redeal_hidden(|_| ());
        if let Ok(more) = blind.apply(j.seat, action) {
            events.extend(more);
        }
    }
    Some((before, events))
}

/// The position right before move `number` of the log (a move in force).
fn position_before(loaded: &Loaded, number: u32) -> Option<Game> {
    let live = loaded.live(loaded.log.len()).ok()?;
    let at = live.iter().position(|(m, _)| m.seq == i64::from(number))?;
    loaded.replay_to_live(&live[..at]).ok()
}

/// A move as its command's words (`take truck:2`).
fn command_words(loaded: &Loaded, action: &crate::engine::Action) -> String {
    Command::from_action(action, &loaded.names()).words()
}

/// A cost in points, said with one decimal.
fn points(cost: f32) -> Arg {
    Arg::Dec {
        value: f64::from(cost),
        digits: 1,
    }
}

/// The captions of a decision's picture, in `lang`.
fn captions(loaded: &Loaded, j: &Judgement, lang: &Lang) -> Vec<String> {
    let names = loaded.table_names().all_said(lang);
    let who = names.get(j.seat).cloned().unwrap_or_default();
    vec![
        crate::lang::plain(
            lang,
            &Text::msg("review-caption-move")
                .arg("n", j.number)
                .arg("name", who)
                .arg("cost", points(j.cost)),
        ),
        crate::lang::plain(
            lang,
            &Text::msg("review-caption-moves")
                .arg("played", command_words(loaded, &j.played))
                .arg("preferred", command_words(loaded, &j.preferred)),
        ),
    ]
}

/// The review's head: the game and the least work a decision shown was
/// weighed with.
fn review_head(loaded: &Loaded, made: &Review) -> Text {
    let futures = made
        .seats
        .iter()
        .flat_map(|s| s.costliest.iter())
        .map(|j| j.futures)
        .min();
    match futures {
        Some(futures) => Text::msg("review-head")
            .arg("game", loaded.row.id.to_string())
            .arg("futures", futures),
        None => Text::msg("review-head-plain").arg("game", loaded.row.id.to_string()),
    }
}

/// A reviewed player's line: their name and decisions with a choice, and
/// whether none cost anything.
fn player_line(names: &[String], s: &review::SeatReview) -> Text {
    let name = names.get(s.seat).cloned().unwrap_or_default();
    let key = if s.costliest.is_empty() {
        "review-player-clean"
    } else {
        "review-player"
    };
    Text::msg(key).arg("name", name).arg("judged", s.judged)
}

/// The review in words: a head, then each reviewed player's costliest
/// decisions.
pub(super) fn review_text(loaded: &Loaded, made: &Review) -> Text {
    let names = loaded.names();
    let mut text = review_head(loaded, made);
    if made.seats.is_empty() {
        return text.then_line(Text::msg("review-nobody"));
    }
    for s in &made.seats {
        text = text.then_line(player_line(&names, s));
        for j in &s.costliest {
            text = text.then_line(decision_text(loaded, j, "review-decision"));
        }
    }
    text
}

/// What a decision's picture shows, in words: the decision, and both
/// moves as the table would tell them (by their command when it cannot).
pub(super) fn decision_alt(loaded: &Loaded, j: &Judgement) -> Text {
    let names = loaded.names();
    let before = position_before(loaded, j.number);
    let told = |action: &crate::engine::Action| -> Text {
        let told = before
            .as_ref()
            .and_then(|game| foretell(game, j.seat, action, &names).ok())
            .unwrap_or_else(Text::empty);
        if told.is_empty() {
            Text::Raw(command_words(loaded, action))
        } else {
            told
        }
    };
    let table = loaded.table_names();
    table.in_text(crate::view::describe::decision(
        j.number,
        table.text(j.seat),
        points(j.cost),
        told(&j.played),
        told(&j.preferred),
    ))
}

/// One decision in words: its number, its cost, both moves by their
/// command and as the table would tell them.
fn decision_text(loaded: &Loaded, j: &Judgement, key: &'static str) -> Text {
    let names = loaded.names();
    let before = position_before(loaded, j.number);
    let told = |action: &crate::engine::Action| -> Text {
        before
            .as_ref()
            .and_then(|game| foretell(game, j.seat, action, &names).ok())
            .unwrap_or_else(Text::empty)
    };
    Text::msg(key)
        .arg("n", j.number)
        .arg("cost", points(j.cost))
        .arg("played_command", command_words(loaded, &j.played))
        .arg("played", told(&j.played))
        .arg("preferred_command", command_words(loaded, &j.preferred))
        .arg("preferred", told(&j.preferred))
}
