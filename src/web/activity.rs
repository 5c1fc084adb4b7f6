//! The table inside Discord, as an Activity: Discord's client frames the
//! bot's own page, and the person plays or watches the channel's game
//! there without leaving Discord.
//!
//! - `GET /activity` (and `/`, the root Discord's URL mapping loads; each
//!   also under `/.proxy/`): the page, with the query Discord adds
//!   (`frame_id`, `instance_id`, `platform`, `guild_id`, `channel_id`). It
//!   is the one answer that Discord's client may frame ([`Framed`],
//!   [`POLICY`]): every other answer keeps refusing to be framed.
//! - `POST /activity/token` (`{code}`): the code Discord's `authorize` gave
//!   the page, exchanged for the person's access token, which the page
//!   hands to `authenticate`.
//! - `POST /activity/open` (`{access_token, instance_id}`): what this
//!   person may open here: the signed link to play their seat of the
//!   channel's game, or to watch it; the page then shows that link's page
//!   (`/g/<link>/part`, the same table and clicks as the web page's) and
//!   follows it over a WebSocket (`/g/<link>/ws`, `live.rs`).
//!
//! Nothing the page says is believed: the person is who Discord says owns
//! the access token, the channel is the one Discord says the Activity's
//! instance runs in, and the person must be among the instance's
//! participants. The game is the channel's, never the instance's (an
//! instance ends when its last participant leaves). Who and where are asked
//! of an [`Identity`], the port the Discord front end answers (wired by
//! `app`); without one (the pages with no Discord around) the page loads
//! and says the table opens inside Discord only when the bot is there.
//!
//! Discord's Embedded App SDK (`@discord/embedded-app-sdk`, MIT) is shipped
//! as one file of our own assets (`assets/web/activity/discord-sdk.js`,
//! with its licences and version beside it, refreshed by
//! `scripts/refresh-discord-sdk`) and served from the pages' own origin,
//! since Discord's frame lets the page load nothing from elsewhere; the
//! page's own script is `assets/web/activity/activity.js`.

use super::door::Visitor;
use super::limits::Cost;
use super::opened::App;
use super::pages;
use super::pages::{browser_lang, page, ActivityPage};
use crate::lang::{plain, Lang, Text};
use crate::referee::WebAsk;
use axum::body::Bytes;
use axum::extract::{Extension, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::pin::Pin;

/// The policy of the Activity's page: the pages' own, except that Discord's
/// client (and the page's own origin, which is Discord's proxy inside
/// Discord) may frame it.
pub(super) const POLICY: &str = "default-src 'none'; img-src 'self'; style-src 'self'; \
    font-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; \
    base-uri 'none'; frame-ancestors 'self' https://discord.com https://*.discord.com \
    https://*.discordsays.com";

/// Marks an answer as the Activity's page: the one that may be framed, by
/// Discord only (`routes.rs` sends [`POLICY`] and no `X-Frame-Options` for
/// it).
#[derive(Debug, Clone, Copy)]
pub(super) struct Framed;

/// A question to Discord, answered later.
pub type Later<'a, T> = Pin<Box<dyn Future<Output = Result<T, NotKnown>> + Send + 'a>>;

/// Who opened the Activity and where: what the pages ask of Discord. The
/// Discord front end answers (the composition root plugs it in); the web
/// knows nothing of how.
pub trait Identity: std::fmt::Debug + Send + Sync {
    /// The application's id, which the page's SDK starts with.
    fn client_id(&self) -> Later<'_, String>;
    /// The access token a code of `authorize` stands for (the code used
    /// up).
    fn exchange<'a>(&'a self, code: &'a str) -> Later<'a, String>;
    /// The person an access token belongs to.
    fn person<'a>(&'a self, access_token: &'a str) -> Later<'a, Person>;
    /// Where an Activity's instance runs, and who is in it.
    fn instance<'a>(&'a self, instance_id: &'a str) -> Later<'a, Instance>;
}

/// A person, as Discord says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub id: String,
    /// The language of their Discord, when it says.
    pub locale: Option<String>,
}

