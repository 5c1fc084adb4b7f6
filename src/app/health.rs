//! `aquaretto-bot health`, and the record of the gateway a serving bot keeps
//! for it.
//!
//! The serving bot writes, in a small file beside its database
//! (`aquaretto.db.gateway`), the time it last saw every one of its gateway
//! connections connected: first when the gateway's Ready has come (the bot
//! takes commands; registering `/aq` goes on beside), then every 30 seconds while they stay connected
//! (a connection serenity is still re-establishing is not recorded), from
//! the clock; the file is removed when the bot stops. `health` requires that
//! time to be recent.

use crate::app::config::{database_file, mask_url};
use crate::clock::{parse_rfc3339, rfc3339, Clock, Millis, SharedClock};
use crate::store::health::{current_migrations, inspect};
use crate::store::Backend;
use anyhow::Context as _;
use std::future::Future;
use std::path::{Path, PathBuf};

/// How often the serving bot records its gateway.
pub const GATEWAY_RECORD_EVERY_MS: Millis = 30_000;

/// How old the record may be for `health` to call the gateway connected:
/// four records missed.
pub const GATEWAY_FRESH_MS: Millis = 120_000;

/// What `health` checks, in order: the database (a SQLite file that exists,
/// or PostgreSQL) answers a
/// read-only query, the migrations it has applied are exactly this
/// binary's, and when `serving`, the gateway's record is fresh. `Ok` says
/// what was seen; `Err` the first thing wrong.
pub async fn check(url: &str, serving: bool, clock: &dyn Clock) -> anyhow::Result<String> {
    let shown = mask_url(url);
    let backend = Backend::of_url(url);
    if backend == Backend::Sqlite {
        let Some(file) = database_file(url) else {
            anyhow::bail!(
                "{shown} is no database file: health checks a SQLite database file or PostgreSQL"
            );
        };
        if !file.exists() {
            anyhow::bail!("the database {} does not exist", file.display());
        }
    }
    let seen = inspect(url, &shown).await?;
    let Some(applied) = seen.applied else {
        anyhow::bail!(
            "the database {shown} has no migrations: aquaretto-bot never opened it (serve and play migrate it)"
        );
    };
    let migrations =
        current_migrations(backend, &applied).with_context(|| format!("the database {shown}"))?;
    let mut said = format!(
        "the database {shown} answers ({} game{}), its {migrations} {} this binary's",
        seen.games,
        if seen.games == 1 { "" } else { "s" },
        if migrations == 1 {
            "migration is"
        } else {
            "migrations are"
        }
    );
    if serving {
        let age = gateway_age(&gateway_record(url), clock.now())?;
        said.push_str(&format!(", the gateway was connected {} s ago", age / 1000));
    }
    Ok(said)
}

/// An error and its causes on one line, a cause that only repeats what is
/// said already left out (sqlx's errors carry their cause in their own text).
pub fn one_line(error: &anyhow::Error) -> String {
    let mut said = String::new();
    for cause in error.chain() {
        let cause = cause.to_string().replace('\n', " ");
        if !said.contains(&cause) {
            if !said.is_empty() {
                said.push_str(": ");
            }
            said.push_str(&cause);
        }
    }
    said
}

/// The record beside the database file (`aquaretto.db.gateway`); for a
/// database that is no file (PostgreSQL), `aquaretto-bot.gateway` in the
/// bot's own folder, the working directory it runs in (the image's
/// `/data`), which `health` run there reads. Never the system's shared
/// temporary folder, where another user of the machine could plant a
/// record (or hold the name so that the bot's is never written).
pub fn gateway_record(database_url: &str) -> PathBuf {
    match database_file(database_url) {
        Some(file) => {
            let mut name = file.into_os_string();
            name.push(".gateway");
            PathBuf::from(name)
        }
        None => PathBuf::from("aquaretto-bot.gateway"),
    }
}

/// Why a record must not be believed, if it must not: it is not a plain
/// file, or another user owns it (planted there).
fn untrusted(record: &Path) -> Option<String> {
    let meta = std::fs::symlink_metadata(record).ok()?;
    if !meta.file_type().is_file() {
        return Some(format!("{} is not a plain file", record.display()));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt as _;
        // SAFETY: geteuid has no preconditions and cannot fail.
        let me = unsafe { libc::geteuid() };
        if meta.uid() != me {
            return Some(format!(
                "{} belongs to another user (uid {}), not to the bot's (uid {me}): it was not \
                 written by the bot",
                record.display(),
                meta.uid()
            ));
        }
    }
    None
}

