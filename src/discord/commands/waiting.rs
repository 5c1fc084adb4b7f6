//! Keeping asynchronous games moving: `settings`, `nudge`, `mygames`,
//! `notify`, `kick`.

use crate::discord::respond::{run, Value};
use crate::discord::{Context, Error};

/// Show this game's settings, or change them (its creator or a channel manager)
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Remind the player to act after this long: 30m, 12h, 2d, or off"]
    reminders: Option<String>,
    #[description = "After this long the others may vote an idle player out: 2d, or off"]
    turn_limit: Option<String>,
    #[description = "Allow /aq hint: on or off"] hints: Option<bool>,
) -> Result<(), Error> {
    let on_off = |b: bool| Value::Text(if b { "on" } else { "off" }.to_string());
    run(
        ctx,
        "settings",
        &[
            ("reminders", reminders.map(Value::Text)),
            ("turn_limit", turn_limit.map(Value::Text)),
            ("hints", hints.map(on_off)),
        ],
    )
    .await
}

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

/// Vote to remove the player to act once they pass the turn limit
#[poise::command(slash_command)]
pub async fn kick(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "kick", &[]).await
}
