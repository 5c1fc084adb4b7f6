//! The table inside Discord in a real headless Chromium, framed by a fake
//! Discord client (`discord_client.html`) on the Activity's own origin
//! behind a proxy that adds Discord's Activity policy (`discord_frame.rs`):
//! **Open the table** opens an instance, the page signs in through the
//! official SDK's messages, a seated player taps the table and the move is
//! committed and reaches the channel with its ping, a watcher sees it live,
//! nothing is fetched from another origin, a phone's width fits, and who may
//! not play does not; on a phone a tile is placed in the zoo by tapping its
//! close-up, every place offered a finger's size. Screenshots of a phone
//! and a desktop in tests/golden/web/. The figures (bytes on the first load, load to a
//! playable table, a tap's move to its channel message) are printed for
//! BENCHMARKS.md.

use crate::discord_frame::DiscordFrame;
use crate::support;

use aquaretto_bot::discord::launch::BUTTON;
use aquaretto_bot::engine::{Action, Target};
use serde_json::json;
use std::time::{Duration, Instant};
use support::browser::{assert_golden, Browser, Session};
use support::tiers::{self, Tier};
use support::{Table, User, ALICE, BOB, CAROL, CHANNEL, DAVE, GUILD};

const WAIT: Duration = Duration::from_secs(15);

/// Discord's query for `instance`, on `platform`.
fn activity_path(path: &str, instance: &str, platform: &str) -> String {
    format!(
        "{path}?frame_id=f-{platform}&instance_id={instance}&platform={platform}\
         &guild_id={GUILD}&channel_id={CHANNEL}"
    )
}

async fn session(browser: &Browser, width: u32, height: u32) -> Session {
    let s = browser.session(width, height).await.expect("a browser");
    s.size_viewport(width, height)
        .await
        .expect("the viewport's size");
    s
}

/// Opens the fake client for `who` (their `authorize` giving `code`),
/// framing `activity`, and enters the frame.
async fn open(page: &Session, frame: &DiscordFrame, activity: &str, code: &str, who: User) {
    page.goto(&frame.client(activity, code, who.id, who.name))
        .await
        .expect("the client opens");
    page.wait_for("iframe#activity", WAIT)
        .await
        .expect("the frame");
    page.client().enter_frame(0).await.expect("into the frame");
}

/// Waits until the page has said what it opened (`data-state` no longer
/// `loading`): that state.
async fn state(page: &Session) -> String {
    page.wait_for("#activity:not([data-state=\"loading\"])", WAIT)
        .await
        .expect("the page opens something");
    page.attr("#activity", "data-state")
        .await
        .expect("reads")
        .unwrap_or_default()
}

/// Waits for the frame's pictures (those an SVG draws too: the close-up's
/// `<image>` is not among `document.images`), its fonts, and two frames
/// drawn after them.
async fn settled(page: &Session) {
    page.execute_async(
        "const done = arguments[arguments.length - 1];
         const drawn = () => requestAnimationFrame(() => requestAnimationFrame(() => done(true)));
         (function look() {
           const imgs = [...document.images];
           if (!imgs.every(i => i.complete)) { setTimeout(look, 50); return; }
           const inSvg = [...document.querySelectorAll('svg image')].map(i => {
             const p = new Image();
             p.src = i.getAttribute('href');
             return p.decode().catch(() => null);
           });
           Promise.all(inSvg).then(() => document.fonts.ready).then(drawn);
         })();",
        vec![],
    )
    .await
    .expect("the pictures load");
}

/// Taps the first place offered on the table (else the first pick) until
/// a move waits for its confirmation: the number of taps.
async fn tap_to_confirm(page: &Session) -> usize {
    for taps in 0..6 {
        if page.exists("button.confirm").await.expect("looks") {
            return taps;
        }
        let shown = page
            .attr("#activity", "data-updates")
            .await
            .expect("reads")
            .unwrap_or_default();
        if page.exists("svg a.spot").await.expect("looks") {
            page.click("svg a.spot").await.expect("taps the table");
        } else if page.exists("a.pick").await.expect("looks") {
            page.click("a.pick").await.expect("taps a pick");
        } else {
            let shown = page.text_of("main").await.unwrap_or_default();
            panic!("nothing to tap: {shown}");
        }
        page.wait_for(
            &format!("#activity[data-updates]:not([data-updates=\"{shown}\"])"),
            WAIT,
        )
        .await
        .expect("the part comes back");
    }
    panic!("no move to confirm after six taps");
}

