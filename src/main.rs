//! The `aquaretto-bot` binary: local play in the terminal by default, the
//! Discord bot when a token is configured, and tools (export, gallery,
//! backup, copy-store, config, health). It only parses the arguments and
//! calls the composition root (`app`), the one module it imports: what each
//! subcommand does lives there (the tools in `app/tools.rs`).
//!
//! Every subcommand starts from the one configuration
//! ([`aquaretto_bot::app::config::Config`]): `.env` and the environment read one
//! way, a bad value refused before anything starts; a flag such as `--db`
//! replaces the value it names.

use anyhow::Context as _;
use aquaretto_bot::app::config::Config;
use aquaretto_bot::app::play::{Local, PlayOptions};
use aquaretto_bot::app::{self, tools};
use clap::builder::NonEmptyStringValueParser;
use clap::{Parser, Subcommand};
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

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
    Serve {
        /// The gateway shards this process runs, e.g. 0-3 (replaces
        /// DISCORD_SHARDS; needs --shard-total).
        #[arg(long, requires = "shard_total")]
        shards: Option<String>,
        /// How many shards all the bot's processes run together (replaces
        /// DISCORD_SHARD_TOTAL; alone, this process runs them all).
        #[arg(long)]
        shard_total: Option<String>,
    },
    /// Play in the terminal: hot-seat, the same commands as on Discord.
    Play(PlayArgs),
    /// Play in the terminal with every game's page on the web as well
    /// (WEB_ADDR, default 127.0.0.1:8080): watch it live, play by clicking.
    Web(PlayArgs),
    /// Write pictures of typical positions into a folder, to look at.
    Gallery {
        #[arg(long, default_value = "gallery")]
        out: PathBuf,
    },
    /// Print a game's record (JSON).
    Export {
        /// The database: a postgres:// or sqlite:// URL, or a file path (default: DATABASE_URL).
        #[arg(long, value_parser = NonEmptyStringValueParser::new())]
        db: Option<String>,
        #[arg(long, conflicts_with = "channel")]
        game: Option<i64>,
        #[arg(long)]
        channel: Option<String>,
    },
    /// Copy the database to a new file, safely while the bot runs, and check the copy.
    Backup {
        /// The database: a postgres:// or sqlite:// URL, or a file path (default: DATABASE_URL).
        #[arg(long, value_parser = NonEmptyStringValueParser::new())]
        db: Option<String>,
        /// The file to write; it must not exist yet.
        #[arg(long)]
        to: PathBuf,
    },
    /// Copy every game, move, setting, result and scheduled message into
    /// another, empty database (SQLite to PostgreSQL, or back), then check
    /// that every game replays to the same state in both. Stop the bot first.
    CopyStore {
        /// The database to copy: a postgres:// or sqlite:// URL, or a file path.
        #[arg(long, value_parser = NonEmptyStringValueParser::new())]
        from: String,
        /// The database to copy into (created and migrated if needed); it
        /// must hold no games.
        #[arg(long, value_parser = NonEmptyStringValueParser::new())]
        to: String,
    },
    /// Print the configuration in effect: each variable, its value (secrets
    /// masked) and where it came from.
    Config,
    /// Check the bot: the database answers and its migrations are this
    /// binary's, and, when serving (DISCORD_TOKEN set, or --serving), that the
    /// bot recorded its gateway connected within 2 minutes. Exit status 0 when
    /// healthy, 1 with the reason.
    Health {
        /// The database: a postgres:// or sqlite:// URL, or a file path (default: DATABASE_URL).
        #[arg(long, value_parser = NonEmptyStringValueParser::new())]
        db: Option<String>,
        /// Check the gateway even without DISCORD_TOKEN.
        #[arg(long)]
        serving: bool,
    },
}

