//! The `aquaretto-bot` binary: local play in the terminal by default, the
//! Discord bot when a token is configured, and tools (export, gallery).

use anyhow::Context as _;
use aquaretto_bot::local::{self, PlayOptions};
use aquaretto_bot::record::game_record;
use aquaretto_bot::referee::Referee;
use aquaretto_bot::store::Store;
use clap::{Parser, Subcommand};
use std::path::PathBuf;

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
    /// Play in the terminal: hot-seat, the same commands as on Discord.
    Play(PlayArgs),
    /// Print a game's record (JSON).
    Export {
        #[arg(long, env = "DATABASE_URL", default_value = "sqlite://aquaretto.db")]
        db: String,
        #[arg(long, conflicts_with = "channel")]
        game: Option<i64>,
        #[arg(long)]
        channel: Option<String>,
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
}

fn main() -> anyhow::Result<()> {
    // A missing .env is fine: every setting has a default.
    let _ = dotenvy::dotenv();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
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
        Some(Cmd::Export { db, game, channel }) => {
            let referee = Referee::new(Store::open(&db).await?);
            if game.is_none() && channel.is_none() {
                anyhow::bail!("say which game: --game ID or --channel ID");
            }
            match referee.find_game(game, channel.as_deref()).await? {
                Some(Ok(l)) => {
                    let record = game_record(&l.row, &l.seats, &l.moves, l.game.as_ref());
                    println!("{}", serde_json::to_string_pretty(&record)?);
                    Ok(())
                }
                Some(Err(damage)) => anyhow::bail!("the game is damaged: {damage}"),
                None => anyhow::bail!("no such game"),
            }
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

async fn play(args: PlayArgs) -> anyhow::Result<()> {
    let store = Store::open(&args.db).await?;
    let referee = Referee::new(store);
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
    };
    local::run(&referee, &opts).await
}
