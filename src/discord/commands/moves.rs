//! Moves, for the player whose turn it is: `draw`, `take`, `place`, `hire`,
//! `move`, `buy`, `discard`, `expand`, and `undo`.

use super::{RoleChoice, SizeChoice};
use crate::discord::autocomplete as ac;
use crate::discord::data::{Context, Error};
use crate::discord::respond::{run, Value};
use poise::serenity_prelude as serenity;
use poise::ChoiceParameter as _;

/// A: the top tile of the draw pile onto a truck
#[poise::command(slash_command)]
pub async fn draw(
    ctx: Context<'_>,
    #[description = "The truck, counted from 1"]
    #[autocomplete = "ac::draw_truck"]
    #[min = 1]
    #[max = 5]
    truck: u32,
) -> Result<(), Error> {
    run(ctx, "draw", &[("truck", Some(Value::Number(truck.into())))]).await
}

/// B: take a truck; then place its tiles
#[poise::command(slash_command)]
pub async fn take(
    ctx: Context<'_>,
    #[description = "The truck, counted from 1"]
    #[autocomplete = "ac::take_truck"]
    #[min = 1]
    #[max = 5]
    truck: u32,
) -> Result<(), Error> {
    run(ctx, "take", &[("truck", Some(Value::Number(truck.into())))]).await
}

/// Place a waiting tile or offspring
#[poise::command(slash_command)]
pub async fn place(
    ctx: Context<'_>,
    #[description = "A cell like K11, or depot"]
    #[autocomplete = "ac::place_at"]
    at: String,
    #[description = "The truck slot of the tile (not for an offspring, nor when one tile waits)"]
    #[autocomplete = "ac::place_tile"]
    #[min = 1]
    #[max = 3]
    tile: Option<u32>,
) -> Result<(), Error> {
    run(
        ctx,
        "place",
        &[
            ("at", Some(Value::Text(at))),
            ("tile", tile.map(|t| Value::Number(t.into()))),
        ],
    )
    .await
}

/// Place a coworker just gained
#[poise::command(slash_command)]
pub async fn hire(
    ctx: Context<'_>,
    #[description = "The coworker's job"]
    #[rename = "as"]
    role: RoleChoice,
    #[description = "For a trainer: an empty space like K11"]
    #[autocomplete = "ac::hire_at"]
    at: Option<String>,
) -> Result<(), Error> {
    run(
        ctx,
        "hire",
        &[
            ("as", Some(Value::Text(role.name().to_string()))),
            ("at", at.map(Value::Text)),
        ],
    )
    .await
}

/// C-I: the top depot tile into your zoo, or a coworker elsewhere (1 coin)
#[poise::command(slash_command, rename = "move")]
pub async fn move_(
    ctx: Context<'_>,
    #[description = "depot, a trainer's cell, or cashier, keeper, manager"]
    #[autocomplete = "ac::move_from"]
    from: String,
    #[description = "A cell like K11, or cashier, keeper, manager"]
    #[autocomplete = "ac::move_to"]
    to: String,
) -> Result<(), Error> {
    run(
        ctx,
        "move",
        &[
            ("from", Some(Value::Text(from))),
            ("to", Some(Value::Text(to))),
        ],
    )
    .await
}

/// C-II: the top tile of another player's depot into your zoo (2 coins)
#[poise::command(slash_command)]
pub async fn buy(
    ctx: Context<'_>,
    #[description = "The player whose depot you buy from"] from: serenity::User,
    #[description = "A cell of your zoo like K11"]
    #[autocomplete = "ac::buy_at"]
    at: String,
) -> Result<(), Error> {
    run(
        ctx,
        "buy",
        &[
            ("from", Some(Value::User(from.id))),
            ("at", Some(Value::Text(at))),
        ],
    )
    .await
}

/// C-II: the top tile of your depot leaves the game (2 coins)
#[poise::command(slash_command)]
pub async fn discard(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "discard", &[]).await
}

/// C-III: add an expansion board to your zoo (1 or 2 coins)
#[poise::command(slash_command)]
pub async fn expand(
    ctx: Context<'_>,
    #[description = "small: 3 spaces, 1 coin; large: 4 spaces, 2 coins, +1 basin"] size: SizeChoice,
    #[description = "Its cells, like \"N10 N11 O10 O11\""]
    #[autocomplete = "ac::expand_cells"]
    cells: String,
) -> Result<(), Error> {
    run(
        ctx,
        "expand",
        &[
            ("size", Some(Value::Text(size.name().to_string()))),
            ("cells", Some(Value::Text(cells))),
        ],
    )
    .await
}

/// Take back your last move (once a turn; not after a draw or another's move)
#[poise::command(slash_command)]
pub async fn undo(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "undo", &[]).await
}
