//! Fair play: no unseen tile is revealed by any answer.
//!
//! Twins are two games alike in everything a player can see, whose unseen
//! tiles (the rest of the draw pile and the reserve) lie in another order:
//! both stacked-deck games with the same seed, players and removed types,
//! whose decks agree on their first `same` tiles in draw order and hold the
//! rest in another order, the reserve keeping its size. The same moves are
//! played on both. Until a tile past those `same` is drawn, every answer a
//! player can get must be the same in both, byte for byte: the answers to
//! moves (with the computer players' moves that follow them), every look
//! (board, zoo, score, moves, history, history move:, games, export, stats,
//! hint, rules, help, settings, mygames), the refusal of every legal and
//! illegal move, the controls of every message and every private panel they
//! open, every autocomplete list, the pictures' PNG bytes (the real painter),
//! the computer players' choices at every level, the payloads the bot sends
//! to the fake Discord, and the terminal's `--json` lines. A last test plays
//! a whole game dealt by the bot through the terminal and finds its seed in
//! nothing before the end, and in the record after it.
//!
//! `FAIR_PLAY_CASES=N` plays N random games through the referee (8 by
//! default), `FAIR_PLAY_SEED=S` picks other ones; `FAIR_PLAY_DISCORD=N` and
//! `FAIR_PLAY_TERMINAL=N` set the twins played on the fake Discord and in
//! the terminal (2 and 2 by default; the Discord cases seat 3, 5, 2 and 4
//! players in turn).

use crate::support;

use aquaretto_bot::app::painter::RenderPainter;
use aquaretto_bot::clock::ManualClock;
use aquaretto_bot::command::{self, Command};
use aquaretto_bot::cpu::{self, Level};
use aquaretto_bot::engine::playout::random_action;
use aquaretto_bot::engine::setup::removed_count;
use aquaretto_bot::engine::tile::RESERVE_SIZE;
use aquaretto_bot::engine::{Action, Animal, Deck, Game, Role, Size, Tile};
use aquaretto_bot::referee::autocomplete::{self, Field, Filled};
use aquaretto_bot::referee::{
    legal_commands, to_action, Actor, Loaded, Press, Referee, Reply, Request,
};
use aquaretto_bot::store::{Entry, Store};
use aquaretto_bot::view::controls::{ControlId, Panel, Row};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command as Process, Stdio};
use std::sync::Arc;
use std::time::Duration;
use support::fake_discord::RecordedRequest;
use support::{Answer, Table, User};
use tempfile::TempDir;

const GUILD: &str = "guild-fair";
const CHANNEL: &str = "chan-fair";
const PEOPLE: [&str; 5] = ["ana", "ben", "cy", "dee", "eve"];
/// Someone who looks on without a seat.
const OUTSIDER: &str = "zed";
/// The one who looks on without a seat on the fake Discord (every user of
/// `support::USERS` may be seated).
const ZED: User = User {
    id: 2_000_000_000_000_000_099,
    name: OUTSIDER,
};
/// Where the twins' clocks start: 2026-11-23 00:00 UTC.
const EPOCH: i64 = 1_795_392_000_000;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn actor(name: &str) -> Actor {
    Actor {
        id: format!("id-{name}"),
        name: name.to_string(),
        manages_channel: false,
    }
}

// ----- the twins' decks -----

/// Two decks that agree on their first `same` tiles in draw order and hold
/// the rest in another order, the reserve of the same size in both.
#[derive(Debug, Clone)]
struct Twins {
    removed: Vec<Animal>,
    decks: [Deck; 2],
    same: usize,
    /// Tiles in the deck.
    len: usize,
}

/// Where the twins part: early in the draw pile, later in it, or in the
/// reserve (the last round).
#[derive(Debug, Clone, Copy)]
enum Part {
    Early,
    Middle,
    Reserve,
}

fn twins(rng: &mut ChaCha8Rng, players: usize, part: Part, short: bool) -> Twins {
    let mut fish = Animal::FISH_EATERS.to_vec();
    fish.shuffle(rng);
    let mut removed = fish[..removed_count(players)].to_vec();
    removed.sort();
    let kept: Vec<Animal> = Animal::ALL
        .into_iter()
        .filter(|a| !removed.contains(a))
        .collect();
    let mut tiles = Tile::shuffled_box(&kept);
    tiles.shuffle(rng);
    let reserve = if short {
        tiles.truncate(rng.random_range(10..=26));
        rng.random_range(2..=(tiles.len() / 3).max(2))
    } else {
        RESERVE_SIZE
    };
    let draw_len = tiles.len() - reserve;
    let mut same = match part {
        Part::Early => rng.random_range(0..=draw_len / 3),
        Part::Middle => rng.random_range(draw_len / 3..draw_len),
        Part::Reserve => rng.random_range(draw_len..tiles.len() - 1),
    };
    // The rest must hold two different tiles, or no order differs.
    while same > 0 && tiles[same..].iter().all(|t| *t == tiles[same]) {
        same -= 1;
    }
    // The first unseen tile differs (what a hint reading the pile would
    // tell), and so the order.
    let mut other = tiles.clone();
    while other[same] == tiles[same] {
        other[same..].shuffle(rng);
    }
    let deck = |tiles: &[Tile]| Deck {
        draw: tiles[..draw_len].to_vec(),
        reserve: tiles[draw_len..].to_vec(),
    };
    Twins {
        removed,
        decks: [deck(&tiles), deck(&other)],
        same,
        len: tiles.len(),
    }
}

/// Tiles drawn so far: the unseen ones gone from the deck.
fn drawn(game: &Game, len: usize) -> usize {
    len - game.draw_pile().len() - game.reserve().len()
}

// ----- what a player can get, compared -----

/// One answer as a player gets it: its words and controls, and the bytes of
/// its pictures and files.
#[derive(Debug)]
struct Seen {
    what: String,
    text: String,
    bytes: Vec<Vec<u8>>,
}

impl Seen {
    fn reply(what: impl Into<String>, r: &Reply) -> Seen {
        let text = format!(
            "text={:?}\nboard={:?}\nmention={:?} private={} accepted={} game={:?} seq={:?} notice={:?}\ncontrols={:?}\npictures={:?}\nfiles={:?}",
            r.text(),
            r.board,
            r.mention,
            r.private,
            r.accepted,
            r.game_id,
            r.seq,
            r.notice,
            r.controls,
            r.pictures.iter().map(|p| (&p.name, p.png.len())).collect::<Vec<_>>(),
            r.files.iter().map(|f| (&f.name, f.bytes.len())).collect::<Vec<_>>(),
        );
        let bytes = r
            .pictures
            .iter()
            .map(|p| p.png.clone())
            .chain(r.files.iter().map(|f| f.bytes.clone()))
            .collect();
        Seen {
            what: what.into(),
            text,
            bytes,
        }
    }

    fn text(what: impl Into<String>, text: String) -> Seen {
        Seen {
            what: what.into(),
            text,
            bytes: Vec::new(),
        }
    }
}

/// What the comparisons covered, to show that they were not empty.
#[derive(Debug, Default)]
struct Tally {
    compared: usize,
    pictures: usize,
    refusals: usize,
    panels: usize,
    choices: usize,
    replays: usize,
    batteries: usize,
    /// Positions a battery of looks ran at: a turn before a draw, tiles
    /// waiting to be placed, a truck taken, the last round.
    before_draw: usize,
    waiting: usize,
    truck_taken: usize,
    last_round: usize,
    /// Web pages compared.
    pages: usize,
}

