//! The composition root: the one module that knows every other. It reads
//! the configuration, opens the store, plugs the renderer into the referee
//! as its painter, and starts what a subcommand runs side by side (the
//! Discord client, the web pages, the scheduler, the gateway's record for
//! `health`).

pub mod config;
pub mod health;
pub mod painter;
pub mod play;
pub mod scheduler;
pub mod serve;
pub mod tools;

pub use serve::{serve, start, Serving};

use crate::store::Store;

/// Opens (creating and migrating if needed) the database, saying which.
pub async fn open_store(url: &str) -> anyhow::Result<Store> {
    tracing::info!("opening the database {}", config::mask_url(url));
    Store::open(url).await
}
