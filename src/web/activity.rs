//! The table inside Discord, as an Activity: Discord's client frames the
//! bot's own page, and the person plays or watches the channel's game
//! there without leaving Discord.
//!
//! Discord's Embedded App SDK (`@discord/embedded-app-sdk`, MIT) is shipped
//! as one file of our own assets (`assets/web/activity/discord-sdk.js`,
//! with its licences and version beside it, refreshed by
//! `scripts/refresh-discord-sdk`) and served from the pages' own origin,
//! since Discord's frame lets the page load nothing from elsewhere.

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// Discord's Embedded App SDK, bundled (see `assets/web/activity/VERSION`).
const SDK: &str = include_str!("../../assets/web/activity/discord-sdk.js");

/// `/assets/activity/discord-sdk.js`: the SDK, an ES module.
pub(super) async fn sdk() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        SDK,
    )
        .into_response()
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
}
