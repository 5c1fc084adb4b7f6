//! The browser tests' own machinery, on a tiny axum site: a real headless
//! Chromium (Debian's `chromium` and `chromium-driver`, through WebDriver)
//! opens its pages under a strict Content-Security-Policy, reads them,
//! submits a form the server sees, takes a screenshot of a phone's size and
//! compares it with its golden image, and runs axe-core's accessibility
//! check, which passes an accessible page and fails one with an unlabelled
//! field. A machine without Chromium or axe-core skips these tests, saying
//! what to install (testkit/src/tiers.rs); under `AQUARETTO_ALL_TIERS`, as
//! `.ci/run` runs them, it fails them.

use crate::support::browser;
use crate::support::tiers::{self, Tier};

use axum::extract::{Form, State};
use axum::http::header;
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use browser::{compare_png, Browser};
use maud::{html, Markup, DOCTYPE};
use serde_json::json;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The pages' policy: scripts, styles and pictures from the site only, so
/// no inline script runs.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; \
                   form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const WAIT: Duration = Duration::from_secs(10);

/// What the site's form received.
#[derive(Clone, Default)]
struct Votes(Arc<Mutex<Vec<String>>>);

impl Votes {
    fn names(&self) -> Vec<String> {
        self.0.lock().expect("votes").clone()
    }
}

/// The site, on a free port of the loopback: its address.
async fn site() -> (String, Votes) {
    let votes = Votes::default();
    let app = Router::new()
        .route("/", get(home))
        .route("/vote", post(vote))
        .route("/unlabelled", get(unlabelled))
        .route("/style.css", get(style))
        .route("/page.js", get(script))
        .route("/fish.png", get(fish))
        .layer(axum::middleware::map_response(with_policy))
        .with_state(votes.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let addr = listener.local_addr().expect("the site's address");
    tokio::spawn(async move {
        axum::serve(listener, app).await.expect("the site serves");
    });
    (format!("http://{addr}"), votes)
}

async fn with_policy(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        header::HeaderValue::from_static(CSP),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        header::HeaderValue::from_static("nosniff"),
    );
    response
}

fn page(title: &str, body: Markup) -> Html<String> {
    Html(
        html! {
            (DOCTYPE)
            html lang="en" {
                head {
                    meta charset="utf-8";
                    meta name="viewport" content="width=device-width, initial-scale=1";
                    title { (title) }
                    link rel="stylesheet" href="/style.css";
                    script src="/page.js" defer {}
                }
                body { main { (body) } }
            }
        }
        .into_string(),
    )
}

async fn home() -> Html<String> {
    page(
        "Aquaretto",
        html! {
            h1 { "Aquaretto" }
            p #status { "The table is open." }
            img #fish src="/fish.png" alt="A blue fish" width="64" height="64";
            form method="post" action="/vote" {
                label for="name" { "Your name" }
                input #name name="name" type="text" autocomplete="nickname";
                button #vote type="submit" { "Vote" }
            }
            p #inline { "no inline script ran" }
            // Refused by the policy: the test checks that it did not run.
            script { (maud::PreEscaped("document.getElementById('inline').textContent = 'an inline script ran';")) }
            p #external { "" }
        },
    )
}

async fn vote(State(votes): State<Votes>, Form(form): Form<HashMap<String, String>>) -> Response {
    let name = form.get("name").cloned().unwrap_or_default();
    votes.0.lock().expect("votes").push(name.clone());
    page(
        "Voted",
        html! {
            h1 { "Thank you, " (name) }
            p { a href="/" { "Back to the table" } }
        },
    )
    .into_response()
}

async fn unlabelled() -> Html<String> {
    page(
        "Search",
        html! {
            h1 { "Search" }
            form method="post" action="/vote" {
                input name="name" type="text";
                button type="submit" { "Go" }
            }
        },
    )
}

async fn style() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css")],
        "body { margin: 0; font: 16px/1.5 \"DejaVu Sans\", sans-serif; color: #111; background: #fff; }\n\
         main { padding: 16px; }\n\
         h1 { color: #0b3d91; font-size: 28px; margin: 0 0 8px; }\n\
         img { display: block; margin: 8px 0; }\n\
         label { display: block; }\n\
         input, button { font: inherit; margin: 4px 0; }\n",
    )
}

async fn script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript")],
        "document.getElementById('external').textContent = 'the site\\'s script ran';\n",
    )
}

/// A 64x64 picture: a blue square.
async fn fish() -> impl IntoResponse {
    use image::ImageEncoder as _;
    let img = image::RgbImage::from_pixel(64, 64, image::Rgb([30, 90, 200]));
    let mut png = Vec::new();
    image::codecs::png::PngEncoder::new(&mut png)
        .write_image(img.as_raw(), 64, 64, image::ExtendedColorType::Rgb8)
        .expect("a PNG encodes");
    ([(header::CONTENT_TYPE, "image/png")], png)
}

