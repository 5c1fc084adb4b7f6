//! The `/aq web` group: the game's pages on the web: `reset` (this game's
//! links, or with `what:server` the server's page's).

use crate::discord::data::{Context, Error};
use crate::discord::respond::{run, Value};
use poise::ChoiceParameter as _;

/// The game's pages on the web
#[poise::command(slash_command, subcommand_required, subcommands("reset"))]
pub async fn web(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Make this game's web links stop working
#[poise::command(slash_command)]
pub async fn reset(
    ctx: Context<'_>,
    #[description = "game (default), or server: its page (Manage Server)"] what: Option<
        super::WhatChoice,
    >,
) -> Result<(), Error> {
    run(
        ctx,
        "reset",
        &[("what", what.map(|v| Value::Text(v.name().to_string())))],
    )
    .await
}
