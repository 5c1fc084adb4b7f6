//! The `aquaretto-bot` binary: local play in the terminal by default, the
//! Discord bot when a token is configured, and tools (export, gallery).

use anyhow::Context as _;
use aquaretto_bot::pictures::RenderPainter;
use aquaretto_bot::record::export_bytes;
use aquaretto_bot::referee::Referee;
use aquaretto_bot::store::{Store, StoreOptions};
use aquaretto_bot::terminal::{self, PlayOptions};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Parser)]
#[command(
    name = "aquaretto-bot",
    version,
    about = "A referee for the board game Aquaretto, on Discord and in the terminal"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run the Discord bot (needs DISCORD_TOKEN).
    Serve,
    /// Play in the terminal: hot-seat, the same commands as on Discord.
    Play(PlayArgs),
    /// Write pictures of typical positions into a folder, to look at.
    Gallery {
        #[arg(long, default_value = "gallery")]
        out: PathBuf,
    },
    /// Print a game's record (JSON).
    Export {
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite://aquaretto.db")]
        db: String,
        #[arg(long, conflicts_with = "channel")]
        game: Option<i64>,
        #[arg(long)]
        channel: Option<String>,
    },
    /// Copy the database to a new file, safely while the bot runs, and check the copy.
    Backup {
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite://aquaretto.db")]
        db: String,
        /// The file to write; it must not exist yet.
        #[arg(long)]
        to: PathBuf,
    },
}

#[derive(clap::Args, Default)]
struct PlayArgs {
    /// Create and start a game with these players, e.g. ana,ben,cy.
    #[arg(long, value_delimiter = ',')]
    players: Option<Vec<String>>,
    #[arg(long)]
    seed: Option<u64>,
    /// A stacked deck file: tiles top first; a line `reserve` starts the reserve.
    #[arg(long)]
    deck: Option<PathBuf>,
    /// Who plays first.
    #[arg(long)]
    first: Option<String>,
    /// Animal types to remove, e.g. "penguin hippo".
    #[arg(long)]
    removed: Option<String>,
    /// The database file.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://aquaretto.db")]
    db: String,
    /// Write the pictures into this folder.
    #[arg(long)]
    images: Option<PathBuf>,
    /// Run the lines `<name>: /aq <command>` of this file (- for standard input).
    #[arg(long)]
    script: Option<String>,
    /// Print one JSON object per script line.
    #[arg(long)]
    json: bool,
    /// The local channel the game lives in.
    #[arg(long, default_value = "local")]
    channel: String,
    /// The language to speak: en, ja or de (else LC_ALL / LANG, else English).
    #[arg(long)]
    lang: Option<String>,
}

/// Quiet in the terminal, informative when serving.
fn default_log() -> &'static str {
    let serving = std::env::args().nth(1).as_deref() == Some("serve")
        || (std::env::args().len() == 1 && token_configured());
    if serving {
        "info,serenity=warn"
    } else {
        "warn"
    }
}

fn main() -> anyhow::Result<()> {
    // A missing .env is fine: every setting has a default.
    let _ = dotenvy::dotenv();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default_log())),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = Cli::parse();
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async_main(cli))
}

async fn async_main(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Some(Cmd::Play(args)) => play(args).await,
        Some(Cmd::Serve) => serve().await,
        None if token_configured() => serve().await,
        Some(Cmd::Gallery { out }) => {
            let written = aquaretto_bot::render::write_gallery(&out)?;
            for path in written {
                println!("{}", path.display());
            }
            Ok(())
        }
        Some(Cmd::Export { db, game, channel }) => {
            let referee = Referee::new(Store::open(&db).await?);
            if game.is_none() && channel.is_none() {
                anyhow::bail!("say which game: --game ID or --channel ID");
            }
            match referee.find_game(game, channel.as_deref()).await? {
                Some(Ok(l)) => {
                    let bytes = export_bytes(&l.row, &l.seats, &l.log, l.game.as_ref());
                    std::io::Write::write_all(&mut std::io::stdout(), &bytes)?;
                    Ok(())
                }
                Some(Err(damage)) => anyhow::bail!("the game is damaged: {damage}"),
                None => anyhow::bail!("no such game"),
            }
        }
        Some(Cmd::Backup { db, to }) => {
            // Read-only: a wrong path is an error, not a new empty database,
            // and a running bot's database is never migrated under it.
            let source = StoreOptions {
                read_only: true,
                ..StoreOptions::default()
            };
            let report = Store::open_with(&db, &source).await?.backup_to(&to).await?;
            let plural =
                |n: i64, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
            println!(
                "Backed up {} and {} to {} ({} bytes); the copy passes its integrity check.",
                plural(report.games, "game"),
                plural(report.moves, "move"),
                to.display(),
                report.bytes
            );
            Ok(())
        }
        None => {
            eprintln!(
                "No DISCORD_TOKEN is configured, so this is a local game in the terminal.\n\
                 To run the Discord bot, put DISCORD_TOKEN=... in .env (see .env.example and README.md).\n"
            );
            play(PlayArgs {
                db: std::env::var("DATABASE_URL")
                    .unwrap_or_else(|_| "sqlite://aquaretto.db".into()),
                channel: "local".into(),
                ..PlayArgs::default()
            })
            .await
        }
    }
}

/// A non-empty DISCORD_TOKEN (from the environment or .env).
fn token_configured() -> bool {
    std::env::var("DISCORD_TOKEN").is_ok_and(|t| !t.trim().is_empty())
}

async fn serve() -> anyhow::Result<()> {
    if !token_configured() {
        anyhow::bail!(
            "DISCORD_TOKEN is not set: put it in .env (see .env.example), or play locally with `aquaretto-bot play`"
        );
    }
    let config = aquaretto_bot::discord::DiscordConfig::from_env()?;
    let store = Store::open(&config.database_url).await?;
    let referee = Arc::new(Referee::new(store).with_painter(Box::new(RenderPainter)));
    // Games finished before results were kept get theirs now, not during
    // someone's /aq stats (which would try again).
    if let Err(e) = referee.fill_in_results().await {
        tracing::warn!("cannot fill in the results of older games: {e:#}");
    }
    tracing::info!("serving Discord");
    aquaretto_bot::discord::serve(config, referee).await
}

async fn play(args: PlayArgs) -> anyhow::Result<()> {
    let store = Store::open(&args.db).await?;
    let mut referee = Referee::new(store);
    if args.images.is_some() {
        referee = referee.with_painter(Box::new(RenderPainter));
    } else {
        referee = referee.with_animator(Box::new(RenderPainter));
    }
    if let Err(e) = referee.fill_in_results().await {
        tracing::warn!("cannot fill in the results of older games: {e:#}");
    }
    let env = |key: &str| std::env::var(key).ok();
    let lang = terminal::choose_lang(args.lang.as_deref(), env).map_err(|why| {
        // Said in the environment's language, the one the person reads.
        let theirs = terminal::choose_lang(None, env).unwrap_or_default();
        anyhow::anyhow!(aquaretto_bot::lang::plain(&theirs, &why))
    })?;
    let opts = PlayOptions {
        lang,
        players: args.players,
        seed: args.seed,
        deck: args.deck,
        first: args.first,
        removed: args.removed,
        images: args.images,
        script: args.script,
        json: args.json,
        channel: args.channel,
    };
    terminal::run(&referee, &opts).await
}
