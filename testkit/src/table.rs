//! A table on the fake Discord: the real bot (poise on serenity) connected to
//! [`fake_discord`], over a real referee and a test store
//! ([`db::test_url`]: a temporary SQLite file, or a PostgreSQL database in a
//! test run on both). Shared by the tests of Discord, of the languages and
//! of the web (each binary's `support.rs` declares it beside `db` and
//! `fake_discord`), and by the benchmarks that drive the bot.

use crate::db;
use crate::fake_discord;
use aquaretto_bot::app::{self, Serving};
use aquaretto_bot::clock::ManualClock;
use aquaretto_bot::discord::ShardRange;
use aquaretto_bot::discord::{self, DiscordConfig};
use aquaretto_bot::engine::{Action, Event, Game, Post, Seat};
use aquaretto_bot::referee::{to_action, Loaded, Painter, Referee};
use aquaretto_bot::store::Store;
use aquaretto_bot::view::controls::{self, Control, ControlId, Resolution};
use fake_discord::{self as fd, FakeDiscord, RecordedRequest, APP_ID};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;
use tempfile::TempDir;

/// The tests' server and its text channel: the fake knows them from the
/// start.
pub const GUILD: u64 = fake_discord::DEFAULT_GUILD;
pub const CHANNEL: u64 = fake_discord::DEFAULT_CHANNEL;

/// A Discord user of the tests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct User {
    pub id: u64,
    pub name: &'static str,
}

pub const ALICE: User = User {
    id: 2_000_000_000_000_000_003,
    name: "alice",
};
pub const BOB: User = User {
    id: 2_000_000_000_000_000_004,
    name: "bob",
};
pub const CAROL: User = User {
    id: 2_000_000_000_000_000_005,
    name: "carol",
};
pub const DAVE: User = User {
    id: 2_000_000_000_000_000_006,
    name: "dave",
};
pub const ERIN: User = User {
    id: 2_000_000_000_000_000_007,
    name: "erin",
};
pub const USERS: [User; 5] = [ALICE, BOB, CAROL, DAVE, ERIN];

/// MANAGE_CHANNELS, as a permission bit.
pub const MANAGE_CHANNELS: u64 = 1 << 4;

/// A valid 4x4 PNG.
pub fn tiny_png() -> Vec<u8> {
    use image::ImageEncoder as _;
    let img = image::RgbImage::new(4, 4);
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(img.as_raw(), 4, 4, image::ExtendedColorType::Rgb8)
        .expect("a 4x4 PNG encodes");
    out
}

/// A painter that draws nothing but a tiny valid PNG: the tests check the
/// transport of pictures, not the pictures.
pub struct TinyPainter(pub Vec<u8>);

impl TinyPainter {
    pub fn boxed() -> Box<dyn Painter> {
        Box::new(TinyPainter(tiny_png()))
    }
}

impl Painter for TinyPainter {
    fn table(&self, _game: &Game, _events: &[Event]) -> anyhow::Result<Vec<u8>> {
        Ok(self.0.clone())
    }
    fn zoo(
        &self,
        _game: &Game,
        _seat: Seat,
        _lang: &aquaretto_bot::lang::Lang,
    ) -> anyhow::Result<Vec<u8>> {
        Ok(self.0.clone())
    }
    fn standings(
        &self,
        _card: &aquaretto_bot::view::standings::StandingsCard,
        _lang: &aquaretto_bot::lang::Lang,
    ) -> anyhow::Result<Vec<u8>> {
        Ok(self.0.clone())
    }
}

/// The bot's answer to one command interaction.
#[derive(Debug, Clone)]
pub struct Answer {
    /// The deferral (callback type 5), when the bot deferred.
    pub deferred: Option<RecordedRequest>,
    /// The message: the callback (type 4), or the follow-up after a deferral.
    pub message: RecordedRequest,
    /// Whether a public placeholder was deleted before a private follow-up.
    pub deleted_placeholder: bool,
    /// The messages the answer created, as the fake stores them (with ids
    /// and components), first first.
    pub created: Vec<Value>,
    /// Who those messages notified.
    pub notified: Vec<fd::Notification>,
}

