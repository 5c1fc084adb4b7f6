//! Opening the table inside Discord (an Activity): three doors answer with
//! Discord's `LAUNCH_ACTIVITY` callback (type 12), and Discord opens the
//! Activity (the web pages' `/activity`, `web/activity.rs`) in the channel:
//!
//! - **Open the table**, a button under a game's table message
//!   ([`BUTTON`], from `message.rs`, added by `respond.rs` when the Activity is on);
//! - `/aq web table` (`commands/web.rs`; `/aq` holds Discord's 25 leaves
//!   and groups already);
//! - the entry point command ([`ENTRY_POINT`], type 4,
//!   `PRIMARY_ENTRY_POINT`, handler 1: the bot answers), which the App
//!   Launcher shows, registered globally beside `/aq` ([`entry_point`]).
//!
//! Where Discord refuses to launch (the application's Activities are off,
//! the channel cannot host one: `50039`, or any other refusal), or the
//! Activity is not configured (no `DISCORD_CLIENT_SECRET`), the answer is
//! today's link instead: a private message with the game's page to watch,
//! and the person's own link to play when they are seated.

use super::data::Data;
use super::message::said;
pub use super::message::BUTTON;
use super::timing::Arrival;
use crate::lang::Text;
use crate::referee::WebAsk;
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// The leaves of `/aq` that are Discord's own, beside the command
/// language's (`command::COMMANDS`): a launch has no words to parse.
pub const DISCORD_LEAVES: &[&str] = &["web table"];
/// The entry point command's name.
pub const ENTRY_POINT: &str = "table";
/// Discord's code for a launch it refuses: Invalid Activity Action.
pub const INVALID_ACTIVITY_ACTION: i64 = 50039;

/// The entry point command as it is registered (globally): type 4, handled
/// by the bot, its description in every language of the catalogue (its
/// name, as every command's, in none: `localize.rs`).
pub fn entry_point() -> serenity::CreateCommand {
    let english = crate::lang::Lang::english();
    let mut command = serenity::CreateCommand::new(ENTRY_POINT)
        .kind(serenity::CommandType::PrimaryEntryPoint)
        .handler(serenity::EntryPointHandlerType::AppHandler)
        .description(crate::lang::plain(&english, &Text::msg("cmd-entry-desc")))
        .contexts(vec![serenity::InteractionContext::Guild])
        .integration_types(vec![serenity::InstallationContext::Guild]);
    for lang in crate::lang::Lang::all() {
        if lang == english {
            continue;
        }
        let description = crate::lang::plain(&lang, &Text::msg("cmd-entry-desc"));
        for locale in super::localize::discord_locales(&lang) {
            command = command.description_localized(locale, description.clone());
        }
    }
    command
}

/// Whether an interaction poise does not know is the entry point command.
pub fn is_entry_point(ci: &serenity::CommandInteraction) -> bool {
    ci.data.kind == serenity::CommandType::PrimaryEntryPoint || ci.data.name == ENTRY_POINT
}

/// What a launch needs of its interaction.
pub struct Launching<'a> {
    pub http: &'a Arc<serenity::Http>,
    pub id: serenity::InteractionId,
    pub token: &'a str,
    pub channel: serenity::ChannelId,
    pub user: serenity::UserId,
    pub locale: &'a str,
}

impl<'a> Launching<'a> {
    pub fn of_press(ctx: &'a serenity::Context, ci: &'a serenity::ComponentInteraction) -> Self {
        Launching {
            http: &ctx.http,
            id: ci.id,
            token: &ci.token,
            channel: ci.channel_id,
            user: ci.user.id,
            locale: &ci.locale,
        }
    }

    pub fn of_command(ctx: &'a serenity::Context, ci: &'a serenity::CommandInteraction) -> Self {
        Launching {
            http: &ctx.http,
            id: ci.id,
            token: &ci.token,
            channel: ci.channel_id,
            user: ci.user.id,
            locale: &ci.locale,
        }
    }
}

/// Why a launch was not answered with the Activity.
#[derive(Debug)]
enum NotLaunched {
    /// Discord refused it, with this code.
    Refused(i64),
    /// No answer, or one that does not read: the interaction may still be
    /// unanswered.
    Failed(String),
}

/// Opens the table inside Discord, or answers with its link.
pub async fn launch(data: &Data, asked: Launching<'_>) -> Result<(), super::data::Error> {
    let arrival = Arrival::of(asked.id.get());
    if arrival.too_late() {
        super::timing::not_played(&data.tallies, &arrival, "an opening of the table");
        return Ok(());
    }
    let Some(_busy) = data.inflight.enter() else {
        data.tallies.count(|t| t.refused_stopping += 1);
        return private(data, &asked, Text::msg("discord-restarting"), Vec::new()).await;
    };
    if data.activity {
        match post_launch(asked.http, asked.id, asked.token).await {
            Ok(instance) => {
                tracing::debug!(channel = %asked.channel, instance, "the table opened inside Discord");
                return Ok(());
            }
            Err(NotLaunched::Refused(code)) => tracing::info!(
                channel = %asked.channel,
                code,
                "Discord did not open the table inside Discord here (are Activities on for the application?): answering with its link"
            ),
            Err(NotLaunched::Failed(why)) => tracing::warn!(
                channel = %asked.channel,
                "cannot open the table inside Discord ({why}): answering with its link"
            ),
        }
    }
    let (words, links) = todays_link(data, &asked).await;
    private(data, &asked, words, links).await
}

