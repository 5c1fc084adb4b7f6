//! Who may see the channels that hold games (`channel_views`): facts a
//! front end learned of each (for Discord: the channel's permission
//! overwrites, a thread's kind and parent), and whether every member of
//! its server can see it. A channel without a row is taken as hidden.

use sqlx::{AnyConnection, Row};

/// What is known of who may see a channel (or thread).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChannelView {
    pub channel: String,
    pub guild: String,
    /// A thread's channel.
    pub parent: Option<String>,
    /// A private thread: only its members see it.
    pub private_thread: bool,
    /// What the overwrite of the server's everyone-role says of viewing
    /// the channel (a thread's parent's): allowed, denied, or nothing.
    pub everyone: Option<bool>,
    /// Another overwrite denies viewing to some role or member.
    pub denied_some: bool,
}

impl ChannelView {
    /// Whether every member of the server can see the channel, given
    /// whether the server's everyone-role may view channels (`None`:
    /// unknown). Unknown is hidden; a private thread is never public.
    pub fn public(&self, everyone_sees: Option<bool>) -> bool {
        if self.private_thread || self.denied_some {
            return false;
        }
        match self.everyone {
            Some(allowed) => allowed,
            None => everyone_sees.unwrap_or(false),
        }
    }
}

fn everyone_word(everyone: Option<bool>) -> Option<&'static str> {
    everyone.map(|allowed| if allowed { "allow" } else { "deny" })
}

fn view_row(row: &sqlx::any::AnyRow) -> anyhow::Result<(ChannelView, bool)> {
    let everyone: Option<String> = row.try_get("everyone")?;
    Ok((
        ChannelView {
            channel: row.try_get("channel")?,
            guild: row.try_get("guild")?,
            parent: row.try_get("parent")?,
            private_thread: row.try_get::<i64, _>("private_thread")? != 0,
            everyone: everyone.as_deref().map(|w| w == "allow"),
            denied_some: row.try_get::<i64, _>("denied_some")? != 0,
        },
        row.try_get::<i64, _>("public")? != 0,
    ))
}