#[derive(clap::Args, Default)]
struct PlayArgs {
    /// Create and start a game with these players, e.g. ana,ben,cy.
    #[arg(long, value_delimiter = ',')]
    players: Option<Vec<String>>,
    /// Deal from this seed (a practice game: whoever chose the deal may know
    /// it, so it is left out of the stats).
    #[arg(long)]
    seed: Option<u64>,
    /// A stacked deck file: tiles top first; a line `reserve` starts the
    /// reserve (a practice game).
    #[arg(long)]
    deck: Option<PathBuf>,
    /// Who plays first.
    #[arg(long)]
    first: Option<String>,
    /// Animal types to remove, e.g. "penguin hippo".
    #[arg(long)]
    removed: Option<String>,
    /// The database: a postgres:// or sqlite:// URL, or a file path (default: DATABASE_URL).
    #[arg(long, value_parser = NonEmptyStringValueParser::new())]
    db: Option<String>,
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

fn main() -> anyhow::Result<ExitCode> {
    let cli = Cli::parse();
    let config = Config::from_process()?;
    let serving = match cli.command {
        Some(Cmd::Serve { .. }) => true,
        None => config.serves(),
        Some(_) => false,
    };
    let filter = tracing_subscriber::EnvFilter::try_new(config.log_filter(serving))
        .context("cannot read the log filter")?;
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
    let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
    runtime.block_on(async_main(cli, config))
}

async fn async_main(cli: Cli, config: Config) -> anyhow::Result<ExitCode> {
    match cli.command {
        Some(Cmd::Play(args)) => play(args, &config, false).await?,
        Some(Cmd::Web(args)) => play(args, &config, true).await?,
        Some(Cmd::Serve {
            shards,
            shard_total,
        }) => {
            let mut config = config;
            if shard_total.is_some() {
                config.shards =
                    app::config::shard_range(shards.as_deref(), shard_total.as_deref())?;
            }
            app::serve(&config).await?
        }
        None if config.serves() => app::serve(&config).await?,
        Some(Cmd::Gallery { out }) => {
            for path in tools::gallery(&out)? {
                println!("{}", path.display());
            }
        }
        Some(Cmd::Export { db, game, channel }) => {
            let bytes = tools::export(&config, db, game, channel.as_deref()).await?;
            std::io::stdout().write_all(&bytes)?;
        }
        Some(Cmd::Backup { db, to }) => println!("{}", tools::backup(&config, db, &to).await?),
        Some(Cmd::CopyStore { from, to }) => {
            for line in tools::copy_store(&from, &to).await? {
                println!("{line}");
            }
        }
        Some(Cmd::Config) => {
            let mut out = std::io::stdout().lock();
            for line in config.shown() {
                writeln!(out, "{line}")?;
            }
        }
        Some(Cmd::Health { db, serving }) => {
            return Ok(match tools::health(&config, db, serving).await {
                Ok(said) => {
                    println!("healthy: {said}");
                    ExitCode::SUCCESS
                }
                Err(why) => {
                    eprintln!("unhealthy: {why}");
                    ExitCode::FAILURE
                }
            });
        }
        None => {
            eprintln!(
                "No DISCORD_TOKEN is configured, so this is a local game in the terminal.\n\
                 To run the Discord bot, put DISCORD_TOKEN=... in .env (see .env.example and README.md).\n"
            );
            play(
                PlayArgs {
                    channel: "local".into(),
                    ..PlayArgs::default()
                },
                &config,
                false,
            )
            .await?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Plays in the terminal (with the web pages for `web`).
async fn play(args: PlayArgs, config: &Config, web: bool) -> anyhow::Result<()> {
    let local = Local {
        db: args.db,
        lang: args.lang,
        web,
    };
    let opts = PlayOptions {
        players: args.players,
        seed: args.seed,
        deck: args.deck,
        first: args.first,
        removed: args.removed,
        images: args.images,
        script: args.script,
        json: args.json,
        channel: args.channel,
        ..PlayOptions::default()
    };
    app::play::play(config, local, opts).await
}
