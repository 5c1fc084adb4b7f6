//! The `/aq` slash command: every command of the command language, as a
//! leaf carrying its own word and options, arranged within Discord's limits
//! (at most 25 subcommands and groups at each level, see docs/playing.md,
//! "The command on Discord").
//!
//! The moves a player makes dozens of times a game, the looks at the game in
//! play, and the commands of waiting are leaves of `/aq` itself
//! (`/aq draw`, `/aq board`, `/aq nudge`); setting up and running a table is
//! the `game` group (`/aq game new`, `/aq game join`, ...), and the server's
//! games and what became of them the `past` group (`/aq past replay`, ...).
//! The grouping is Discord's alone: each leaf hands its own word to
//! [`super::respond::run`], so the terminal, scripts and the move log keep
//! the command language as it is.
//!
//! Options that name a player are Discord user options; sizes and roles are
//! fixed choices (and computer levels); cells, trucks and tiles are autocompleted from the legal
//! moves ([`super::autocomplete`]).

pub mod game;
pub mod looking;
pub mod moves;
pub mod past;
pub mod season;
pub mod tournament;
pub mod waiting;
pub mod web;

use super::data::{Context, Error};

/// Fixed choices for `expand size`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum SizeChoice {
    #[name = "small"]
    Small,
    #[name = "large"]
    Large,
}

/// Fixed choices for `addbot level`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LevelChoice {
    #[name = "easy"]
    Easy,
    #[name = "normal"]
    Normal,
    #[name = "strong"]
    Strong,
}

/// Fixed choices for `game settings clock`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ClockChoice {
    #[name = "fast"]
    Fast,
    #[name = "normal"]
    Normal,
    #[name = "slow"]
    Slow,
    #[name = "off"]
    Off,
}

/// Fixed choices for `replay speed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum SpeedChoice {
    #[name = "slow"]
    Slow,
    #[name = "normal"]
    Normal,
    #[name = "fast"]
    Fast,
}

/// Fixed choices for `web reset what`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum WhatChoice {
    #[name = "game"]
    Game,
    #[name = "server"]
    Server,
}

/// Fixed choices for `hire as`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum RoleChoice {
    #[name = "cashier"]
    Cashier,
    #[name = "keeper"]
    Keeper,
    #[name = "manager"]
    Manager,
    #[name = "trainer"]
    Trainer,
}

/// Play Aquaretto in this channel
#[poise::command(
    slash_command,
    subcommand_required,
    subcommands(
        "moves::draw",
        "moves::take",
        "moves::place",
        "moves::hire",
        "moves::move_",
        "moves::buy",
        "moves::discard",
        "moves::expand",
        "moves::undo",
        "looking::board",
        "looking::zoo",
        "looking::score",
        "looking::moves",
        "looking::hint",
        "looking::history",
        "waiting::mygames",
        "waiting::nudge",
        "waiting::notify",
        "waiting::away",
        "waiting::language",
        "looking::rules",
        "looking::help",
        "game::game",
        "web::web",
        "past::past"
    )
)]
pub async fn aq(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}