/// Records (or replaces) what is known of a channel.
pub async fn record_channel_view(
    conn: &mut AnyConnection,
    view: &ChannelView,
    public: bool,
    at: i64,
) -> anyhow::Result<()> {
    let was: Option<(String, i64)> =
        sqlx::query_as("SELECT guild, public FROM channel_views WHERE channel = $1")
            .bind(&view.channel)
            .fetch_optional(&mut *conn)
            .await?;
    let now = (view.guild.clone(), i64::from(public));
    if was.as_ref() != Some(&now) {
        if let Some((guild, 1)) = &was {
            shift_public_games(conn, guild, &view.channel, -1).await?;
        }
        if public {
            shift_public_games(conn, &view.guild, &view.channel, 1).await?;
        }
    }
    sqlx::query(
        "INSERT INTO channel_views (channel, guild, parent, private_thread, everyone, \
         denied_some, public, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
         ON CONFLICT (channel) DO UPDATE SET guild = excluded.guild, parent = excluded.parent, \
         private_thread = excluded.private_thread, everyone = excluded.everyone, \
         denied_some = excluded.denied_some, public = excluded.public, \
         updated_at = excluded.updated_at",
    )
    .bind(&view.channel)
    .bind(&view.guild)
    .bind(&view.parent)
    .bind(i64::from(view.private_thread))
    .bind(everyone_word(view.everyone))
    .bind(i64::from(view.denied_some))
    .bind(i64::from(public))
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Moves a channel's games (`sign` 1: in, -1: out) into or out of its
/// server's kept count of public games, as it turns public or private.
async fn shift_public_games(
    conn: &mut AnyConnection,
    guild: &str,
    channel: &str,
    sign: i64,
) -> anyhow::Result<()> {
    let games: Option<i64> =
        sqlx::query_scalar("SELECT games FROM channel_games WHERE channel = $1")
            .bind(channel)
            .fetch_optional(&mut *conn)
            .await?;
    add_public_games(conn, guild, sign * games.unwrap_or(0)).await
}

/// Adds `games` (fewer when negative) to a server's kept count of the
/// games of its public channels.
pub(super) async fn add_public_games(
    conn: &mut AnyConnection,
    guild: &str,
    games: i64,
) -> anyhow::Result<()> {
    if games == 0 {
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO public_games AS p (guild, games) VALUES ($1, $2) \
         ON CONFLICT (guild) DO UPDATE SET games = p.games + excluded.games",
    )
    .bind(guild)
    .bind(games)
    .execute(conn)
    .await?;
    Ok(())
}

/// A channel's overwrites changed (`view` its new facts): its own row and
/// those of its public threads (which a channel's members all see) take
/// them, with `public`. Rows of channels not recorded stay unrecorded.
/// Returns how many rows changed.
pub async fn update_channel_views(
    conn: &mut AnyConnection,
    view: &ChannelView,
    public: bool,
    at: i64,
) -> anyhow::Result<u64> {
    let now = i64::from(public && !view.private_thread);
    // The games of the rows that turn public or private, by server.
    let moved: Vec<(String, i64)> = sqlx::query_as(
        "SELECT v.guild, CAST(SUM(c.games * ($1 - v.public)) AS BIGINT) \
         FROM channel_views v JOIN channel_games c ON c.channel = v.channel \
         WHERE (v.channel = $2 OR (v.parent = $2 AND v.private_thread = 0)) AND v.public <> $3 \
         GROUP BY v.guild",
    )
    .bind(now)
    .bind(&view.channel)
    .bind(now)
    .fetch_all(&mut *conn)
    .await?;
    for (guild, games) in moved {
        add_public_games(conn, &guild, games).await?;
    }
    let done = sqlx::query(
        "UPDATE channel_views SET everyone = $1, denied_some = $2, public = $3, updated_at = $4 \
         WHERE channel = $5 OR (parent = $5 AND private_thread = 0)",
    )
    .bind(everyone_word(view.everyone))
    .bind(i64::from(view.denied_some))
    .bind(now)
    .bind(at)
    .bind(&view.channel)
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// The recorded channels of a server, each with whether it is public.
pub async fn channel_views_of(
    conn: &mut AnyConnection,
    guild: &str,
) -> anyhow::Result<Vec<(ChannelView, bool)>> {
    let rows = sqlx::query(
        "SELECT channel, guild, parent, private_thread, everyone, denied_some, public \
         FROM channel_views WHERE guild = $1 ORDER BY channel",
    )
    .bind(guild)
    .fetch_all(conn)
    .await?;
    rows.iter().map(view_row).collect()
}

/// Sets whether every member can see a recorded channel.
pub async fn set_channel_public(
    conn: &mut AnyConnection,
    channel: &str,
    public: bool,
    at: i64,
) -> anyhow::Result<()> {
    let was: Option<(String, i64)> =
        sqlx::query_as("SELECT guild, public FROM channel_views WHERE channel = $1")
            .bind(channel)
            .fetch_optional(&mut *conn)
            .await?;
    if let Some((guild, was)) = was {
        if was != i64::from(public) {
            shift_public_games(conn, &guild, channel, if public { 1 } else { -1 }).await?;
        }
    }
    sqlx::query("UPDATE channel_views SET public = $1, updated_at = $2 WHERE channel = $3")
        .bind(i64::from(public))
        .bind(at)
        .bind(channel)
        .execute(conn)
        .await?;
    Ok(())
}

/// Whether every member can see `channel`: `None` when nothing is known.
pub async fn channel_public(
    conn: &mut AnyConnection,
    channel: &str,
) -> anyhow::Result<Option<bool>> {
    let public: Option<i64> =
        sqlx::query_scalar("SELECT public FROM channel_views WHERE channel = $1")
            .bind(channel)
            .fetch_optional(conn)
            .await?;
    Ok(public.map(|p| p != 0))
}

/// The channels of a server that hold a game or are recorded.
pub async fn game_channels(conn: &mut AnyConnection, guild: &str) -> anyhow::Result<Vec<String>> {
    Ok(sqlx::query_scalar(
        "SELECT channel FROM games WHERE guild = $1 \
         UNION SELECT channel FROM channel_views WHERE guild = $1 ORDER BY 1",
    )
    .bind(guild)
    .fetch_all(conn)
    .await?)
}
