//! Lobby and table: `new`, `join`, `leave`, `start`, `abandon`, `addbot`,
//! `removebot`.

use crate::discord::respond::{run, Value};
use crate::discord::{Context, Error};
use poise::serenity_prelude as serenity;
use poise::ChoiceParameter as _;

/// Open a game in this channel; you are seated
#[poise::command(slash_command)]
pub async fn new(
    ctx: Context<'_>,
    #[description = "Animal types to leave out, e.g. \"penguin hippo\""] removed: Option<String>,
    #[description = "Who plays first"] first: Option<serenity::User>,
    #[description = "Shuffle seed, to deal a game again"]
    #[min = 0]
    seed: Option<u64>,
    #[description = "A stacked deck: tiles in draw order, `reserve` before the reserve"]
    deck: Option<String>,
) -> Result<(), Error> {
    run(
        ctx,
        "new",
        &[
            ("removed", removed.map(Value::Text)),
            ("first", first.map(|u| Value::User(u.id))),
            ("seed", seed.map(Value::Number)),
            ("deck", deck.map(Value::Text)),
        ],
    )
    .await
}

/// Take a seat in the game gathering players here
#[poise::command(slash_command)]
pub async fn join(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "join", &[]).await
}

/// Give up your seat before the game starts
#[poise::command(slash_command)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "leave", &[]).await
}

/// Start the game you opened, with 2 to 5 seated players
#[poise::command(slash_command)]
pub async fn start(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "start", &[]).await
}

/// End this channel's game unscored (its creator or a channel manager)
#[poise::command(slash_command)]
pub async fn abandon(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "abandon", &[]).await
}

/// Seat a computer player (the lobby's creator)
#[poise::command(slash_command)]
pub async fn addbot(
    ctx: Context<'_>,
    #[description = "How well it plays (normal if left out)"] level: Option<super::LevelChoice>,
) -> Result<(), Error> {
    let level = level.map(|l| Value::Text(l.name().to_string()));
    run(ctx, "addbot", &[("level", level)]).await
}

/// Take the computer player seated last out of the lobby (its creator)
#[poise::command(slash_command)]
pub async fn removebot(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "removebot", &[]).await
}
