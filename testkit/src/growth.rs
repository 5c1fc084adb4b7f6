//! The world of the growth benchmark (`benches/growth/`) and of its short
//! test (`tests/referee/growth.rs`): a store filled with finished and running
//! games over many servers and people, through the store's own writes, and
//! the requests whose cost is measured on it.
//!
//! - Servers: their share of the games follows Zipf's law (the `i`-th
//!   largest has a share in proportion to `1/i`), so a few are very large
//!   and most have a game or none; each server has a pool of people (the
//!   largest 5,000) and a few channels.
//! - Finished games: real games, each the log of a random game of 2 to 5
//!   players (one seat in ten a computer player) from a pool of games
//!   played once by the engine, dealt again with the players' names; every
//!   row written as the bot writes it when the game is played and finishes
//!   (`insert_game`, `add_seat`, `start_game`, the log, the move times,
//!   `set_status`, `record_results`, the referee's `rate_game`), the log and
//!   the move times a game at a time through the store's bulk writes
//!   (`import_log`, `record_move_times`, the same inserts a move makes).
//! - Running games: a prefix of such a game, each in a channel of its own,
//!   its turn recorded as the referee records it (`set_turn`).
//! - Channels: each recorded as seen by every member of its server, but
//!   one in ten (its id ending in 9) hidden from them (`channel_views`).
//! - Besides: one person to act in 50 running games (`mygames`), one
//!   finished game of 250 moves or more (history), and every person's row.
//!
//! Move times are drawn from a spread of 2 s to a day (even in the
//! logarithm), so a person's times fill many buckets of the medians'
//! histogram.

