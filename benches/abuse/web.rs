//! The web pages as a door to the internet, attacked at full size: the bot
//! (its fake Discord, its SQLite store, its web pages with the real
//! painter) runs in a child process; this process attacks it from many
//! source addresses of 127.0.0.0/8.
//!
//! First under a 1,024-file limit (soft and hard, set in the child before
//! anything starts, as systemd's default for a service):
//!
//! - 10,000 connections that send nothing, from 500 addresses, held open
//!   (and reopened as the bot closes them, a tenth of them every 100 ms):
//!   the connections the bot holds, those it closed for newcomers, and
//!   meanwhile a second client's page (a watched game's, kept ready, and
//!   the player to act's, made each time) from a fresh connection each
//!   time: p50 and max, against the same without the attack (target:
//!   under 1 s); a Discord command (`/aq board` through the fake Discord)
//!   and a read of the store, timed, with and without the attack;
//! - then 2,000 live stream attempts from 100 addresses on top: how many
//!   were let in, refused as one client's too many (429) or as too many in
//!   all (503); the second client's page and the Discord command again;
//! - the child's memory (VmRSS, VmHWM) and open files before and after.
//!
//! Then with the file limit raised to its hard limit, as the binary does,
//! and the attacker at the lowest priority (as if on other machines: on 2
//! cores, an attacker at the bot's own priority takes half of them):
//!
//! - 1,000 watchers of one game (1,000 addresses), each with its live
//!   stream: five moves made through Discord, and for each, every watcher
//!   told, fetching the new part and the new picture as a page does:
//!   delivery (the event) and following (part and picture fetched), p50
//!   and p99 from the moment the move is asked; the pages made and
//!   pictures drawn for them (target: one each a move);
//! - a flood of pictures: 200 clients asking for the table after each move
//!   of the game over and over for 5 s, while five moves are made through
//!   Discord and five through the referee alone: how many were drawn,
//!   refused (503) and kept ready, and each move's answer (with its own
//!   picture) against the same moves without the flood;
//! - 300 clients asking for a picture and leaving at once: pictures not
//!   drawn because their page had gone;
//! - the child's memory again.

use crate::support::{self, link, Table, ALICE};
use aquaretto_bot::web::Bounds;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};
use tokio::io::{AsyncBufReadExt as _, AsyncReadExt as _, AsyncWriteExt as _, BufReader};
use tokio::net::{TcpSocket, TcpStream};

const IDLE: usize = 10_000;
const IDLE_ADDRESSES: usize = 500;
const STREAM_ATTEMPTS: usize = 2_000;
const STREAM_ADDRESSES: usize = 100;
const WATCHERS: usize = 1_000;
const WATCHED_MOVES: usize = 5;
const PICTURE_CLIENTS: usize = 200;
const LEAVERS: usize = 300;
/// Moves played before the attacks (the pictures to ask for).
const MOVES_BEFORE: usize = 40;
/// A page fetched this many times for each figure.
const PAGE_FETCHES: usize = 20;

/// The child: the bot, told what to do on its standard input, answering
/// one line each on its standard output.
pub fn child() -> anyhow::Result<()> {
    if let Some(files) = std::env::var("ABUSE_FILES")
        .ok()
        .and_then(|f| f.parse::<u64>().ok())
    {
        set_file_limit(files, files)?;
    } else {
        aquaretto_bot::app::raise_file_limit();
    }
    // The log on standard error: standard output is the conversation.
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(tracing::Level::WARN)
        .try_init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(serve_child())
}

