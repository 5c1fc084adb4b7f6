//! The table inside Discord, as an Activity, over plain HTTP: the page and
//! its files served from the pages' own origin (Discord's frame lets it load
//! nothing from elsewhere). In a real browser, through a fake Discord
//! client: `tests/web/activity_browser.rs`.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use support::Table;

fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("a client")
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    the_sdk_is_served_from_the_pages_own_origin
}
/// Discord's Embedded App SDK, the file of our assets byte for byte, as a
/// script of the pages' own origin.
async fn the_sdk_is_served_from_the_pages_own_origin() {
    let t = Table::open_web(support::TinyPainter::boxed).await;
    let shipped = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/web/activity/discord-sdk.js"
    ))
    .expect("the SDK is in the assets");
    let url = format!("{}/assets/activity/discord-sdk.js", t.web_base());
    let r = http().get(&url).send().await.expect("answers");
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(
        r.headers()["content-type"],
        "text/javascript; charset=utf-8"
    );
    assert_eq!(
        r.bytes().await.expect("a body").as_ref(),
        shipped.as_slice()
    );
}
