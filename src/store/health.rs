//! What `health` asks of the database, without changing it: does it answer,
//! and has it applied exactly this binary's migrations. Opened read-only and
//! never migrated (a health check must not migrate a running bot's
//! database under it).

use anyhow::Context as _;
use sqlx::ConnectOptions as _;
use std::time::Duration;

/// What the database holds, as `health` reports it.
pub struct Inspection {
    /// The migrations the database has applied: (version, checksum,
    /// complete); `None` when it has never been migrated.
    pub applied: Option<Vec<(i64, Vec<u8>, bool)>>,
    /// Games in it, once migrated.
    pub games: i64,
}

/// Opens the database at `url` (a `sqlite:` URL or a path) read-only and
/// reads its migrations and the number of its games. `shown` names it in
/// errors (the URL with any password masked).
pub async fn inspect(url: &str, shown: &str) -> anyhow::Result<Inspection> {
    let options = super::url_options(url, shown)?
        .read_only(true)
        .create_if_missing(false)
        .busy_timeout(Duration::from_secs(5));
    let mut db = options
        .connect()
        .await
        .with_context(|| format!("cannot open the database {shown}"))?;
    let migrated: bool = sqlx::query_scalar(
        "SELECT EXISTS(SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '_sqlx_migrations')",
    )
    .fetch_one(&mut db)
    .await
    .with_context(|| format!("the database {shown} does not answer"))?;
    if !migrated {
        return Ok(Inspection {
            applied: None,
            games: 0,
        });
    }
    let applied =
        sqlx::query_as("SELECT version, checksum, success FROM _sqlx_migrations ORDER BY version")
            .fetch_all(&mut db)
            .await
            .with_context(|| format!("cannot read the migrations of the database {shown}"))?;
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
pub fn current_migrations(applied: &[(i64, Vec<u8>, bool)]) -> anyhow::Result<usize> {
    let known: Vec<&sqlx::migrate::Migration> = super::MIGRATOR
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
