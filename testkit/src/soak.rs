//! A soak of real servers' faults: many games moving on the fake Discord
//! while one channel loses its permissions, one thread is locked, one
//! server removes the bot and Discord is down for an hour of the test
//! clock. Shared by `benches/servers.rs` (2,000 moves in 200 games) and a
//! short version in `tests/discord/real_servers.rs`, each of which declares
//! this file beside `table` and `fake_discord`.
//!
//! What it counts, and how:
//! - invalid requests (answers 401, 403, 429) the bot met, and the most in
//!   any 10 minutes of the test clock (every request is placed at the test
//!   clock's time of the step it came in);
//! - letters lost: every letter the outbox ever held (a trigger on the
//!   test's database copies each as it is written) that was neither posted
//!   (a message with its nonce), nor still waiting with a game that waits
//!   for its channel, nor a reminder a newer one replaced;
//! - moves committed but never shown in their channel: every move made
//!   whose answer did not go through and whose held table is not in the
//!   channel, nor a newer table of its game that took its place (games
//!   that wait for their channel excepted: nothing can be shown there);
//! - the longest a reminder in a healthy channel waited past its time,
//!   outside the outage and with it.

use crate::fake_discord::{self as fd, ChannelSpec};
use crate::table::{Table, TinyPainter, User, GUILD, USERS};
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap, HashSet};
use std::time::{Duration, Instant};

/// The size of a soak.
#[derive(Debug, Clone, Copy)]
pub struct Size {
    pub games: usize,
    pub moves: usize,
}

/// What a soak measured.
#[derive(Debug, Clone, Default)]
pub struct Soak {
    pub games: usize,
    pub moves_made: usize,
    pub invalid: usize,
    pub most_invalid_in_ten_minutes: usize,
    pub letters: usize,
    pub letters_posted: usize,
    pub letters_waiting: usize,
    /// Held for a move whose answer was shown, and so taken out.
    pub held_taken_out: usize,
    /// Tables that waited while a newer table of their game was made, and
    /// gave it their place (the newer one was posted).
    pub tables_merged: usize,
    pub reminders_replaced: usize,
    pub letters_lost: Vec<String>,
    pub moves_unseen: Vec<String>,
    pub answers_failed: usize,
    /// The longest a reminder in a healthy channel waited past its time,
    /// when it came due outside the outage, and at all (ms of test clock).
    pub longest_reminder_wait_ms: i64,
    pub longest_reminder_wait_with_outage_ms: i64,
    pub wall: Duration,
}

const STEP: Duration = Duration::from_secs(5 * 60);

/// A letter the outbox was given: nonce, kind, game, channel, first due.
type LetterSeen = (String, String, Option<i64>, Option<String>, i64);
const SEND_MESSAGES: u64 = 1 << 11;

/// One game of the soak: where it is, and whether it can move.
struct Place {
    guild: u64,
    channel: u64,
    thread: bool,
}