impl Answer {
    /// The message body: `content`, `flags`, `allowed_mentions`, `attachments`.
    pub fn data(&self) -> &Value {
        if self.deferred.is_some() {
            self.message.body()
        } else {
            &self.message.body()["data"]
        }
    }
    pub fn content(&self) -> &str {
        self.data()["content"].as_str().unwrap_or_default()
    }
    /// Ephemeral: flag 64 on the message; an edit of the first answer (a
    /// refusal replacing the private note, a look replacing its deferral)
    /// keeps the first answer's flags, as on Discord.
    pub fn is_private(&self) -> bool {
        let flags = |v: &Value| v["flags"].as_u64().unwrap_or(0) & 64 != 0;
        match &self.deferred {
            Some(first) if self.message.method == "PATCH" || first.body()["type"] == 5 => {
                flags(&first.body()["data"])
            }
            _ => flags(self.data()),
        }
    }
    /// The GIF attached, if any.
    pub fn gif(&self) -> Option<&fd::RecordedFile> {
        (self.message.files.iter())
            .find(|f| f.filename.as_deref().is_some_and(|n| n.ends_with(".gif")))
    }
    pub fn pngs(&self) -> Vec<&fd::RecordedFile> {
        self.message
            .files
            .iter()
            .filter(|f| f.content_type.as_deref() == Some("image/png"))
            .collect()
    }
}

/// The binary's painter: the real renderer.
pub fn render_painter() -> Box<dyn Painter> {
    Box::new(aquaretto_bot::app::painter::RenderPainter)
}

/// The channel's table: the fake, the referee, the running bot.
pub struct Table {
    pub fake: FakeDiscord,
    pub referee: Arc<Referee>,
    pub bot: Option<Serving>,
    /// The `/aq` command as the bot registered it.
    pub registered: Value,
    /// Every command the bot registered in the server: `/aq` first, then
    /// those beside it (`/tournament`).
    pub registrations: Vec<Value>,
    pub defer_after: Duration,
    /// How long the bot's calls to Discord may take (the binary's default
    /// unless a test shortens it and restarts the bot).
    pub http_timeout: Duration,
    /// How long an interaction's token takes follow-ups, as the bot counts
    /// it (Discord's 15 minutes unless a test shortens it and restarts the
    /// bot).
    pub token_lifetime: Duration,
    painter: fn() -> Box<dyn Painter>,
    /// The clock the referee reads; the tests move it.
    pub clock: ManualClock,
    pub db: String,
    /// The shards the bot runs (`None`: as many as the fake recommends).
    pub shards: Option<ShardRange>,
    /// Each user's Discord client language (`en-US` unless set), sent as
    /// the `locale` of their interactions, and the server's.
    locales: std::sync::Mutex<(std::collections::HashMap<u64, String>, String)>,
    /// Whether the bot serves the web pages (on a port of its choosing):
    /// set it, then restart the bot.
    pub web: bool,
    /// How much the web pages let in (this process's file limit's bounds
    /// unless a test narrows them and restarts the bot).
    pub web_bounds: aquaretto_bot::web::Bounds,
    /// The application's client secret is configured: the table opens
    /// inside Discord (an Activity), and the entry point command is
    /// registered. Set it, then restart the bot.
    pub activity: bool,
    _dir: TempDir,
}

/// Where the tests' clock starts: 2026-11-23 00:00 UTC.
pub const EPOCH: i64 = 1_795_392_000_000;

impl Table {
    /// A fresh database and fake, and the bot running on them.
    pub async fn open(defer_after: Duration, painter: fn() -> Box<dyn Painter>) -> Table {
        Table::open_with(FakeDiscord::start().await, defer_after, painter).await
    }

    /// [`Table::open`] on a fake started elsewhere.
    pub async fn open_with(
        fake: FakeDiscord,
        defer_after: Duration,
        painter: fn() -> Box<dyn Painter>,
    ) -> Table {
        let dir = tempfile::tempdir().expect("temp dir");
        let db = db::test_url(dir.path()).await;
        Table::open_on(fake, dir, db, None, defer_after, painter).await
    }

