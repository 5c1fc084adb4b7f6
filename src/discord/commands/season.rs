//! `/season`: the server's leaderboard by season, a slash command of its
//! own beside `/aq` (whose 25 places are taken): `/season` shows the
//! season under way, `/season which:last` (or `2026-11`, `2026-Q4`) another,
//! and `/season length:month` (those who may manage the server) sets how
//! long its seasons last. It hands the command language's `season` and its
//! options to [`run`], so the terminal, scripts and Discord say the same
//! thing.

use crate::discord::data::{Context, Error};
use crate::discord::respond::{run, Value};
use poise::ChoiceParameter as _;

/// Fixed choices for `season length`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum SeasonLengthChoice {
    #[name = "month"]
    Month,
    #[name = "quarter"]
    Quarter,
    #[name = "off"]
    Off,
}

/// This server's leaderboard by season
#[poise::command(slash_command)]
pub async fn season(
    ctx: Context<'_>,
    #[description = "this, last, a month (2026-11) or a quarter (2026-Q4)"] which: Option<String>,
    #[description = "How long the server's seasons last (those who manage it)"] length: Option<
        SeasonLengthChoice,
    >,
) -> Result<(), Error> {
    run(
        ctx,
        "season",
        &[
            ("which", which.map(Value::Text)),
            ("length", length.map(|l| Value::Text(l.name().to_string()))),
        ],
    )
    .await
}
