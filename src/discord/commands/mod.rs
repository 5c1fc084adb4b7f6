//! The `/aq` slash command: one subcommand per command of COMMANDS.md, in its
//! order, grouped by feature (lobby, moves, looking). Each subcommand only
//! names its options and hands them to [`super::respond::run`].
//!
//! Options that name a player are Discord user options; sizes and roles are
//! fixed choices (and computer levels); cells, trucks and tiles are autocompleted from the legal
//! moves ([`super::autocomplete`]).

pub mod lobby;
pub mod looking;
pub mod moves;
pub mod waiting;

use super::{Context, Error};

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
        "lobby::new",
        "lobby::join",
        "lobby::leave",
        "lobby::start",
        "lobby::abandon",
        "lobby::addbot",
        "lobby::removebot",
        "moves::draw",
        "moves::take",
        "moves::place",
        "moves::hire",
        "moves::move_",
        "moves::buy",
        "moves::discard",
        "moves::expand",
        "moves::undo",
        "looking::moves",
        "looking::hint",
        "waiting::settings",
        "waiting::nudge",
        "waiting::mygames",
        "waiting::notify",
        "waiting::kick",
        "looking::board",
        "looking::zoo",
        "looking::score",
        "looking::history",
        "looking::games",
        "looking::export",
        "looking::replay",
        "looking::stats",
        "looking::rules",
        "looking::help"
    )
)]
pub async fn aq(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}
