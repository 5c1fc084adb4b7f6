//! What `health` asks of the database, without changing it: does it answer,
//! and has it applied exactly this binary's migrations. Opened read-only and
//! never migrated (a health check must not migrate a running bot's
//! database under it).

use super::Backend;
use anyhow::Context as _;
use sqlx::any::AnyConnectOptions;
use sqlx::ConnectOptions as _;
use std::str::FromStr;
use std::time::Duration;

/// What the database holds, as `health` reports it.
pub struct Inspection {
    /// The migrations the database has applied: (version, checksum,
    /// complete); `None` when it has never been migrated.
    pub applied: Option<Vec<(i64, Vec<u8>, bool)>>,
    /// Games in it, once migrated.
    pub games: i64,
}

/// Opens the database at `url` (a `postgres://` or `sqlite:` URL, or a
/// path; SQLite read-only) and reads its migrations and the number of its
/// games. `shown` names it in errors (the URL with any password masked).
pub async fn inspect(url: &str, shown: &str) -> anyhow::Result<Inspection> {
    sqlx::any::install_default_drivers();
    let backend = Backend::of_url(url);
    let options = match backend {
        Backend::Sqlite => {
            let file = super::url_options(url, shown)?
                .read_only(true)
                .create_if_missing(false)
                .busy_timeout(Duration::from_secs(5));
            AnyConnectOptions::from_url(&file.to_url_lossy())?
        }
        Backend::Postgres => AnyConnectOptions::from_str(url)
            .with_context(|| format!("{shown} is not a PostgreSQL URL"))?,
    };
    let mut db = options
        .connect()
        .await
        .with_context(|| format!("cannot open the database {shown}"))?;
    let migrated = backend
        .migrated(&mut db)
        .await
        .with_context(|| format!("the database {shown} does not answer"))?;
    if !migrated {
        return Ok(Inspection {
            applied: None,
            games: 0,
        });
    }
    let applied: Vec<(i64, Vec<u8>, i64)> = sqlx::query_as(
        "SELECT version, checksum, CAST(success AS INTEGER) FROM _sqlx_migrations ORDER BY version",
    )
    .fetch_all(&mut db)
    .await
    .with_context(|| format!("cannot read the migrations of the database {shown}"))?;
    let applied = applied
        .into_iter()
        .map(|(version, checksum, success)| (version, checksum, success != 0))
        .collect();
    let games: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM games")
        .fetch_one(&mut db)
        .await
        .with_context(|| format!("cannot read the games of the database {shown}"))?;
    Ok(Inspection {
        applied: Some(applied),
        games,
    })
}

/// The number of this binary's migrations when the database applied
/// exactly them (same versions, same contents, all complete); else what
/// differs.
pub fn current_migrations(
    backend: Backend,
    applied: &[(i64, Vec<u8>, bool)],
) -> anyhow::Result<usize> {
    let known: Vec<&sqlx::migrate::Migration> = backend
        .migrator()
        .iter()
        .filter(|m| m.migration_type.is_up_migration())
        .collect();
    for (version, checksum, success) in applied {
        match known.iter().find(|m| m.version == *version) {
            None => anyhow::bail!(
                "has migration {version}, which this binary does not know: a newer \
                 aquaretto-bot migrated it (run that version, or restore a backup made by this one)"
            ),
            Some(m) if !success => {
                anyhow::bail!(
                    "has migration {version} ({}) only partly applied",
                    m.description
                )
            }
            Some(m) if *m.checksum != **checksum => anyhow::bail!(
                "has migration {version} ({}) with other contents than this binary's",
                m.description
            ),
            Some(_) => {}
        }
    }
    if let Some(m) = known
        .iter()
        .find(|m| !applied.iter().any(|(version, ..)| *version == m.version))
    {
        anyhow::bail!(
            "lacks migration {} ({}): start the bot once (serve or play) to migrate it",
            m.version,
            m.description
        );
    }
    Ok(known.len())
}