/// How the twins' answers differ, if they do.
fn difference(a: &Seen, b: &Seen) -> Option<String> {
    if a.text != b.text {
        return Some(format!(
            "{}: the twins' answers differ, so the hidden order leaked:\n{}\n---\n{}",
            a.what, a.text, b.text
        ));
    }
    (a.bytes != b.bytes).then(|| {
        format!(
            "{}: the twins' pictures or files differ, byte for byte",
            a.what
        )
    })
}

fn same(tally: &mut Tally, a: Seen, b: Seen) {
    if let Some(why) = difference(&a, &b) {
        panic!("{why}");
    }
    tally.compared += 1;
    tally.pictures += a.bytes.len();
}

// ----- the twins through the referee -----

/// One twin: a referee without pictures for the moves, and one with the
/// real painter for the looks, on one database and one clock; and the web
/// pages, served on 127.0.0.1 by a third, with the same secret on both
/// twins (so that a link names the same page on both).
struct Side {
    fast: Referee,
    painted: Referee,
    clock: ManualClock,
    web: Arc<aquaretto_bot::web::Web>,
    /// Where this twin's pages are served.
    served: String,
    /// The pages are served while this lives.
    _serving: tokio::sync::watch::Sender<bool>,
    _dir: TempDir,
}

/// The address links start with, on both twins.
const WEB_LINKS: &str = "http://pages.example";