    /// [`Table::open`] on the database `db` (in `dir` or not), the bot
    /// running `shards` only (`None`: as many as the fake recommends).
    pub async fn open_on(
        fake: FakeDiscord,
        dir: TempDir,
        db: String,
        shards: Option<ShardRange>,
        defer_after: Duration,
        painter: fn() -> Box<dyn Painter>,
    ) -> Table {
        // WARNs (a dispatch serenity cannot read, a failed answer) show in the test output.
        let _ = tracing_subscriber::fmt()
            .with_max_level(tracing::Level::WARN)
            .with_test_writer()
            .try_init();
        let clock = ManualClock::new(EPOCH);
        let referee = Arc::new(referee(&db, painter, &clock).await);
        let mut table = Table {
            fake,
            referee,
            bot: None,
            registered: Value::Null,
            registrations: Vec::new(),
            defer_after,
            http_timeout: aquaretto_bot::discord::DEFAULT_HTTP_TIMEOUT,
            token_lifetime: aquaretto_bot::discord::timing::TOKEN_LIFETIME,
            painter,
            clock,
            db,
            shards,
            locales: Default::default(),
            web: false,
            web_bounds: aquaretto_bot::web::Bounds::default(),
            activity: false,
            _dir: dir,
        };
        table.start_bot().await;
        table
    }

    pub fn config(&self) -> DiscordConfig {
        let mut config = DiscordConfig::new("fake-token");
        config.guild_id = Some(GUILD);
        // Discord itself, as far as the bot can tell: discord.com over
        // HTTPS, serenity's rate limiter on.
        config.discord_at = Some((self.fake.tls_addr(), self.fake.ca_pem()));
        config.defer_after = self.defer_after;
        config.http_timeout = self.http_timeout;
        config.token_lifetime = self.token_lifetime;
        // A registration Discord refused is tried again soon.
        config.register_retry = Duration::from_millis(200);
        config.shards = self.shards;
        if self.activity {
            config.client_secret = Some(fake_discord::CLIENT_SECRET.to_string());
        }
        config
    }

    /// The web pages the bot serves when [`Table::web`] is set: on a port
    /// of its choosing, the address bound as their address.
    pub fn web_config(&self) -> Option<aquaretto_bot::web::WebConfig> {
        self.web.then(|| aquaretto_bot::web::WebConfig {
            bounds: self.web_bounds.clone(),
            ..aquaretto_bot::web::WebConfig::new(([127, 0, 0, 1], 0).into(), String::new())
        })
    }

    /// [`Table::open`] with the bot serving its web pages.
    pub async fn open_web(painter: fn() -> Box<dyn Painter>) -> Table {
        let mut t = Table::open(Duration::from_millis(1500), painter).await;
        t.web = true;
        t.stop_bot().await;
        t.start_bot().await;
        t
    }

    /// [`Table::open_web`] with the table inside Discord too (the
    /// application's client secret configured).
    pub async fn open_activity(painter: fn() -> Box<dyn Painter>) -> Table {
        let mut t = Table::open(Duration::from_millis(1500), painter).await;
        t.web = true;
        t.activity = true;
        t.stop_bot().await;
        t.start_bot().await;
        t
    }

    /// Where the running bot serves its web pages.
    pub fn web_base(&self) -> String {
        let addr = self
            .bot
            .as_ref()
            .and_then(|b| b.web_addr())
            .expect("the bot serves its web pages");
        format!("http://{addr}")
    }

    /// Another bot process on the same database and fake: a referee of its
    /// own (its own connections, its own scheduler) on the same clock,
    /// running `shards`; returned once its commands are registered.
    pub async fn another_process(&self, shards: ShardRange) -> (Arc<Referee>, Serving) {
        let referee = Arc::new(referee(&self.db, self.painter, &self.clock).await);
        let mut config = self.config();
        config.shards = Some(shards);
        let mut bot = app::start(config, self.web_config(), referee.clone())
            .await
            .expect("the other process starts");
        tokio::time::timeout(Duration::from_secs(30), bot.ready())
            .await
            .expect("the other process is ready within 30 s")
            .expect("the other process registers its commands");
        (referee, bot)
    }

