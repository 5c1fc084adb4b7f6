//! Keeping asynchronous games moving: `nudge`, `mygames`, `notify`, `away`; and
//! `language`, each person's language.

use crate::discord::data::{Context, Error};
use crate::discord::respond::{run, Value};
use crate::lang::{self, Lang};
use poise::serenity_prelude as serenity;

/// Remind the player to act that it is their turn (once an hour per game)
#[poise::command(slash_command)]
pub async fn nudge(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "nudge", &[]).await
}

/// The games where it is your turn, the longest wait first
#[poise::command(slash_command)]
pub async fn mygames(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, "mygames", &[]).await
}

/// Turn alerts by direct message when a turn of yours starts
#[poise::command(slash_command)]
pub async fn notify(
    ctx: Context<'_>,
    #[description = "Direct-message alerts: on or off"] dm: Option<bool>,
    #[description = "A direct message when the player before you starts: on or off"] before: Option<
        bool,
    >,
) -> Result<(), Error> {
    let on_off = |b: bool| Value::Text(if b { "on" } else { "off" }.to_string());
    run(
        ctx,
        "notify",
        &[("dm", dm.map(on_off)), ("before", before.map(on_off))],
    )
    .await
}

/// Away for a while: no reminders or nudges to you until then
#[poise::command(slash_command)]
pub async fn away(
    ctx: Context<'_>,
    #[description = "Back after this long (3d, 12h), on this day (2026-12-24), or off"]
    until: Option<String>,
) -> Result<(), Error> {
    run(ctx, "away", &[("until", until.map(Value::Text))]).await
}

/// Your language here, and the choices; or choose one
#[poise::command(slash_command)]
pub async fn language(
    ctx: Context<'_>,
    #[description = "A language code (en, ja, de...), or auto for your Discord language"]
    #[autocomplete = "language_codes"]
    set: Option<String>,
) -> Result<(), Error> {
    run(ctx, "language", &[("set", set.map(Value::Text))]).await
}

/// The codes of the catalogue's languages, each under its own name, then
/// `auto`; those that begin with what is typed.
pub async fn language_codes(_ctx: Context<'_>, partial: &str) -> Vec<serenity::AutocompleteChoice> {
    let typed = partial.trim().to_ascii_lowercase();
    let mut offered: Vec<serenity::AutocompleteChoice> = Lang::all()
        .iter()
        .filter(|l| l.code().to_ascii_lowercase().starts_with(&typed))
        .map(|l| {
            let code = l.code();
            let name = if lang::has(l, "language-name") {
                format!("{} ({code})", lang::word(l, "language-name"))
            } else {
                code.clone()
            };
            serenity::AutocompleteChoice::new(name, code)
        })
        .collect();
    if "auto".starts_with(&typed) {
        offered.push(serenity::AutocompleteChoice::new("auto", "auto"));
    }
    offered
}
