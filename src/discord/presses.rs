//! Presses of buttons and menus on Discord, routed to [`Referee::press`]
//! and answered like a typed command.
//!
//! poise only dispatches slash commands and autocomplete; component
//! interactions arrive through the framework's event handler ([`on_event`](super::events::on_event)).
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

use super::data::{Data, Error};
use super::interaction::Interaction;
use super::invite::Where;
use super::respond::{respond, Pending};
use super::timing::Arrival;
use crate::referee::{Actor, Press};
use crate::view::controls::ControlId;
use poise::serenity_prelude as serenity;

/// Asks the referee about one press and answers it: publicly when it makes
/// a move, privately for the next choice or a refusal.
pub async fn on_press(
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
        super::timing::not_played(&data.tallies, &arrival, "a press");
        return Ok(());
    }
    let Some(_busy) = data.inflight.enter() else {
        data.tallies.count(|t| t.refused_stopping += 1);
        let lang = super::message::asker_lang(Some(ci.locale.as_str()));
        let private = serenity::CreateInteractionResponseMessage::new()
            .content(super::message::said(
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
        sees_every_channel: (ci.member.as_ref())
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.administrator()),
        ..crate::referee::Via::default()
    };
    let work = tokio::spawn(async move { referee.press_via(press, via).await });
    let asked = Pending {
        arrival,
        place,
        public,
    };
    respond(&Interaction::Component(ctx, ci), data, work, &asked).await
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
