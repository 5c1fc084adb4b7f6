//! The framework's event handler: poise dispatches slash commands and
//! autocomplete itself; everything else the gateway sends comes here
//! (presses of controls, and what is said of servers, channels and threads).

use super::data::{Data, Error};
use poise::serenity_prelude as serenity;

/// The framework's event handler: routes presses of our controls, and what
/// the gateway says of servers, channels and threads.
pub async fn on_event(
    ctx: &serenity::Context,
    event: &serenity::FullEvent,
    data: &Data,
) -> Result<(), Error> {
    match event {
        // **Open the table**: the table inside Discord (`launch.rs`).
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(ci),
        } if ci.data.custom_id == super::message::BUTTON => {
            super::launch::launch(data, super::launch::Launching::of_press(ctx, ci)).await?
        }
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(ci),
        } => super::presses::on_press(ctx, ci, data).await?,
        other => super::servers::on_event(other, data).await,
    }
    Ok(())
}
