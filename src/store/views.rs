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
    let done = sqlx::query(
        "UPDATE channel_views SET everyone = $1, denied_some = $2, public = $3, updated_at = $4 \
         WHERE channel = $5 OR (parent = $5 AND private_thread = 0)",
    )
    .bind(everyone_word(view.everyone))
    .bind(i64::from(view.denied_some))
    .bind(i64::from(public && !view.private_thread))
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