async fn side() -> Side {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("games.db");
    let path = path.to_str().expect("utf-8 path");
    let clock = ManualClock::new(EPOCH);
    let store = Store::open(path).await.expect("the database opens");
    let fast = Referee::new(store).with_clock(Arc::new(clock.clone()));
    let store = Store::open(path).await.expect("the database opens");
    let painted = Referee::new(store)
        .with_painter(Box::new(RenderPainter))
        .with_clock(Arc::new(clock.clone()));
    let store = Store::open(path).await.expect("the database opens");
    let shown = Arc::new(
        Referee::new(store)
            .with_painter(Box::new(RenderPainter))
            .with_clock(Arc::new(clock.clone())),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let served = format!("http://{}", listener.local_addr().expect("an address"));
    let config = aquaretto_bot::web::WebConfig {
        secret: Some("the same secret on both twins, 32+ chars".into()),
        ..aquaretto_bot::web::WebConfig::new(listener.local_addr().expect("an address"), WEB_LINKS)
    };
    let web = aquaretto_bot::web::Web::new(shown, &config)
        .await
        .expect("the pages start");
    let (serving, stopped) = tokio::sync::watch::channel(false);
    tokio::spawn(aquaretto_bot::web::serve_on(web.clone(), listener, stopped));
    Side {
        fast,
        painted,
        clock,
        web,
        served,
        _serving: serving,
        _dir: dir,
    }
}

/// A page of a twin's web pages: its HTML (or bytes), as anyone with the
/// link sees it.
async fn page_of(side: &Side, link: &str, rest: &str) -> (String, Vec<u8>) {
    let url = format!("{}{rest}", link.replacen(WEB_LINKS, &side.served, 1));
    let r = reqwest::get(&url).await.expect("the page answers");
    let status = r.status().as_u16();
    let bytes = r.bytes().await.expect("the page's bytes").to_vec();
    match String::from_utf8(bytes.clone()) {
        Ok(html) => (format!("{status} {html}"), Vec::new()),
        Err(_) => (format!("{status}"), bytes),
    }
}

/// The game's web pages on both twins: the watch page, the table after
/// every move shown, and the player to act's page at each of their first
/// picks, all the same byte for byte.
async fn same_pages(sides: &[Side; 2], la: &Loaded, tally: &mut Tally) {
    use aquaretto_bot::referee::WebAsk;
    let game = la.id();
    let mut links = vec![sides[0]
        .web
        .url(&WebAsk::Watch(game))
        .await
        .expect("a link")];
    let acting = la
        .game()
        .as_ref()
        .and_then(|g| g.to_act())
        .and_then(|s| la.seats().get(s));
    if let Some(seat) = acting {
        let ask = WebAsk::Play {
            game,
            user: seat.user_id.clone(),
        };
        links.push(sides[0].web.url(&ask).await.expect("a link"));
    }
    let other = sides[1]
        .web
        .url(&WebAsk::Watch(game))
        .await
        .expect("a link");
    assert_eq!(links[0], other, "the twins sign the same link");
    for link in &links {
        let mut rests = vec![String::new(), "/part".to_string()];
        for n in [0, la.log().len()] {
            rests.push(format!("/table.png?at={n}"));
        }
        // The first pick offered, and the one after it.
        let (first, _) = page_of(&sides[0], link, "").await;
        let mut picks: Vec<String> = first
            .split("href=\"")
            .skip(1)
            .filter_map(|h| h.split('"').next())
            .filter(|h| h.contains("?pick="))
            .map(|h| h.replace("&amp;", "&"))
            .collect();
        picks.truncate(3);
        for pick in picks {
            if let Some(at) = pick.find('?') {
                rests.push(pick[at..].to_string());
            }
        }
        for rest in rests {
            let [a, b] = [
                page_of(&sides[0], link, &rest).await,
                page_of(&sides[1], link, &rest).await,
            ];
            assert!(a.0.starts_with("200"), "{link}{rest}: {}", a.0);
            same(
                tally,
                Seen {
                    what: format!("the web page {rest}"),
                    text: a.0,
                    bytes: vec![a.1],
                },
                Seen {
                    what: format!("the web page {rest}"),
                    text: b.0,
                    bytes: vec![b.1],
                },
            );
            tally.pages += 1;
        }
    }
}

fn request(who: &Actor, command: Command) -> Request {
    Request {
        channel: CHANNEL.to_string(),
        guild: Some(GUILD.to_string()),
        actor: who.clone(),
        command,
        via: Default::default(),
    }
}

fn parsed(text: &str) -> Command {
    command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

async fn loaded(side: &Side) -> Loaded {
    side.fast
        .open_game(CHANNEL)
        .await
        .expect("database")
        .expect("a game")
        .expect("not damaged")
}

/// Sends `text` from `who` to both twins and returns both answers.
async fn both(sides: &[Side; 2], who: &Actor, text: &str, painted: bool) -> [Reply; 2] {
    let mut out = Vec::new();
    for s in sides {
        let referee = if painted { &s.painted } else { &s.fast };
        out.push(referee.handle(request(who, parsed(text))).await);
    }
    out.try_into().expect("two answers")
}

/// A press from `who` on both twins.
async fn press_both(sides: &[Side; 2], who: &Actor, id: &str, values: &[String]) -> [Reply; 2] {
    let mut out = Vec::new();
    for s in sides {
        out.push(
            s.painted
                .press(Press {
                    channel: CHANNEL.to_string(),
                    guild: Some(GUILD.to_string()),
                    actor: who.clone(),
                    id: id.to_string(),
                    values: values.to_vec(),
                })
                .await,
        );
    }
    out.try_into().expect("two answers")
}

/// Every press a panel offers: a button, or one option of a menu.
fn presses(panel: &Panel) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    for row in &panel.rows {
        match row {
            Row::Buttons(buttons) => {
                out.extend(buttons.iter().map(|b| (b.id.clone(), Vec::new())));
            }
            Row::Select(select) => out.extend(
                select
                    .options
                    .iter()
                    .map(|o| (select.id.clone(), vec![o.value.clone()])),
            ),
            // A link presses nothing: it opens a page.
            Row::Links(_) => {}
        }
    }
    out
}

/// Move commands worth refusing: every kind, with numbers, cells, roles and
/// players in and out of range.
fn candidate_moves(names: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for t in 1..=6 {
        out.push(format!("draw truck:{t}"));
        out.push(format!("take truck:{t}"));
    }
    for text in [
        "place at:depot",
        "place at:K11",
        "place at:A1 tile:2",
        "place at:depot tile:1",
        "place at:L11 tile:3",
        "hire as:cashier",
        "hire as:keeper",
        "hire as:manager",
        "hire as:trainer at:K11",
        "hire as:trainer at:U21",
        "move from:depot to:K11",
        "move from:cashier to:keeper",
        "move from:K11 to:L12",
        "move from:manager to:cashier",
        "discard",
        "expand size:small cells:\"N10 N11 O10\"",
        "expand size:large cells:\"H9 H10 G9 G10\"",
        "undo",
    ] {
        out.push(text.to_string());
    }
    for n in names {
        out.push(format!("buy from:\"{n}\" at:K11"));
    }
    out
}

/// Whether the referee would accept `text` from the seat to act: its action
/// applies to a copy of the game.
fn accepted_by_engine(loaded: &Loaded, text: &str) -> bool {
    let (Some(game), Ok(command)) = (loaded.game(), command::parse(text)) else {
        return false;
    };
    let Some(seat) = game.to_act() else {
        return false;
    };
    match to_action(&command, loaded) {
        Ok(action) => {
            let action = game.canonical(seat, &action);
            game.clone().apply(seat, &action).is_ok()
        }
        Err(_) => false,
    }
}

/// The seat of the last move in force, which may be taken back.
fn last_mover(loaded: &Loaded) -> Option<usize> {
    let live = loaded.live(loaded.log().len()).ok()?;
    live.last().map(|(m, _)| m.seat)
}

/// Every answer a player can get at this position, from both twins.
async fn battery(
    sides: &[Side; 2],
    table: &[Reply; 2],
    tally: &mut Tally,
    rng: &mut ChaCha8Rng,
    full: bool,
) {
    let [la, lb] = [loaded(&sides[0]).await, loaded(&sides[1]).await];
    let (Some(ga), Some(gb)) = (&la.game(), &lb.game()) else {
        panic!("the twins have started");
    };
    tally.batteries += 1;
    let names = la.names();
    let to_act = ga.to_act();
    if let Some(seat) = to_act {
        let pending = ga.pending();
        let has_truck = ga.player(seat).is_some_and(|p| p.truck.is_some());
        tally.before_draw += usize::from(pending.is_empty() && !has_truck);
        tally.waiting += usize::from(!pending.is_empty());
    }
    tally.truck_taken += usize::from(ga.trucks().iter().any(|t| t.taken_by.is_some()));
    tally.last_round += usize::from(ga.is_last_round());

    let people: Vec<Actor> = la
        .seats()
        .iter()
        .filter(|s| !s.is_auto())
        .map(|s| actor(&s.name))
        .collect();
    let mut everyone = people.clone();
    everyone.push(actor(OUTSIDER));
    let acting = to_act
        .and_then(|s| la.seats().get(s))
        .map(|s| actor(&s.name));

    // Looks, by a player and by someone without a seat.
    let mut looks: Vec<String> = [
        "board", "zoo", "score", "moves", "history", "games", "export", "stats", "review", "rules",
        "help", "settings",
    ]
    .iter()
    .map(|c| format!("/aq {c}"))
    .collect();
    looks.push("/aq rules topic:end".into());
    looks.push("/aq rules topic:two".into());
    for n in &names {
        looks.push(format!("/aq zoo player:\"{n}\""));
        looks.push(format!("/aq stats player:\"{n}\""));
    }
    let moves = la.log().len() as u32;
    let mut past: BTreeSet<u32> = BTreeSet::new();
    if moves > 0 {
        past.insert(moves);
        past.insert(1);
        past.insert(rng.random_range(1..=moves));
    }
    for n in past {
        looks.push(format!("/aq history move:{n}"));
    }
    if full && moves <= 30 {
        looks.push("/aq replay speed:fast".into());
        tally.replays += 1;
    }
    let lookers: Vec<&Actor> = match &acting {
        Some(a) => vec![a, &everyone[everyone.len() - 1]],
        None => vec![&everyone[0], &everyone[everyone.len() - 1]],
    };
    for who in &lookers {
        for text in &looks {
            let [a, b] = both(sides, who, text, true).await;
            same(
                tally,
                Seen::reply(format!("{} asks {text}", who.name), &a),
                Seen::reply(format!("{} asks {text}", who.name), &b),
            );
        }
    }
    for who in &everyone {
        for text in ["/aq hint", "/aq mygames"] {
            let [a, b] = both(sides, who, text, false).await;
            same(
                tally,
                Seen::reply(format!("{} asks {text}", who.name), &a),
                Seen::reply(format!("{} asks {text}", who.name), &b),
            );
        }
    }

    // Moves refused: every kind by the player to act, and the legal ones
    // (a sample, unless `full`) by everyone else too.
    let legal = legal_commands(&la);
    let candidates = candidate_moves(&names);
    let undoer = last_mover(&la)
        .and_then(|s| la.seats().get(s))
        .map(|s| s.user_id.clone());
    for who in &everyone {
        let is_acting = acting.as_ref().is_some_and(|a| a.id == who.id);
        let mut texts: Vec<String> = candidates.clone();
        let mut sample = legal.clone();
        if !full && !is_acting {
            sample.shuffle(rng);
            sample.truncate(12);
        }
        texts.extend(sample);
        for text in texts {
            if command::parse(&text).is_err() {
                continue;
            }
            if is_acting && accepted_by_engine(&la, &text) {
                continue;
            }
            if text == "undo" && undoer.as_deref() == Some(who.id.as_str()) {
                continue;
            }
            let [a, b] = both(sides, who, &format!("/aq {text}"), false).await;
            assert!(
                !a.accepted,
                "{} {text} was expected to be refused: {}",
                who.name,
                a.text()
            );
            tally.refusals += 1;
            same(
                tally,
                Seen::reply(format!("{} tries {text}", who.name), &a),
                Seen::reply(format!("{} tries {text}", who.name), &b),
            );
        }
    }

    // The table's controls: pressed by everyone who may not move (refused),
    // and by the player to act wherever they open a private panel, then the
    // panels' own controls, and so on.
    let controls = table[0].controls.clone().unwrap_or_default();
    assert_eq!(
        table[0].controls, table[1].controls,
        "the table's controls differ"
    );
    for who in &everyone {
        let is_acting = acting.as_ref().is_some_and(|a| a.id == who.id);
        if is_acting {
            continue;
        }
        let mut all = presses(&controls);
        if !full {
            all.shuffle(rng);
            all.truncate(6);
        }
        for (id, values) in all {
            let undo = ControlId::decode(&id)
                .is_some_and(|c| c.control == aquaretto_bot::view::controls::Control::Undo);
            if undo && undoer.as_deref() == Some(who.id.as_str()) {
                continue;
            }
            // Describe only looks: anyone may press it (both sides alike,
            // below, for the player to act).
            if ControlId::decode(&id).is_some_and(|c| c.control.looks()) {
                continue;
            }
            let [a, b] = press_both(sides, who, &id, &values).await;
            assert!(
                !a.accepted,
                "{} may not move with {id}: {}",
                who.name,
                a.text()
            );
            tally.refusals += 1;
            same(
                tally,
                Seen::reply(format!("{} presses {id} {values:?}", who.name), &a),
                Seen::reply(format!("{} presses {id} {values:?}", who.name), &b),
            );
        }
    }
    if let Some(who) = &acting {
        let mut queue: Vec<(String, Vec<String>)> = presses(&controls);
        let mut opened = 0;
        while let Some((id, values)) = queue.pop() {
            let Some(control) = ControlId::decode(&id).map(|c| c.control) else {
                continue;
            };
            if control.makes_move() || opened >= 40 {
                continue;
            }
            let [a, b] = press_both(sides, who, &id, &values).await;
            opened += 1;
            tally.panels += 1;
            if let Some(panel) = &a.controls {
                queue.extend(presses(panel));
            }
            same(
                tally,
                Seen::reply(format!("{} opens {id} {values:?}", who.name), &a),
                Seen::reply(format!("{} opens {id} {values:?}", who.name), &b),
            );
        }
    }

    // Autocomplete, for the player to act and for another.
    let mut askers: Vec<&Actor> = lookers.clone();
    askers.push(&everyone[0]);
    let mut filled = vec![Filled::default()];
    for tile in 1..=3 {
        filled.push(Filled {
            tile: Some(tile),
            ..Filled::default()
        });
    }
    filled.push(Filled {
        at: Some("depot".into()),
        ..Filled::default()
    });
    filled.push(Filled {
        role: Some(Role::Trainer),
        ..Filled::default()
    });
    for from in ["depot", "cashier", "keeper", "manager", "K11"] {
        filled.push(Filled {
            from: Some(from.into()),
            ..Filled::default()
        });
    }
    for n in &names {
        filled.push(Filled {
            from: Some(n.clone()),
            ..Filled::default()
        });
    }
    for size in [Size::Small, Size::Large] {
        filled.push(Filled {
            size: Some(size),
            ..Filled::default()
        });
    }
    for who in askers {
        for field in Field::ALL {
            for f in &filled {
                for partial in ["", "k1"] {
                    let mut got = Vec::new();
                    for s in sides {
                        got.push(
                            autocomplete::choices_with(
                                &s.fast,
                                CHANNEL,
                                &who.id,
                                field,
                                partial,
                                f,
                                &aquaretto_bot::lang::Lang::english(),
                            )
                            .await,
                        );
                    }
                    tally.choices += got[0].len();
                    same(
                        tally,
                        Seen::text(format!("{field:?} {f:?}"), format!("{:?}", got[0])),
                        Seen::text(format!("{field:?} {f:?}"), format!("{:?}", got[1])),
                    );
                }
            }
        }
    }

    // The game's web pages.
    same_pages(sides, &la, tally).await;

    // The computer players, every level, for every seat.
    for seat in 0..ga.players().len() {
        for level in Level::ALL {
            let a = cpu::choose(ga, seat, level);
            let b = cpu::choose(gb, seat, level);
            assert_eq!(a, b, "{level} chose differently for seat {seat}");
            assert_eq!(a.is_some(), to_act == Some(seat));
            tally.compared += 1;
        }
        assert_eq!(cpu::hint(ga, seat), cpu::hint(gb, seat), "a hint differs");
    }
}

/// The twins' positions agree in everything a player can see.
fn alike(a: &Game, b: &Game) {
    assert_eq!(a.players(), b.players());
    assert_eq!(a.trucks(), b.trucks());
    assert_eq!(a.pending(), b.pending());
    assert_eq!(a.round(), b.round());
    assert_eq!(a.to_act(), b.to_act());
    assert_eq!(a.draw_pile().len(), b.draw_pile().len());
    assert_eq!(a.reserve().len(), b.reserve().len());
    assert_eq!(a.unseen_tiles(), b.unseen_tiles());
}

/// One random game played on twins until a differing tile is drawn (or the
/// game ends), comparing every answer on the way and everything at a few
/// positions.
async fn play_twins(case: u64, rng: &mut ChaCha8Rng, tally: &mut Tally) {
    let players = 2 + (case % 4) as usize;
    let part = [Part::Early, Part::Middle, Part::Reserve][(case % 3) as usize];
    let short = case % 2 == 1 || matches!(part, Part::Reserve);
    let t = twins(rng, players, part, short);
    let seed: u64 = rng.random();
    let sides = [side().await, side().await];
    let host = actor(PEOPLE[0]);
    // People and computer players of every level (a strong one in short
    // games: its searches are the slow part); a person plays first, so that
    // the start shows the table before any tile is drawn.
    let mut seating: Vec<Option<&str>> = vec![None];
    for _ in 1..players {
        seating.push(rng.random_bool(0.35).then(|| match rng.random_range(0..3) {
            0 => "easy",
            1 if short => "strong",
            _ => "normal",
        }));
    }
    let people: Vec<&str> = (0..players)
        .filter(|i| seating[*i].is_none())
        .map(|i| PEOPLE[i])
        .collect();
    let first = people.choose(rng).map(|p| p.to_string());
    let mut answers: Vec<Reply> = Vec::new();
    for (i, s) in sides.iter().enumerate() {
        let new = Command::New {
            removed: Some(t.removed.clone()),
            first: first.clone(),
            seed: Some(seed),
            deck: Some(t.decks[i].to_text()),
        };
        let reply = s.fast.handle(request(&host, new)).await;
        assert!(reply.accepted, "{}", reply.text());
        answers.push(reply);
    }
    same(
        tally,
        Seen::reply("new", &answers[0]),
        Seen::reply("new", &answers[1]),
    );
    for (seat, level) in seating.iter().enumerate().skip(1) {
        let (who, text) = match level {
            Some(level) => (host.clone(), format!("/aq addbot level:{level}")),
            None => (actor(PEOPLE[seat]), "/aq join".to_string()),
        };
        let [a, b] = both(&sides, &who, &text, false).await;
        assert!(a.accepted, "{text}: {}", a.text());
        same(tally, Seen::reply(&text, &a), Seen::reply(&text, &b));
    }
    let mut table = both(&sides, &host, "/aq start", false).await;
    assert!(table[0].accepted, "{}", table[0].text());
    let mut compared_start = false;
    let mut batteries = 0;
    let most = if env_number("FAIR_PLAY_CASES", 0) > 0 {
        4
    } else {
        2
    };
    let mut steps = 0;
    loop {
        let [la, lb] = [loaded(&sides[0]).await, loaded(&sides[1]).await];
        let (ga, gb) = (
            la.game().cloned().expect("started"),
            lb.game().cloned().expect("started"),
        );
        if drawn(&ga, t.len) > t.same {
            // A differing tile is out: the answer that showed it, and all
            // after, may differ.
            break;
        }
        alike(&ga, &gb);
        if !compared_start {
            same(
                tally,
                Seen::reply("start", &table[0]),
                Seen::reply("start", &table[1]),
            );
            compared_start = true;
        }
        let Some(seat) = ga.to_act() else {
            if batteries < most {
                battery(&sides, &table, tally, rng, batteries == 0).await;
                batteries += 1;
            }
            break;
        };
        steps += 1;
        assert!(steps < 3000, "the game does not end");
        let who = actor(&la.seats()[seat].name);
        let names = la.names();
        // A legal move (typed, or pressed where a control makes it), or now
        // and then an undo.
        let may_undo = last_mover(&la) == Some(seat)
            && la.log().last().is_some_and(|m| {
                m.auto.is_none() && !matches!(m.entry, Entry::Move(Action::Draw { .. }))
            });
        let action = if may_undo && rng.random_bool(0.1) {
            None
        } else {
            Some(random_action(&ga, seat, rng).expect("a legal move"))
        };
        // Look at everything at the edge: once the tiles drawn reach the
        // first that differs, or just before a move (and the computer moves
        // after it) draws past it.
        let edge = drawn(&ga, t.len) == t.same;
        let past = action
            .as_ref()
            .is_some_and(|a| drawn(&after_computers(&la, &ga, seat, a), t.len) > t.same);
        if batteries < most && (past || (edge && rng.random_bool(0.5))) {
            battery(&sides, &table, tally, rng, batteries == 0).await;
            batteries += 1;
        }
        let replies = match &action {
            None => both(&sides, &who, "/aq undo", false).await,
            Some(action) => match press_for(&la, &table[0], seat, action) {
                Some((id, values)) if rng.random_bool(0.4) => {
                    press_both(&sides, &who, &id, &values).await
                }
                _ => {
                    let text = Command::from_action(action, &names).to_text();
                    both(&sides, &who, &text, false).await
                }
            },
        };
        assert!(replies[0].accepted, "{}", replies[0].text());
        for s in &sides {
            s.clock.advance(Duration::from_secs(61));
        }
        let after = loaded(&sides[0]).await;
        let game = after.game().expect("started");
        if drawn(game, t.len) > t.same {
            break;
        }
        same(
            tally,
            Seen::reply(format!("step {steps}"), &replies[0]),
            Seen::reply(format!("step {steps}"), &replies[1]),
        );
        table = replies;
    }
    assert!(
        batteries > 0,
        "case {case}: no position was looked at ({players} players, {} people, {} of {} tiles alike)",
        people.len(),
        t.same,
        t.len
    );
}

/// The game after `action` and the computer players' moves that follow it
/// (as the referee plays them), on a copy.
fn after_computers(loaded: &Loaded, game: &Game, seat: usize, action: &Action) -> Game {
    let mut g = game.clone();
    g.apply(seat, action).expect("a legal move");
    while let Some(s) = g.to_act() {
        let Some(level) = loaded.seats()[s]
            .auto
            .as_deref()
            .and_then(|l| l.parse::<Level>().ok())
        else {
            break;
        };
        let chosen = cpu::choose(&g, s, level).expect("a computer move");
        g.apply(s, &chosen).expect("a legal computer move");
    }
    g
}

/// The control of `table`, if any, that makes `action`.
fn press_for(
    loaded: &Loaded,
    table: &Reply,
    seat: usize,
    action: &Action,
) -> Option<(String, Vec<String>)> {
    let game = loaded.game()?;
    let names = loaded.table_names();
    let view = loaded.view(game, &names, None);
    presses(table.controls.as_ref()?)
        .into_iter()
        .find(|(id, values)| {
            let Some(control) = ControlId::decode(id).map(|c| c.control) else {
                return false;
            };
            if !control.makes_move() {
                return false;
            }
            match aquaretto_bot::view::controls::resolve(&view, seat, control, values) {
                Ok(aquaretto_bot::view::controls::Resolution::Command(command)) => {
                    to_action(&command, loaded).is_ok_and(|a| game.canonical(seat, &a) == *action)
                }
                _ => false,
            }
        })
}

#[tokio::test]
async fn no_unseen_tile_is_revealed_by_any_answer() {
    let cases = env_number("FAIR_PLAY_CASES", 8);
    let base = env_number("FAIR_PLAY_SEED", 2026);
    let mut tally = Tally::default();
    for case in 0..cases {
        let mut rng = ChaCha8Rng::seed_from_u64(base.wrapping_add(case));
        play_twins(case, &mut rng, &mut tally).await;
    }
    eprintln!("fair play through the referee: {tally:?}");
    assert!(tally.batteries >= cases as usize / 2, "{tally:?}");
    assert!(
        tally.pictures > 0 && tally.refusals > 0 && tally.panels > 0,
        "{tally:?}"
    );
    assert!(tally.choices > 0, "{tally:?}");
    assert!(tally.pages > 0, "{tally:?}");
    if cases >= 8 {
        assert!(
            tally.before_draw > 0
                && tally.waiting > 0
                && tally.truck_taken > 0
                && tally.last_round > 0,
            "every phase was looked at: {tally:?}"
        );
    }
}

/// The comparison can fail: at the twins' edge, an answer that read the
/// real pile (what the next draw puts on a truck, as the hint once told)
/// differs between them, and `same` refuses it.
#[test]
fn a_hint_reading_the_pile_would_be_caught() {
    let mut caught = 0;
    for case in 0..24u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(7000 + case);
        let players = 2 + (case % 4) as usize;
        let part = [Part::Early, Part::Middle, Part::Reserve][(case % 3) as usize];
        let t = twins(&mut rng, players, part, case % 2 == 1);
        let names: Vec<String> = PEOPLE[..players].iter().map(|n| n.to_string()).collect();
        let [mut a, mut b] = t.decks.clone().map(|deck| {
            Game::new(aquaretto_bot::engine::Setup {
                players: names.clone(),
                seed: case,
                removed: Some(t.removed.clone()),
                first: Some(names[0].clone()),
                deck: Some(deck),
            })
            .expect("a valid setup")
        });
        // Alike moves until the next draw is the first tile that differs
        // (a game may end before it, in the last round).
        while let Some(seat) = a.to_act() {
            alike(&a, &b);
            let action = random_action(&a, seat, &mut rng).expect("a legal move");
            if matches!(action, Action::Draw { .. }) && drawn(&a, t.len) == t.same {
                let peek = |g: &Game| {
                    let mut g = g.clone();
                    g.apply(seat, &action).expect("a legal draw");
                    format!("{:?}", g.trucks())
                };
                let [pa, pb] = [&a, &b].map(|g| Seen::text("a peeking hint", peek(g)));
                assert!(
                    difference(&pa, &pb).is_some(),
                    "case {case}: a peek at the pile passed"
                );
                caught += 1;
                break;
            }
            a.apply(seat, &action).expect("a legal move");
            b.apply(seat, &action)
                .expect("the same move is legal in the twin");
        }
    }
    assert!(caught >= 12, "only {caught} of 24 cases reached their edge");
}