/// What the frame loaded: (bytes over the wire, every address).
async fn loaded(page: &Session) -> (u64, Vec<String>) {
    let entries = page
        .execute(
            "const nav = performance.getEntriesByType('navigation')[0];
             const res = performance.getEntriesByType('resource');
             return [[nav.name, nav.transferSize]]
               .concat(res.map(r => [r.name, r.transferSize]));",
            vec![],
        )
        .await
        .expect("reads");
    let mut bytes = 0;
    let mut names = Vec::new();
    for e in entries.as_array().into_iter().flatten() {
        let size = e[1].as_u64().unwrap_or(0);
        bytes += size;
        let name = e[0].as_str().unwrap_or_default().to_string();
        eprintln!(
            "first load: {size:>7} bytes {}",
            name.split('?').next().unwrap_or_default()
        );
        names.push(name);
    }
    (bytes, names)
}

/// The buttons and links of the frame shorter or narrower than 44 px.
async fn small_targets(page: &Session) -> Vec<String> {
    let small = page
        .execute(
            "return [...document.querySelectorAll('main a, main button, main input, main select')]
               .filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0
                              && (r.height < 44 || r.width < 44); })
               .map(e => { const r = e.getBoundingClientRect();
                           return e.tagName + '.' + (e.getAttribute('class') || '') + ' '
                             + Math.round(r.width) + 'x' + Math.round(r.height); });",
            vec![],
        )
        .await
        .expect("reads");
    serde_json::from_value(small).unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_inside_discord_is_played_by_tapping_and_watched_live() {
    if !tiers::available(Tier::Browser) {
        return;
    }
    let t = Table::open_activity(support::render_painter).await;
    let started = t.start_two_player_game(5).await;
    let message = started
        .created
        .iter()
        .rev()
        .find(|m| m["components"].as_array().is_some_and(|c| !c.is_empty()))
        .cloned()
        .expect("the table message");

    // Open the table: Discord opens an instance in the channel.
    let pressed = t.press(ALICE, &message, BUTTON, None).await;
    assert_eq!(pressed.message.body(), &json!({"type": 12}));
    let instance = t.fake.instance_in(CHANNEL).expect("an instance");
    t.fake.join_instance(&instance, CAROL.id);

    let frame = DiscordFrame::start(&t.web_base()).await;
    let browser = Browser::start().await.expect("ChromeDriver starts");

    // Carol, not seated, watches on a desktop, from the mapped root.
    let carol = session(&browser, 1280, 800).await;
    let code = t.fake.authorize(CAROL.id);
    open(
        &carol,
        &frame,
        &activity_path("/", &instance, "desktop"),
        &code,
        CAROL,
    )
    .await;
    assert_eq!(state(&carol).await, "watch");
    assert!(
        !carol.exists("svg a.spot").await.expect("looks"),
        "nothing to tap"
    );
    carol
        .wait_for("#activity[data-live=\"socket\"]", WAIT)
        .await
        .expect("the news over a WebSocket through Discord's proxy");
    assert!(
        frame.paths().iter().any(|p| p.ends_with("/ws")),
        "{:?}",
        frame.paths()
    );

    // Alice, seated, on a phone, under /.proxy/: playable.
    let alice = session(&browser, 390, 844).await;
    let code = t.fake.authorize(ALICE.id);
    let opening = Instant::now();
    open(
        &alice,
        &frame,
        &activity_path("/.proxy/activity", &instance, "mobile"),
        &code,
        ALICE,
    )
    .await;
    alice
        .wait_for("#activity[data-state=\"play\"] svg a.spot", WAIT)
        .await
        .expect("a playable table");
    let playable = opening.elapsed();
    let (bytes, addresses) = loaded(&alice).await;
    let own = addresses.iter().all(|a| a.starts_with(&frame.origin));
    assert!(own, "everything from the Activity's origin: {addresses:#?}");

    // At a phone's width: no sideways scroll; every control a finger's size.
    let wide = alice
        .execute(
            "return [document.documentElement.scrollWidth, window.innerWidth];",
            vec![],
        )
        .await
        .expect("reads");
    assert!(
        wide[0].as_u64() <= wide[1].as_u64(),
        "scrolls sideways: {wide}"
    );
    let small = small_targets(&alice).await;
    assert!(small.is_empty(), "smaller than a finger: {small:?}");
    settled(&alice).await;
    let shot = alice.screenshot_png().await.expect("a screenshot");
    assert_golden("activity-play-phone", &shot, 0.02);

    // The tap: a truck (and what the move needs), then its confirmation.
    let before = t.loaded().await.expect("the game").log().len();
    let taps = tap_to_confirm(&alice).await;
    let tapped = Instant::now();
    alice.click("button.confirm").await.expect("confirms");
    let posted = t
        .fake
        .next_request(|r| {
            r.is("POST", &format!("/channels/{CHANNEL}/messages"))
                && r.body()["nonce"]
                    .as_str()
                    .is_some_and(|n| n.starts_with("w1."))
        })
        .await
        .expect("the move's table message reaches the channel");
    let to_channel = posted.at.saturating_duration_since(tapped);
    assert_eq!(
        t.loaded().await.expect("the game").log().len(),
        before + 1,
        "the move is committed"
    );
    let body = posted.body();
    assert!(
        body["content"]
            .as_str()
            .is_some_and(|c| c.starts_with(&format!("<@{}>", BOB.id))),
        "Bob is pinged: {body:#}"
    );
    assert!(posted
        .files
        .iter()
        .any(|f| f.filename.as_deref() == Some("table.png")));
    let open_the_table = body["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .any(|c| c["custom_id"] == BUTTON);
    assert!(open_the_table, "Open the table under it: {body:#}");

    // Carol sees it without a reload.
    carol
        .wait_until_text(".moves", "alice", WAIT)
        .await
        .expect("the watcher sees the move live");
    settled(&carol).await;
    let shot = carol.screenshot_png().await.expect("a screenshot");
    assert_golden("activity-watch-desktop", &shot, 0.02);

    // The fake client saw the SDK's handshake and commands, and refuses a
    // command it does not know with 4002, as Discord's client does.
    carol.client().enter_parent_frame().await.expect("out");
    let kept = carol
        .execute("return window.discord;", vec![])
        .await
        .expect("reads");
    assert_eq!(
        kept["handshakes"].as_array().map(Vec::len),
        Some(1),
        "{kept}"
    );
    for cmd in [
        "AUTHORIZE",
        "AUTHENTICATE",
        "GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS",
        "CAPTURE_LOG",
    ] {
        assert!(kept["commands"].to_string().contains(cmd), "{cmd}: {kept}");
    }
    assert!(
        kept["errors"].as_array().is_some_and(Vec::is_empty),
        "{kept}"
    );
    carol.client().enter_frame(0).await.expect("into the frame");
    let refused = carol
        .execute_async(
            "const done = arguments[arguments.length - 1];
             window.addEventListener('message', (e) => {
               const [op, p] = e.data;
               if (op === 1 && p.nonce === 'test-unknown') { done(p); }
             });
             parent.postMessage([1, {cmd: 'SET_ACTIVITY', args: {}, nonce: 'test-unknown'}], location.origin);",
            vec![],
        )
        .await
        .expect("an answer");
    assert_eq!(
        (refused["evt"].as_str(), refused["data"]["code"].as_u64()),
        (Some("ERROR"), Some(4002))
    );

    // Who may not play does not: Dave, not in the instance; Alice with an
    // instance of another channel; a code of Carol's given as Alice's
    // opens Carol's view, never Alice's seat.
    let other = t.fake.launch_in(CHANNEL + 1, Some(GUILD), BOB.id);
    let refusals = [
        (DAVE, t.fake.authorize(DAVE.id), instance.clone(), "refused"),
        (ALICE, t.fake.authorize(ALICE.id), other, "refused"),
        (ALICE, t.fake.authorize(CAROL.id), instance.clone(), "watch"),
    ];
    for (who, code, instance, expected) in refusals {
        open(
            &carol,
            &frame,
            &activity_path("/", &instance, "desktop"),
            &code,
            who,
        )
        .await;
        assert_eq!(state(&carol).await, expected, "{} in {instance}", who.name);
        assert!(!carol.exists("svg a.spot").await.expect("looks"));
    }
    assert_eq!(
        t.loaded().await.expect("the game").log().len(),
        before + 1,
        "nothing else was played"
    );
    let violations = frame.violations();
    assert!(
        violations.is_empty(),
        "Discord's policy refused: {violations:#?}"
    );

    eprintln!(
        "the table inside Discord: first load {bytes} bytes over the wire ({} requests); \
         load to a playable table {:.0} ms; a tap's move ({taps} taps before its confirmation) \
         to its channel message {:.0} ms",
        addresses.len(),
        playable.as_secs_f64() * 1000.0,
        to_channel.as_secs_f64() * 1000.0,
    );
    alice.close().await.expect("closes");
    carol.close().await.expect("closes");
}

/// A place or pick offered on the page: the last pick of its link, where
/// it is (the close-up, the table, the list), its link and its box in CSS
/// pixels.
#[derive(Debug, serde::Deserialize)]
struct Offered {
    pick: String,
    close: bool,
    table: bool,
    href: String,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
}

/// Everything the page offers to tap now (what is shown only).
async fn offered(page: &Session) -> Vec<Offered> {
    let found = page
        .execute(
            "return [...document.querySelectorAll('main a')]
               .filter(a => (a.getAttribute('href') || '').includes('pick='))
               .map(a => { const r = a.getBoundingClientRect();
                 const picks = new URL(a.getAttribute('href'), location.href)
                   .searchParams.get('pick').split(',');
                 return { pick: picks[picks.length - 1], close: !!a.closest('figure.close-up'),
                          table: !!a.closest('figure.table'), href: a.getAttribute('href'),
                          x: r.left, y: r.top, w: r.width, h: r.height }; })
               .filter(o => o.w > 0 && o.h > 0);",
            vec![],
        )
        .await
        .expect("reads");
    serde_json::from_value(found).expect("the offers")
}

/// Whether the page scrolls sideways: (the page's width, the window's).
async fn sideways(page: &Session) -> (u64, u64) {
    let wide = page
        .execute(
            "return [document.documentElement.scrollWidth, window.innerWidth];",
            vec![],
        )
        .await
        .expect("reads");
    (
        wide[0].as_u64().unwrap_or(u64::MAX),
        wide[1].as_u64().unwrap_or(0),
    )
}

/// Every offer at least 44 px both ways, the close-up's places apart from
/// one another, and nothing scrolling sideways.
async fn fits_a_finger(page: &Session, what: &str) -> Vec<Offered> {
    let offers = offered(page).await;
    let small: Vec<&Offered> = offers.iter().filter(|o| o.w < 44.0 || o.h < 44.0).collect();
    assert!(
        small.is_empty(),
        "{what}: smaller than a finger: {small:#?}"
    );
    let close: Vec<&Offered> = offers.iter().filter(|o| o.close).collect();
    for (i, a) in close.iter().enumerate() {
        for b in &close[i + 1..] {
            let apart = a.x + a.w <= b.x + 0.5
                || b.x + b.w <= a.x + 0.5
                || a.y + a.h <= b.y + 0.5
                || b.y + b.h <= a.y + 0.5;
            assert!(apart, "{what}: {} and {} overlap", a.pick, b.pick);
        }
    }
    let small = small_targets(page).await;
    assert!(small.is_empty(), "{what}: smaller than a finger: {small:?}");
    let (page_width, window) = sideways(page).await;
    assert!(
        page_width <= window,
        "{what}: scrolls sideways ({page_width} > {window})"
    );
    offers
}

/// Taps the link `href` (in `within`) and waits for the part it shows.
async fn tap(page: &Session, within: &str, href: &str) {
    let shown = page
        .attr("#activity", "data-updates")
        .await
        .expect("reads")
        .unwrap_or_default();
    page.click(&format!("{within} a[href=\"{href}\"]"))
        .await
        .expect("taps");
    page.wait_for(
        &format!("#activity[data-updates]:not([data-updates=\"{shown}\"])"),
        WAIT,
    )
    .await
    .expect("the part comes back");
}

/// Confirms the move waiting on `page` (its `moves`-th there) and waits
/// until the game has it.
async fn confirm(t: &Table, page: &Session, moves: &mut usize) -> usize {
    let before = t.loaded().await.expect("the game").log().len();
    page.click("button.confirm").await.expect("confirms");
    *moves += 1;
    page.wait_for(
        &format!("#activity[data-busy=\"0\"][data-moves=\"{moves}\"]"),
        WAIT,
    )
    .await
    .expect("the move is played");
    let after = t.loaded().await.expect("the game").log().len();
    assert_eq!(after, before + 1, "the move is committed");
    after
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tile_is_placed_inside_discord_on_a_phone_by_tapping_its_close_up() {
    if !tiers::available(Tier::Browser) {
        return;
    }
    let t = Table::open_activity(support::render_painter).await;
    let started = t.start_two_player_game(5).await;
    let message = started
        .created
        .iter()
        .rev()
        .find(|m| m["components"].as_array().is_some_and(|c| !c.is_empty()))
        .cloned()
        .expect("the table message");
    let pressed = t.press(ALICE, &message, BUTTON, None).await;
    assert_eq!(pressed.message.body(), &json!({"type": 12}));
    let instance = t.fake.instance_in(CHANNEL).expect("an instance");
    t.fake.join_instance(&instance, BOB.id);

    let frame = DiscordFrame::start(&t.web_base()).await;
    let browser = Browser::start().await.expect("ChromeDriver starts");
    // Both players on phones, in portrait.
    let mut phones = Vec::new();
    for who in [ALICE, BOB] {
        let page = session(&browser, 390, 844).await;
        let code = t.fake.authorize(who.id);
        open(
            &page,
            &frame,
            &activity_path("/.proxy/activity", &instance, "mobile"),
            &code,
            who,
        )
        .await;
        assert_eq!(state(&page).await, "play", "{} plays", who.name);
        phones.push((who, page, 0usize));
    }

    // The player to act taps until a tile waits to be placed in a zoo:
    // a truck, taking it when they may (else drawing a tile), and the
    // tile to place first when there is a choice.
    let mut placing = None;
    for _ in 0..40 {
        let loaded = t.loaded().await.expect("the game");
        let seat = loaded
            .game()
            .and_then(|g| g.to_act())
            .expect("someone acts");
        let user = Table::user_of(&loaded, seat);
        let i = phones
            .iter()
            .position(|(who, _, _)| who.id == user.id)
            .expect("a phone");
        let page = &phones[i].1;
        page.wait_for(
            "#activity[data-busy=\"0\"], #activity:not([data-busy])",
            WAIT,
        )
        .await
        .expect("settled");
        if !page.exists("button.confirm").await.expect("looks") {
            // The page may still show the table before the other's move.
            page.wait_for("section.play ul.picks", WAIT)
                .await
                .expect("the player's choices");
        }
        if page.exists("button.confirm").await.expect("looks") {
            let mut moves = phones[i].2;
            confirm(&t, page, &mut moves).await;
            phones[i].2 = moves;
            continue;
        }
        let offers = fits_a_finger(page, "a choice on a phone").await;
        if offers.iter().any(|o| o.close && o.pick.starts_with("@")) {
            placing = Some(i);
            break;
        }
        let first = |p: &str| offers.iter().find(|o| o.pick.starts_with(p));
        let next = first("k")
            .or_else(|| offers.iter().find(|o| o.close && o.pick.starts_with("s")))
            .or_else(|| first("d"))
            .or_else(|| offers.iter().find(|o| o.table && o.pick.starts_with("t")))
            .or_else(|| offers.first())
            .expect("something to tap");
        tap(page, "main", &next.href).await;
    }
    let i = placing.expect("a tile to place within 40 taps");
    let (who, page, mut moves) = (phones[i].0, &phones[i].1, phones[i].2);

    // The close-up: every square offered a finger's size, apart, the page
    // not scrolling sideways, in portrait and in landscape.
    let offers = fits_a_finger(page, "a placement in portrait").await;
    let cells: Vec<&Offered> = offers
        .iter()
        .filter(|o| o.close && o.pick.starts_with("@") && o.pick != "@depot")
        .collect();
    assert!(!cells.is_empty(), "squares up close: {offers:#?}");
    assert!(
        cells.iter().all(|c| c.w >= 48.0 && c.h >= 48.0),
        "a zoo's square is big up close: {cells:#?}"
    );
    assert!(
        !offers.iter().any(|o| o.table && o.pick.starts_with("@")),
        "the small squares are tapped up close, not on the whole table"
    );
    page.size_viewport(844, 390).await.expect("landscape");
    fits_a_finger(page, "a placement in landscape").await;
    page.size_viewport(390, 844).await.expect("portrait");
    page.execute(
        "document.querySelector('figure.close-up').scrollIntoView({block: 'start'});",
        vec![],
    )
    .await
    .expect("scrolls");
    settled(page).await;
    let shot = page.screenshot_png().await.expect("a screenshot");
    assert_golden("activity-place-phone", &shot, 0.02);

    // The tap on a square up close, its confirmation: the tile is there.
    let cell = cells[0].pick.trim_start_matches('@').to_string();
    let href = cells[0].href.clone();
    tap(page, "figure.close-up", &href).await;
    let at = t.loaded().await.expect("the game").log().len();
    assert_eq!(confirm(&t, page, &mut moves).await, at + 1);
    let loaded = t.loaded().await.expect("the game");
    let placed = loaded.log().last().and_then(|m| m.action()).cloned();
    assert!(
        matches!(&placed, Some(Action::Place { at: Target::Cell(c), .. }) if c.to_string() == cell),
        "{} placed a tile on {cell}: {placed:?}",
        who.name
    );
    let violations = frame.violations();
    assert!(
        violations.is_empty(),
        "Discord's policy refused: {violations:#?}"
    );
    for (_, page, _) in phones {
        page.close().await.expect("closes");
    }
}