/// Runs a soak of `size` on a fresh table.
pub async fn run(size: Size) -> Soak {
    let started = Instant::now();
    let t = Table::open(Duration::from_secs(2), TinyPainter::boxed).await;
    let pool = t.referee.store().pool().clone();
    // Every letter the outbox is given, kept aside.
    for sql in [
        "CREATE TABLE soak_letters (nonce TEXT, kind TEXT, game_id INTEGER, channel TEXT, due_at INTEGER)",
        "CREATE TRIGGER soak_letter AFTER INSERT ON outbox BEGIN \
         INSERT INTO soak_letters VALUES (new.nonce, new.kind, new.game_id, new.channel, new.due_at); END",
    ] {
        sqlx::query(sql).execute(&pool).await.expect("the soak's trigger");
    }
    // Four servers. The first half of the games move; the second half wait
    // on a player, so their reminders come every hour (before, during and
    // after the outage). The first waiting game plays in a thread, which is
    // locked; the second's channel loses Send Messages; server 3 removes
    // the bot.
    let active = size.games / 2;
    let guilds = [GUILD, GUILD + 1_000, GUILD + 2_000, GUILD + 3_000];
    let mut places = Vec::new();
    for i in 0..size.games {
        let guild = guilds[i % guilds.len()];
        let channel = 2_100_000_000_000_000_000 + i as u64;
        let thread = i == active;
        if thread {
            t.fake.add_channel(ChannelSpec::thread(
                guild,
                channel + 50_000,
                channel,
                false,
                false,
            ));
        } else {
            t.fake.add_channel(ChannelSpec::text(guild, channel));
        }
        places.push(Place {
            guild,
            channel,
            thread,
        });
    }
    let locked = places[active].channel;
    let no_send = places[active + 1].channel;
    let removed = guilds[3];
    // Turn alerts by direct message for two of the five players.
    for who in [USERS[1], USERS[3]] {
        let on = t
            .send(&t.interaction(who, "notify", &[("dm", json!(true))]))
            .await;
        assert!(on.is_private(), "{}", on.content());
    }
    for (i, place) in places.iter().enumerate() {
        let players = [USERS[i % 5], USERS[(i + 2) % 5]];
        open_game(&t, place, &players).await;
    }
    let game_of: HashMap<u64, i64> = {
        let mut ids = HashMap::new();
        for place in &places {
            let loaded = t.loaded_in(place.channel).await.expect("a game");
            ids.insert(place.channel, loaded.id());
        }
        ids
    };

    // The steps: (test clock after the step, request log length then).
    let mut steps: Vec<(i64, usize)> = Vec::new();
    let now = |t: &Table| aquaretto_bot::clock::Clock::now(&t.clock);
    let per_round = (active / 2).max(1);
    let rounds = size.moves.div_ceil(per_round);
    let outage = (rounds / 2, rounds / 2 + 12);
    let mut outage_ms = (0, 0);
    let mut made: Vec<(u64, String, Value)> = Vec::new();
    let tally = t.bot.as_ref().expect("the bot runs").tally();
    let mut failed = 0;
    let mut next_game = 0;
    for round in 0..rounds {
        if round == rounds / 5 {
            t.fake
                .set_permissions(no_send, fd::PERMISSIONS_BITS & !SEND_MESSAGES);
        }
        if round == rounds / 4 {
            t.fake.lock(locked);
        }
        if round == rounds / 3 {
            t.fake.remove_bot(removed);
        }
        if round == outage.0 {
            t.fake.set_down(Some(503));
            outage_ms.0 = now(&t);
        }
        if round == outage.1 {
            t.fake.set_down(None);
            outage_ms.1 = now(&t);
        }
        let mut moved = 0;
        let mut tries = 0;
        while moved < per_round && made.len() < size.moves && tries < active {
            tries += 1;
            let place = &places[next_game % active];
            next_game += 1;
            let gone = (place.guild == removed && round >= rounds / 3)
                || (place.channel == locked && round >= rounds / 4);
            if gone {
                continue;
            }
            let Some((nonce, mut interaction)) = one_move(&t, place).await else {
                continue;
            };
            if place.channel == no_send && round >= rounds / 5 {
                interaction["app_permissions"] =
                    json!((fd::PERMISSIONS_BITS & !SEND_MESSAGES).to_string());
            }
            t.fake
                .send_interaction(&interaction)
                .expect("the gateway carries interactions");
            let answered = t
                .fake
                .next_request(|r| r.is_callback_for(&interaction))
                .await
                .expect("every move is answered or tried");
            // The move committed before its answer was tried; wait for the
            // bot to finish with it (its table message remembered, or its
            // table owed to the channel).
            if answered.status < 300 {
                settle(&t, place.channel, &nonce).await;
            } else {
                failed += 1;
                let mut seen = tally.clone();
                tokio::time::timeout(
                    Duration::from_secs(10),
                    seen.wait_for(|t| t.sent_to_channel >= failed),
                )
                .await
                .expect("a failed answer's table is owed to the channel")
                .expect("the bot runs");
            }
            made.push((place.channel, nonce, json!(answered.status)));
            moved += 1;
        }
        t.advance_within(STEP, Duration::from_secs(120)).await;
        steps.push((now(&t), t.fake.requests().len()));
    }
    // Time for every letter to go: three hours more.
    for _ in 0..36 {
        t.advance_within(STEP, Duration::from_secs(120)).await;
        steps.push((now(&t), t.fake.requests().len()));
    }

    // --- what happened ---
    let requests = t.fake.requests();
    let at_step = |index: usize| -> i64 {
        steps
            .iter()
            .find(|(_, len)| index < *len)
            .map_or_else(|| steps.last().map_or(0, |s| s.0), |s| s.0)
    };
    let invalid_times: Vec<i64> = requests
        .iter()
        .enumerate()
        .filter(|(_, r)| matches!(r.status, 401 | 403 | 429))
        .map(|(i, _)| at_step(i))
        .collect();
    let window = 10 * 60_000;
    let most = invalid_times
        .iter()
        .map(|from| {
            invalid_times
                .iter()
                .filter(|t| **t >= *from && **t < from + window)
                .count()
        })
        .max()
        .unwrap_or(0);
    let posted: HashMap<String, Value> = t
        .fake
        .messages()
        .into_iter()
        .filter_map(|m| Some((m["nonce"].as_str()?.to_string(), m)))
        .collect();
    // When each letter was posted: the step of its request.
    let mut posted_at: HashMap<String, i64> = HashMap::new();
    for (i, r) in requests.iter().enumerate() {
        if r.method == "POST" && r.status == 200 && r.path.ends_with("/messages") {
            if let Some(n) = r.json.as_ref().and_then(|j| j["nonce"].as_str()) {
                posted_at.entry(n.to_string()).or_insert_with(|| at_step(i));
            }
        }
    }
    let letters: Vec<LetterSeen> =
        sqlx::query_as("SELECT nonce, kind, game_id, channel, due_at FROM soak_letters")
            .fetch_all(&pool)
            .await
            .expect("the letters");
    let waiting: HashSet<String> = sqlx::query_scalar("SELECT nonce FROM outbox")
        .fetch_all(&pool)
        .await
        .expect("the outbox")
        .into_iter()
        .collect();
    let paused: HashSet<i64> = sqlx::query_scalar("SELECT id FROM games WHERE paused IS NOT NULL")
        .fetch_all(&pool)
        .await
        .expect("games")
        .into_iter()
        .collect();
    // The reminders a newer one of the same game replaced.
    let mut newest_reminder: BTreeMap<i64, String> = BTreeMap::new();
    for (nonce, kind, game, _, _) in &letters {
        if kind == "reminder" {
            if let Some(game) = game {
                newest_reminder.insert(*game, nonce.clone());
            }
        }
    }
    let mut soak = Soak {
        games: size.games,
        moves_made: made.len(),
        invalid: invalid_times.len(),
        most_invalid_in_ten_minutes: most,
        letters: letters.len(),
        ..Soak::default()
    };
    let healthy = |channel: &Option<String>, game: &Option<i64>| {
        game.is_none_or(|g| !paused.contains(&g))
            && channel.as_deref() != Some(&no_send.to_string())
            && channel.as_deref() != Some(&locked.to_string())
    };
    // The log length a table letter shows, from its nonce (`w<game>.<n>`).
    let shows = |nonce: &str| -> Option<i64> { nonce.rsplit('.').next()?.parse().ok() };
    // The newest table of each game that reached its channel.
    let mut newest_posted: HashMap<i64, i64> = HashMap::new();
    for (nonce, kind, game, _, _) in &letters {
        if let (true, Some(game), Some(n)) = (
            kind == "table" && posted.contains_key(nonce),
            game,
            shows(nonce),
        ) {
            let newest = newest_posted.entry(*game).or_insert(n);
            *newest = (*newest).max(n);
        }
    }
    let merged = |nonce: &str, game: Option<i64>| -> bool {
        match (game.and_then(|g| newest_posted.get(&g)), shows(nonce)) {
            (Some(newest), Some(n)) => *newest > n,
            _ => false,
        }
    };
    for (nonce, kind, game, channel, due) in &letters {
        if posted.contains_key(nonce) {
            soak.letters_posted += 1;
            if kind == "reminder" && healthy(channel, game) {
                if let Some(at) = posted_at.get(nonce) {
                    let wait = at - due;
                    soak.longest_reminder_wait_with_outage_ms =
                        soak.longest_reminder_wait_with_outage_ms.max(wait);
                    let in_outage = *due >= outage_ms.0 - STEP.as_millis() as i64
                        && *due <= outage_ms.1 + STEP.as_millis() as i64;
                    if !in_outage {
                        soak.longest_reminder_wait_ms = soak.longest_reminder_wait_ms.max(wait);
                    }
                }
            }
            continue;
        }
        let game_waits = game.is_some_and(|g| paused.contains(&g));
        if waiting.contains(nonce) && game_waits {
            soak.letters_waiting += 1;
            continue;
        }
        let replaced =
            kind == "reminder" && game.is_some_and(|g| newest_reminder.get(&g) != Some(nonce));
        // A reminder dropped because its game waits for its channel: a
        // newer one comes when the game goes on.
        if replaced || (kind == "reminder" && game_waits) {
            soak.reminders_replaced += 1;
            continue;
        }
        // A table that gave its place to a newer one of its game.
        if kind == "table" && !waiting.contains(nonce) && merged(nonce, *game) {
            let shown = made
                .iter()
                .any(|(_, n, status)| n == nonce && status.as_u64().is_some_and(|s| s < 300));
            if !shown {
                soak.tables_merged += 1;
                continue;
            }
        }
        // A held table taken out because its move's answer was shown.
        if kind == "table" && nonce.starts_with('w') && !waiting.contains(nonce) {
            let shown = made
                .iter()
                .any(|(_, n, status)| n == nonce && status.as_u64().is_some_and(|s| s < 300));
            if shown {
                soak.held_taken_out += 1;
                continue;
            }
        }
        soak.letters_lost.push(format!(
            "{kind} {nonce} (game {game:?}, channel {channel:?})"
        ));
    }
    for (channel, nonce, status) in &made {
        let answered = status.as_u64().is_some_and(|s| s < 300);
        if answered {
            continue;
        }
        soak.answers_failed += 1;
        let game = game_of.get(channel).copied();
        let game_waits = game.is_some_and(|g| paused.contains(&g));
        if !posted.contains_key(nonce) && !merged(nonce, game) && !game_waits {
            soak.moves_unseen
                .push(format!("{nonce} in {channel} (answer {status})"));
        }
    }
    let mut t = t;
    t.stop_bot().await;
    soak.wall = started.elapsed();
    soak
}

