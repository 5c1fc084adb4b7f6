//! Looking at the game in play, for anyone at any time: `board`, `zoo`,
//! `score`, `moves`, `hint`, `history`, and `rules` and `help`. The answers
//! are private.

use crate::discord::data::{Context, Error};
use crate::discord::respond::{run, Value};
use poise::serenity_prelude as serenity;

/// The legal moves of whoever must act, as commands
#[poise::command(slash_command)]
pub async fn moves(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "moves", &[]).await
}

/// A suggested move for you, privately, and why (when it is your turn)
#[poise::command(slash_command)]
pub async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "hint", &[]).await
}

/// The table: trucks, piles, every zoo, whose turn
#[poise::command(slash_command)]
pub async fn board(
    ctx: Context<'_>,
    #[description = "The table in words, read in order, for a screen reader"] text: Option<bool>,
) -> Result<(), Error> {
    let on_off = |b: bool| Value::Text(if b { "on" } else { "off" }.to_string());
    run(ctx, "board", &[("text", text.map(on_off))]).await
}

/// One zoo large, with its depot and coworkers
#[poise::command(slash_command)]
pub async fn zoo(
    ctx: Context<'_>,
    #[description = "Whose zoo (yours if left out)"] player: Option<serenity::User>,
) -> Result<(), Error> {
    run(ctx, "zoo", &[("player", player.map(|u| Value::User(u.id)))]).await
}

/// The score so far, by category
#[poise::command(slash_command)]
pub async fn score(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "score", &[]).await
}

/// The move list, or the table as it was after move n
#[poise::command(slash_command)]
pub async fn history(
    ctx: Context<'_>,
    #[description = "Show the table after this move"]
    #[rename = "move"]
    #[min = 1]
    move_n: Option<u32>,
    #[description = "Another game of this server, by its number"]
    #[min = 1]
    game: Option<u32>,
) -> Result<(), Error> {
    run(
        ctx,
        "history",
        &[
            ("move", move_n.map(|n| Value::Number(n.into()))),
            ("game", game.map(|n| Value::Number(n.into()))),
        ],
    )
    .await
}

/// The rules in short
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Context<'_>,
    #[description = "turn, basins, bonuses, coworkers, money, end or two"] topic: Option<String>,
) -> Result<(), Error> {
    run(ctx, "rules", &[("topic", topic.map(Value::Text))]).await
}

/// The list of commands
#[poise::command(slash_command)]
pub async fn help(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "help", &[]).await
}
