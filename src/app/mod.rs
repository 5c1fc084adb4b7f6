//! The composition root: the one module that knows every other. It reads
//! the configuration, opens the store, plugs the renderer into the referee
//! as its painter, and starts what a subcommand runs side by side (the
//! Discord client, the web pages, the scheduler, the gateway's record for
//! `health`).

pub mod activity;
pub mod config;
pub mod health;
pub mod painter;
pub mod play;
pub mod scheduler;
pub mod serve;
pub mod tools;

pub use serve::{serve, start, Serving};

use crate::store::Store;

/// Raises this process's file limit (RLIMIT_NOFILE) to its hard limit, so
/// that the web pages' connections, derived from it, leave room for the
/// database and Discord (`web/door.rs`); says what it became. A failure
/// leaves the limit as it was (logged): the bounds follow whatever it is.
pub fn raise_file_limit() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut limit = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: getrlimit only writes the struct it is given.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
            tracing::warn!(
                "cannot read the file limit: {}",
                std::io::Error::last_os_error()
            );
            return None;
        }
        if limit.rlim_cur < limit.rlim_max {
            let before = limit.rlim_cur;
            limit.rlim_cur = limit.rlim_max;
            // SAFETY: setrlimit only reads the struct it is given.
            if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &limit) } != 0 {
                tracing::warn!(
                    "cannot raise the file limit from {before} to {}: {}",
                    limit.rlim_max,
                    std::io::Error::last_os_error()
                );
                return Some(before);
            }
            tracing::info!("file limit raised from {before} to {}", limit.rlim_max);
        }
        Some(limit.rlim_cur)
    }
    #[cfg(not(unix))]
    None
}

/// Opens (creating and migrating if needed) the database, saying which.
pub async fn open_store(url: &str) -> anyhow::Result<Store> {
    tracing::info!("opening the database {}", config::mask_url(url));
    Store::open(url).await
}