/// An Activity's instance, as Discord says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    pub channel: String,
    pub guild: Option<String>,
    /// The ids of the people in it.
    pub users: Vec<String>,
}

/// Why Discord did not say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotKnown {
    /// Discord refused: a code unknown or used, a token not (or no
    /// longer) valid.
    Refused,
    /// No such instance runs (it ended, or never was).
    NotLive,
    /// Discord could not be asked now (or the bot holds its calls back).
    Unavailable(String),
}

/// Discord's Embedded App SDK, bundled (see `assets/web/activity/VERSION`).
const SDK: &str = include_str!("../../assets/web/activity/discord-sdk.js");
const SCRIPT: &str = include_str!("../../assets/web/activity/activity.js");
const STYLE: &str = include_str!("../../assets/web/activity/activity.css");

/// A file of ours, kept by the browser an hour.
fn asset(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response()
}

/// `/assets/activity/discord-sdk.js`: the SDK, an ES module.
pub(super) async fn sdk() -> Response {
    asset("text/javascript; charset=utf-8", SDK)
}

/// `/assets/activity/activity.js`: the page's script, an ES module.
pub(super) async fn script() -> Response {
    asset("text/javascript; charset=utf-8", SCRIPT)
}

/// `/assets/activity/activity.css`: the page's own styles, beside the
/// pages'.
pub(super) async fn style() -> Response {
    asset("text/css; charset=utf-8", STYLE)
}

/// What Discord adds to the page's address.
#[derive(Debug, Default, Deserialize)]
pub(super) struct LaunchQuery {
    frame_id: Option<String>,
    instance_id: Option<String>,
    platform: Option<String>,
    guild_id: Option<String>,
    channel_id: Option<String>,
}

impl LaunchQuery {
    /// Whether Discord's client opened the page: the SDK cannot start
    /// without these.
    fn in_discord(&self) -> bool {
        [&self.frame_id, &self.instance_id, &self.platform]
            .iter()
            .all(|v| v.as_deref().is_some_and(|v| !v.is_empty()))
    }
}

/// The page (`/activity`, `/`): in the reader's language, framable by
/// Discord's client only.
pub(super) async fn activity(
    State(app): State<App>,
    Query(query): Query<LaunchQuery>,
    Extension(visitor): Extension<Visitor>,
    headers: HeaderMap,
) -> Response {
    let lang = browser_lang(&headers).map_or_else(Lang::english, |l| Lang::for_locale(&l));
    if let Some(r) = app.charge(&visitor, Cost::Request, &lang) {
        return r;
    }
    let client_id = match app.web.identity.as_ref() {
        Some(identity) => match identity.client_id().await {
            Ok(id) => Some(id),
            Err(why) => {
                tracing::warn!("the Activity's page cannot learn the application's id: {why:?}");
                None
            }
        },
        None => None,
    };
    let shown = ActivityPage {
        lang: &lang,
        client_id,
        in_discord: query.in_discord(),
        mobile: query.platform.as_deref() == Some("mobile"),
        guild: query.guild_id.clone(),
        channel: query.channel_id.clone(),
    };
    let mut response = page(StatusCode::OK, pages::activity_page(&shown));
    response.extensions_mut().insert(Framed);
    response
}

/// An answer of the sign-in: JSON, and the words of a refusal in the
/// reader's language.
#[derive(Debug, Default, Serialize)]
struct Said {
    #[serde(skip_serializing_if = "Option::is_none")]
    access_token: Option<String>,
    /// `play`, `watch`.
    #[serde(skip_serializing_if = "Option::is_none")]
    kind: Option<&'static str>,
    /// The link's pages: `/g/<link>`.
    #[serde(skip_serializing_if = "Option::is_none")]
    base: Option<String>,
    /// The reader's language, for the pages' words.
    #[serde(skip_serializing_if = "Option::is_none")]
    lang: Option<String>,
    /// What the page says above the table, or why nothing opens.
    #[serde(skip_serializing_if = "Option::is_none")]
    said: Option<String>,
    /// The words before the names of the people in the Activity.
    #[serde(skip_serializing_if = "Option::is_none")]
    here: Option<String>,
}

fn said(status: StatusCode, body: Said) -> Response {
    (status, Json(body)).into_response()
}

