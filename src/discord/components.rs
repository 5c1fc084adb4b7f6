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
use super::invite::Where;
use super::respond::{respond, Asked, Target};
use super::timing::Arrival;
use super::{Data, Error};
use crate::referee::{Actor, Press, Referee};
use crate::view::controls::{ButtonStyle, ControlId, Panel, Row};
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

/// The framework's event handler: routes presses of our controls, and what
/// the gateway says of servers, channels and threads.
pub async fn on_event(
    ctx: &serenity::Context,
    event: &serenity::FullEvent,
    data: &Data,
) -> Result<(), Error> {
    match event {
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(ci),
        } => on_press(ctx, ci, data).await?,
        other => super::servers::on_event(other, data).await,
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
    let arrival = Arrival::of(ci.id.get());
    if arrival.too_late() {
        super::respond::not_played(data, &arrival, "a press");
        return Ok(());
    }
    let Some(_busy) = data.inflight.enter() else {
        data.tallies.count(|t| t.refused_stopping += 1);
        let lang = super::respond::asker_lang(Some(ci.locale.as_str()));
        let private = serenity::CreateInteractionResponseMessage::new()
            .content(super::respond::said(
                &lang,
                &crate::lang::Text::msg("discord-restarting"),
            ))
            .ephemeral(true)
            .allowed_mentions(serenity::CreateAllowedMentions::new());
        ci.create_response(
            &ctx.http,
            serenity::CreateInteractionResponse::Message(private),
        )
        .await?;
        return Ok(());
    };
    // A deferral's visibility is fixed when it is sent: guess it from the
    // control (a refusal after a public deferral is still private).
    let public = ControlId::decode(&ci.data.custom_id).is_some_and(|id| id.control.makes_move());
    let place = Where::of(ci.guild_id, ci.channel.as_ref(), ci.app_permissions);
    let referee = data.referee.clone();
    let via = crate::referee::Via {
        interaction: Some(ci.id.to_string()),
        locale: Some(ci.locale.clone()).filter(|l| !l.is_empty()),
        guild_locale: ci.guild_locale.clone(),
        can_post: Some(place.can_post()),
        ..crate::referee::Via::default()
    };
    let work = tokio::spawn(async move { referee.press_via(press, via).await });
    let asked = Asked {
        arrival,
        place,
        public,
    };
    respond(&Target::Component(ctx, ci), data, work, &asked).await
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

/// A table message a move's answer made.
#[derive(Debug, Clone)]
pub struct Shown {
    pub game: i64,
    /// The length of the log it shows.
    pub seq: i64,
    pub channel: serenity::ChannelId,
    pub message: serenity::MessageId,
    /// The move's channel message held in case the answer failed: not
    /// needed now.
    pub held: Option<String>,
}

/// Remembers a newly sent table message as the game's (and takes the move's
/// held channel message out of the outbox), and takes the controls off the
/// one it replaces (or off itself, if the game has already moved on)
/// through the courier, with the bot's token: the interaction's token may
/// be too old for the message before. Best effort: failures are logged.
pub async fn replace_table_message(referee: &Referee, courier: &DiscordCourier, shown: Shown) {
    let this = format!("{}/{}", shown.channel, shown.message);
    match referee
        .table_message(shown.game, shown.seq, &this, shown.held.as_deref())
        .await
    {
        Ok(Some(old)) => crate::app::scheduler::retire_aside(courier, old),
        Ok(None) => {}
        Err(e) => tracing::warn!(
            game = shown.game,
            "cannot remember the table message: {e:#}"
        ),
    }
}
