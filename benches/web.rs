//! The web pages under load: `cargo bench --bench web`.
//!
//! 50 games of 2 players on one SQLite file, each played some way in (10 to
//! 90 random legal moves), their pages served by the web front end on
//! 127.0.0.1 as the bot serves them, its referee drawing pictures with the
//! real painter:
//!
//! - `page`: a game's page (`GET /g/<link>`, the HTML without the picture,
//!   which is its own request), fetched 2,000 times over the 50 games; the
//!   time from the request to the last byte, p50 and p99; then the same for
//!   the player to act's page on their personal link (the picks offered,
//!   the places to click from the renderer's layout). Target: p99 under
//!   20 ms.
//! - `live`: 200 pages open (4 a game, each its live stream, as a browser
//!   holds it), then 300 moves made through the referee, one at a time on
//!   random games; for each move, the time from the moment its command is
//!   handed to the referee (so its checks and its commit are counted in) to
//!   its event reaching each of its game's open pages; the move's picture is
//!   drawn after the commit, beside. Target: p99 under 100 ms.
//! - the process's resident memory before the pages open and with the 200
//!   open (server and clients in this one process, so the figure is an upper
//!   bound of the server's). Target: under 50 MB more.

use aquaretto_bot::command::Command;
use aquaretto_bot::referee::{legal_commands, Actor, Referee, Request, WebAsk};
use aquaretto_bot::store::Store;
use aquaretto_bot::web::{Web, WebConfig};
use rand::{Rng as _, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::Arc;
use std::time::{Duration, Instant};

const GAMES: usize = 50;
const PAGES_A_GAME: usize = 4;
const PAGE_FETCHES: usize = 2_000;
const MOVES: usize = 300;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

/// `p50 …, p99 …, max …` of sorted times.
fn spread(sorted: &[Duration]) -> String {
    format!(
        "p50 {}, p99 {}, max {}",
        ms(percentile(sorted, 0.5)),
        ms(percentile(sorted, 0.99)),
        ms(*sorted.last().unwrap_or(&Duration::ZERO))
    )
}

/// [`PAGE_FETCHES`] pages fetched one after the other from `urls` in turn,
/// each checked by `good`: the time of each, from the request to its last
/// byte, sorted.
async fn fetch_pages(
    client: &reqwest::Client,
    urls: &[String],
    good: impl Fn(&str) -> bool,
) -> anyhow::Result<Vec<Duration>> {
    let mut times = Vec::with_capacity(PAGE_FETCHES);
    for i in 0..PAGE_FETCHES {
        let url = &urls[i % urls.len()];
        let start = Instant::now();
        let r = client.get(url).send().await?;
        anyhow::ensure!(r.status().is_success(), "page {url}: {}", r.status());
        let body = r.text().await?;
        times.push(start.elapsed());
        anyhow::ensure!(good(&body), "not the page expected at {url}");
    }
    times.sort();
    Ok(times)
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// The process's resident memory, in MB.
fn rss_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

fn actor(id: &str) -> Actor {
    Actor {
        id: id.to_string(),
        name: id.to_string(),
        manages_channel: false,
    }
}

async fn say(referee: &Referee, channel: &str, who: &str, command: Command) -> bool {
    referee
        .handle(Request {
            channel: channel.to_string(),
            guild: Some("guild".into()),
            actor: actor(who),
            command,
            via: Default::default(),
        })
        .await
        .accepted
}

/// One random legal move in `channel`'s game, by whoever must act; false
/// when the game is over.
async fn random_move(referee: &Referee, channel: &str, rng: &mut ChaCha8Rng) -> bool {
    let Ok(Some(Ok(loaded))) = referee.open_game(channel).await else {
        return false;
    };
    let Some(seat) = loaded.game().and_then(|g| g.to_act()) else {
        return false;
    };
    let legal = legal_commands(&loaded);
    if legal.is_empty() {
        return false;
    }
    let pick = &legal[rng.random_range(0..legal.len())];
    let user = loaded.seats()[seat].user_id.clone();
    match aquaretto_bot::command::parse(pick) {
        Ok(command) => say(referee, channel, &user, command).await,
        Err(_) => false,
    }
}

fn main() -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(run())
}

async fn run() -> anyhow::Result<()> {
    let dir = tempfile::tempdir()?;
    let db = format!("sqlite://{}", dir.path().join("web.db").display());
    // The games are dealt and played in by a referee without pictures; the
    // pages and the measured moves are the bot's own, with the real
    // painter (a move's picture is drawn after its commit: the pages are
    // told at the commit).
    let fast = Referee::new(Store::open(&db).await?);
    let referee = Arc::new(
        Referee::new(Store::open(&db).await?)
            .with_painter(Box::new(aquaretto_bot::app::painter::RenderPainter)),
    );
    let mut rng = ChaCha8Rng::seed_from_u64(24);
    let mut games = Vec::new();
    for g in 0..GAMES {
        let channel = format!("c{g}");
        let (a, b) = (format!("a{g}"), format!("b{g}"));
        let new = Command::New {
            removed: None,
            first: None,
            seed: None,
            deck: None,
        };
        anyhow::ensure!(say(&fast, &channel, &a, new).await, "a game opens");
        anyhow::ensure!(say(&fast, &channel, &b, Command::Join).await, "b joins");
        anyhow::ensure!(say(&fast, &channel, &a, Command::Start).await, "it starts");
        for _ in 0..rng.random_range(10..90) {
            random_move(&fast, &channel, &mut rng).await;
        }
        let id = match referee.open_game(&channel).await? {
            Some(Ok(loaded)) => loaded.id(),
            _ => anyhow::bail!("game {g} is not open"),
        };
        games.push((channel, id));
    }

    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    let config = WebConfig::new(addr, format!("http://{addr}"));
    let web = Web::new(referee.clone(), &config).await?;
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let server = tokio::spawn(aquaretto_bot::web::serve_on(web.clone(), listener, stopped));
    let mut urls = Vec::new();
    for (_, id) in &games {
        urls.push(web.url(&WebAsk::Watch(*id)).await?);
    }
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()?;
    // The player to act's page: their moves clickable on the table.
    let mut plays = Vec::new();
    for (channel, id) in &games {
        if let Ok(Some(Ok(loaded))) = referee.open_game(channel).await {
            if let Some(seat) = loaded.game().and_then(|g| g.to_act()) {
                let user = loaded.seats()[seat].user_id.clone();
                plays.push(web.url(&WebAsk::Play { game: *id, user }).await?);
            }
        }
    }

    // A game's page, then the player to act's.
    let times = fetch_pages(&client, &urls, |body| body.len() > 1000).await?;
    println!(
        "page: {PAGE_FETCHES} game pages over {GAMES} games: {} (target: p99 under 20 ms)",
        spread(&times)
    );
    let times = fetch_pages(&client, &plays, |body| {
        body.contains("class=\"spot\"") || body.contains("class=\"pick\"")
    })
    .await?;
    println!(
        "play page: {PAGE_FETCHES} pages of the player to act over {} games (the places to click from the renderer's layout): {} (target: p99 under 20 ms)",
        plays.len(),
        spread(&times)
    );

    // 200 open pages, each its live stream.
    let before = rss_mb();
    let (seen_tx, mut seen_rx) = tokio::sync::mpsc::unbounded_channel::<(usize, Instant)>();
    let mut streams = Vec::new();
    for (g, url) in urls.iter().enumerate() {
        for _ in 0..PAGES_A_GAME {
            let r = client.get(format!("{url}/live")).send().await?;
            anyhow::ensure!(r.status().is_success(), "live: {}", r.status());
            let seen = seen_tx.clone();
            streams.push(tokio::spawn(async move {
                let mut r = r;
                while let Ok(Some(chunk)) = r.chunk().await {
                    // `event: moved` (a keep-alive is a comment, `:`).
                    if chunk.windows(5).any(|w| w == b"moved") {
                        let _ = seen.send((g, Instant::now()));
                    }
                }
            }));
        }
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let open = rss_mb();
    println!(
        "memory: {before:.1} MB before, {open:.1} MB with {} pages open: {:.1} MB more (target: under 50 MB)",
        streams.len(),
        open - before
    );

    // Moves, one at a time, each awaited by its game's open pages.
    let mut reach = Vec::new();
    let mut made = 0;
    let mut tries = 0;
    while made < MOVES && tries < MOVES * 4 {
        tries += 1;
        let g = rng.random_range(0..games.len());
        let start = Instant::now();
        if !random_move(&referee, &games[g].0, &mut rng).await {
            continue;
        }
        made += 1;
        let mut waiting = PAGES_A_GAME;
        let deadline = tokio::time::sleep(Duration::from_secs(5));
        tokio::pin!(deadline);
        while waiting > 0 {
            tokio::select! {
                Some((seen, at)) = seen_rx.recv() => {
                    if seen == g {
                        reach.push(at.duration_since(start));
                        waiting -= 1;
                    }
                }
                () = &mut deadline => {
                    anyhow::bail!("a move did not reach {waiting} of its pages within 5 s");
                }
            }
        }
    }
    reach.sort();
    println!(
        "live: {made} moves, each to its {PAGES_A_GAME} open pages ({} deliveries, {} pages open on {GAMES} games): \
         {} from the command (target: p99 under 100 ms)",
        reach.len(),
        streams.len(),
        spread(&reach)
    );
    let _ = stop.send(true);
    for s in streams {
        s.abort();
    }
    let _ = server.await;
    Ok(())
}