/// A refusal of the sign-in, said in `lang`.
fn refused(status: StatusCode, lang: &Lang, why: &'static str) -> Response {
    said(
        status,
        Said {
            said: Some(plain(lang, &Text::msg(why))),
            lang: Some(lang.code()),
            ..Said::default()
        },
    )
}

/// What Discord's refusal means for the page.
fn not_known(why: NotKnown, lang: &Lang) -> Response {
    match why {
        NotKnown::Refused => refused(StatusCode::FORBIDDEN, lang, "web-activity-refused"),
        NotKnown::NotLive => refused(StatusCode::GONE, lang, "web-activity-not-live"),
        NotKnown::Unavailable(e) => {
            tracing::warn!("the Activity's sign-in cannot ask Discord: {e}");
            refused(StatusCode::SERVICE_UNAVAILABLE, lang, "web-trouble")
        }
    }
}

/// The refusal of a body that does not read.
fn unreadable(lang: &Lang) -> Response {
    refused(StatusCode::BAD_REQUEST, lang, "web-activity-refused")
}

/// The refusal when there is no Discord to ask.
fn no_identity(lang: &Lang) -> Response {
    refused(StatusCode::NOT_FOUND, lang, "web-activity-off")
}

#[derive(Debug, Deserialize)]
struct CodeBody {
    code: String,
}

/// `POST /activity/token`: the code exchanged for the person's access
/// token. Each costs a call to Discord: held to a rate of its own.
pub(super) async fn token(
    State(app): State<App>,
    Extension(visitor): Extension<Visitor>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let lang = browser_lang(&headers).map_or_else(Lang::english, |l| Lang::for_locale(&l));
    if let Some(r) = app.charge(&visitor, Cost::Discord, &lang) {
        return r;
    }
    let Some(identity) = app.web.identity.as_deref() else {
        return no_identity(&lang);
    };
    let Ok(asked) = serde_json::from_slice::<CodeBody>(&body) else {
        return unreadable(&lang);
    };
    if !plausible(&asked.code) {
        return refused(StatusCode::FORBIDDEN, &lang, "web-activity-refused");
    }
    match identity.exchange(&asked.code).await {
        Ok(access_token) => said(
            StatusCode::OK,
            Said {
                access_token: Some(access_token),
                ..Said::default()
            },
        ),
        Err(why) => not_known(why, &lang),
    }
}

