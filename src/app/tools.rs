//! The operator's tools, each a subcommand of the binary: `export` (a game's
//! record), `backup` (a copy of a SQLite database, checked), `copy-store`
//! (every row into another database, each game replayed in both),
//! `gallery` (pictures of typical positions) and `health`. `main.rs` parses
//! the arguments and calls these; what they do lives here, in the
//! composition root, beside the store and the referee they open.

use super::config::{database_file, mask_url, Config};
use super::{health, open_store};
use crate::clock::SystemClock;
use crate::referee::Referee;
use crate::store::{Backend, Store, StoreOptions};
use std::path::Path;

/// `export`: the record of the game numbered `game`, or of the channel's
/// latest game, as the file `export` writes (JSON).
pub async fn export(
    config: &Config,
    db: Option<String>,
    game: Option<i64>,
    channel: Option<&str>,
) -> anyhow::Result<Vec<u8>> {
    if game.is_none() && channel.is_none() {
        anyhow::bail!("say which game: --game ID or --channel ID");
    }
    let db = config.database(db);
    let referee = Referee::new(open_store(&db).await?);
    match referee.find_game(game, channel).await? {
        Some(Ok(loaded)) => Ok(loaded.export_bytes()),
        Some(Err(damage)) => anyhow::bail!("the game is damaged: {damage}"),
        None => anyhow::bail!("no such game"),
    }
}

/// `backup`: copies a SQLite database to the new file `to`, safely while
/// the bot runs, and checks the copy; says what was copied.
pub async fn backup(config: &Config, db: Option<String>, to: &Path) -> anyhow::Result<String> {
    let db = config.database(db);
    if Backend::of_url(&db) == Backend::Postgres {
        anyhow::bail!(crate::store::pg_dump_advice(to));
    }
    // Read-only: a wrong path is an error, not a new empty database, and a
    // running bot's database is never migrated under it.
    let source = StoreOptions {
        read_only: true,
        ..StoreOptions::default()
    };
    tracing::info!("opening the database {} to read", mask_url(&db));
    let report = Store::open_with(&db, &source).await?.backup_to(to).await?;
    let plural = |n: i64, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    Ok(format!(
        "Backed up {} and {} to {} ({} bytes); the copy passes its integrity check.",
        plural(report.games, "game"),
        plural(report.moves, "move"),
        to.display(),
        report.bytes
    ))
}

/// `copy-store`: copies every row of `from` into the empty database `to`,
/// then checks that every game replays to the same state in both; the
/// lines it says (the rows of each table, then the games).
pub async fn copy_store(from: &str, to: &str) -> anyhow::Result<Vec<String>> {
    if from == to {
        anyhow::bail!("--from and --to name the same database");
    }
    // A mistyped source is an error, not a new empty database.
    if let Some(file) = database_file(from) {
        if !file.exists() {
            anyhow::bail!("the database {} does not exist", file.display());
        }
    }
    let source = Referee::new(open_store(from).await?);
    let target = Referee::new(open_store(to).await?);
    let copied = source.store().copy_into(target.store()).await?;
    let games = source.same_games_as(&target).await?;
    let mut lines: Vec<String> = copied
        .iter()
        .map(|(table, rows)| format!("{table}: {rows} rows"))
        .collect();
    lines.push(format!(
        "Copied {} to {}: {games} games, each replaying to the same state in both.",
        mask_url(from),
        mask_url(to)
    ));
    Ok(lines)
}

/// `gallery`: pictures of typical positions written into `out`; the files
/// written.
pub fn gallery(out: &Path) -> anyhow::Result<Vec<std::path::PathBuf>> {
    Ok(crate::render::write_gallery(out)?)
}

/// `health`: whether the bot is healthy (see [`health::check`]): what it
/// found, or why not in one line.
pub async fn health(config: &Config, db: Option<String>, serving: bool) -> Result<String, String> {
    let db = config.database(db);
    let serving = serving || config.serves();
    health::check(&db, serving, &SystemClock)
        .await
        .map_err(|why| health::one_line(&why))
}