async fn serve_child() -> anyhow::Result<()> {
    let mut t = Table::open(Duration::from_millis(1500), support::render_painter).await;
    t.web = true;
    t.web_bounds = Bounds::default();
    t.stop_bot().await;
    t.start_bot().await;
    let started = t.start_two_player_game(7).await;
    let watch = link(&started.created[0], "Watch on the web");
    play_through_referee(&t, MOVES_BEFORE, 1).await;
    let play = to_act_link(&t).await;
    let web = t.bot.as_ref().and_then(|b| b.web_addr()).expect("served");
    say(&format!("ready {web} {watch} {play}"));
    let mut lines = BufReader::new(tokio::io::stdin()).lines();
    let mut seed = 100;
    while let Some(line) = lines.next_line().await? {
        match line.trim() {
            "probe" => {
                let asked = Instant::now();
                let board = t.say(ALICE, "board", &[]).await;
                let discord = asked.elapsed();
                anyhow::ensure!(board.is_private(), "board: {}", board.content());
                let asked = Instant::now();
                anyhow::ensure!(t.loaded().await.is_some(), "the store reads");
                let store = asked.elapsed();
                say(&format!("probe {} {}", us(discord), us(store)));
            }
            "move" => {
                seed += 1;
                let asked = Instant::now();
                let n = move_through_discord(&t, seed).await;
                say(&format!("moved {n} {}", us(asked.elapsed())));
            }
            "refmove" => {
                seed += 1;
                let asked = Instant::now();
                play_through_referee(&t, 1, seed).await;
                let n = t.loaded().await.map_or(0, |l| l.log().len());
                say(&format!("moved {n} {}", us(asked.elapsed())));
            }
            "figures" => {
                let f = t
                    .bot
                    .as_ref()
                    .and_then(|b| b.web())
                    .expect("served")
                    .figures();
                let d = &f.door;
                say(&format!(
                    "figures open={} most_open={} accepted={} evicted={} refused={} idle_closed={} header_timeouts={} accept_errors={} streams={} most_streams={} streams_opened={} streams_refused={} pages_made={} page_hits={} page_bytes={} pictures_made={} pictures_begun={} picture_hits={} picture_bytes={} pictures_abandoned={} connections_bound={} streams_bound={}",
                    d.open, d.most_open, d.accepted, d.evicted, d.refused, d.idle_closed,
                    d.header_timeouts, d.accept_errors, f.streams, f.most_streams,
                    f.streams_opened, f.streams_refused, f.pages_made, f.page_hits,
                    f.page_bytes, f.pictures_made, f.pictures_begun, f.picture_hits, f.picture_bytes,
                    f.pictures_abandoned, t.web_bounds.connections, t.web_bounds.streams
                ));
            }
            "quit" => break,
            other => say(&format!("unknown {other}")),
        }
    }
    t.stop_bot().await;
    Ok(())
}

/// A line to the parent.
fn say(line: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn us(d: Duration) -> u128 {
    d.as_micros()
}

fn set_file_limit(soft: u64, hard: u64) -> anyhow::Result<()> {
    let limit = libc::rlimit {
        rlim_cur: soft,
        rlim_max: hard,
    };
    // SAFETY: setrlimit only reads the struct it is given.
    if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &limit) } != 0 {
        anyhow::bail!(
            "cannot set the file limit to {soft}: {}",
            std::io::Error::last_os_error()
        );
    }
    Ok(())
}

/// `k` random legal moves through the referee (quick, no Discord).
async fn play_through_referee(t: &Table, k: usize, seed: u64) {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let channel = support::CHANNEL.to_string();
    for _ in 0..k {
        let loaded = t.loaded().await.expect("a game");
        let game = loaded.game().cloned().expect("started");
        let Some(seat) = game.to_act() else { return };
        let who = loaded.seats()[seat].clone();
        let action = aquaretto_bot::engine::playout::random_action(&game, seat, &mut rng)
            .expect("a legal move");
        let reply = t
            .referee
            .handle(aquaretto_bot::referee::Request {
                channel: channel.clone(),
                guild: Some(support::GUILD.to_string()),
                actor: aquaretto_bot::referee::Actor {
                    id: who.user_id.clone(),
                    name: who.name.clone(),
                    manages_channel: false,
                },
                command: aquaretto_bot::command::Command::from_action(&action, &loaded.names()),
                via: Default::default(),
            })
            .await;
        assert!(reply.accepted, "{}", reply.text());
    }
}

/// One random legal move asked through Discord; the log's length after.
async fn move_through_discord(t: &Table, seed: u64) -> usize {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let loaded = t.loaded().await.expect("a game");
    let game = loaded.game().expect("started").clone();
    let seat = game.to_act().expect("running");
    let action =
        aquaretto_bot::engine::playout::random_action(&game, seat, &mut rng).expect("a legal move");
    let (sub, options) = t.options_for(&action, &loaded);
    let who = Table::user_of(&loaded, seat);
    let said = t.say(who, sub, &options).await;
    assert!(!said.is_private(), "{}", said.content());
    t.loaded().await.map_or(0, |l| l.log().len())
}

