//! People in rows: their direct-message alerts (and whether Discord lets
//! the bot write to them now), a notice owed to them, the language they
//! chose and the locale Discord last gave with their commands.

use crate::lang::{Lang, Text};
use crate::time_control::{Allowance, AwayRecord};
use sqlx::{AnyConnection, Row};

// ----- people -----

/// A person's choices: direct-message alerts, a notice owed to them, the
/// language they chose, and the locale Discord last gave with their commands.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Person {
    pub dm: bool,
    /// Discord said the bot shares no server with them (50278): their
    /// alerts wait until they use a command in a server again.
    pub dm_no_server: bool,
    pub notice: Option<Text>,
    /// Their own choice (`/aq language`), if any.
    pub lang: Option<Lang>,
    /// Their client's locale as last seen (`en-US`, `ja`), if any.
    pub locale: Option<String>,
    /// Until when (ms) they are away: no reminders, nudges or turn alerts.
    pub away_until: Option<i64>,
    /// A direct message when the player before them starts a turn.
    pub before: bool,
    /// Their time away as kept for the clocks' allowance.
    pub away: AwayRecord,
}

impl Person {
    /// Whether they are away at `now`.
    pub fn away_at(&self, now: i64) -> bool {
        self.away_until.is_some_and(|until| until > now)
    }
}

/// A stored notice: the JSON of a [`Text`], or (written before notices were
/// messages of the catalogue) verbatim text.
fn notice_text(stored: String) -> Text {
    serde_json::from_str(&stored).unwrap_or(Text::Raw(stored))
}

pub async fn person(conn: &mut AnyConnection, user: &str) -> anyhow::Result<Person> {
    let row = sqlx::query(
        "SELECT dm, dm_no_server, notice, lang, locale, away_until, notify_before, \
         away_since, away_year, away_used_ms FROM people WHERE user_id = $1",
    )
    .bind(user)
    .fetch_optional(conn)
    .await?;
    Ok(match row {
        Some(r) => Person {
            dm: r.try_get::<i64, _>("dm")? != 0,
            dm_no_server: r.try_get::<i64, _>("dm_no_server")? != 0,
            notice: r.try_get::<Option<String>, _>("notice")?.map(notice_text),
            lang: r
                .try_get::<Option<String>, _>("lang")?
                .as_deref()
                .and_then(Lang::find),
            locale: r.try_get("locale")?,
            away_until: r.try_get("away_until")?,
            before: r.try_get::<i64, _>("notify_before")? != 0,
            away: away_record(&r)?,
        },
        None => Person::default(),
    })
}

/// Sets (or, with `None`, forgets) the language a person chose.
pub async fn set_lang(
    conn: &mut AnyConnection,
    user: &str,
    lang: Option<&Lang>,
) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO people (user_id, lang) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang",
    )
    .bind(user)
    .bind(lang.map(Lang::code))
    .execute(conn)
    .await?;
    Ok(())
}

/// Remembers the locale Discord gave with a person's command.
pub async fn set_locale(conn: &mut AnyConnection, user: &str, locale: &str) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO people (user_id, locale) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
    )
    .bind(user)
    .bind(locale)
    .execute(conn)
    .await?;
    Ok(())
}

/// Turns direct-message alerts on or off; `notice` is told to them the next
/// time they use a command (`None` clears it).
pub async fn set_dm(
    conn: &mut AnyConnection,
    user: &str,
    on: bool,
    notice: Option<&Text>,
) -> anyhow::Result<()> {
    let notice = notice.map(serde_json::to_string).transpose()?;
    sqlx::query(
        "INSERT INTO people (user_id, dm, notice) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id) DO UPDATE SET dm = excluded.dm, notice = excluded.notice",
    )
    .bind(user)
    .bind(i64::from(on))
    .bind(notice)
    .execute(conn)
    .await?;
    Ok(())
}

/// Takes the notice owed to a person, if any. A person seen `in_server`
/// shares one with the bot again: alerts that waited for that go again.
pub async fn take_notice(
    conn: &mut AnyConnection,
    user: &str,
    in_server: bool,
) -> anyhow::Result<Option<Text>> {
    let row = sqlx::query(
        "SELECT notice, dm_no_server FROM people WHERE user_id = $1 \
         AND (notice IS NOT NULL OR dm_no_server <> 0)",
    )
    .bind(user)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let notice: Option<String> = row.try_get("notice")?;
    let back = in_server && row.try_get::<i64, _>("dm_no_server")? != 0;
    if notice.is_some() || back {
        let sql = if back {
            "UPDATE people SET notice = NULL, dm_no_server = 0 WHERE user_id = $1"
        } else {
            "UPDATE people SET notice = NULL WHERE user_id = $1"
        };
        sqlx::query(sql).bind(user).execute(conn).await?;
    }
    Ok(notice.map(notice_text))
}

/// Sets one of a person's number columns (a switch is 0 or 1), adding
/// their row if they have none yet.
async fn set_number(
    conn: &mut AnyConnection,
    user: &str,
    column: &'static str,
    value: Option<i64>,
) -> anyhow::Result<()> {
    sqlx::query(&format!(
        "INSERT INTO people (user_id, {column}) VALUES ($1, $2) \
         ON CONFLICT (user_id) DO UPDATE SET {column} = excluded.{column}"
    ))
    .bind(user)
    .bind(value)
    .execute(conn)
    .await?;
    Ok(())
}

/// Marks a person Discord will not let the bot write to for now because
/// they share no server with it (or, with `false`, clears it).
pub async fn set_dm_no_server(
    conn: &mut AnyConnection,
    user: &str,
    no_server: bool,
) -> anyhow::Result<()> {
    set_number(conn, user, "dm_no_server", Some(i64::from(no_server))).await
}

/// A person's time away as kept, from a row with `away_since`,
/// `away_until`, `away_year` and `away_used_ms` (nulls, as a seat without a
/// person's row reads them: nothing).
pub(super) fn away_record(r: &sqlx::any::AnyRow) -> anyhow::Result<AwayRecord> {
    Ok(AwayRecord {
        since: r.try_get("away_since")?,
        until: r.try_get("away_until")?,
        spent: Allowance {
            year: r
                .try_get::<Option<i64>, _>("away_year")?
                .and_then(|y| i32::try_from(y).ok())
                .unwrap_or(0),
            used: r.try_get::<Option<i64>, _>("away_used_ms")?.unwrap_or(0),
        },
    })
}

/// Keeps a person's time away: the stretch (until when they are away, and
/// since when) and the allowance spent before it.
pub async fn set_away_record(
    conn: &mut AnyConnection,
    user: &str,
    away: &AwayRecord,
) -> anyhow::Result<()> {
    sqlx::query(
        "INSERT INTO people (user_id, away_since, away_until, away_year, away_used_ms) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id) DO UPDATE SET \
         away_since = excluded.away_since, away_until = excluded.away_until, \
         away_year = excluded.away_year, away_used_ms = excluded.away_used_ms",
    )
    .bind(user)
    .bind(away.since)
    .bind(away.until)
    .bind(i64::from(away.spent.year))
    .bind(away.spent.used)
    .execute(conn)
    .await?;
    Ok(())
}

/// Turns on or off a person's direct message when the player before them
/// starts a turn.
pub async fn set_notify_before(
    conn: &mut AnyConnection,
    user: &str,
    on: bool,
) -> anyhow::Result<()> {
    set_number(conn, user, "notify_before", Some(i64::from(on))).await
}
