//! The `/aq web` group: the game's pages on the web: `reset` (this game's
//! links, or with `what:server` the server's page's), and `table`, the
//! table inside Discord (`launch.rs`).

use crate::discord::data::{Context, Error};
use crate::discord::respond::{run, Value};
use poise::ChoiceParameter as _;

/// The game's pages on the web
#[poise::command(slash_command, subcommand_required, subcommands("reset", "table"))]
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

/// Open this channel's game inside Discord (its web link where that cannot be)
#[poise::command(slash_command)]
pub async fn table(ctx: Context<'_>) -> Result<(), Error> {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let asked =
        crate::discord::launch::Launching::of_command(ctx.serenity_context(), app.interaction);
    crate::discord::launch::launch(ctx.data(), asked).await?;
    // Answered outside poise: what it would send next is a follow-up.
    app.has_sent_initial_response
        .store(true, std::sync::atomic::Ordering::SeqCst);
    Ok(())
}