use aquaretto_bot::clock::{rfc3339, Millis};
use aquaretto_bot::command::Command;
use aquaretto_bot::engine::playout::random_game;
use aquaretto_bot::engine::{Action, Animal, Game, Seat, Setup};
use aquaretto_bot::lang::Lang;
use aquaretto_bot::referee::{self, Actor, Contestant, Referee, Reply, Request, Via};
use aquaretto_bot::store::{
    self, GameStatus, Logged, MoveTime, NewGame, NewResult, SeatRow, Store, Turn,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What a store holds at one size.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Size {
    pub finished: usize,
    pub running: usize,
    pub people: usize,
    pub servers: usize,
}

/// Games a transaction of the fill writes: few enough that SQLite's log is
/// copied into the database as the bot copies it (every 200 writes), so
/// that it never holds more than a few thousand games.
const BATCH: usize = 25;
/// Running games where the `mygames` person must act.
pub const MYGAMES: usize = 50;
/// The shortest log of the game whose history is paged.
pub const LONG_GAME: usize = 250;
/// Games of each number of players in the pool.
const POOL: usize = 24;
/// The computer level of computer seats.
const LEVEL: &str = "normal";
/// A day, in ms.
const DAY: Millis = 86_400_000;

/// Ids: 19 digits, as Discord's snowflakes.
fn guild_id(server: usize) -> String {
    format!("{}", 700_000_000_000_000_000u64 + server as u64)
}
fn person_id(person: usize) -> String {
    format!("{}", 900_000_000_000_000_000u64 + person as u64)
}
fn person_name(person: usize) -> String {
    format!("player{person}")
}
fn server_channel(server: usize, n: usize) -> String {
    format!("{}", 600_000_000_000_000_000u64 + (server * 100 + n) as u64)
}
fn running_channel(n: usize) -> String {
    format!("{}", 500_000_000_000_000_000u64 + n as u64)
}

/// The person who must act in [`MYGAMES`] running games.
pub fn mygames_person() -> String {
    format!("{}", 880_000_000_000_000_000u64)
}

/// A game of the pool: its number of players, seed and log.
struct Pooled {
    players: usize,
    seed: u64,
    log: Vec<(Seat, Action)>,
}

/// What the filled store's requests are about.
#[derive(Debug, Clone, Default, serde::Serialize, serde::Deserialize)]
pub struct Targets {
    /// The largest server, and one of its channels.
    pub guild: String,
    pub channel: String,
    /// The game of [`LONG_GAME`] moves or more, and its length.
    pub long_game: i64,
    pub long_moves: usize,
    /// The channels of running games, in the order they were made.
    pub running: Vec<(String, String)>,
}

/// The store's world: how it is made and how far it is filled.
pub struct World {
    pub people: usize,
    pub servers: usize,
    /// The running sum of the servers' shares.
    shares: Vec<f64>,
    pool: Vec<Pooled>,
    rng: ChaCha8Rng,
    /// Finished and running games written so far.
    pub finished: usize,
    pub running: usize,
    /// Games finish before this time (ms), spread over the two years before.
    pub now: Millis,
    pub targets: Targets,
    /// Moves written so far (the log's rows).
    pub moves: u64,
    /// Transactions the fill of finished games writes at once (1), each
    /// on its own connection, each with the games of its own servers: a
    /// server's rows (its people's counts, totals and ratings) are written
    /// by one of them only, so they never wait for each other.
    pub writers: usize,
}

impl World {
    /// A world of `people` people and `servers` servers, its games finishing
    /// before `now`.
    pub fn new(people: usize, servers: usize, now: Millis) -> World {
        let mut total = 0.0;
        let shares = (0..servers)
            .map(|i| {
                total += 1.0 / (i + 1) as f64;
                total
            })
            .collect();
        let mut pool = Vec::new();
        for players in 2..=5 {
            for k in 0..POOL {
                let seed = (players * 1000 + k) as u64;
                let (_, log) = random_game(Setup::new(placeholders(players), seed), seed);
                pool.push(Pooled { players, seed, log });
            }
        }
        World {
            people,
            servers,
            shares,
            pool,
            rng: ChaCha8Rng::seed_from_u64(43),
            finished: 0,
            running: 0,
            now,
            targets: Targets {
                guild: guild_id(0),
                channel: server_channel(0, 0),
                ..Targets::default()
            },
            moves: 0,
            writers: 1,
        }
    }

    /// The world of a store filled before and kept (`GROWTH_KEEP`, or a
    /// fill stopped midway: it writes 25 games a transaction), to grow
    /// further: what it holds and what its requests are about read from the
    /// store: its finished games, the games it made running (some may have
    /// finished since, by the benchmark's moves: they stay counted among
    /// them) and the rows of their logs counted, those still running in the
    /// order they were made, its long game the first it was given (the fill
    /// writes it before any other).
    /// Its draws start afresh, seeded from those counts: the games to come
    /// are drawn from the same spreads as before, not the very ones an
    /// unbroken fill would have drawn.
    pub async fn resume(
        people: usize,
        servers: usize,
        now: Millis,
        store: &Store,
    ) -> anyhow::Result<World> {
        let mut world = World::new(people, servers, now);
        let finished: i64 =
            sqlx::query_scalar("SELECT COUNT(*) FROM games WHERE status = 'finished'")
                .fetch_one(store.pool())
                .await?;
        let moves: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM moves")
            .fetch_one(store.pool())
            .await?;
        // The games the fill made running, whatever they have become (a
        // move of the benchmark's may have ended one): each has a channel
        // of its own, numbered in the order they were made, and the next is
        // numbered after them all.
        let made: Vec<(String, Option<String>, String)> = sqlx::query_as(
            "SELECT channel, guild, status FROM games WHERE channel >= $1 AND channel < $2 \
             ORDER BY id",
        )
        .bind(running_channel(0))
        .bind(server_channel(0, 0))
        .fetch_all(store.pool())
        .await?;
        let made_running = made.len();
        let running: Vec<(String, Option<String>)> = made
            .into_iter()
            .filter(|(_, _, status)| status == "running")
            .map(|(channel, guild, _)| (channel, guild))
            .collect();
        let long: Option<(i64, i64)> = sqlx::query_as(
            "SELECT g.id, (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id) \
             FROM games g ORDER BY g.id LIMIT 1",
        )
        .fetch_optional(store.pool())
        .await?;
        let Some((long_game, long_moves)) = long.filter(|(_, n)| *n as usize >= LONG_GAME) else {
            anyhow::bail!("the store's first game is not a long game of a fill to grow on");
        };
        world.finished = finished as usize;
        world.running = made_running;
        world.moves = moves as u64;
        world.targets.long_game = long_game;
        world.targets.long_moves = long_moves as usize;
        world.targets.running = running
            .into_iter()
            .map(|(channel, guild)| (channel, guild.unwrap_or_default()))
            .collect();
        world.rng = ChaCha8Rng::seed_from_u64(
            43 ^ (finished as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ world.running as u64,
        );
        Ok(world)
    }

    /// The mean length of the pool's games, by number of players.
    pub fn pool_lengths(&self) -> Vec<(usize, f64)> {
        (2..=5)
            .map(|n| {
                let games: Vec<&Pooled> = self.pool.iter().filter(|p| p.players == n).collect();
                let moves: usize = games.iter().map(|p| p.log.len()).sum();
                (n, moves as f64 / games.len().max(1) as f64)
            })
            .collect()
    }

    /// A server drawn by its share.
    fn server(&mut self) -> usize {
        let total = self.shares.last().copied().unwrap_or(1.0);
        let x = self.rng.random::<f64>() * total;
        self.shares
            .partition_point(|&s| s < x)
            .min(self.servers - 1)
    }

    /// The people of a server: a window of every person's ids.
    fn server_people(&self, server: usize) -> (usize, usize) {
        let total = self.shares.last().copied().unwrap_or(1.0);
        let share = 1.0 / (server + 1) as f64 / total;
        let size = ((self.people as f64) * 0.5 * share).round() as usize;
        let size = size.clamp(5, 5_000).min(self.people);
        let start = (server.wrapping_mul(2_654_435_761)) % self.people;
        (start, size)
    }

    /// A server's channels for finished games.
    fn server_channels(&self, server: usize) -> usize {
        (self.server_people(server).1 / 50).clamp(1, 100)
    }

    /// `n` distinct people of a server.
    fn seat_people(&mut self, server: usize, n: usize) -> Vec<usize> {
        let (start, size) = self.server_people(server);
        let mut chosen: Vec<usize> = Vec::with_capacity(n);
        while chosen.len() < n.min(size) {
            let p = (start + self.rng.random_range(0..size)) % self.people;
            if !chosen.contains(&p) {
                chosen.push(p);
            }
        }
        chosen
    }

    /// A game of the pool with `players` players.
    fn pooled(&mut self, players: usize) -> usize {
        let k = self.rng.random_range(0..POOL);
        (players - 2) * POOL + k
    }

    /// Every person's row (their locale, as their first command leaves it).
    pub async fn people_rows(&self, store: &Store) -> anyhow::Result<()> {
        for chunk in (0..self.people).collect::<Vec<_>>().chunks(2_000) {
            let mut tx = store.write().await?;
            for &p in chunk {
                store::set_locale(&mut tx, &person_id(p), "en-US").await?;
            }
            store::set_locale(&mut tx, &mygames_person(), "en-US").await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// Writes finished games until `finished` have been written: `writers`
    /// transactions at once, each of [`BATCH`] games or fewer, the games
    /// drawn in one sequence and each written by the transaction its server
    /// falls to.
    pub async fn fill_finished(&mut self, store: &Store, finished: usize) -> anyhow::Result<()> {
        if self.targets.long_game == 0 {
            self.long_game(store).await?;
        }
        let writers = self.writers.max(1);
        while self.finished < finished {
            let round = (BATCH * writers).min(finished - self.finished);
            let mut lanes: Vec<Vec<Drawn>> = (0..writers).map(|_| Vec::new()).collect();
            for _ in 0..round {
                let drawn = self.draw_finished();
                lanes[drawn.server % writers].push(drawn);
            }
            let pool = &self.pool;
            let seeds: Vec<u64> = (0..writers).map(|_| self.rng.random()).collect();
            let written =
                futures_util::future::try_join_all(lanes.iter().zip(seeds).enumerate().map(
                    |(lane_no, (lane, seed))| async move {
                        let mut rng = ChaCha8Rng::seed_from_u64(seed);
                        let mut moves = 0u64;
                        if lane.is_empty() {
                            return anyhow::Ok(moves);
                        }
                        // The lock of a write to one channel's game (the store's
                        // shared), under a name of the lane's own: the lanes'
                        // transactions run together, and nothing else writes
                        // while the store is filled.
                        let mut tx = store.write_in(&format!("fill lane {lane_no}")).await?;
                        for g in lane {
                            let (_, n) = write_game(&mut tx, pool, &mut rng, g).await?;
                            moves += n;
                        }
                        tx.commit().await?;
                        anyhow::Ok(moves)
                    },
                ))
                .await?;
            self.finished += round;
            self.moves += written.iter().sum::<u64>();
        }
        Ok(())
    }

    /// The next finished game to write: its server, channel, game of the
    /// pool, seats and end.
    fn draw_finished(&mut self) -> Drawn {
        let server = self.server();
        let players = match self.rng.random_range(0..10) {
            0..4 => 2,
            4..7 => 3,
            7..9 => 4,
            _ => 5,
        };
        let channel = server_channel(
            server,
            self.rng.random_range(0..self.server_channels(server)),
        );
        let pooled = self.pooled(players);
        let people = self.seat_people(server, players);
        let seats: Vec<Sit> = people
            .iter()
            .enumerate()
            .map(|(i, p)| {
                if i == 0 || self.rng.random_range(0..10) != 0 {
                    Sit::Person(*p)
                } else {
                    Sit::Computer
                }
            })
            .collect();
        let last = self.now - self.rng.random_range(0..730 * DAY);
        Drawn {
            server,
            channel,
            pooled,
            seats,
            last,
            upto: None,
        }
    }

    /// The finished game of [`LONG_GAME`] moves or more, in the largest
    /// server.
    async fn long_game(&mut self, store: &Store) -> anyhow::Result<()> {
        let mut seed = 5_000u64;
        let log = loop {
            let (_, log) = random_game(Setup::new(placeholders(5), seed), seed);
            if log.len() >= LONG_GAME || seed > 5_400 {
                break log;
            }
            seed += 1;
        };
        let moves = log.len();
        self.pool.push(Pooled {
            players: 5,
            seed,
            log,
        });
        let pooled = self.pool.len() - 1;
        let seats: Vec<Sit> = self
            .seat_people(0, 5)
            .into_iter()
            .map(Sit::Person)
            .collect();
        let channel = server_channel(0, 0);
        let mut tx = store.write().await?;
        let long = Drawn {
            server: 0,
            channel,
            pooled,
            seats,
            last: self.now - DAY,
            upto: None,
        };
        let id = self.game(&mut tx, &long).await?;
        tx.commit().await?;
        self.pool.pop();
        self.finished += 1;
        self.targets.long_game = id;
        self.targets.long_moves = moves;
        Ok(())
    }

    /// Writes running games until `running` have been written (the first
    /// [`MYGAMES`] with the `mygames` person to act), each waiting for its
    /// player to act since up to 12 hours before `now`.
    pub async fn fill_running(&mut self, store: &Store, running: usize) -> anyhow::Result<()> {
        while self.running < running {
            let batch = BATCH.min(running - self.running);
            let mut tx = store.write().await?;
            for _ in 0..batch {
                let n = self.running;
                let mine = n < MYGAMES;
                let server = if mine { n % 7 } else { self.server() };
                let players = if mine {
                    2
                } else {
                    self.rng.random_range(2..=4)
                };
                let pooled = self.pooled(players);
                let mut seats: Vec<Sit> = self
                    .seat_people(server, players)
                    .into_iter()
                    .map(Sit::Person)
                    .collect();
                let len = self.pool[pooled].log.len();
                let upto = self.rng.random_range(1..len - 1);
                if mine {
                    let setup = Setup::new(placeholders(players), self.pool[pooled].seed);
                    let game = Game::replay(setup, &self.pool[pooled].log[..upto])
                        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
                    seats[game.to_act().unwrap_or(0)] = Sit::Me;
                }
                let channel = running_channel(n);
                let last = self.now - self.rng.random_range(60_000..12 * 3_600_000);
                let drawn = Drawn {
                    server,
                    channel,
                    pooled,
                    seats,
                    last,
                    upto: Some(upto),
                };
                self.game(&mut tx, &drawn).await?;
                self.targets.running.push((drawn.channel, guild_id(server)));
                self.running += 1;
            }
            tx.commit().await?;
        }
        Ok(())
    }

    /// Writes one game of the pool (see [`write_game`]), counting its moves.
    async fn game(&mut self, conn: &mut sqlx::AnyConnection, drawn: &Drawn) -> anyhow::Result<i64> {
        let (id, moves) = write_game(conn, &self.pool, &mut self.rng, drawn).await?;
        self.moves += moves;
        Ok(id)
    }
}

/// A game drawn, to be written: in a channel of a server, a game of the
/// pool, whole and finished, or with `upto` its first moves, running;
/// `seats` who sits at it, its last move at `last`.
struct Drawn {
    server: usize,
    channel: String,
    pooled: usize,
    seats: Vec<Sit>,
    last: Millis,
    upto: Option<usize>,
}

/// A time to move: 2 s to a day, even in the logarithm.
fn think(rng: &mut ChaCha8Rng) -> Millis {
    let (lo, hi) = (2_000f64.ln(), (DAY as f64).ln());
    rng.random_range(lo..hi).exp() as Millis
}

/// Writes a game drawn, as the bot writes it. Returns its id and the
/// moves of its log.
async fn write_game(
    conn: &mut sqlx::AnyConnection,
    pool: &[Pooled],
    rng: &mut ChaCha8Rng,
    drawn: &Drawn,
) -> anyhow::Result<(i64, u64)> {
    let Drawn {
        server,
        ref channel,
        pooled,
        ref seats,
        last,
        upto,
    } = *drawn;
    let channel = channel.as_str();
    let guild = guild_id(server);
    let mut computers = 0;
    let rows: Vec<SeatRow> = seats
        .iter()
        .enumerate()
        .map(|(i, sit)| {
            let (user_id, name, auto) = match sit {
                Sit::Person(p) => (person_id(*p), person_name(*p), None),
                Sit::Me => (mygames_person(), "mygames".to_string(), None),
                Sit::Computer => {
                    computers += 1;
                    let name = match computers {
                        1 => "Normal bot".to_string(),
                        n => format!("Normal bot {n}"),
                    };
                    (format!("bot:{}", i + 1), name, Some(LEVEL.to_string()))
                }
            };
            SeatRow {
                seat: i,
                user_id,
                name,
                auto,
                removed_at: None,
                clock_left: None,
                clock_timeouts: 0,
                away: Default::default(),
            }
        })
        .collect();
    let names: Vec<String> = rows.iter().map(|s| s.name.clone()).collect();
    let (seed, log) = {
        let p = &pool[pooled];
        (p.seed, p.log[..upto.unwrap_or(p.log.len())].to_vec())
    };
    let setup = Setup::new(names.clone(), seed);
    let initial = Game::new(setup.clone())
        .map_err(|e| anyhow::anyhow!("the pool's game does not set up: {e:?}"))?;
    let after = Game::replay(setup.clone(), &log)
        .map_err(|e| anyhow::anyhow!("the pool's game does not replay: {e:?}"))?;
    // When each move was made, back from the last.
    let mut at = vec![0; log.len()];
    let mut t = last;
    for i in (0..log.len()).rev() {
        at[i] = t;
        t -= if rows[log[i].0].auto.is_some() {
            1_000
        } else {
            think(rng)
        };
    }
    let started = t;
    let lang = Lang::english();
    let created = rfc3339(started - 60_000);
    let id = store::insert_game(
        conn,
        NewGame {
            channel,
            guild: Some(&guild),
            creator: &rows[0].user_id,
            seed,
            removed: None,
            first: None,
            deck: None,
            practice: false,
            lang: &lang,
            now: &created,
        },
    )
    .await?;
    for s in &rows {
        store::add_seat(conn, id, &s.user_id, &s.name, s.auto.as_deref()).await?;
    }
    // Who may see the channel, as the Discord front end records it: one
    // channel in ten denies the server's members (hidden from its page).
    let hidden = channel.ends_with('9');
    let view = store::ChannelView {
        channel: channel.to_string(),
        guild: guild.clone(),
        parent: None,
        private_thread: false,
        everyone: Some(!hidden),
        denied_some: false,
    };
    store::record_channel_view(conn, &view, !hidden, started).await?;
    store::start_game(conn, id, &setup, &initial, &rfc3339(started)).await?;
    let commands: Vec<String> = log
        .iter()
        .map(|(_, action)| Command::from_action(action, &names).to_text())
        .collect();
    let times: Vec<String> = at.iter().map(|ms| rfc3339(*ms)).collect();
    let entries: Vec<store::Entry> = log
        .iter()
        .map(|(_, a)| store::Entry::Move(a.clone()))
        .collect();
    let logged: Vec<Logged> = log
        .iter()
        .enumerate()
        .map(|(i, (seat, _))| Logged {
            seq: i as i64 + 1,
            seat: *seat,
            user_id: &rows[*seat].user_id,
            command: &commands[i],
            entry: &entries[i],
            at: &times[i],
            auto: rows[*seat].auto.as_deref(),
        })
        .collect();
    store::import_log(conn, id, &logged, &after)
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let scope = store::scope_key(Some(&guild), channel);
    let mut since = started;
    let mut timed = Vec::new();
    for (i, (seat, _)) in log.iter().enumerate() {
        if rows[*seat].auto.is_none() {
            timed.push(MoveTime {
                game_id: id,
                seq: i as i64 + 1,
                scope: scope.clone(),
                user_id: rows[*seat].user_id.clone(),
                name: rows[*seat].name.clone(),
                ms: at[i] - since,
            });
        }
        since = at[i];
    }
    store::record_move_times(conn, &timed).await?;
    if upto.is_some() {
        let to_act = after.to_act().and_then(|s| rows.get(s));
        store::set_turn(
            conn,
            id,
            &Turn {
                to_act_user: to_act.map(|s| s.user_id.clone()),
                waiting_since: Some(last),
                remind_at: Some(last + 12 * 3_600_000),
                reminders_sent: 0,
                nudged_at: None,
                auto_at: None,
                turn_since: Some(last),
            },
        )
        .await?;
        return Ok((id, log.len() as u64));
    }
    // Nobody is voted out of a filled game.
    let standings = after.standings(&[]);
    let won = standings.winners();
    let winners: Vec<String> = won.iter().map(|s| rows[*s].name.clone()).collect();
    let ended = rfc3339(last);
    store::set_status(conn, id, GameStatus::Finished, Some(&winners), &ended).await?;
    let results: Vec<NewResult> = rows
        .iter()
        .filter_map(|s| {
            let player = after.player(s.seat)?;
            let computer = s.auto.is_some();
            Some(NewResult {
                game_id: id,
                seat: s.seat,
                guild: Some(guild.clone()),
                channel: channel.to_string(),
                user_id: if computer {
                    format!("bot:{LEVEL}")
                } else {
                    s.user_id.clone()
                },
                name: s.name.clone(),
                computer,
                score: i64::from(after.score(s.seat).total),
                won: won.contains(&s.seat),
                ended_at: ended.clone(),
                animals: Animal::ALL.map(|a| i64::from(player.zoo.count(a))),
            })
        })
        .collect();
    store::record_results(conn, &results).await?;
    let places = standings.places();
    let mut level_rated = false;
    let contestants: Vec<Contestant> = results
        .iter()
        .map(|r| Contestant {
            seat: r.seat,
            user_id: r.user_id.clone(),
            name: r.name.clone(),
            computer: r.computer,
            place: places.get(r.seat).copied().unwrap_or(places.len()),
            rated: !r.computer || !std::mem::replace(&mut level_rated, true),
        })
        .collect();
    referee::rate_game(conn, &scope, id, last, &contestants).await?;
    Ok((id, log.len() as u64))
}

/// Who sits in a seat of a filled game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sit {
    Person(usize),
    Computer,
    /// The `mygames` person.
    Me,
}

/// Names standing in for the players of a pooled game.
fn placeholders(n: usize) -> Vec<String> {
    (0..n).map(|i| format!("p{i}")).collect()
}

/// A person at a table: an actor of the requests.
pub fn actor(id: &str, name: &str) -> Actor {
    Actor {
        id: id.to_string(),
        name: name.to_string(),
        manages_channel: false,
    }
}

/// A command given in a channel of a server.
pub fn request(guild: &str, channel: &str, who: Actor, command: Command) -> Request {
    Request {
        channel: channel.to_string(),
        guild: Some(guild.to_string()),
        actor: who,
        command,
        via: Via::default(),
    }
}

/// The person with the most finished games in the largest server.
pub async fn top_player(store: &Store, guild: &str) -> anyhow::Result<String> {
    let mut tx = store.read().await?;
    let top = store::ranking(&mut tx, guild, 1, Some(1)).await?;
    Ok(top
        .first()
        .map(|t| t.user_id.clone())
        .unwrap_or_else(|| person_id(0)))
}

/// The person to act in a running game, and a random legal move for them:
/// the request that makes it.
pub async fn next_move(
    referee: &Referee,
    guild: &str,
    channel: &str,
    rng: &mut ChaCha8Rng,
) -> anyhow::Result<Option<Request>> {
    let Some(Ok(loaded)) = referee.open_game(channel).await? else {
        return Ok(None);
    };
    let Some(game) = loaded.game() else {
        return Ok(None);
    };
    let Some(seat) = game.to_act() else {
        return Ok(None);
    };
    let Some(row) = loaded.seats().get(seat) else {
        return Ok(None);
    };
    if row.is_auto() {
        return Ok(None);
    }
    let Some(action) = aquaretto_bot::engine::playout::random_action(game, seat, rng) else {
        return Ok(None);
    };
    let command = Command::from_action(&action, &loaded.names());
    Ok(Some(request(
        guild,
        channel,
        actor(&row.user_id, &row.name),
        command,
    )))
}

/// The front end's part after a move's answer is shown: the table message
/// remembered and the held letter taken out.
pub async fn shown(referee: &Referee, reply: &Reply) -> anyhow::Result<()> {
    if let (Some(game), Some(seq)) = (reply.game_id, reply.seq) {
        referee
            .table_message(game, seq, &format!("c/{game}-{seq}"), reply.held.as_deref())
            .await?;
    }
    Ok(())
}

/// What a request of the benchmark answered: its words, and whether it
/// was accepted.
pub fn said(reply: &Reply) -> String {
    reply.text()
}

/// `/aq past stats` in a channel of the largest server.
pub async fn stats(referee: &Referee, t: &Targets) -> Reply {
    let ask = request(
        &t.guild,
        &t.channel,
        actor(&person_id(1), "asker"),
        Command::Stats { player: None },
    );
    referee.handle(ask).await
}

/// `/aq past stats player:<@id>` in a channel of the largest server.
pub async fn stats_player(referee: &Referee, t: &Targets, id: &str) -> Reply {
    let ask = request(
        &t.guild,
        &t.channel,
        actor(&person_id(1), "asker"),
        Command::Stats {
            player: Some(format!("<@{id}>")),
        },
    );
    referee.handle(ask).await
}

/// `/aq mygames` of the person who must act in [`MYGAMES`] games.
pub async fn mygames(referee: &Referee, t: &Targets) -> Reply {
    let ask = request(
        &t.guild,
        &t.channel,
        actor(&mygames_person(), "mygames"),
        Command::MyGames,
    );
    referee.handle(ask).await
}

/// Page `page` (1 the newest) of the long game's history: the first by
/// `/aq past history game:<id>`, the others by the page's button.
pub async fn history(referee: &Referee, t: &Targets, page: u32) -> Reply {
    if page <= 1 {
        let ask = request(
            &t.guild,
            &t.channel,
            actor(&person_id(1), "asker"),
            Command::History {
                move_n: None,
                game: Some(t.long_game),
            },
        );
        return referee.handle(ask).await;
    }
    let id = aquaretto_bot::view::controls::ControlId {
        game: t.long_game,
        seq: t.long_moves as i64,
        control: aquaretto_bot::view::controls::Control::HistoryPage(page - 1),
    };
    referee
        .press(aquaretto_bot::referee::Press {
            channel: t.channel.clone(),
            guild: Some(t.guild.clone()),
            actor: actor(&person_id(1), "asker"),
            id: id.encode(),
            values: Vec::new(),
        })
        .await
}

/// The largest server's web page (its first page of games and its stats),
/// as the referee gives it to the page.
pub async fn server_page(referee: &Referee, t: &Targets) -> anyhow::Result<String> {
    let page = referee.web_server(&t.guild, 0, &Lang::english()).await?;
    let lang = Lang::english();
    Ok(format!(
        "{}\n{}",
        aquaretto_bot::lang::plain(&lang, &page.games),
        aquaretto_bot::lang::plain(&lang, &page.stats)
    ))
}

/// Makes every hundredth running game's reminder due at `now` (at least
/// one): the games the scheduler's step then finds.
pub async fn arm_reminders(store: &Store, t: &Targets, now: Millis) -> anyhow::Result<usize> {
    let mut tx = store.write().await?;
    let mut armed = 0;
    for (channel, _) in t.running.iter().step_by(100) {
        if let Some(row) = store::open_game(&mut tx, channel).await? {
            if row.status == GameStatus::Running && row.turn.to_act_user.is_some() {
                store::set_reminder(&mut tx, row.id, Some(now - 1_000), 0).await?;
                armed += 1;
            }
        }
    }
    tx.commit().await?;
    Ok(armed)
}

/// The scheduler's step at `now` (as `app::scheduler` makes it): due
/// reminders queued, due automatic seats played, the letters it may send
/// at once leased, the next due time read. Returns how many reminders it
/// queued.
pub async fn scheduler_step(referee: &Referee, now: Millis) -> anyhow::Result<usize> {
    let queued = referee.queue_due_reminders(now).await?;
    referee.play_due_automatic(now).await?;
    let letters = referee.lease_letters(now, 32).await?;
    referee.next_due().await?;
    let done = letters
        .into_iter()
        .map(|l| (l, aquaretto_bot::referee::Delivery::Sent(None)))
        .collect();
    referee.letters_delivered(done, now).await?;
    Ok(queued)
}

/// Every letter due at `now` delivered: the outbox as a bot that keeps up
/// leaves it.
pub async fn deliver_all(referee: &Referee, now: Millis) -> anyhow::Result<()> {
    loop {
        let letters = referee.lease_letters(now, 500).await?;
        if letters.is_empty() {
            return Ok(());
        }
        let done = letters
            .into_iter()
            .map(|l| (l, aquaretto_bot::referee::Delivery::Sent(None)))
            .collect();
        referee.letters_delivered(done, now).await?;
    }
}

/// What the bot does when it starts, up to taking commands (the Discord
/// connection aside): opens the store (its migrations checked), makes the
/// referee, reads the servers whose games wait for the bot and the next
/// time anything is due. The one check for older games to fill in runs
/// beside serving ([`check_older_games`]).
pub async fn start_up(
    url: &str,
    painter: Option<Box<dyn aquaretto_bot::referee::Painter>>,
) -> anyhow::Result<Referee> {
    let store = Store::open(url).await?;
    let mut referee = Referee::new(store);
    if let Some(painter) = painter {
        referee = referee.with_painter(painter);
    }
    referee.servers_left().await?;
    referee.next_due().await?;
    Ok(referee)
}

/// The one check, once per process, for older games to fill in (finished
/// games without results or ratings, moves without times, games that no
/// longer count): what `serve` starts beside serving.
pub async fn check_older_games(referee: &Referee) -> anyhow::Result<usize> {
    referee.fill_in_results().await
}

/// The tables a plan's problems name.
pub fn tables_named(problems: &[String]) -> Vec<String> {
    problems
        .iter()
        .filter_map(|p| {
            p.strip_prefix("reads every row of ")
                .or_else(|| p.strip_prefix("walks a whole index of "))
                .and_then(|rest| rest.split([':', ' ']).next())
                .map(str::to_string)
        })
        .collect()
}

/// The migrations that keep a place's counts for requests that do not grow
/// with the games (20261202000400: the kept counts and the indexes;
/// 20261208000100: the people and the ranked of a place; 20261209000100:
/// moves' times read from the log, no longer kept beside it;
/// 20261209000200: each channel's count of games; 20261209000300: each
/// server's count of the games of its public channels; 20261209000400:
/// each place's count of those rated). [`take_back`] undoes them; opening
/// the store again runs them on its games.
pub const UPGRADES: [i64; 6] = [
    20261202000400,
    20261208000100,
    20261209000100,
    20261209000200,
    20261209000300,
    20261209000400,
];

/// Games whose times are written back a transaction.
const TAKE_BACK_BATCH: usize = 500;

/// Takes a store back to before [`UPGRADES`]: their tables and indexes
/// dropped and their versions forgotten, and each counted move's time
/// written beside the log again (`move_times`, read from the log as the
/// bot reads it), as a store of an older version was. What the upgrade
/// test and the growth benchmark's timed upgrade start from.
pub async fn take_back(pool: &sqlx::AnyPool) -> anyhow::Result<()> {
    for sql in [
        "CREATE TABLE move_times (game_id BIGINT NOT NULL REFERENCES games (id), \
         seq BIGINT NOT NULL, scope TEXT NOT NULL, user_id TEXT NOT NULL, name TEXT NOT NULL, \
         ms BIGINT NOT NULL, PRIMARY KEY (game_id, seq))",
        "CREATE INDEX move_times_by_player ON move_times (scope, user_id, ms)",
    ] {
        sqlx::query(sql)
            .execute(pool)
            .await
            .map_err(|e| anyhow::anyhow!("{sql}: {e}"))?;
    }
    let paced: Vec<i64> = sqlx::query_scalar("SELECT game_id FROM paced_games ORDER BY game_id")
        .fetch_all(pool)
        .await?;
    for batch in paced.chunks(TAKE_BACK_BATCH) {
        let mut tx = pool.begin().await?;
        for &game in batch {
            let times = referee::times_from_log(&mut tx, game).await?;
            for chunk in times.chunks(32) {
                let rows = (0..chunk.len())
                    .map(|i| {
                        let p = 6 * i;
                        format!(
                            "(${}, ${}, ${}, ${}, ${}, ${})",
                            p + 1,
                            p + 2,
                            p + 3,
                            p + 4,
                            p + 5,
                            p + 6
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(", ");
                let sql = format!(
                    "INSERT INTO move_times (game_id, seq, scope, user_id, name, ms) VALUES {rows}"
                );
                let mut q = sqlx::query(&sql);
                for t in chunk {
                    q = q
                        .bind(t.game_id)
                        .bind(t.seq)
                        .bind(&t.scope)
                        .bind(&t.user_id)
                        .bind(&t.name)
                        .bind(t.ms);
                }
                q.execute(&mut *tx).await?;
            }
        }
        tx.commit().await?;
    }
    for sql in [
        "DROP TABLE paced_games",
        "DROP TABLE rated_counts",
        "DROP TABLE public_games",
        "DROP TABLE channel_games",
        "DROP TABLE place_totals",
        "DROP TABLE pace",
        "DROP TABLE pace_counts",
        "DROP INDEX games_by_channel",
        "DROP INDEX seats_by_user",
        "DROP INDEX games_paused",
        "DROP INDEX player_totals_leaders",
        "DROP INDEX player_totals_by_games",
        "DROP INDEX player_totals_by_name",
        "DROP INDEX player_totals_best",
        "DROP INDEX games_by_status",
        "DROP INDEX games_due_reminders",
        "DROP INDEX games_due_automatic",
    ] {
        sqlx::query(sql)
            .execute(pool)
            .await
            .map_err(|e| anyhow::anyhow!("{sql}: {e}"))?;
    }
    for version in UPGRADES {
        sqlx::query("DELETE FROM _sqlx_migrations WHERE version = $1")
            .bind(version)
            .execute(pool)
            .await?;
    }
    Ok(())
}