/// The personal link of the player to act.
async fn to_act_link(t: &Table) -> String {
    let loaded = t.loaded().await.expect("a game");
    let seat = loaded.game().and_then(|g| g.to_act()).expect("running");
    let who = Table::user_of(&loaded, seat);
    link(t.say(who, "board", &[]).await.data(), "Play in the browser")
}

/// The bot in its child process.
struct Child {
    process: tokio::process::Child,
    stdin: tokio::process::ChildStdin,
    lines: tokio::io::Lines<BufReader<tokio::process::ChildStdout>>,
    addr: SocketAddr,
    /// The paths of the watch link and the player to act's link.
    watch: String,
    play: String,
}

impl Child {
    /// The bot under `files` file descriptors (soft and hard), or the
    /// binary's own (raised to the hard limit).
    async fn start(files: Option<u64>) -> anyhow::Result<Child> {
        let mut command = tokio::process::Command::new(std::env::current_exe()?);
        command
            .env("ABUSE_CHILD", "web")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .kill_on_drop(true);
        if let Some(files) = files {
            command.env("ABUSE_FILES", files.to_string());
        }
        let mut process = command.spawn()?;
        let stdin = process.stdin.take().expect("piped");
        let stdout = process.stdout.take().expect("piped");
        let mut lines = BufReader::new(stdout).lines();
        let ready = tokio::time::timeout(Duration::from_secs(300), lines.next_line())
            .await??
            .ok_or_else(|| anyhow::anyhow!("the child ended before it was ready"))?;
        let words: Vec<&str> = ready.split_whitespace().collect();
        anyhow::ensure!(words.len() == 4 && words[0] == "ready", "{ready}");
        let addr: SocketAddr = words[1].parse()?;
        let path = |url: &str| {
            url.split_once("://")
                .and_then(|(_, rest)| rest.split_once('/'))
                .map(|(_, p)| format!("/{p}"))
                .unwrap_or_default()
        };
        Ok(Child {
            watch: path(words[2]),
            play: path(words[3]),
            process,
            stdin,
            lines,
            addr,
        })
    }

    async fn ask(&mut self, what: &str) -> anyhow::Result<String> {
        self.stdin.write_all(format!("{what}\n").as_bytes()).await?;
        self.stdin.flush().await?;
        tokio::time::timeout(Duration::from_secs(120), self.lines.next_line())
            .await??
            .ok_or_else(|| anyhow::anyhow!("the child ended"))
    }

    /// The Discord command's and the store read's times.
    async fn probe(&mut self) -> anyhow::Result<(Duration, Duration)> {
        let said = self.ask("probe").await?;
        let w: Vec<u64> = said
            .split_whitespace()
            .skip(1)
            .filter_map(|n| n.parse().ok())
            .collect();
        anyhow::ensure!(w.len() == 2, "{said}");
        Ok((Duration::from_micros(w[0]), Duration::from_micros(w[1])))
    }

    /// A move through Discord: the log's length after it, and its answer's time.
    async fn make_move(&mut self) -> anyhow::Result<(usize, Duration)> {
        let said = self.ask("move").await?;
        let w: Vec<u64> = said
            .split_whitespace()
            .skip(1)
            .filter_map(|n| n.parse().ok())
            .collect();
        anyhow::ensure!(w.len() == 2, "{said}");
        Ok((w[0] as usize, Duration::from_micros(w[1])))
    }

    /// A move through the referee (its picture drawn, no Discord): the
    /// log's length after it, and its time.
    async fn referee_move(&mut self) -> anyhow::Result<(usize, Duration)> {
        let said = self.ask("refmove").await?;
        let w: Vec<u64> = said
            .split_whitespace()
            .skip(1)
            .filter_map(|n| n.parse().ok())
            .collect();
        anyhow::ensure!(w.len() == 2, "{said}");
        Ok((w[0] as usize, Duration::from_micros(w[1])))
    }

    /// The pages' figures, by name.
    async fn figures(&mut self) -> anyhow::Result<Vec<(String, u64)>> {
        let said = self.ask("figures").await?;
        Ok(said
            .split_whitespace()
            .skip(1)
            .filter_map(|kv| kv.split_once('='))
            .filter_map(|(k, v)| Some((k.to_string(), v.parse().ok()?)))
            .collect())
    }