#[tokio::test]
async fn a_running_game_keeps_its_seed_secret_until_it_is_abandoned() {
    let s = side().await;
    let (ana, ben) = (actor("ana"), actor("ben"));
    let record = |r: &Reply| -> Value {
        let file = r.files.first().expect("the record's file");
        serde_json::from_slice(&file.bytes).expect("the record is JSON")
    };
    for (who, text) in [(&ana, "/aq new"), (&ben, "/aq join")] {
        let reply = s.fast.handle(request(who, parsed(text))).await;
        assert!(reply.accepted, "{}", reply.text());
        assert!(!reply.text().contains("Practice"), "{}", reply.text());
    }
    let lobby = record(&s.fast.handle(request(&ana, parsed("/aq export"))).await);
    assert_eq!(lobby["status"], "lobby");
    assert!(lobby.get("seed").is_none(), "{lobby}");
    assert_eq!(lobby["practice"], false);
    let start = s.fast.handle(request(&ana, parsed("/aq start"))).await;
    assert!(
        start.accepted && !start.text().contains("Practice"),
        "{}",
        start.text()
    );
    let running = record(&s.fast.handle(request(&ana, parsed("/aq export"))).await);
    assert_eq!(running["status"], "running");
    assert!(running.get("seed").is_none(), "{running}");
    let seed = loaded(&s).await.seed();
    // Both players agree to abandon it.
    for who in [&ana, &ben] {
        let abandoned = s.fast.handle(request(who, parsed("/aq abandon"))).await;
        assert!(abandoned.accepted, "{}", abandoned.text());
    }
    let over = record(&s.fast.handle(request(&ben, parsed("/aq export"))).await);
    assert_eq!(over["status"], "abandoned");
    assert_eq!(
        over["seed"],
        json!(seed),
        "the record of an ended game carries its seed"
    );
}