async fn start() -> Browser {
    match Browser::start().await {
        Ok(browser) => browser,
        Err(e) => panic!("{e:#}"),
    }
}

#[tokio::test]
async fn chromium_reads_a_page_under_its_policy_and_submits_its_form() {
    if !tiers::available(Tier::Browser) {
        return;
    }
    let (site, votes) = site().await;
    let t = Instant::now();
    let browser = start().await;
    let started = t.elapsed();
    let page = browser.session(1024, 768).await.expect("a session");
    let opened = t.elapsed();
    page.goto(&format!("{site}/"))
        .await
        .expect("the page opens");
    assert_eq!(page.text_of("h1").await.expect("h1"), "Aquaretto");
    assert_eq!(
        page.attr("#fish", "alt").await.expect("alt").as_deref(),
        Some("A blue fish")
    );
    assert!(page.exists("form #vote").await.expect("exists"));
    assert!(!page.exists("#nothing-here").await.expect("exists"));

    // The policy is in force: the site's script ran, the inline one did not.
    page.wait_until_text("#external", "the site's script ran", WAIT)
        .await
        .expect("the site's script runs");
    assert_eq!(
        page.text_of("#inline").await.expect("inline"),
        "no inline script ran"
    );
    // The picture loaded (under img-src 'self').
    let width = page
        .execute(
            "const img = document.getElementById('fish'); return img.complete ? img.naturalWidth : 0;",
            vec![],
        )
        .await
        .expect("script");
    assert_eq!(width, json!(64));

    // A second session is another browser: none of the first's storage.
    let other = browser.session(800, 600).await.expect("a second session");
    other.goto(&format!("{site}/")).await.expect("opens");
    page.execute(
        "localStorage.setItem('seat', arguments[0]); document.cookie = 'seat=' + arguments[0];",
        vec![json!("alice")],
    )
    .await
    .expect("script");
    let seen = other
        .execute(
            "return [localStorage.getItem('seat'), document.cookie];",
            vec![],
        )
        .await
        .expect("script");
    assert_eq!(seen, json!([null, ""]));
    other.close().await.expect("the second session ends");

    // The form, submitted by its button; the answer escapes the name.
    page.type_into("#name", "carol <b>").await.expect("typing");
    page.click("#vote").await.expect("the button clicks");
    let thanks = page
        .wait_until_text("h1", "Thank you", WAIT)
        .await
        .expect("the answer page");
    assert_eq!(thanks, "Thank you, carol <b>");
    assert!(!page.exists("h1 b").await.expect("exists"));
    assert_eq!(votes.names(), vec!["carol <b>".to_string()]);
    assert!(page.current_url().await.expect("url").ends_with("/vote"));
    page.close().await.expect("the session ends");
    eprintln!(
        "chromedriver answered after {started:?}, the first Chromium after {opened:?}, all done after {:?}",
        t.elapsed()
    );
}

#[tokio::test]
async fn a_phone_sized_screenshot_matches_its_golden_image() {
    if !tiers::available(Tier::Browser) {
        return;
    }
    let (site, _) = site().await;
    let browser = start().await;
    let page = browser.session(390, 844).await.expect("a session");
    page.goto(&format!("{site}/"))
        .await
        .expect("the page opens");
    page.wait_until_text("#external", "ran", WAIT)
        .await
        .expect("the site's script runs");
    let png = page.screenshot_png().await.expect("a screenshot");
    let img = image::load_from_memory(&png).expect("a PNG");
    assert_eq!((img.width(), img.height()), (390, 844));
    browser::assert_golden("smoke-home", &png, 0.01);

    // Another page is far from that golden image: the check can fail.
    page.type_into("#name", "dave").await.expect("typing");
    page.click("#vote").await.expect("click");
    page.wait_until_text("h1", "Thank you", WAIT)
        .await
        .expect("the answer page");
    let other = page.screenshot_png().await.expect("a screenshot");
    let golden = std::fs::read(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/web/smoke-home.png"),
    )
    .expect("the golden image");
    let difference = compare_png(&golden, &other).expect("both decode");
    assert!(!difference.within(0.01), "{difference:?}");
    page.close().await.expect("the session ends");
}

