//! The `/aq web` group: the game's pages on the web: `reset`.

use crate::discord::data::{Context, Error};
use crate::discord::respond::run;

/// The game's pages on the web
#[poise::command(slash_command, subcommand_required, subcommands("reset"))]
pub async fn web(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Make the links to this game's web page stop working (yours to play, or all)
#[poise::command(slash_command)]
pub async fn reset(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "reset", &[]).await
}
