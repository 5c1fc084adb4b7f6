//! Buttons and menus on Discord: the referee's [`Panel`]s as message
//! components, and presses routed back to [`Referee::press`].
//!
//! poise only dispatches slash commands and autocomplete; component
//! interactions arrive through the framework's event handler ([`on_event`]).
//! No collector and no state in memory: a control's id carries what it needs
//! and the referee checks it against the stored game, so the controls of a
//! message keep working after a restart.
//!
//! A press that makes a move is answered like the typed command: one public
//! message with the table, the next player's controls and one mention. The
//! message that showed the controls before loses them (edited away, best
//! effort: a failure is logged, never failing the move).
//!
//! [`Referee::press`]: crate::referee::Referee::press

use super::courier::DiscordCourier;
use super::respond::{respond, Target};
use super::{Data, Error};
use crate::controls::{ButtonStyle, ControlId, Panel, Row};
use crate::referee::{Actor, Press, Referee};
use crate::schedule::Courier as _;
use poise::serenity_prelude as serenity;

/// A panel as Discord action rows.
pub fn components(panel: &Panel) -> Vec<serenity::CreateActionRow> {
    panel
        .rows
        .iter()
        .map(|row| match row {
            Row::Buttons(buttons) => serenity::CreateActionRow::Buttons(
                buttons
                    .iter()
                    .map(|b| {
                        serenity::CreateButton::new(b.id.clone())
                            .label(b.label.clone())
                            .style(match b.style {
                                ButtonStyle::Primary => serenity::ButtonStyle::Primary,
                                ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
                                ButtonStyle::Success => serenity::ButtonStyle::Success,
                                ButtonStyle::Danger => serenity::ButtonStyle::Danger,
                            })
                            .disabled(b.disabled)
                    })
                    .collect(),
            ),
            Row::Links(links) => serenity::CreateActionRow::Buttons(
                links
                    .iter()
                    .map(|l| serenity::CreateButton::new_link(l.url.clone()).label(l.label.clone()))
                    .collect(),
            ),
            Row::Select(select) => {
                let options = select
                    .options
                    .iter()
                    .map(|o| {
                        let option =
                            serenity::CreateSelectMenuOption::new(o.label.clone(), o.value.clone());
                        match &o.description {
                            Some(d) => option.description(d.clone()),
                            None => option,
                        }
                    })
                    .collect();
                serenity::CreateActionRow::SelectMenu(
                    serenity::CreateSelectMenu::new(
                        select.id.clone(),
                        serenity::CreateSelectMenuKind::String { options },
                    )
                    .placeholder(select.placeholder.clone()),
                )
            }
        })
        .collect()
}

/// The framework's event handler: routes presses of our controls.
pub async fn on_event(
    ctx: &serenity::Context,
    event: &serenity::FullEvent,
    data: &Data,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(ci),
    } = event
    {
        on_press(ctx, ci, data).await?;
    }
    Ok(())
}

/// Asks the referee about one press and answers it: publicly when it makes
/// a move, privately for the next choice or a refusal.
async fn on_press(
    ctx: &serenity::Context,
    ci: &serenity::ComponentInteraction,
    data: &Data,
) -> Result<(), Error> {
    let values = match &ci.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.clone(),
        _ => Vec::new(),
    };
    let press = Press {
        channel: ci.channel_id.to_string(),
        guild: ci.guild_id.map(|g| g.to_string()),
        actor: actor(ci),
        id: ci.data.custom_id.clone(),
        values,
    };
    // A deferral's visibility is fixed when it is sent: guess it from the
    // control (a refusal after a public deferral is still private).
    let public = ControlId::decode(&ci.data.custom_id).is_some_and(|id| id.control.makes_move());
    if public {
        let thread = ci
            .channel
            .as_ref()
            .is_some_and(|c| super::invite::is_thread(c.kind));
        if let Some(why) = super::invite::refusal(ci.app_permissions, thread) {
            let lang = super::respond::asker_lang(Some(ci.locale.as_str()));
            let private = serenity::CreateInteractionResponseMessage::new()
                .content(super::respond::said(&lang, &why))
                .ephemeral(true)
                .allowed_mentions(serenity::CreateAllowedMentions::new());
            ci.create_response(
                &ctx.http,
                serenity::CreateInteractionResponse::Message(private),
            )
            .await?;
            return Ok(());
        }
    }
    let referee = data.referee.clone();
    let via = crate::referee::Via {
        locale: Some(ci.locale.clone()).filter(|l| !l.is_empty()),
        guild_locale: ci.guild_locale.clone(),
        ..crate::referee::Via::default()
    };
    let work = tokio::spawn(async move { referee.press_via(press, via).await });
    respond(&Target::Component(ctx, ci), data, work, public).await
}

/// Who pressed: the member's name in the server, and whether they manage the
/// channel.
fn actor(ci: &serenity::ComponentInteraction) -> Actor {
    let (name, manages_channel) = match ci.member.as_ref() {
        Some(member) => (
            member.display_name().to_string(),
            member
                .permissions
                .is_some_and(|p| p.manage_channels() || p.administrator()),
        ),
        None => (ci.user.display_name().to_string(), false),
    };
    Actor {
        id: ci.user.id.to_string(),
        name,
        manages_channel,
    }
}

/// Remembers a newly sent table message as the game's, and takes the
/// controls off the one it replaces (or off itself, if the game has already
/// moved on) through the courier, with the bot's token: the interaction's
/// token may be too old for the message before. Best effort: failures are
/// logged.
pub async fn replace_table_message(
    referee: &Referee,
    courier: &DiscordCourier,
    game: i64,
    seq: i64,
    channel: serenity::ChannelId,
    message: serenity::MessageId,
) {
    let this = format!("{channel}/{message}");
    match referee.table_message(game, seq, &this).await {
        Ok(Some(old)) => courier.retire(old).await,
        Ok(None) => {}
        Err(e) => tracing::warn!(game, "cannot remember the table message: {e:#}"),
    }
}