    /// Starts the bot and waits until its commands are registered.
    pub async fn start_bot(&mut self) {
        assert!(self.bot.is_none(), "the bot is already running");
        let mut bot = app::start(self.config(), self.web_config(), self.referee.clone())
            .await
            .expect("the bot starts");
        tokio::time::timeout(Duration::from_secs(20), bot.ready())
            .await
            .expect("the bot is ready within 20 s")
            .expect("the bot registers its commands");
        let path = format!("/applications/{APP_ID}/guilds/{GUILD}/commands");
        let put = self
            .fake
            .next_request(|r| r.is("PUT", &path))
            .await
            .expect("the commands are registered in the guild");
        self.registered = put.body()[0].clone();
        self.registrations = put.body().as_array().cloned().unwrap_or_default();
        self.bot = Some(bot);
    }

    /// Stops the bot: shard manager down, client ended.
    pub async fn stop_bot(&mut self) {
        if let Some(bot) = self.bot.take() {
            bot.stop().await.expect("the bot stops cleanly");
        }
    }

    /// A restart: the bot stops, and a new bot with a new referee starts on
    /// the same database and fake, as after a process restart.
    pub async fn restart(&mut self) {
        self.stop_bot().await;
        self.referee = Arc::new(referee(&self.db, self.painter, &self.clock).await);
        self.start_bot().await;
    }

    /// Sets `who`'s Discord client language (`ja`, `de`, `en-US`...).
    pub fn set_locale(&self, who: User, locale: &str) {
        if let Ok(mut l) = self.locales.lock() {
            l.0.insert(who.id, locale.to_string());
        }
    }

    /// Sets the server's language (`guild_locale`).
    pub fn set_guild_locale(&self, locale: &str) {
        if let Ok(mut l) = self.locales.lock() {
            l.1 = locale.to_string();
        }
    }

    /// `interaction` from `who`, carrying their locale and the server's,
    /// created now on the fake's clock (which `fake.advance` moves).
    pub fn localized(&self, who: User, mut interaction: Value) -> Value {
        self.fake.created_ago(&mut interaction, Duration::ZERO);
        if let Ok(l) = self.locales.lock() {
            if let Some(locale) = l.0.get(&who.id) {
                interaction["locale"] = json!(locale);
            }
            if !l.1.is_empty() && interaction.get("guild_locale").is_some() {
                interaction["guild_locale"] = json!(l.1);
            }
        }
        interaction
    }

    /// A slash command interaction from `who` in the guild channel.
    pub fn interaction(&self, who: User, sub: &str, options: &[(&str, Value)]) -> Value {
        self.localized(
            who,
            fd::command_interaction(
                who.id,
                who.name,
                CHANNEL,
                Some(GUILD),
                "aq",
                Some(sub),
                options,
            ),
        )
    }

    /// Injects the interaction and waits for the bot's whole answer.
    pub async fn send(&self, interaction: &Value) -> Answer {
        let parsed: Result<serenity::all::Interaction, _> =
            serde_json::from_value(interaction.clone());
        assert!(
            parsed.is_ok(),
            "fixture does not deserialize: {parsed:?}\n{interaction:#}"
        );
        self.fake
            .send_interaction(interaction)
            .expect("the gateway is connected");
        let callback = self
            .fake
            .next_request(|r| r.is_callback_for(interaction))
            .await
            .expect("the bot answers the interaction");
        assert!(
            callback.status < 300,
            "callback refused: {:?} {:#}",
            callback.status,
            callback.body()
        );
        let deferred = callback.body()["type"] == 5;
        let note = callback.body()["type"] == 4
            && aquaretto_bot::lang::Lang::all()
                .iter()
                .any(|l| callback.body()["data"]["content"] == discord::message::working(l));
        if !deferred && !note {
            let answer = Answer {
                deferred: None,
                message: callback,
                deleted_placeholder: false,
                created: self.fake.messages_of(interaction),
                notified: self.fake.notified_by(interaction),
            };
            self.settle(&answer).await;
            return answer;
        }
        // After a deferral, the follow-up that replaces its placeholder;
        // after the private note, the public follow-up or the refusal that
        // replaces the note.
        let token = interaction["token"].as_str().expect("token");
        let hook = format!("/webhooks/{APP_ID}/{token}");
        let original = format!("{hook}/messages/@original");
        let message = self
            .fake
            .next_request(|r| r.is("POST", &hook) || r.is("PATCH", &original))
            .await
            .expect("the bot follows up its first answer");
        let answer = Answer {
            deferred: Some(callback),
            message,
            deleted_placeholder: false,
            created: self.fake.messages_of(interaction),
            notified: self.fake.notified_by(interaction),
        };
        self.settle(&answer).await;
        answer
    }

