//! `/tournament`: the channel's tournament, a slash command of its own
//! beside `/aq` (whose 25 places are taken): `/tournament new`, `join`,
//! `leave`, `start`, `standings`, `end`. Each hands the command language's
//! `tournament action:<word>` and its options to [`run`], so the terminal,
//! scripts and Discord say the same thing.

use crate::discord::data::{Context, Error};
use crate::discord::respond::{run, Value};
use poise::serenity_prelude as serenity;
use poise::ChoiceParameter as _;

/// Fixed choices for `tournament new format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum FormatChoice {
    #[name = "swiss"]
    Swiss,
    #[name = "round_robin"]
    RoundRobin,
    #[name = "elimination"]
    Elimination,
}

/// Fixed choices for `tournament new size`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum TableSizeChoice {
    #[name = "2"]
    Two,
    #[name = "3"]
    Three,
    #[name = "4"]
    Four,
    #[name = "5"]
    Five,
}

/// A tournament in this channel
#[poise::command(
    slash_command,
    subcommand_required,
    subcommands("new", "join", "leave", "start", "standings", "drop_", "extend", "end")
)]
pub async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The action and its options as the command language writes them.
async fn act(
    ctx: Context<'_>,
    action: &str,
    options: &[(&str, Option<Value>)],
) -> Result<(), Error> {
    let mut all = vec![("action", Some(Value::Text(action.to_string())))];
    all.extend(options.iter().cloned());
    run(ctx, "tournament", &all).await
}

/// Open a tournament in this channel (sign-up opens)
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
pub async fn new(
    ctx: Context<'_>,
    #[description = "Its name"] name: Option<String>,
    #[description = "swiss, round_robin or elimination"] format: Option<FormatChoice>,
    #[description = "Players a table"] size: Option<TableSizeChoice>,
    #[description = "Rounds of a Swiss tournament"]
    #[min = 1]
    #[max = 12]
    rounds: Option<u64>,
    #[description = "The games' clocks: fast, normal, slow or off"] clock: Option<
        super::ClockChoice,
    >,
    #[description = "How long a round lasts: 7d, 14d"] deadline: Option<String>,
    #[description = "Its games count in the ratings"] rated: Option<bool>,
    #[description = "Time away stops its games' clocks"] vacations: Option<bool>,
    #[description = "Sign-up closes by itself after: 2d, 12h"] closes: Option<String>,
    #[description = "Sign-up closes by itself at this many players"]
    #[min = 2]
    #[max = 500]
    players: Option<u64>,
) -> Result<(), Error> {
    let on_off = |b: bool| Value::Text(if b { "on" } else { "off" }.to_string());
    act(
        ctx,
        "new",
        &[
            ("name", name.map(Value::Text)),
            ("format", format.map(|f| Value::Text(f.name().to_string()))),
            ("size", size.map(|s| Value::Text(s.name().to_string()))),
            ("rounds", rounds.map(Value::Number)),
            ("clock", clock.map(|c| Value::Text(c.name().to_string()))),
            ("deadline", deadline.map(Value::Text)),
            ("rated", rated.map(on_off)),
            ("vacations", vacations.map(on_off)),
            ("closes", closes.map(Value::Text)),
            ("players", players.map(Value::Number)),
        ],
    )
    .await
}

/// Sign up for this channel's tournament
#[poise::command(slash_command)]
pub async fn join(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, "join", &[]).await
}

/// Withdraw while sign-up is open
#[poise::command(slash_command)]
pub async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, "leave", &[]).await
}

/// Close sign-up and open the first round (the organiser)
#[poise::command(slash_command)]
pub async fn start(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, "start", &[]).await
}

/// The standings so far
#[poise::command(slash_command)]
pub async fn standings(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, "standings", &[]).await
}

/// Drop a player: no further rounds (the organiser)
#[poise::command(slash_command, rename = "drop")]
pub async fn drop_(
    ctx: Context<'_>,
    #[description = "A tournament player to drop (the organiser)"] player: serenity::User,
) -> Result<(), Error> {
    act(ctx, "drop", &[("player", Some(Value::User(player.id)))]).await
}

/// Extend the round under way once (the organiser)
#[poise::command(slash_command)]
pub async fn extend(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, "extend", &[]).await
}

/// End the tournament (the organiser)
#[poise::command(slash_command)]
pub async fn end(ctx: Context<'_>) -> Result<(), Error> {
    act(ctx, "end", &[]).await
}
