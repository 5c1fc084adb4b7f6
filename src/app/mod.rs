//! The composition root: the one module that knows every other. It reads
//! the configuration, opens the store, plugs the renderer into the referee
//! as its painter, and starts what a subcommand runs side by side (the
//! Discord client, the web pages, the scheduler, the gateway's record for
//! `health`).

pub mod config;
pub mod health;
pub mod painter;
pub mod scheduler;