    /// After a public message with a table (with controls, or the last of a
    /// game), the bot remembers it as the
    /// game's table message (and takes the controls off the one before)
    /// once the answer is sent: waits until it has, so that the next step of
    /// a test sees a settled database.
    pub async fn settle(&self, answer: &Answer) {
        if answer.is_private() {
            return;
        }
        // The message with the table: after a deferral, the follow-up, not
        // the placeholder before it.
        let shows_table = |m: &&Value| {
            // A game's controls (not a tournament's sign-up buttons, which
            // belong to no game).
            let has_controls = (m["components"].as_array().into_iter().flatten())
                .flat_map(|row| row["components"].as_array().into_iter().flatten())
                .any(|c| {
                    // A link button has no id; a sign-up button's id is no game's.
                    let id = c["custom_id"].as_str();
                    id.and_then(aquaretto_bot::view::controls::ControlId::decode)
                        .is_none_or(|c| {
                            !matches!(
                                c.control,
                                aquaretto_bot::view::controls::Control::SignUp
                                    | aquaretto_bot::view::controls::Control::Withdraw
                            )
                        })
                });
            // The last table of a game has no controls but is remembered too.
            let has_table = m["attachments"].as_array().is_some_and(|a| {
                a.iter()
                    .any(|f| f["filename"].as_str().is_some_and(|n| n.ends_with(".png")))
            });
            has_controls || has_table
        };
        let Some(first) = answer.created.iter().rev().find(shows_table) else {
            return;
        };
        let id = first["id"].as_str().unwrap_or_default();
        let channel = first["channel_id"].as_str().unwrap_or_default();
        let want = format!("{channel}/{id}");
        let pool = self.referee.store().pool();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let stored: Vec<Option<String>> = sqlx::query_scalar("SELECT table_message FROM games")
                .fetch_all(pool)
                .await
                .expect("games");
            if stored.iter().any(|m| m.as_deref() == Some(want.as_str())) {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the bot never remembered its table message {want}"
            );
            tokio::task::yield_now().await;
        }
    }

    /// `who` presses `custom_id` on `message` (choosing `values` in a menu).
    pub async fn press(
        &self,
        who: User,
        message: &Value,
        custom_id: &str,
        values: Option<&[String]>,
    ) -> Answer {
        let interaction = self.localized(
            who,
            fd::component_interaction(
                who.id,
                who.name,
                CHANNEL,
                Some(GUILD),
                message,
                custom_id,
                values,
            ),
        );
        self.send(&interaction).await
    }

    /// A slash command interaction from `who` in their DM with the bot
    /// (the fake then knows that channel as their DM channel).
    pub fn dm_interaction(&self, who: User, sub: &str, options: &[(&str, Value)]) -> Value {
        self.localized(
            who,
            fd::command_interaction(
                who.id,
                who.name,
                fd::dm_channel(who.id),
                None,
                "aq",
                Some(sub),
                options,
            ),
        )
    }

    /// A slash command interaction from `who` in another channel of the guild.
    pub fn interaction_in(
        &self,
        channel: u64,
        who: User,
        sub: &str,
        options: &[(&str, Value)],
    ) -> Value {
        self.interaction_in_server(GUILD, channel, who, sub, options)
    }

    /// A slash command interaction from `who` in `channel` of another
    /// server, `guild`.
    pub fn interaction_in_server(
        &self,
        guild: u64,
        channel: u64,
        who: User,
        sub: &str,
        options: &[(&str, Value)],
    ) -> Value {
        self.localized(
            who,
            fd::command_interaction(
                who.id,
                who.name,
                channel,
                Some(guild),
                "aq",
                Some(sub),
                options,
            ),
        )
    }

    /// Moves the clock forward and waits until the scheduler has handled
    /// everything due by then (queued reminders, handed out letters), without
    /// sleeping.
    pub async fn advance(&self, by: Duration) {
        self.advance_within(by, Duration::from_secs(10)).await;
    }

    /// [`Table::advance`], waiting up to `within` for the scheduler (a
    /// soak's hundreds of letters at once go at Discord's 50 a second).
    pub async fn advance_within(&self, by: Duration, within: Duration) {
        let mut checked = self.referee.checked();
        let passes = checked.borrow().1;
        self.clock.advance(by);
        let target = aquaretto_bot::clock::Clock::now(&self.clock);
        // Nothing may be due, and then the scheduler sleeps on: look anyway.
        self.referee.wake().notify_one();
        // A pass after this call, with nothing left in flight.
        tokio::time::timeout(
            within,
            checked.wait_for(|(t, n)| *t >= target && *n > passes),
        )
        .await
        .expect("the scheduler catches up in time")
        .expect("the scheduler is running");
    }

    /// Why the running game of `channel` waits for its channel
    /// (`removed`, `deleted`, `unreachable`), if it does.
    pub async fn paused(&self, channel: u64) -> Option<String> {
        sqlx::query_scalar::<_, Option<String>>(
            "SELECT paused FROM games WHERE channel = $1 AND status = 'running'",
        )
        .bind(channel.to_string())
        .fetch_optional(self.referee.store().pool())
        .await
        .expect("games")
        .flatten()
    }

    /// Waits (up to 10 s) until the running game of `channel` waits for
    /// its channel for `why`, or (with `None`) goes on.
    pub async fn wait_paused(&self, channel: u64, why: Option<&str>) {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        loop {
            let paused = self.paused(channel).await;
            if paused.as_deref() == why {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the game of {channel} is paused {paused:?}, not {why:?}"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// `who` gives `/aq sub options...`.
    pub async fn say(&self, who: User, sub: &str, options: &[(&str, Value)]) -> Answer {
        self.send(&self.interaction(who, sub, options)).await
    }

    /// Asks for autocomplete; returns (name, value) of each choice offered.
    pub async fn autocomplete(
        &self,
        who: User,
        sub: &str,
        options: &[(&str, Value)],
        focused: (&str, &str),
        focused_kind: u8,
    ) -> Vec<(String, Value)> {
        let interaction = self.localized(
            who,
            fd::autocomplete_interaction_typed(
                who.id,
                who.name,
                CHANNEL,
                Some(GUILD),
                "aq",
                Some(sub),
                options,
                focused,
                focused_kind,
            ),
        );
        let parsed: Result<serenity::all::Interaction, _> =
            serde_json::from_value(interaction.clone());
        assert!(parsed.is_ok(), "fixture does not deserialize: {parsed:?}");
        self.fake
            .send_interaction(&interaction)
            .expect("the gateway is connected");
        let callback = self
            .fake
            .next_request(|r| r.is_callback_for(&interaction))
            .await
            .expect("the bot answers the autocomplete");
        assert_eq!(callback.body()["type"], 8, "{:#}", callback.body());
        callback.body()["data"]["choices"]
            .as_array()
            .expect("choices")
            .iter()
            .map(|c| {
                (
                    c["name"].as_str().expect("name").to_string(),
                    c["value"].clone(),
                )
            })
            .collect()
    }

    /// Plays the channel's game to its end with random legal moves (a
    /// stream seeded with `seed`), each as its seated person asks it
    /// through the referee; `before` is called with the seat about to move
    /// (to move the clock, to count).
    pub async fn play_to_the_end(
        &self,
        seed: u64,
        mut before: impl FnMut(&aquaretto_bot::store::SeatRow),
    ) {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let channel = CHANNEL.to_string();
        while let Some(loaded) = self.referee.open_game(&channel).await.expect("database") {
            let loaded = loaded.expect("not damaged");
            let game = loaded.game().cloned().expect("started");
            let Some(seat) = game.to_act() else { break };
            let who = loaded.seats()[seat].clone();
            before(&who);
            let action = aquaretto_bot::engine::playout::random_action(&game, seat, &mut rng)
                .expect("a legal move");
            let reply = self
                .referee
                .handle(aquaretto_bot::referee::Request {
                    channel: channel.clone(),
                    guild: Some(GUILD.to_string()),
                    actor: aquaretto_bot::referee::Actor {
                        id: who.user_id.clone(),
                        name: who.name.clone(),
                        manages_channel: false,
                    },
                    command: aquaretto_bot::command::Command::from_action(&action, &loaded.names()),
                    via: Default::default(),
                })
                .await;
            assert!(reply.accepted, "{}", reply.text());
        }
    }

    /// The channel's open game.
    pub async fn loaded(&self) -> Option<Loaded> {
        self.loaded_in(CHANNEL).await
    }

    /// The open game of `channel`.
    pub async fn loaded_in(&self, channel: u64) -> Option<Loaded> {
        self.referee
            .open_game(&channel.to_string())
            .await
            .expect("database")
            .map(|l| l.expect("the game is not damaged"))
    }

    /// The user in a seat.
    pub fn user_of(loaded: &Loaded, seat: Seat) -> User {
        let id: u64 = loaded.seats()[seat].user_id.parse().expect("a Discord id");
        USERS
            .into_iter()
            .find(|u| u.id == id)
            .expect("a known user")
    }

    /// The registered value of a fixed choice, e.g. ("hire", "as", "trainer"),
    /// found by the command word its label begins with.
    pub fn choice_value(&self, sub: &str, option: &str, name: &str) -> Value {
        let sub = subcommand(&self.registered, sub);
        let option = sub["options"]
            .as_array()
            .and_then(|o| o.iter().find(|o| o["name"] == option))
            .expect("option registered");
        option["choices"]
            .as_array()
            .and_then(|c| {
                // A label keeps the command word first: `fast (1d, ...)`.
                c.iter()
                    .find(|c| c["name"].as_str().and_then(|l| l.split(' ').next()) == Some(name))
            })
            .map(|c| c["value"].clone())
            .expect("choice registered")
    }

    /// The subcommand and options that ask for an engine action.
    pub fn options_for(
        &self,
        action: &Action,
        loaded: &Loaded,
    ) -> (&'static str, Vec<(&'static str, Value)>) {
        let post = |p: &Post| match p {
            Post::Trainer(c) => json!(c.to_string()),
            other => json!(other.role().word()),
        };
        match action {
            Action::Draw { truck } => ("draw", vec![("truck", json!(truck))]),
            Action::Take { truck } => ("take", vec![("truck", json!(truck))]),
            Action::Place { tile, at } => {
                let mut options = vec![("at", json!(at.to_string()))];
                if let Some(t) = tile {
                    options.push(("tile", json!(t)));
                }
                ("place", options)
            }
            Action::Hire { role, at } => {
                let mut options = vec![("as", self.choice_value("hire", "as", role.word()))];
                if let Some(c) = at {
                    options.push(("at", json!(c.to_string())));
                }
                ("hire", options)
            }
            Action::MoveDepotTile { to } => (
                "move",
                vec![("from", json!("depot")), ("to", json!(to.to_string()))],
            ),
            Action::MoveCoworker { from, to } => {
                ("move", vec![("from", post(from)), ("to", post(to))])
            }
            Action::Buy { from, at } => {
                let seller = &loaded.seats()[*from];
                let id: u64 = seller.user_id.parse().expect("a Discord id");
                (
                    "buy",
                    vec![
                        ("from", fd::user_option(id, &seller.name)),
                        ("at", json!(at.to_string())),
                    ],
                )
            }
            Action::Discard => ("discard", vec![]),
            Action::Expand { size, cells } => {
                let cells: Vec<String> = cells.iter().map(ToString::to_string).collect();
                (
                    "expand",
                    vec![
                        ("size", self.choice_value("expand", "size", size.word())),
                        ("cells", json!(cells.join(" "))),
                    ],
                )
            }
        }
    }

    /// Opens a game (alice first, fixed seed) with alice and bob, and starts it.
    pub async fn start_two_player_game(&self, seed: u64) -> Answer {
        let opened = self
            .say(
                ALICE,
                "new",
                &[
                    ("seed", json!(seed)),
                    ("first", fd::user_option(ALICE.id, ALICE.name)),
                ],
            )
            .await;
        assert!(!opened.is_private(), "new: {}", opened.content());
        let joined = self.say(BOB, "join", &[]).await;
        assert!(!joined.is_private(), "join: {}", joined.content());
        let started = self.say(ALICE, "start", &[]).await;
        assert!(!started.is_private(), "start: {}", started.content());
        started
    }

    /// Every row of every table, as text: byte-for-byte comparisons.
    pub async fn rows(&self) -> Vec<String> {
        db::all_rows(self.referee.store().pool()).await
    }
}

/// Every link button under a message: (label, address).
pub fn link_buttons(message: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for row in message["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            if c["style"] == 5 {
                out.push((
                    c["label"].as_str().unwrap_or_default().to_string(),
                    c["url"].as_str().unwrap_or_default().to_string(),
                ));
            }
        }
    }
    out
}

