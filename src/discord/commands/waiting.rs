//! Keeping asynchronous games moving: `nudge`, `mygames`, `notify`.

use crate::discord::respond::{run, Value};
use crate::discord::{Context, Error};

/// Remind the player to act that it is their turn (once an hour per game)
#[poise::command(slash_command)]
pub async fn nudge(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "nudge", &[]).await
}

/// The games where it is your turn, the longest wait first
#[poise::command(slash_command)]
pub async fn mygames(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "mygames", &[]).await
}

/// Turn alerts by direct message when a turn of yours starts
#[poise::command(slash_command)]
pub async fn notify(
    ctx: Context<'_>,
    #[description = "Direct-message alerts: on or off"] dm: bool,
) -> Result<(), Error> {
    let value = Value::Text(if dm { "on" } else { "off" }.to_string());
    run(ctx, "notify", &[("dm", Some(value))]).await
}
