//! The `/aq game` group: opening, filling, starting and running a table in
//! this channel: `new`, `join`, `leave`, `start`, `abandon`, `addbot`,
//! `removebot`, `rematch`, `settings`, `kick`.

use crate::discord::data::{Context, Error};
use crate::discord::respond::{run, Value};
use poise::serenity_prelude as serenity;
use poise::ChoiceParameter as _;

/// Open, join, start or end this channel's game
#[poise::command(
    slash_command,
    subcommand_required,
    subcommands(
        "new",
        "join",
        "leave",
        "start",
        "abandon",
        "addbot",
        "removebot",
        "rematch",
        "settings",
        "kick"
    )
)]
pub async fn game(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a game in this channel; you are seated
#[poise::command(slash_command)]
pub async fn new(
    ctx: Context<'_>,
    #[description = "Animal types to leave out, e.g. \"penguin hippo\""] removed: Option<String>,
    #[description = "Who plays first"] first: Option<serenity::User>,
    #[description = "Deal a game again from its seed (a practice game: left out of the stats)"]
    #[min = 0]
    seed: Option<u64>,
    #[description = "A stacked deck, tiles in draw order (a practice game)"] deck: Option<String>,
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

/// End this channel's game unrated (a rated one: all its players agree)
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

/// Open a new game after the one that ended here: same players, seats turned
#[poise::command(slash_command)]
pub async fn rematch(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "rematch", &[]).await
}

/// Show this game's settings, or change them (its creator or a channel manager)
// Poise takes each option of the command as an argument of its function.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
pub async fn settings(
    ctx: Context<'_>,
    #[description = "Remind the player to act after this long: 30m, 12h, 2d, or off"]
    reminders: Option<String>,
    #[description = "After this long the others may vote an idle player out: 2d, or off"]
    turn_limit: Option<String>,
    #[description = "Allow /aq hint: on or off"] hints: Option<bool>,
    #[description = "The language of the game's public messages: a code (en, ja, de...)"]
    #[autocomplete = "super::waiting::language_codes"]
    language: Option<String>,
    #[description = "The computer plays an away player's turns after this long: 12h, or off"]
    away: Option<String>,
    #[description = "Each seat's clock: fast, normal, slow or off"] clock: Option<
        super::ClockChoice,
    >,
    #[description = "Clocks stop at weekends (UTC)"] weekend_pause: Option<bool>,
    #[description = "Time away stops a clock (14 days a year)"] vacations: Option<bool>,
) -> Result<(), Error> {
    let on_off = |b: bool| Value::Text(if b { "on" } else { "off" }.to_string());
    run(
        ctx,
        "settings",
        &[
            ("reminders", reminders.map(Value::Text)),
            ("turn_limit", turn_limit.map(Value::Text)),
            ("hints", hints.map(on_off)),
            ("language", language.map(Value::Text)),
            ("away", away.map(Value::Text)),
            ("clock", clock.map(|c| Value::Text(c.name().to_string()))),
            ("weekend_pause", weekend_pause.map(on_off)),
            ("vacations", vacations.map(on_off)),
        ],
    )
    .await
}

/// Vote to remove the player to act once they pass the turn limit
#[poise::command(slash_command)]
pub async fn kick(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "kick", &[]).await
}