/// The address of the link button labelled `label` under a message.
pub fn link(message: &Value, label: &str) -> String {
    link_buttons(message)
        .into_iter()
        .find(|(l, _)| l == label)
        .map(|(_, url)| url)
        .unwrap_or_else(|| panic!("no link '{label}' under {message}"))
}

/// Each press a message offers: (custom id, values chosen; `None` for a button).
pub fn presses(message: &Value) -> Vec<(String, Option<Vec<String>>)> {
    let mut out = Vec::new();
    for row in message["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            let id = c["custom_id"].as_str().expect("custom id").to_string();
            match c["type"].as_u64() {
                Some(2) => out.push((id, None)),
                Some(3) => {
                    for o in c["options"].as_array().into_iter().flatten() {
                        let value = o["value"].as_str().expect("value").to_string();
                        out.push((id.clone(), Some(vec![value])));
                    }
                }
                other => panic!("unexpected component type {other:?}"),
            }
        }
    }
    out
}

pub fn has_controls(message: &Value) -> bool {
    message["components"]
        .as_array()
        .is_some_and(|c| !c.is_empty())
}

/// What a terminal control asks for, as the bot will read it at the press:
/// its id decoded and resolved against the stored game.
pub fn action_of(loaded: &Loaded, id: &str, values: &[String]) -> Option<Action> {
    let game = loaded.game()?;
    let seat = game.to_act()?;
    let cid = ControlId::decode(id).unwrap_or_else(|| panic!("{id} is not one of ours"));
    let names = loaded.table_names();
    let view = loaded.view(game, &names, None);
    match controls::resolve(&view, seat, cid.control, values) {
        Ok(Resolution::Command(command)) => {
            let action = to_action(&command, loaded).unwrap_or_else(|e| panic!("{id}: {e:?}"));
            Some(game.canonical(seat, &action))
        }
        Ok(Resolution::Panel { .. }) => None,
        Err(why) => panic!("{id} {values:?} is offered but refused: {why:?}"),
    }
}