    fn pid(&self) -> Option<u32> {
        self.process.id()
    }

    /// VmRSS and VmHWM, in MiB, and the files it holds open.
    fn memory(&self) -> (f64, f64, usize) {
        let Some(pid) = self.pid() else {
            return (0.0, 0.0, 0);
        };
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let field = |name: &str| {
            status
                .lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
                .map_or(0.0, |kb| kb / 1024.0)
        };
        let files = std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count());
        (field("VmRSS:"), field("VmHWM:"), files)
    }

    async fn quit(mut self) -> anyhow::Result<()> {
        let _ = self.stdin.write_all(b"quit\n").await;
        let _ = tokio::time::timeout(Duration::from_secs(30), self.process.wait()).await;
        Ok(())
    }
}

fn get(figures: &[(String, u64)], name: &str) -> u64 {
    figures
        .iter()
        .find(|(k, _)| k == name)
        .map_or(0, |(_, v)| *v)
}

/// A TCP connection from `from`.
async fn connect(from: IpAddr, to: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.set_reuseaddr(true)?;
    socket.bind(SocketAddr::new(from, 0))?;
    socket.connect(to).await
}

/// `GET path` from `from` on a connection of its own: the status and the
/// bytes that came, in at most 30 s.
async fn fetch(from: IpAddr, to: SocketAddr, path: &str) -> anyhow::Result<(u16, usize)> {
    let mut s = connect(from, to).await?;
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await?;
    let mut got = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), s.read_to_end(&mut got)).await??;
    Ok((status_of(&got), got.len()))
}