// ----- the twins on the fake Discord -----

fn real_painter() -> Box<dyn aquaretto_bot::referee::Painter> {
    Box::new(RenderPainter)
}

/// The game record the bot attaches to an export, read back.
fn record_of(answer: &Answer) -> Value {
    let file = answer
        .message
        .files
        .iter()
        .find(|f| f.filename.as_deref().is_some_and(|n| n.ends_with(".json")))
        .expect("the record's file");
    serde_json::from_slice(&file.bytes).expect("the record is JSON")
}

/// A request as the other twin must have made it too: its method, its path
/// with numbers (interaction ids and tokens differ between the twins' fakes)
/// blotted, its body and its files.
fn payload(r: &RecordedRequest) -> (String, String, Vec<Vec<u8>>) {
    let path: String = r
        .path
        .chars()
        .map(|c| if c.is_ascii_digit() { '#' } else { c })
        .collect();
    (
        format!("{} {path}", r.method),
        r.body().to_string(),
        r.files.iter().map(|f| f.bytes.clone()).collect(),
    )
}

fn answer_seen(what: &str, a: &Answer) -> Seen {
    Seen {
        what: what.to_string(),
        text: a.data().to_string(),
        bytes: a.message.files.iter().map(|f| f.bytes.clone()).collect(),
    }
}