/// The moves pressable straight on a message (buttons and menu options
/// that make a move, not those that open a menu): each with its control.
pub fn direct_moves(
    loaded: &Loaded,
    message: &Value,
) -> Vec<(Action, String, Option<Vec<String>>)> {
    presses(message)
        .into_iter()
        .filter(|(id, _)| {
            ControlId::decode(id).is_some_and(|c| c.control != Control::Undo && !c.control.looks())
        })
        .filter_map(|(id, values)| {
            let chosen = values.clone().unwrap_or_default();
            action_of(loaded, &id, &chosen).map(|a| (a, id, values))
        })
        .collect()
}

/// A registered subcommand by name, at the top level or in its group.
pub fn subcommand<'a>(registered: &'a Value, name: &str) -> &'a Value {
    let path = aquaretto_bot::command::discord_path(name);
    let mut node = registered;
    for part in path.split_whitespace() {
        node = node["options"]
            .as_array()
            .and_then(|s| s.iter().find(|s| s["name"] == part))
            .unwrap_or_else(|| panic!("subcommand {path} is registered"));
    }
    node
}

async fn referee(db: &str, painter: fn() -> Box<dyn Painter>, clock: &ManualClock) -> Referee {
    let store = Store::open(db).await.expect("the database opens");
    Referee::new(store)
        .with_painter(painter())
        .with_clock(Arc::new(clock.clone()))
}
