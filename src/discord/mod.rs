//! The Discord front end: the `/aq` slash command on poise and serenity.
//!
//! It exists to turn Discord interactions into [`Request`]s for the one
//! referee path and the referee's [`Reply`] back into Discord messages. It
//! holds no game logic: every option is read back through
//! [`crate::command::parse`], so Discord and the terminal accept the same
//! words with the same error sentences, and autocomplete asks
//! [`crate::referee::autocomplete`].
//!
//! Invariants:
//! - Exactly the subcommands and options of docs/commands.md (plus `new`'s `deck`),
//!   as subcommands of one `/aq` command ([`commands`]).
//! - Every interaction is answered within Discord's 3 seconds: a reply that is
//!   not ready after [`DiscordConfig::defer_after`] is deferred first
//!   ([`respond`]).
//! - Refusals and private information are ephemeral; an accepted move is one
//!   public message with the table picture, pinging at most the one player to
//!   act next (never everyone, roles or other users).
//! - Nothing from users, the network or the database is unwrapped: failures
//!   are logged and answered privately (`client::on_error`).
//!
//! Its files:
//! - answering: `commands/` (the `/aq` tree, a file a group), `respond.rs`
//!   (options to the referee and back: deferral, held moves, notices),
//!   `interaction.rs` (the ways Discord takes an answer), `message.rs` (a
//!   reply as Discord messages, pure), `presses.rs` (buttons and menus),
//!   `autocomplete.rs`, `timing.rs` (an interaction's age and deadlines),
//!   `inflight.rs` (what is being answered; a stop waits for it), `invite.rs`
//!   (permissions by need, the invite link), `localize.rs` (the command
//!   worded in every language);
//! - its own calls: `rest.rs` (every answer read, judged by Discord's code,
//!   the invalid-request guard), `pacer.rs` (under the global limit),
//!   `courier.rs` (letters, old controls, threads kept open), `activity.rs`
//!   (who opened the table inside Discord, and where: for the web pages);
//! - the table inside Discord: `launch.rs` (Open the table, `/aq web
//!   table` and the entry point command answered with Discord's
//!   `LAUNCH_ACTIVITY`, or the link where Discord refuses), `activity.rs`;
//! - the connection: `client.rs` (the client, `/aq` registered, a clean
//!   stop), `config.rs`, `data.rs`, `identify.rs` (session starts, the gate
//!   between processes), `events.rs`, `servers.rs` and `left.rs` (servers,
//!   channels and threads coming and going).
//!
//! [`Request`]: crate::referee::Request
//! [`Reply`]: crate::referee::Reply

pub mod activity;
pub mod autocomplete;
pub mod client;
pub mod commands;
pub mod config;
pub mod courier;
pub mod data;
pub mod events;
pub mod identify;
pub mod inflight;
pub mod interaction;
pub mod invite;
pub mod launch;
pub mod left;
pub mod localize;
pub mod message;
pub mod pacer;
pub mod places;
pub mod presses;
pub mod respond;
pub mod rest;
pub mod servers;
pub mod timing;
pub mod views;

pub use client::{start, DiscordBot, GatewayState};
pub use config::{
    DiscordConfig, ShardRange, DEFAULT_DEFER_AFTER, DEFAULT_HTTP_TIMEOUT, DEFER_AFTER_BOUND,
};