/// Every press a message (as the fake stores it) offers.
fn message_presses(message: &Value) -> Vec<(String, Option<Vec<String>>)> {
    let mut out = Vec::new();
    for row in message["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            let Some(id) = c["custom_id"].as_str() else {
                continue;
            };
            match c["options"].as_array() {
                Some(options) => out.extend(options.iter().filter_map(|o| {
                    o["value"]
                        .as_str()
                        .map(|v| (id.to_string(), Some(vec![v.to_string()])))
                })),
                None => out.push((id.to_string(), None)),
            }
        }
    }
    out
}

/// Both twins' tables on the fake Discord, asked alike.
struct Discords {
    tables: [Table; 2],
    tally: Tally,
}

impl Discords {
    async fn say(&mut self, who: User, sub: &str, options: &[(&str, Value)]) -> [Answer; 2] {
        let a = self.tables[0].say(who, sub, options).await;
        let b = self.tables[1].say(who, sub, options).await;
        let what = format!("{} /aq {sub} {options:?}", who.name);
        same(
            &mut self.tally,
            answer_seen(&what, &a),
            answer_seen(&what, &b),
        );
        [a, b]
    }

    async fn press(
        &mut self,
        who: User,
        messages: &[Value; 2],
        id: &str,
        values: Option<&[String]>,
    ) -> [Answer; 2] {
        let a = self.tables[0].press(who, &messages[0], id, values).await;
        let b = self.tables[1].press(who, &messages[1], id, values).await;
        let what = format!("{} presses {id} {values:?}", who.name);
        same(
            &mut self.tally,
            answer_seen(&what, &a),
            answer_seen(&what, &b),
        );
        [a, b]
    }

    async fn autocomplete(&mut self, who: User, sub: &str, focused: (&str, &str), kind: u8) {
        let a = self.tables[0]
            .autocomplete(who, sub, &[], focused, kind)
            .await;
        let b = self.tables[1]
            .autocomplete(who, sub, &[], focused, kind)
            .await;
        self.tally.choices += a.len();
        let what = format!("{} completes {sub} {focused:?}", who.name);
        same(
            &mut self.tally,
            Seen::text(&what, format!("{a:?}")),
            Seen::text(&what, format!("{b:?}")),
        );
    }
}

/// The table message an answer created: the public one with controls.
fn table_message(answer: &Answer) -> Option<Value> {
    answer
        .created
        .iter()
        .rev()
        .find(|m| m["components"].as_array().is_some_and(|c| !c.is_empty()))
        .cloned()
}

async fn discord_battery(d: &mut Discords, users: &[User], acting: User, table: &[Value; 2]) {
    d.tally.batteries += 1;
    let outsider = ZED;
    let others: Vec<User> = users.iter().copied().filter(|u| *u != acting).collect();
    for who in [acting, outsider] {
        for sub in [
            "board", "zoo", "score", "moves", "history", "games", "export", "stats", "rules",
            "help", "hint",
        ] {
            d.say(who, sub, &[]).await;
        }
        d.say(who, "history", &[("move", json!(1))]).await;
    }
    for who in &others {
        d.say(*who, "hint", &[]).await;
        for (sub, truck) in [("draw", 1), ("draw", 3), ("take", 1), ("take", 2)] {
            d.say(*who, sub, &[("truck", json!(truck))]).await;
            d.tally.refusals += 1;
        }
        d.say(*who, "discard", &[]).await;
        d.say(*who, "place", &[("at", json!("depot"))]).await;
    }
    for (sub, truck) in [("draw", 9), ("take", 9)] {
        d.say(acting, sub, &[("truck", json!(truck))]).await;
        d.tally.refusals += 1;
    }
    d.say(acting, "place", &[("at", json!("A1"))]).await;
    // Every control of the table message, pressed by someone who may not
    // move; those that open a private panel, by the player to act.
    let presses = message_presses(&table[0]);
    assert_eq!(presses, message_presses(&table[1]), "the controls differ");
    for (id, values) in &presses {
        for who in others.iter().chain([&outsider]) {
            d.press(*who, table, id, values.as_deref()).await;
            d.tally.refusals += 1;
        }
        let opens = ControlId::decode(id).is_some_and(|c| !c.control.makes_move());
        if opens {
            d.press(acting, table, id, values.as_deref()).await;
            d.tally.panels += 1;
        }
    }
    for who in [acting, others[0]] {
        for (sub, option, kind) in [
            ("draw", "truck", 4),
            ("take", "truck", 4),
            ("place", "at", 3),
            ("place", "tile", 4),
            ("hire", "at", 3),
            ("move", "from", 3),
            ("move", "to", 3),
            ("buy", "at", 3),
            ("expand", "cells", 3),
        ] {
            d.autocomplete(who, sub, (option, ""), kind).await;
        }
    }
}

