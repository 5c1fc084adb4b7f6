//! The `/aq past` group: the server's games and what became of them, for
//! anyone at any time: `games`, `replay`, `export`, `stats`, `review`. The
//! answers are private.

use crate::discord::data::{Context, Error};
use crate::discord::respond::{run, Value};
use poise::serenity_prelude as serenity;
use poise::ChoiceParameter as _;

/// Games of this server: replays, records, stats
#[poise::command(
    slash_command,
    subcommand_required,
    subcommands("games", "replay", "export", "stats", "review")
)]
pub async fn past(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// This server's games: running and finished, players, scores, winners
#[poise::command(slash_command)]
pub async fn games(
    ctx: Context<'_>,
    #[description = "Which page, 1 the newest"]
    #[min = 1]
    page: Option<u32>,
) -> Result<(), Error> {
    run(
        ctx,
        "games",
        &[("page", page.map(|n| Value::Number(n.into())))],
    )
    .await
}

/// The whole game as an animated picture
#[poise::command(slash_command)]
pub async fn replay(
    ctx: Context<'_>,
    #[description = "Another game of this server, by its number"]
    #[min = 1]
    game: Option<u32>,
    #[description = "How fast the pictures change (normal if left out)"] speed: Option<
        super::SpeedChoice,
    >,
) -> Result<(), Error> {
    run(
        ctx,
        "replay",
        &[
            ("game", game.map(|n| Value::Number(n.into()))),
            ("speed", speed.map(|v| Value::Text(v.name().to_string()))),
        ],
    )
    .await
}

/// The game record as a JSON file
#[poise::command(slash_command)]
pub async fn export(
    ctx: Context<'_>,
    #[description = "Another game of this server, by its number"]
    #[min = 1]
    game: Option<u32>,
) -> Result<(), Error> {
    run(
        ctx,
        "export",
        &[("game", game.map(|n| Value::Number(n.into())))],
    )
    .await
}

/// This server's finished games in numbers and its leaderboard, or a player's
#[poise::command(slash_command)]
pub async fn stats(
    ctx: Context<'_>,
    #[description = "Whose numbers (the server's and its leaderboard if left out)"] player: Option<
        serenity::User,
    >,
) -> Result<(), Error> {
    run(
        ctx,
        "stats",
        &[("player", player.map(|u| Value::User(u.id)))],
    )
    .await
}

/// A finished game's costliest decisions, by the strong bot
#[poise::command(slash_command)]
pub async fn review(
    ctx: Context<'_>,
    #[description = "Another game, by its number"]
    #[min = 1]
    game: Option<u32>,
    #[description = "Whose pictures (yours if left out)"] player: Option<serenity::User>,
) -> Result<(), Error> {
    run(
        ctx,
        "review",
        &[
            ("game", game.map(|n| Value::Number(n.into()))),
            ("player", player.map(|u| Value::User(u.id))),
        ],
    )
    .await
}