/// `LAUNCH_ACTIVITY` with `with_response`: the instance Discord opened.
async fn post_launch(
    http: &serenity::Http,
    interaction: serenity::InteractionId,
    token: &str,
) -> Result<String, NotLaunched> {
    use serenity::{LightMethod, Request, Route};
    // serenity's `CreateInteractionResponse::LaunchActivity` says `data:
    // null` besides; Discord's description of the callback has `type`
    // alone.
    let body = serde_json::json!({ "type": 12 }).to_string();
    let request = Request::new(
        Route::InteractionResponse {
            interaction_id: interaction,
            token,
        },
        LightMethod::Post,
    )
    .params(Some(vec![("with_response", "true".to_string())]))
    .body(Some(body.into_bytes()));
    let answered = match http.request(request).await {
        Ok(answer) => answer,
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(refused))) => {
            return Err(NotLaunched::Refused(refused.error.code as i64))
        }
        Err(e) => return Err(NotLaunched::Failed(e.to_string())),
    };
    let bytes = answered
        .bytes()
        .await
        .map_err(|e| NotLaunched::Failed(e.to_string()))?;
    let json: serde_json::Value =
        serde_json::from_slice(&bytes).map_err(|e| NotLaunched::Failed(e.to_string()))?;
    Ok(json["resource"]["activity_instance"]["id"]
        .as_str()
        .unwrap_or_default()
        .to_string())
}

/// What the person is told where the table does not open inside Discord:
/// its page on the web (and their own link to play, when seated), or why
/// there is none.
async fn todays_link(
    data: &Data,
    asked: &Launching<'_>,
) -> (Text, Vec<crate::view::controls::LinkButton>) {
    let Some(web) = &data.links else {
        return (Text::msg("discord-table-no-web"), Vec::new());
    };
    let game = match data.referee.open_game(&asked.channel.to_string()).await {
        Ok(Some(Ok(loaded))) => loaded,
        Ok(_) => return (Text::msg("history-no-game-here"), Vec::new()),
        Err(e) => {
            tracing::error!("cannot read the channel's game to link to: {e:#}");
            return (Text::msg("discord-went-wrong"), Vec::new());
        }
    };
    let user = asked.user.to_string();
    let lang = data.referee.asker_lang(&user, Some(asked.locale)).await;
    let mut asks = vec![WebAsk::Watch(game.id())];
    if game.seat_of(&user).is_some() {
        asks.push(WebAsk::Play {
            game: game.id(),
            user,
        });
    }
    let mut links = Vec::new();
    for ask in asks {
        match web.url(&ask).await {
            Ok(url) => links.push(crate::view::controls::LinkButton {
                label: web.label(&ask, &lang),
                url,
            }),
            Err(e) => tracing::warn!("no link to the web page: {e:#}"),
        }
    }
    (Text::msg("discord-table-elsewhere"), links)
}

/// The first answer, private: `words` in the person's language, and link
/// buttons.
async fn private(
    data: &Data,
    asked: &Launching<'_>,
    words: Text,
    links: Vec<crate::view::controls::LinkButton>,
) -> Result<(), super::data::Error> {
    let lang = data
        .referee
        .asker_lang(&asked.user.to_string(), Some(asked.locale))
        .await;
    let mut message = serenity::CreateInteractionResponseMessage::new()
        .content(super::message::fit(
            &said(&lang, &words),
            super::message::MESSAGE_LIMIT,
        ))
        .ephemeral(true)
        .allowed_mentions(serenity::CreateAllowedMentions::new());
    if !links.is_empty() {
        let panel = crate::view::controls::Panel {
            rows: vec![crate::view::controls::Row::Links(links)],
        };
        message = message.components(super::message::components(&panel));
    }
    asked
        .http
        .create_interaction_response(
            asked.id,
            asked.token,
            &serenity::CreateInteractionResponse::Message(message),
            Vec::new(),
        )
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// serenity's types say what Discord expects: the callback is type 12,
    /// and the entry point command type 4, handled by the app (1), with no
    /// options.
    #[test]
    fn the_launch_and_the_entry_point_are_what_discord_expects() {
        let launch = serde_json::to_value(serenity::CreateInteractionResponse::LaunchActivity)
            .expect("serializes");
        assert_eq!(launch["type"], 12);
        let entry = serde_json::to_value(entry_point()).expect("serializes");
        assert_eq!(entry["type"], 4, "{entry}");
        assert_eq!(entry["handler"], 1, "{entry}");
        assert_eq!(entry["name"], ENTRY_POINT);
        assert!(
            entry["options"].as_array().is_none_or(|o| o.is_empty()),
            "{entry}"
        );
        assert!(entry["description"].as_str().is_some_and(|d| !d.is_empty()));
        assert!(entry["name_localizations"]
            .as_object()
            .is_none_or(|n| n.is_empty()));
        assert!(
            entry["description_localizations"]["ja"].is_string(),
            "{entry}"
        );
        assert!(
            entry["description_localizations"]["de"].is_string(),
            "{entry}"
        );
    }
}