/// One twin case on the fake Discord: the game played by pressing the
/// table's controls, until the next press would draw a tile that differs.
async fn discord_twins(case: u64, rng: &mut ChaCha8Rng) -> Tally {
    // 3, 5, 2, 4 players, in turn.
    let players = [3, 5, 2, 4][(case % 4) as usize];
    let part = [Part::Early, Part::Middle, Part::Reserve][(case % 3) as usize];
    let t = twins(rng, players, part, true);
    let seed = rng.random_range(0..1u64 << 53);
    let no_deferral = Duration::from_secs(120);
    let mut d = Discords {
        tables: [
            Table::open(no_deferral, real_painter).await,
            Table::open(no_deferral, real_painter).await,
        ],
        tally: Tally::default(),
    };
    // Every answer direct on both twins, never deferred: Discord's window
    // on the test's clock, so that a busy machine's slow picture is not
    // refused.
    for table in &d.tables {
        table.fake.hold_clock();
    }
    let users = &support::USERS[..players];
    let removed: Vec<&str> = t.removed.iter().map(|a| a.word()).collect();
    let decks = t.decks.clone().map(|deck| deck.to_text());
    let mut news = Vec::new();
    for (i, table) in d.tables.iter().enumerate() {
        let options = [
            ("removed", json!(removed.join(" "))),
            ("seed", json!(seed)),
            ("deck", json!(decks[i])),
        ];
        news.push(table.say(support::ALICE, "new", &options).await);
    }
    assert!(!news[0].is_private(), "{}", news[0].content());
    assert!(
        news[0].content().contains("Practice game"),
        "{}",
        news[0].content()
    );
    same(
        &mut d.tally,
        answer_seen("new", &news[0]),
        answer_seen("new", &news[1]),
    );
    for u in &users[1..] {
        d.say(*u, "join", &[]).await;
    }
    let start = d.say(support::ALICE, "start", &[]).await;
    let mut table = [
        table_message(&start[0]).expect("the table's controls"),
        table_message(&start[1]).expect("the table's controls"),
    ];
    let mut looked = false;
    for _step in 0..400 {
        let [export, _] = d.say(support::ALICE, "export", &[]).await;
        let record = record_of(&export);
        if record["status"] == "finished" {
            // Over before a differing tile came out: now the seed is told.
            assert!(record.get("seed").is_some(), "a finished game: {record}");
            break;
        }
        assert!(
            record.get("seed").is_none(),
            "a running game's seed: {record}"
        );
        let unseen =
            record["draw_pile"].as_u64().unwrap_or(0) + record["reserve"].as_u64().unwrap_or(0);
        let drawn = t.len - unseen as usize;
        assert!(drawn <= t.same, "a differing tile was drawn");
        let Some(current) = record["current"].as_str() else {
            break;
        };
        let acting = *users
            .iter()
            .find(|u| u.name == current)
            .expect("a seated user acts");
        let at_edge = drawn == t.same;
        let mut moves: Vec<(String, Option<Vec<String>>)> = message_presses(&table[0])
            .into_iter()
            .filter(|(id, _)| {
                ControlId::decode(id).is_some_and(|c| {
                    use aquaretto_bot::view::controls::Control;
                    c.control.makes_move()
                        && c.control != Control::Undo
                        && !(at_edge && matches!(c.control, Control::Draw(_)))
                })
            })
            .collect();
        moves.shuffle(rng);
        if (at_edge && !looked && rng.random_bool(0.5)) || moves.is_empty() {
            discord_battery(&mut d, users, acting, &table).await;
            looked = true;
        }
        let Some((id, values)) = moves.first().cloned() else {
            break;
        };
        let pressed = d.press(acting, &table, &id, values.as_deref()).await;
        assert!(!pressed[0].is_private(), "{}", pressed[0].content());
        if let (Some(a), Some(b)) = (table_message(&pressed[0]), table_message(&pressed[1])) {
            table = [a, b];
        }
    }
    if !looked {
        let [export, _] = d.say(support::ALICE, "export", &[]).await;
        let record = record_of(&export);
        if let Some(current) = record["current"].as_str() {
            let acting = *users.iter().find(|u| u.name == current).expect("seated");
            discord_battery(&mut d, users, acting, &table).await;
        }
    }
    // Everything the bot sent to either fake, alike.
    let mut sent: Vec<Vec<_>> = d
        .tables
        .iter()
        .map(|t| t.fake.requests().iter().map(payload).collect())
        .collect();
    for s in &mut sent {
        s.sort();
    }
    assert_eq!(
        sent[0].len(),
        sent[1].len(),
        "as many requests to each fake"
    );
    for (a, b) in sent[0].iter().zip(&sent[1]) {
        assert_eq!((&a.0, &a.1), (&b.0, &b.1), "a payload differs");
        assert!(a.2 == b.2, "{}: the files differ", a.0);
    }
    d.tally.compared += sent[0].len();
    d.tally
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_unseen_tile_is_revealed_through_the_fake_discord() {
    let cases = env_number("FAIR_PLAY_DISCORD", 2);
    let base = env_number("FAIR_PLAY_SEED", 2026);
    let mut panels = 0;
    for case in 0..cases {
        let mut rng = ChaCha8Rng::seed_from_u64(base.wrapping_add(1000 + case));
        let tally = discord_twins(case, &mut rng).await;
        eprintln!("fair play on the fake Discord, case {case}: {tally:?}");
        assert!(tally.batteries > 0 && tally.pictures > 0, "{tally:?}");
        panels += tally.panels;
    }
    // A game may end before its first differing tile (no turn, no panel
    // to open): the panels are counted over all cases.
    assert!(cases == 0 || panels > 0, "no private panel was compared");
}

// ----- the twins in the terminal -----

const BIN: &str = env!("CARGO_BIN_EXE_aquaretto-bot");

/// Runs the binary's local game on a new database with `args` and the
/// script `lines`; returns its JSON lines and what it wrote to stderr.
fn terminal(dir: &Path, args: &[String], lines: &[String]) -> (Vec<Value>, String) {
    let mut child = Process::new(BIN)
        .arg("play")
        .args(args)
        .arg("--db")
        .arg(dir.join("games.db"))
        .args(["--script", "-", "--json"])
        .env_remove("DISCORD_TOKEN")
        .env_remove("DATABASE_URL")
        .env("RUST_LOG", "warn")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    {
        use std::io::Write as _;
        let mut stdin = child.stdin.take().expect("stdin");
        stdin
            .write_all(lines.join("\n").as_bytes())
            .expect("the script is written");
    }
    let out = child.wait_with_output().expect("the binary ends");
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(out.status.success(), "{stderr}");
    let json = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    (json, stderr)
}

/// A JSON line without wall-clock times (the terminal's clock is the real
/// one, and the twins run one after the other): the moves' times in the
/// record, and the time tags (`<t:1795595995:R>`) in the answer.
fn timeless(mut line: Value) -> Value {
    if let Some(moves) = line["game"]["moves"].as_array_mut() {
        for m in moves {
            if let Some(m) = m.as_object_mut() {
                m.remove("at");
            }
        }
    }
    if let Some(reply) = line["reply"].as_str() {
        let mut out = String::new();
        let mut rest = reply;
        while let Some(i) = rest.find("<t:") {
            out.push_str(&rest[..i]);
            let tag = &rest[i..];
            let end = tag.find('>').map_or(tag.len(), |e| e + 1);
            let digits = tag[3..end].chars().take_while(char::is_ascii_digit).count();
            out.push_str(if digits > 0 { "<t:time>" } else { &tag[..end] });
            rest = &tag[end..];
        }
        out.push_str(rest);
        line["reply"] = json!(without_utc_minutes(&out));
    }
    line
}

/// `text` with each terminal time (`2026-11-23 14:05 UTC`) said as `<time>`:
/// the twins run one after the other and may straddle a minute.
fn without_utc_minutes(text: &str) -> String {
    let shape = |s: &str| {
        s.len() == 16
            && s.bytes().enumerate().all(|(i, b)| match i {
                4 | 7 => b == b'-',
                10 => b == b' ',
                13 => b == b':',
                _ => b.is_ascii_digit(),
            })
    };
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find(" UTC") {
        let head = &rest[..i];
        let start = head.len().saturating_sub(16);
        if head.is_char_boundary(start) && shape(&head[start..]) {
            out.push_str(&head[..start]);
            out.push_str("<time>");
        } else {
            out.push_str(head);
            out.push_str(" UTC");
        }
        rest = &rest[i + 4..];
    }
    out.push_str(rest);
    out
}

#[test]
fn terminal_times_are_left_out_of_the_comparison() {
    assert_eq!(
        without_utc_minutes("moved 2026-11-23 14:05 UTC, then 2026-11-23 14:06 UTC; UTC"),
        "moved <time>, then <time>; UTC"
    );
}

/// One twin case in the terminal: a script of random moves up to the draw
/// of the first tile that differs, then every look and refused move, run
/// against each twin's deck.
fn terminal_twins(case: u64, rng: &mut ChaCha8Rng) -> usize {
    let players = 2 + (case % 3) as usize;
    let part = [Part::Middle, Part::Reserve, Part::Early][(case % 3) as usize];
    let t = twins(rng, players, part, case.is_multiple_of(2));
    let seed: u64 = rng.random();
    let names: Vec<String> = PEOPLE[..players].iter().map(|n| n.to_string()).collect();
    let setup = aquaretto_bot::engine::Setup {
        players: names.clone(),
        seed,
        removed: Some(t.removed.clone()),
        first: Some(names[0].clone()),
        deck: Some(t.decks[0].clone()),
    };
    let mut game = Game::new(setup).expect("a valid setup");
    let mut lines = Vec::new();
    while let Some(seat) = game.to_act() {
        let action = random_action(&game, seat, rng).expect("a legal move");
        if matches!(action, Action::Draw { .. }) && drawn(&game, t.len) == t.same {
            break;
        }
        lines.push(format!(
            "{}: {}",
            names[seat],
            Command::from_action(&action, &names).to_text()
        ));
        game.apply(seat, &action).expect("legal");
    }
    let acting = game.to_act().map_or(names[0].clone(), |s| names[s].clone());
    let other = names
        .iter()
        .find(|n| **n != acting)
        .expect("another player");
    for look in [
        "board",
        "zoo",
        "score",
        "moves",
        "history",
        "history move:1",
        "games",
        "export",
        "stats",
        "hint",
        "rules",
        "help",
        "settings",
        "mygames",
    ] {
        lines.push(format!("{acting}: {look}"));
        lines.push(format!("{other}: {look}"));
    }
    for m in candidate_moves(&names) {
        if m.starts_with("undo") || m.starts_with("draw") || m.starts_with("take") {
            // Some of these are legal for the player to act, and a draw
            // would show a tile that differs.
            lines.push(format!("{other}: {m}"));
        } else {
            lines.push(format!("{other}: {m}"));
            let parses = command::parse(&m).is_ok();
            if parses && !engine_accepts(&game, &names, &m) {
                lines.push(format!("{acting}: {m}"));
            }
        }
    }
    lines.push("999".into());
    let mut runs = Vec::new();
    for deck in &t.decks {
        let dir = tempfile::tempdir().expect("temp dir");
        let deck_file = dir.path().join("twin.deck");
        std::fs::write(&deck_file, deck.to_text()).expect("deck written");
        let removed: Vec<&str> = t.removed.iter().map(|a| a.word()).collect();
        let args: Vec<String> = [
            "--players",
            &names.join(","),
            "--seed",
            &seed.to_string(),
            "--first",
            &names[0],
            "--removed",
            &removed.join(" "),
            "--deck",
            deck_file.to_str().expect("utf-8 path"),
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        runs.push(terminal(dir.path(), &args, &lines));
    }
    let (a, b) = (&runs[0], &runs[1]);
    assert_eq!(a.0.len(), lines.len(), "a JSON line per script line");
    assert_eq!(a.0.len(), b.0.len());
    for (i, (x, y)) in a.0.iter().zip(&b.0).enumerate() {
        assert_eq!(
            timeless(x.clone()),
            timeless(y.clone()),
            "line {}: {} differs between the twins",
            i + 1,
            lines[i]
        );
        if x["game"]["status"] == "running" {
            assert!(
                x["game"].get("seed").is_none(),
                "a running game's seed: {x}"
            );
        }
    }
    assert_eq!(a.1, b.1, "the twins logged differently");
    lines.len()
}

/// Whether the seat to act in `game` may play `text` (by the engine alone).
fn engine_accepts(game: &Game, names: &[String], text: &str) -> bool {
    let Some(seat) = game.to_act() else {
        return false;
    };
    let Ok(command) = command::parse(text) else {
        return false;
    };
    let action = match command {
        Command::Place { at, tile } => Action::Place { tile, at },
        Command::Hire { role, at } => Action::Hire { role, at },
        Command::Discard => Action::Discard,
        Command::Expand { size, cells } => Action::Expand { size, cells },
        Command::Buy { from, at } => match names.iter().position(|n| *n == from) {
            Some(from) => Action::Buy { from, at },
            None => return false,
        },
        Command::Move { .. } => {
            // Spots resolve through the referee; count them as playable.
            return true;
        }
        _ => return true,
    };
    let action = game.canonical(seat, &action);
    game.clone().apply(seat, &action).is_ok()
}

#[test]
fn no_unseen_tile_is_revealed_in_the_terminal() {
    let cases = env_number("FAIR_PLAY_TERMINAL", 2);
    let base = env_number("FAIR_PLAY_SEED", 2026);
    for case in 0..cases {
        let mut rng = ChaCha8Rng::seed_from_u64(base.wrapping_add(2000 + case));
        let lines = terminal_twins(case, &mut rng);
        assert!(lines > 40, "case {case}: {lines} lines compared");
    }
}

/// A whole game dealt by the bot, played through the terminal to its end:
/// no answer and no JSON line before the end carries its seed; the record
/// after the end does.
#[test]
fn a_whole_game_in_the_terminal_shows_its_seed_only_once_it_is_over() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut lines = Vec::new();
    for i in 0..500 {
        // The first legal move each time, and now and then every look.
        lines.push("1".to_string());
        if i % 20 == 0 {
            for look in [
                "export",
                "hint",
                "history",
                "history move:1",
                "board",
                "games",
                "stats",
            ] {
                lines.push(look.to_string());
            }
        }
    }
    lines.push("export".into());
    let args = vec!["--players".to_string(), "ana,cpu:normal".to_string()];
    let (json, stderr) = terminal(dir.path(), &args, &lines);
    let seed: i64 = {
        let db = dir.path().join("games.db");
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        rt.block_on(async {
            let store = Store::open(db.to_str().expect("utf-8 path"))
                .await
                .expect("the database opens");
            sqlx::query_scalar("SELECT seed FROM games")
                .fetch_one(store.pool())
                .await
                .expect("the game's seed")
        })
    };
    let forms = [seed.to_string(), (seed as u64).to_string()];
    let mut before = 0;
    let mut after = 0;
    for line in &json {
        let text = line.to_string();
        match line["game"]["status"].as_str() {
            Some("finished") => {
                assert_eq!(line["game"]["seed"], json!(seed as u64), "{line}");
                after += 1;
            }
            status => {
                assert_eq!(status, Some("running"), "{line}");
                assert!(
                    !forms.iter().any(|f| text.contains(f.as_str())),
                    "the seed {seed} shows before the end: {text}"
                );
                before += 1;
            }
        }
    }
    assert!(
        !forms.iter().any(|f| stderr.contains(f.as_str())),
        "the seed shows in the log: {stderr}"
    );
    assert!(before > 20, "{before} lines while the game ran");
    assert!(after > 0, "the game was played to its end");
}
