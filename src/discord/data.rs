//! What every command and event handler of the Discord front end is given.

use super::courier::DiscordCourier;
use super::inflight::{Inflight, Tallies};
use super::left::Left;
use crate::referee::{Links, Referee};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

/// Shared handles, given to every command.
pub struct Data {
    pub referee: Arc<Referee>,
    /// The bot's calls to Discord outside interactions (taking old
    /// controls off), paced with the scheduler's.
    pub courier: Arc<DiscordCourier>,
    /// How long after an interaction's creation its answer is deferred if
    /// the reply is not ready.
    pub defer_after: Duration,
    /// How long an interaction's token takes follow-ups (Discord's 15
    /// minutes; tests shorten it).
    pub token_lifetime: Duration,
    /// Makes the links to the web pages, when they are served.
    pub links: Option<Arc<dyn Links>>,
    /// The interactions being answered: a stop waits for them.
    pub inflight: Arc<Inflight>,
    /// What became of interactions not answered as usual.
    pub tallies: Arc<Tallies>,
    /// The servers whose games wait for the bot to come back.
    pub left: Left,
    /// The bot's own user id, once connected.
    pub bot_id: serenity::UserId,
    /// Whether each server's `@everyone` may view channels.
    pub everyone: Arc<super::views::Everyone>,
    /// The table opens inside Discord (an Activity: the application's
    /// client secret is configured): table messages carry **Open the
    /// table**, and the launches answer with it (`launch.rs`).
    pub activity: bool,
}

/// Errors at the edge: logged and answered privately by
/// [`on_error`](super::client::on_error).
pub type Error = anyhow::Error;

/// What every command and autocomplete function receives.
pub type Context<'a> = poise::Context<'a, Data, Error>;
