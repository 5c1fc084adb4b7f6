//! The take-and-undo loop at full size: one play link posting `take` and
//! `undo` in turn as fast as the referee answers, through the path of the
//! web's `POST /g/<link>/move` ([`Referee::web_move`]), on SQLite, with no
//! courier (so every table the loop would post stays queued, as behind a
//! channel Discord holds to about five messages in five seconds).
//!
//! Before the undo was bounded, a link committed about 7 moves a second
//! without end, each queuing a table with a picture. Now one undo a turn
//! ends the loop after its first round (take, undo, take), and the tables
//! still waiting merge into the newest.

use aquaretto_bot::command;
use aquaretto_bot::referee::{Actor, Referee, Reply, Request, Via};
use aquaretto_bot::store::Store;
use std::time::{Duration, Instant};

/// What a sustained loop got through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakeUndo {
    /// Moves posted (`take` and `undo` in turn).
    pub attempts: usize,
    /// Moves accepted (each an entry in the log).
    pub accepted: usize,
    /// Entries the loop added to the log.
    pub logged: usize,
    /// Table messages waiting in the outbox at the end.
    pub queued: usize,
    /// How long the loop took.
    pub elapsed: Duration,
}

/// Runs the loop `attempts` times on a fresh two-player game in a SQLite
/// database in a temporary folder, prints the moves accepted and the
/// messages queued (one line, for RELIABILITY.md), and returns them.
pub async fn run(attempts: usize) -> anyhow::Result<TakeUndo> {
    let dir = tempfile::tempdir()?;
    let url = format!("sqlite://{}", dir.path().join("take-undo.db").display());
    let referee = Referee::new(Store::open(&url).await?);
    let game = say(&referee, "ana", "/aq new first:ana")
        .await?
        .game_id
        .ok_or_else(|| anyhow::anyhow!("no game opened"))?;
    say(&referee, "ben", "/aq join").await?;
    say(&referee, "ana", "/aq start").await?;
    // A tile on truck 1 for ana to take.
    say(&referee, "ana", "/aq draw truck:1").await?;
    say(&referee, "ben", "/aq draw truck:2").await?;
    let log_before = log_length(&referee, game).await?;
    let started = Instant::now();
    let mut accepted = 0;
    for round in 0..attempts {
        let text = if round % 2 == 0 {
            "/aq take truck:1"
        } else {
            "/aq undo"
        };
        let seq = log_length(&referee, game).await?;
        let reply = referee
            .web_move(game, "ana", command::parse(text)?, seq, None)
            .await?;
        if reply.accepted {
            accepted += 1;
        }
    }
    let elapsed = started.elapsed();
    let logged = usize::try_from(log_length(&referee, game).await? - log_before)?;
    let queued: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM outbox WHERE kind = 'table'")
        .fetch_one(referee.store().pool())
        .await?;
    let result = TakeUndo {
        attempts,
        accepted,
        logged,
        queued: usize::try_from(queued)?,
        elapsed,
    };
    println!(
        "take/undo loop from one play link: {} moves posted in {:.2} s ({:.0}/s), {} accepted, \
         {} entries logged, {} table message{} queued",
        result.attempts,
        elapsed.as_secs_f64(),
        result.attempts as f64 / elapsed.as_secs_f64().max(1e-9),
        result.accepted,
        result.logged,
        result.queued,
        if result.queued == 1 { "" } else { "s" }
    );
    Ok(result)
}

/// A command of `who` in the loop's channel, which must be accepted.
async fn say(referee: &Referee, who: &str, text: &str) -> anyhow::Result<Reply> {
    let command = command::parse(text).map_err(|e| anyhow::anyhow!("{text}: {e}"))?;
    let reply = referee
        .handle(Request {
            channel: "take-undo".to_string(),
            guild: Some("abuse".to_string()),
            actor: Actor {
                id: who.to_string(),
                name: who.to_string(),
                manages_channel: false,
            },
            command,
            via: Via::default(),
        })
        .await;
    anyhow::ensure!(reply.accepted, "{text}: {}", reply.text());
    Ok(reply)
}

/// The length of a game's log.
async fn log_length(referee: &Referee, game: i64) -> anyhow::Result<i64> {
    let loaded = referee
        .find_game(Some(game), None)
        .await?
        .ok_or_else(|| anyhow::anyhow!("game #{game} is gone"))?
        .map_err(|damage| anyhow::anyhow!("game #{game} is damaged: {damage}"))?;
    Ok(loaded.seq())
}