/// How long ago the serving bot recorded its gateway, if recently enough.
fn gateway_age(record: &Path, now: Millis) -> anyhow::Result<Millis> {
    if let Some(why) = untrusted(record) {
        anyhow::bail!("{why}");
    }
    let text = match std::fs::read_to_string(record) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => anyhow::bail!(
            "no gateway is recorded ({} does not exist): the bot is not serving, or not connected yet",
            record.display()
        ),
        Err(e) => return Err(e).with_context(|| format!("cannot read {}", record.display())),
    };
    let at = parse_rfc3339(text.trim())
        .with_context(|| format!("{} holds no time: {:?}", record.display(), text.trim()))?;
    if at > now + GATEWAY_RECORD_EVERY_MS {
        anyhow::bail!(
            "{} is dated {}, in the future: the clock was set back, or the file was not written by the bot",
            record.display(),
            rfc3339(at)
        );
    }
    let age = (now - at).max(0);
    if age > GATEWAY_FRESH_MS {
        anyhow::bail!(
            "the gateway was last recorded {} s ago ({}), more than {} s: the bot is stopped, stuck or disconnected",
            age / 1000,
            rfc3339(at),
            GATEWAY_FRESH_MS / 1000
        );
    }
    Ok(age)
}

/// Writes the record (the time, RFC 3339) whole: a reader never sees half.
async fn write_gateway_record(path: &Path, at: Millis) -> std::io::Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".new");
    let temporary = PathBuf::from(temporary);
    // Written by the bot's user alone, readable by it alone.
    let _ = tokio::fs::remove_file(&temporary).await;
    let mut options = tokio::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    options.mode(crate::store::private::PRIVATE_MODE);
    let mut file = options.open(&temporary).await?;
    tokio::io::AsyncWriteExt::write_all(&mut file, format!("{}\n", rfc3339(at)).as_bytes()).await?;
    drop(file);
    tokio::fs::rename(&temporary, path).await
}

/// Records the gateway in `path` now and then every
/// [`GATEWAY_RECORD_EVERY_MS`], each time only if `connected` says every
/// connection is up, until `stop` turns true; then removes the record. A
/// write is never cut in the middle: the stop is seen between writes, so
/// no record is left behind once this returns.
pub async fn record_gateway<F, Fut>(
    path: &Path,
    clock: SharedClock,
    connected: F,
    mut stop: tokio::sync::watch::Receiver<bool>,
) where
    F: Fn() -> Fut,
    Fut: Future<Output = bool>,
{
    let mut first = true;
    while !*stop.borrow() {
        if connected().await {
            match write_gateway_record(path, clock.now()).await {
                Ok(()) if first => {
                    first = false;
                    tracing::info!(
                        "connected: the gateway is recorded in {} every {} s, for `aquaretto-bot health`",
                        path.display(),
                        GATEWAY_RECORD_EVERY_MS / 1000
                    );
                }
                Ok(()) => {}
                Err(e) => tracing::warn!("cannot record the gateway in {}: {e}", path.display()),
            }
        } else {
            tracing::warn!("a gateway connection is down: not recorded for `health`");
        }
        let next = clock.now() + GATEWAY_RECORD_EVERY_MS;
        tokio::select! {
            () = clock.sleep_until(next) => {}
            changed = stop.changed() => {
                if changed.is_err() {
                    break;
                }
            }
        }
    }
    forget_gateway(path);
}

/// Removes the record (and a half-written one).
fn forget_gateway(path: &Path) {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".new");
    for file in [path.to_path_buf(), PathBuf::from(temporary)] {
        if let Err(e) = std::fs::remove_file(&file) {
            if e.kind() != std::io::ErrorKind::NotFound {
                tracing::warn!("cannot remove {}: {e}", file.display());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_record_is_beside_the_database_or_in_the_bots_own_folder() {
        assert_eq!(
            gateway_record("sqlite:///data/aquaretto.db"),
            PathBuf::from("/data/aquaretto.db.gateway")
        );
        let on_postgres = gateway_record("postgres://bot:secret@db/aquaretto");
        assert_eq!(on_postgres, PathBuf::from("aquaretto-bot.gateway"));
        assert!(
            on_postgres.is_relative() && !on_postgres.starts_with(std::env::temp_dir()),
            "in the working directory, never the shared temporary folder"
        );
    }
}