#[tokio::test]
async fn the_accessibility_check_passes_a_labelled_form_and_fails_an_unlabelled_one() {
    if !tiers::all_available(&[Tier::Browser, Tier::Axe]) {
        return;
    }
    let (site, _) = site().await;
    let browser = start().await;
    let page = browser.session(390, 844).await.expect("a session");
    page.goto(&format!("{site}/"))
        .await
        .expect("the page opens");
    // axe-core runs under the page's policy, which is in force.
    page.wait_until_text("#external", "ran", WAIT)
        .await
        .expect("the site's script runs");
    assert_eq!(
        page.text_of("#inline").await.expect("inline"),
        "no inline script ran"
    );
    let problems = page.accessibility_problems().await.expect("axe runs");
    assert!(problems.is_empty(), "{problems:#?}");

    page.goto(&format!("{site}/unlabelled"))
        .await
        .expect("the page opens");
    assert_eq!(
        page.execute("return typeof window.axe;", vec![])
            .await
            .expect("script"),
        json!("undefined"),
        "a new page starts without axe-core"
    );
    let problems = page.accessibility_problems().await.expect("axe runs");
    assert!(
        problems
            .iter()
            .any(|p| p.starts_with("label ") && p.contains("input")),
        "{problems:#?}"
    );
    // Run twice on one page, axe-core is loaded once.
    let again = page.accessibility_problems().await.expect("axe runs");
    assert_eq!(problems, again);
    page.close().await.expect("the session ends");
}

#[test]
fn a_missing_chromedriver_names_the_packages() {
    let dir = tempfile::tempdir().expect("temp dir");
    let nowhere = dir.path().join("no-chromedriver");
    let e = tiers::find_chromedriver(None, Some(dir.path().into()), &nowhere)
        .expect_err("no chromedriver");
    let message = format!("{e:#}");
    assert!(
        message.contains("apt-get install chromium chromium-driver"),
        "{message}"
    );
    let e = tiers::find_chromedriver(Some(nowhere.clone().into()), None, &nowhere)
        .expect_err("no chromedriver");
    assert!(format!("{e:#}").contains("chromium-driver"), "{e:#}");
}

#[test]
fn golden_comparison_counts_pixels_past_the_threshold() {
    fn png(img: &image::RgbaImage) -> Vec<u8> {
        let mut out = std::io::Cursor::new(Vec::new());
        img.write_to(&mut out, image::ImageFormat::Png)
            .expect("encodes");
        out.into_inner()
    }
    let white = image::RgbaImage::from_pixel(10, 10, image::Rgba([255, 255, 255, 255]));
    let mut near = white.clone();
    near.put_pixel(0, 0, image::Rgba([255 - 16, 255, 255, 255]));
    let mut off = white.clone();
    off.put_pixel(0, 0, image::Rgba([255 - 17, 255, 255, 255]));
    off.put_pixel(1, 0, image::Rgba([0, 0, 0, 255]));
    let small = image::RgbaImage::from_pixel(10, 9, image::Rgba([255, 255, 255, 255]));

    let same = compare_png(&png(&white), &png(&near)).expect("decodes");
    assert_eq!(same.differing, 0);
    assert!(same.within(0.0));
    let two = compare_png(&png(&white), &png(&off)).expect("decodes");
    assert_eq!((two.differing, two.total), (2, 100));
    assert!(two.within(0.02));
    assert!(!two.within(0.019));
    let resized = compare_png(&png(&white), &png(&small)).expect("decodes");
    assert!(!resized.within(1.0));
    assert!(compare_png(b"not a png", &png(&white)).is_err());

    // The golden files: missing, written, matched, and missed.
    let golden = tempfile::tempdir().expect("temp dir");
    let diff = tempfile::tempdir().expect("temp dir");
    let check = |img: &image::RgbaImage, tolerance, update| {
        browser::check_golden(
            golden.path(),
            diff.path(),
            "white",
            &png(img),
            tolerance,
            update,
        )
    };
    let missing = check(&white, 0.0, false).expect_err("no golden image yet");
    assert!(missing.contains("UPDATE_GOLDEN=1"), "{missing}");
    check(&white, 0.0, true).expect("written");
    assert!(golden.path().join("white.png").is_file());
    check(&near, 0.0, false).expect("the same picture");
    check(&off, 0.02, false).expect("within the tolerance");
    let missed = check(&off, 0.01, false).expect_err("past the tolerance");
    assert!(missed.contains("2 of 100 pixels"), "{missed}");
    let written = image::open(diff.path().join("white.png")).expect("the new image");
    assert_eq!(written.to_rgba8(), off);
    let marked = image::open(diff.path().join("white.diff.png")).expect("the differences");
    assert_eq!(marked.to_rgba8().get_pixel(1, 0).0, [255, 0, 0, 255]);
    assert_ne!(marked.to_rgba8().get_pixel(2, 0).0, [255, 0, 0, 255]);
    let resized = check(&small, 1.0, false).expect_err("another size");
    assert!(
        resized.contains("10x9 instead of the golden 10x10"),
        "{resized}"
    );
}