/// Whether a code, token or id the page sends could be one of Discord's:
/// short, letters, digits and `-_.` only (anything else is refused without
/// asking Discord).
fn plausible(text: &str) -> bool {
    !text.is_empty()
        && text.len() <= 200
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

#[derive(Debug, Deserialize)]
struct OpenBody {
    access_token: String,
    instance_id: String,
}

/// `POST /activity/open`: who the token's person is, where the instance
/// runs, and so what they may open: their seat of the channel's game to
/// play, else the game to watch.
pub(super) async fn open(
    State(app): State<App>,
    Extension(visitor): Extension<Visitor>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let locale = browser_lang(&headers);
    let lang = locale
        .as_deref()
        .map_or_else(Lang::english, Lang::for_locale);
    if let Some(r) = app.charge(&visitor, Cost::Discord, &lang) {
        return r;
    }
    let Some(identity) = app.web.identity.as_deref() else {
        return no_identity(&lang);
    };
    let Ok(asked) = serde_json::from_slice::<OpenBody>(&body) else {
        return unreadable(&lang);
    };
    if !plausible(&asked.access_token) || !plausible(&asked.instance_id) {
        return refused(StatusCode::FORBIDDEN, &lang, "web-activity-refused");
    }
    // The person first: an instance is asked of Discord with the bot's
    // token, for people Discord vouched for only.
    let person = match identity.person(&asked.access_token).await {
        Ok(p) => p,
        Err(why) => return not_known(why, &lang),
    };
    let referee = &app.web.referee;
    let locale = person.locale.as_deref().or(locale.as_deref());
    let lang = referee.asker_lang(&person.id, locale).await;
    let instance = match identity.instance(&asked.instance_id).await {
        Ok(i) => i,
        Err(why) => return not_known(why, &lang),
    };
    if !instance.users.contains(&person.id) {
        return refused(StatusCode::FORBIDDEN, &lang, "web-activity-not-here");
    }
    let game = match referee.find_game(None, Some(&instance.channel)).await {
        Ok(Some(Ok(loaded))) => loaded,
        Ok(Some(Err(_))) | Ok(None) => {
            return refused(StatusCode::NOT_FOUND, &lang, "web-activity-no-game")
        }
        Err(e) => {
            tracing::error!("the Activity cannot read its channel's game: {e:#}");
            return refused(StatusCode::SERVICE_UNAVAILABLE, &lang, "web-trouble");
        }
    };
    let seated = game.seat_of(&person.id).is_some();
    let ask = if seated {
        WebAsk::Play {
            game: game.id(),
            user: person.id.clone(),
        }
    } else {
        WebAsk::Watch(game.id())
    };
    let base = match app.web.path(&ask).await {
        Ok(base) => base,
        Err(e) => {
            tracing::error!(game = game.id(), "no link for the Activity: {e:#}");
            return refused(StatusCode::SERVICE_UNAVAILABLE, &lang, "web-trouble");
        }
    };
    said(
        StatusCode::OK,
        Said {
            kind: Some(if seated { "play" } else { "watch" }),
            base: Some(base),
            lang: Some(lang.code()),
            said: Some(plain(
                &lang,
                &Text::msg(if seated {
                    "web-activity-playing"
                } else {
                    "web-activity-watching"
                }),
            )),
            here: Some(plain(&lang, &Text::msg("web-activity-here"))),
            ..Said::default()
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The SDK's bundle is the one its VERSION describes: refreshed by the
    /// script, never edited by hand.
    #[test]
    fn the_sdk_shipped_is_the_one_its_version_names() {
        let version = include_str!("../../assets/web/activity/VERSION");
        assert!(
            version.starts_with("@discord/embedded-app-sdk "),
            "{version}"
        );
        let bytes = version
            .lines()
            .find_map(|l| l.strip_prefix("bytes "))
            .and_then(|l| l.split_whitespace().next())
            .and_then(|n| n.parse::<usize>().ok());
        assert_eq!(bytes, Some(SDK.len()), "{version}");
        let licence = include_str!("../../assets/web/activity/LICENSE");
        assert!(licence.contains("Discord Inc."), "the SDK's own licence");
        for carried in version
            .lines()
            .find_map(|l| l.strip_prefix("carries "))
            .unwrap_or_default()
            .split_whitespace()
        {
            assert!(
                licence.contains(&format!("--- {carried} (")),
                "{carried}'s licence"
            );
        }
        assert!(SDK.contains("DiscordSDK"), "the SDK's class is exported");
    }

    #[test]
    fn only_discord_s_hosts_and_the_page_s_own_origin_may_frame_it() {
        let ancestors = POLICY
            .split(';')
            .map(str::trim)
            .find_map(|d| d.strip_prefix("frame-ancestors "))
            .expect("frame-ancestors");
        assert_eq!(
            ancestors.split_whitespace().collect::<Vec<_>>(),
            [
                "'self'",
                "https://discord.com",
                "https://*.discord.com",
                "https://*.discordsays.com"
            ]
        );
        // Nothing else loosened: the pages' own policy otherwise.
        assert!(POLICY.contains("script-src 'self';") && POLICY.contains("default-src 'none'"));
    }

    #[test]
    fn only_what_could_be_discord_s_is_sent_to_discord() {
        assert!(plausible("aBc-12_3.x"));
        for bad in ["", "a b", "a/b", "a?b", "ä", &"a".repeat(201)] {
            assert!(!plausible(bad), "{bad}");
        }
    }

    #[test]
    fn discord_s_query_says_the_page_is_in_discord() {
        let mut q = LaunchQuery {
            frame_id: Some("f".into()),
            instance_id: Some("i".into()),
            platform: Some("desktop".into()),
            ..LaunchQuery::default()
        };
        assert!(q.in_discord());
        q.platform = Some(String::new());
        assert!(!q.in_discord());
    }
}