fn status_of(answer: &[u8]) -> u16 {
    answer
        .get(9..12)
        .and_then(|s| std::str::from_utf8(s).ok())
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

fn address(block: u8, n: usize) -> IpAddr {
    IpAddr::from([127, block, (n / 250) as u8, (n % 250) as u8 + 1])
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

fn spread(times: &mut [Duration]) -> String {
    times.sort();
    format!(
        "p50 {}, p99 {}, max {}",
        ms(percentile(times, 0.5)),
        ms(percentile(times, 0.99)),
        ms(times.last().copied().unwrap_or_default())
    )
}

/// A second client's pages: the watched game's and the player to act's,
/// each [`PAGE_FETCHES`] times from 127.0.0.1 on a fresh connection:
/// their times, and the answers that were not 200.
async fn second_client(child: &Child) -> (Vec<Duration>, Vec<Duration>, usize) {
    let me = IpAddr::from([127, 0, 0, 1]);
    let (mut watch, mut play, mut failed) = (Vec::new(), Vec::new(), 0);
    for _ in 0..PAGE_FETCHES {
        for (path, times) in [(&child.watch, &mut watch), (&child.play, &mut play)] {
            let asked = Instant::now();
            match fetch(me, child.addr, path).await {
                Ok((200, _)) => times.push(asked.elapsed()),
                _ => {
                    failed += 1;
                    times.push(asked.elapsed());
                }
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    (watch, play, failed)
}

/// Discord commands and store reads, five of each.
async fn probes(child: &mut Child) -> anyhow::Result<(Vec<Duration>, Vec<Duration>)> {
    let (mut discord, mut store) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        let (d, s) = child.probe().await?;
        discord.push(d);
        store.push(s);
    }
    Ok((discord, store))
}

fn memory_line(what: &str, child: &Child) {
    let (rss, hwm, files) = child.memory();
    println!(
        "abuse/web: memory {what}: VmRSS {rss:.1} MiB, VmHWM {hwm:.1} MiB, {files} files open"
    );
}

/// The parent: the attacks, and what they came to.
pub fn run() -> anyhow::Result<()> {
    let files = aquaretto_bot::app::raise_file_limit().unwrap_or(1024);
    let wanted = (IDLE + STREAM_ATTEMPTS + WATCHERS) as u64 + 2_000;
    anyhow::ensure!(
        files >= wanted,
        "this process may open {files} files, the attacks need {wanted}: raise the hard limit (ulimit -Hn)"
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    runtime.block_on(async {
        under_a_small_file_limit().await?;
        crowds_and_floods().await
    })
}

/// Idle connections, then stream attempts, against a child limited to
/// 1,024 files.
async fn under_a_small_file_limit() -> anyhow::Result<()> {
    let mut child = Child::start(Some(1024)).await?;
    let f = child.figures().await?;
    println!(
        "abuse/web: under a 1,024-file limit: the pages hold at most {} connections and {} live streams",
        get(&f, "connections_bound"),
        get(&f, "streams_bound")
    );
    memory_line("before", &child);
    let (mut watch, mut play, failed) = second_client(&child).await;
    let (mut discord, mut store) = probes(&mut child).await?;
    println!(
        "abuse/web: quiet: a second client's watched page {}, the player's page {} ({failed} failed); /aq board {}, a store read {}",
        spread(&mut watch),
        spread(&mut play),
        spread(&mut discord),
        spread(&mut store)
    );

    // 10,000 idle connections.
    let to = child.addr;
    let asked = Instant::now();
    let held: Arc<Mutex<Vec<Option<TcpStream>>>> = Arc::new(Mutex::new(Vec::new()));
    let refused_to_connect = Arc::new(AtomicUsize::new(0));
    let mut opening = tokio::task::JoinSet::new();
    for batch in 0..IDLE / 250 {
        let (held, refused) = (held.clone(), refused_to_connect.clone());
        opening.spawn(async move {
            for i in 0..250 {
                let n = batch * 250 + i;
                match connect(address(10, n % IDLE_ADDRESSES), to).await {
                    Ok(s) => held.lock().expect("held").push(Some(s)),
                    Err(_) => {
                        refused.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
        });
        if opening.len() >= 8 {
            opening.join_next().await;
        }
    }
    while opening.join_next().await.is_some() {}
    let opened_in = asked.elapsed();
    let still = still_open(&held);
    let f = child.figures().await?;
    println!(
        "abuse/web: {IDLE} idle connections from {IDLE_ADDRESSES} addresses opened in {:.1} s ({} failed to connect): the bot holds {} (at most {} at once), closed {} for newcomers, refused {}; {} of the attacker's are still open",
        opened_in.as_secs_f64(),
        refused_to_connect.load(Ordering::Relaxed),
        get(&f, "open"),
        get(&f, "most_open"),
        get(&f, "evicted"),
        get(&f, "refused"),
        still
    );
    // The attacker keeps reopening what the bot closes, a tenth every 100 ms.
    let stop = Arc::new(AtomicBool::new(false));
    let reopener = tokio::spawn(reopen(held.clone(), to, stop.clone()));
    let (mut watch, mut play, failed) = second_client(&child).await;
    let (mut discord, mut store) = probes(&mut child).await?;
    println!(
        "abuse/web: under the idle flood: a second client's watched page {}, the player's page {} ({failed} failed; target: under 1 s); /aq board {}, a store read {}",
        spread(&mut watch),
        spread(&mut play),
        spread(&mut discord),
        spread(&mut store)
    );
    stop.store(true, Ordering::Relaxed);
    let reopened = reopener.await.unwrap_or(0);
    memory_line("with the idle flood", &child);

    // 2,000 stream attempts on top.
    let mut attempts = tokio::task::JoinSet::new();
    for n in 0..STREAM_ATTEMPTS {
        let path = format!("{}/live", child.watch);
        attempts.spawn(async move {
            let from = address(11, n % STREAM_ADDRESSES);
            let mut s = connect(from, to).await.ok()?;
            s.write_all(format!("GET {path} HTTP/1.1\r\nHost: bench\r\n\r\n").as_bytes())
                .await
                .ok()?;
            let mut head = vec![0u8; 512];
            let n = tokio::time::timeout(Duration::from_secs(20), s.read(&mut head))
                .await
                .ok()?
                .ok()?;
            let status = status_of(&head[..n]);
            Some((status, (status == 200).then_some(s)))
        });
    }
    let (mut ok, mut too_many, mut busy, mut other) = (0, 0, 0, 0);
    let mut streams = Vec::new();
    while let Some(done) = attempts.join_next().await {
        match done.ok().flatten() {
            Some((200, s)) => {
                ok += 1;
                streams.extend(s);
            }
            Some((429, _)) => too_many += 1,
            Some((503, _)) => busy += 1,
            _ => other += 1,
        }
    }
    let f = child.figures().await?;
    println!(
        "abuse/web: {STREAM_ATTEMPTS} live stream attempts from {STREAM_ADDRESSES} addresses: {ok} let in, {too_many} refused as one client's too many (429), {busy} as too many in all (503), {other} closed or unanswered (the door full); the bot holds {} streams (at most {} at once) and {} connections",
        get(&f, "streams"),
        get(&f, "most_streams"),
        get(&f, "open")
    );
    let (mut watch, mut play, failed) = second_client(&child).await;
    let (mut discord, mut store) = probes(&mut child).await?;
    println!(
        "abuse/web: with the streams too: a second client's watched page {}, the player's page {} ({failed} failed; target: under 1 s); /aq board {}, a store read {}",
        spread(&mut watch),
        spread(&mut play),
        spread(&mut discord),
        spread(&mut store)
    );
    memory_line("with the idle flood and the streams", &child);
    let f = child.figures().await?;
    println!(
        "abuse/web: the door over the run: {} connections accepted, {} closed for newcomers, {} refused, {} closed idle, {} header timeouts, {} accept errors; the attacker reopened {reopened}",
        get(&f, "accepted"),
        get(&f, "evicted"),
        get(&f, "refused"),
        get(&f, "idle_closed"),
        get(&f, "header_timeouts"),
        get(&f, "accept_errors")
    );
    drop(streams);
    drop(held);
    child.quit().await
}

/// How many of the attacker's connections the bot has not closed.
fn still_open(held: &Mutex<Vec<Option<TcpStream>>>) -> usize {
    let mut held = held.lock().expect("held");
    let mut buf = [0u8; 64];
    let mut open = 0;
    for slot in held.iter_mut() {
        let closed = match slot {
            Some(s) => {
                !matches!(s.try_read(&mut buf), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
            }
            None => true,
        };
        if closed {
            *slot = None;
        } else {
            open += 1;
        }
    }
    open
}

/// Reopens, every 100 ms, a tenth of the attacker's connections the bot
/// closed; how many it reopened.
async fn reopen(
    held: Arc<Mutex<Vec<Option<TcpStream>>>>,
    to: SocketAddr,
    stop: Arc<AtomicBool>,
) -> usize {
    let mut reopened = 0;
    let mut at = 0;
    while !stop.load(Ordering::Relaxed) {
        let closed: Vec<usize> = {
            let mut held = held.lock().expect("held");
            let len = held.len();
            let mut buf = [0u8; 64];
            let mut closed = Vec::new();
            for k in 0..len / 10 {
                let i = (at + k) % len;
                let gone = match &held[i] {
                    Some(s) => {
                        !matches!(s.try_read(&mut buf), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
                    }
                    None => true,
                };
                if gone {
                    held[i] = None;
                    closed.push(i);
                }
            }
            at = (at + len / 10) % len.max(1);
            closed
        };
        for i in closed {
            if let Ok(s) = connect(address(10, i % IDLE_ADDRESSES), to).await {
                held.lock().expect("held")[i] = Some(s);
                reopened += 1;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    reopened
}

/// Lowers every thread of this process (the attacker) to the lowest
/// priority, as an attacker on other machines would take none of the
/// bot's cores; the bot's child, already started, keeps its own.
fn yield_cores() {
    let mut lowered = 0;
    if let Ok(tasks) = std::fs::read_dir("/proc/self/task") {
        for task in tasks.flatten() {
            let Some(tid) = task
                .file_name()
                .to_str()
                .and_then(|t| t.parse::<libc::id_t>().ok())
            else {
                continue;
            };
            // SAFETY: setpriority has no memory effects; on Linux, PRIO_PROCESS
            // with a thread's id names that thread.
            if unsafe { libc::setpriority(libc::PRIO_PROCESS, tid, 19) } == 0 {
                lowered += 1;
            }
        }
    }
    println!("abuse/web: from here on the attacker runs at the lowest priority ({lowered} threads), as if on other machines");
}

/// One watcher: its stream, and on each move the part and the picture,
/// as a page does; for each move, when it was told and when it had both.
async fn watcher(
    from: IpAddr,
    to: SocketAddr,
    watch: String,
    ready: tokio::sync::mpsc::Sender<()>,
    seen: tokio::sync::mpsc::UnboundedSender<(SystemTime, SystemTime, bool)>,
) -> anyhow::Result<()> {
    let mut s = connect(from, to).await?;
    s.write_all(format!("GET {watch}/live HTTP/1.1\r\nHost: bench\r\n\r\n").as_bytes())
        .await?;
    let mut buf = vec![0u8; 4096];
    let n = s.read(&mut buf).await?;
    anyhow::ensure!(
        status_of(&buf[..n]) == 200,
        "the stream: {}",
        String::from_utf8_lossy(&buf[..n])
    );
    let _ = ready.send(()).await;
    loop {
        let n = s.read(&mut buf).await?;
        if n == 0 {
            return Ok(());
        }
        if !buf[..n].windows(5).any(|w| w == b"moved") {
            continue;
        }
        let told = SystemTime::now();
        let part = fetch_body(from, to, &format!("{watch}/part")).await?;
        let at = part
            .split("table.png?at=")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .unwrap_or("0")
            .to_string();
        let (status, _) = fetch(from, to, &format!("{watch}/table.png?at={at}")).await?;
        let _ = seen.send((told, SystemTime::now(), status == 200));
    }
}

/// `GET path`: its body, as text.
async fn fetch_body(from: IpAddr, to: SocketAddr, path: &str) -> anyhow::Result<String> {
    let mut s = connect(from, to).await?;
    s.write_all(
        format!("GET {path} HTTP/1.1\r\nHost: bench\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await?;
    let mut got = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), s.read_to_end(&mut got)).await??;
    anyhow::ensure!(status_of(&got) == 200, "{path}: {}", status_of(&got));
    Ok(String::from_utf8_lossy(&got).into_owned())
}

/// The crowds: a thousand watchers, a flood of pictures, pages leaving.
async fn crowds_and_floods() -> anyhow::Result<()> {
    let mut child = Child::start(None).await?;
    let to = child.addr;
    let f = child.figures().await?;
    println!(
        "abuse/web: with the file limit raised: the pages hold at most {} connections and {} live streams",
        get(&f, "connections_bound"),
        get(&f, "streams_bound")
    );
    // The attacker elsewhere: this process yields the cores to the bot.
    yield_cores();
    memory_line("before the watchers", &child);
    let (ready_tx, mut ready) = tokio::sync::mpsc::channel(WATCHERS);
    let (seen_tx, mut seen) = tokio::sync::mpsc::unbounded_channel();
    let mut watchers = tokio::task::JoinSet::new();
    for n in 0..WATCHERS {
        watchers.spawn(watcher(
            address(20, n),
            to,
            child.watch.clone(),
            ready_tx.clone(),
            seen_tx.clone(),
        ));
    }
    for _ in 0..WATCHERS {
        tokio::time::timeout(Duration::from_secs(60), ready.recv())
            .await?
            .ok_or_else(|| anyhow::anyhow!("a watcher failed to open its stream"))?;
    }
    memory_line(&format!("with {WATCHERS} watchers"), &child);
    let before = child.figures().await?;
    let (mut told, mut followed) = (Vec::new(), Vec::new());
    let mut pictures_failed = 0;
    for _ in 0..WATCHED_MOVES {
        let asked = SystemTime::now();
        child.make_move().await?;
        for _ in 0..WATCHERS {
            let (t, f, ok) = tokio::time::timeout(Duration::from_secs(60), seen.recv())
                .await?
                .ok_or_else(|| anyhow::anyhow!("the watchers ended"))?;
            told.push(t.duration_since(asked).unwrap_or_default());
            followed.push(f.duration_since(asked).unwrap_or_default());
            pictures_failed += usize::from(!ok);
        }
    }
    let after = child.figures().await?;
    println!(
        "abuse/web: {WATCHERS} watchers, {WATCHED_MOVES} moves through Discord, every watcher told of every move: {} from the move asked",
        spread(&mut told)
    );
    println!(
        "abuse/web: ... and following it (the part and the picture fetched): {} ({pictures_failed} pictures not 200); made for them: {} pages and {} pictures ({:.1} and {:.1} a move; target 1 each)",
        spread(&mut followed),
        get(&after, "pages_made") - get(&before, "pages_made"),
        get(&after, "pictures_made") - get(&before, "pictures_made"),
        (get(&after, "pages_made") - get(&before, "pages_made")) as f64 / WATCHED_MOVES as f64,
        (get(&after, "pictures_made") - get(&before, "pictures_made")) as f64 / WATCHED_MOVES as f64,
    );
    memory_line(
        &format!("after {WATCHERS} watchers followed {WATCHED_MOVES} moves"),
        &child,
    );
    watchers.abort_all();
    while watchers.join_next().await.is_some() {}

    // Moves without a flood, then with one.
    let (mut quiet, mut quiet_referee) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        quiet.push(child.make_move().await?.1);
        quiet_referee.push(child.referee_move().await?.1);
    }
    let before = child.figures().await?;
    let stop = Arc::new(AtomicBool::new(false));
    let counts = Arc::new([(); 4].map(|_| AtomicUsize::new(0)));
    let mut flood = tokio::task::JoinSet::new();
    for c in 0..PICTURE_CLIENTS {
        let (stop, counts, watch) = (stop.clone(), counts.clone(), child.watch.clone());
        flood.spawn(async move {
            let mut at = c;
            while !stop.load(Ordering::Relaxed) {
                at = (at + 7) % (MOVES_BEFORE + 20);
                let i = match fetch(address(21, c), to, &format!("{watch}/table.png?at={at}")).await
                {
                    Ok((200, _)) => 0,
                    Ok((503, _)) => 1,
                    Ok((429, _)) => 2,
                    _ => 3,
                };
                counts[i].fetch_add(1, Ordering::Relaxed);
            }
        });
    }
    let (mut flooded, mut flooded_referee) = (Vec::new(), Vec::new());
    let flood_started = Instant::now();
    for _ in 0..5 {
        flooded.push(child.make_move().await?.1);
        flooded_referee.push(child.referee_move().await?.1);
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    let left = Duration::from_secs(5).saturating_sub(flood_started.elapsed());
    tokio::time::sleep(left).await;
    stop.store(true, Ordering::Relaxed);
    while flood.join_next().await.is_some() {}
    let after = child.figures().await?;
    let c: Vec<usize> = counts.iter().map(|c| c.load(Ordering::Relaxed)).collect();
    println!(
        "abuse/web: a flood of pictures from {PICTURE_CLIENTS} clients for {:.1} s: {} given ({} drawn, the rest kept ready), {} refused busy (503, try again), {} too fast (429), {} failed",
        flood_started.elapsed().as_secs_f64(),
        c[0],
        get(&after, "pictures_made") - get(&before, "pictures_made"),
        c[1],
        c[2],
        c[3]
    );
    println!(
        "abuse/web: ... a move's answer through Discord (its own picture drawn first): without the flood {}, during it {}",
        spread(&mut quiet),
        spread(&mut flooded)
    );
    println!(
        "abuse/web: ... a move through the referee with its picture (no Discord): without the flood {}, during it {}",
        spread(&mut quiet_referee),
        spread(&mut flooded_referee)
    );
    memory_line("after the flood of pictures", &child);

    // Pages that leave before their picture is drawn.
    child.make_move().await?;
    let before = child.figures().await?;
    let mut leaving = tokio::task::JoinSet::new();
    for c in 0..LEAVERS {
        let watch = child.watch.clone();
        leaving.spawn(async move {
            let Ok(mut s) = connect(address(22, c), to).await else {
                return;
            };
            let at = c % (MOVES_BEFORE + 20);
            let _ = s
                .write_all(
                    format!("GET {watch}/table.png?at={at} HTTP/1.1\r\nHost: bench\r\n\r\n")
                        .as_bytes(),
                )
                .await;
            tokio::time::sleep(Duration::from_millis(5)).await;
        });
    }
    while leaving.join_next().await.is_some() {}
    tokio::time::sleep(Duration::from_secs(3)).await;
    let after = child.figures().await?;
    println!(
        "abuse/web: {LEAVERS} pages asking for a picture and leaving at once: {} pictures begun, {} of them not drawn because their page had gone",
        get(&after, "pictures_begun") - get(&before, "pictures_begun"),
        get(&after, "pictures_abandoned") - get(&before, "pictures_abandoned"),
    );
    memory_line("at the end", &child);
    child.quit().await
}