/// Opens and starts a game of two in `place`, reminders every hour.
async fn open_game(t: &Table, place: &Place, players: &[User; 2]) {
    let say = |who: User, sub: &str, options: Vec<(&str, Value)>| {
        t.interaction_in_server(place.guild, place.channel, who, sub, &options)
    };
    let first = players[0];
    for (who, sub, options) in [
        (
            first,
            "new",
            vec![("first", fd::user_option(first.id, first.name))],
        ),
        (players[1], "join", vec![]),
        (first, "settings", vec![("reminders", json!("1h"))]),
        (first, "start", vec![]),
    ] {
        let answer = t.send(&say(who, sub, options)).await;
        assert!(
            sub == "settings" || !answer.is_private(),
            "{sub} in {}: {}",
            place.channel,
            answer.content()
        );
    }
    let _ = place.thread;
}

/// The first legal move of whoever must act in `place`, and the nonce of
/// the table letter it would hold.
async fn one_move(t: &Table, place: &Place) -> Option<(String, Value)> {
    let loaded = t.loaded_in(place.channel).await?;
    let game = loaded.game().cloned()?;
    let seat = game.to_act()?;
    let action = game.legal_actions(seat).first()?.clone();
    let (sub, options) = t.options_for(&action, &loaded);
    let who = Table::user_of(&loaded, seat);
    let nonce = format!("w{}.{}", loaded.id(), loaded.log().len() + 1);
    Some((
        nonce,
        t.interaction_in_server(place.guild, place.channel, who, sub, &options),
    ))
}

/// Waits until the bot is done with a move whose answer was shown: its held
/// letter taken out with its table message remembered.
async fn settle(t: &Table, channel: u64, nonce: &str) {
    let pool = t.referee.store().pool();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        let held: Option<i64> = sqlx::query_scalar("SELECT due_at FROM outbox WHERE nonce = $1")
            .bind(nonce)
            .fetch_optional(pool)
            .await
            .expect("the outbox");
        if held.is_none() {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the move {nonce} in {channel} was never settled"
        );
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}
