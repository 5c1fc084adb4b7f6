//! Who reads which language: a game's public messages speak the game's
//! language; what only the asker sees (a refusal, a private panel, help,
//! `mygames`) speaks the asker's. And `/aq language`, where a person chooses
//! theirs.
//!
//! The asker's language is their choice (`/aq language set:`), else their
//! client's locale when we speak it, else English. A game's language is set
//! when it is opened (its creator's language, else the server's when we
//! speak it, else English) and changed in its settings. Every reply gets its
//! language here, after the command is handled, so no command words its
//! reply in a language itself.

use super::{Referee, Reply, Request};
use crate::command::Command;
use crate::lang::{self, Lang, Names, Text};
use crate::store::{self, Person};
use std::borrow::Cow;

/// The word that forgets a person's choice: their client's language again.
pub const AUTO: &str = "auto";

impl Referee {
    /// Gives `reply` its language: the game's for a public message about a
    /// game, the asker's otherwise. Remembers the asker's locale with a
    /// command that changed something in public (and `/aq notify`,
    /// `/aq language` remember it in their own transaction), for the direct
    /// messages that answer no command.
    /// Failing to read a language costs nothing but the language: English.
    pub(super) async fn speak(
        &self,
        reply: &mut Reply,
        actor: &str,
        channel: &str,
        via: &super::Via,
    ) {
        match self.languages(reply, actor, channel, via).await {
            Ok(lang) => reply.lang = lang,
            Err(e) => tracing::warn!("cannot read the languages of a reply: {e:#}"),
        }
        match self.reply_names(reply, channel).await {
            Ok(names) => reply.words = names.in_text(std::mem::take(&mut reply.words)),
            Err(e) => tracing::warn!("cannot read the names of a reply's table: {e:#}"),
        }
    }

    /// How the table a reply speaks of names its players (its game's, else
    /// the channel's latest): the words name a computer player by its
    /// stored name, and its reader is to read the catalogue's name for it.
    async fn reply_names(&self, reply: &Reply, channel: &str) -> anyhow::Result<Names> {
        let mut conn = self.store.pool().acquire().await?;
        let seats = match reply.game_id {
            Some(id) => store::seats(&mut conn, id).await?,
            None => store::latest_seats(&mut conn, channel).await?,
        };
        Ok(super::table_names(&seats))
    }

    /// The language `user` reads when they ask: their choice, else their
    /// client's `locale` when we speak it, else English (what
    /// [`Referee::speak`] gives a private reply). For what is laid out in
    /// that language before a reply is said (the table in characters, whose
    /// columns are measured in its words; panels) and for what is read
    /// outside any reply (autocomplete's choices). Failing to read their
    /// choice costs nothing but the choice.
    pub async fn asker_lang(&self, user: &str, locale: Option<&str>) -> Lang {
        let locale = locale.filter(|l| !l.trim().is_empty());
        let person = match self.store.pool().acquire().await {
            Ok(mut conn) => store::person(&mut conn, user).await,
            Err(e) => Err(e.into()),
        };
        match person {
            Ok(person) => asker(&person, locale),
            Err(e) => {
                tracing::warn!("cannot read a person's language: {e:#}");
                locale.and_then(Lang::find).unwrap_or_default()
            }
        }
    }

    async fn languages(
        &self,
        reply: &Reply,
        actor: &str,
        channel: &str,
        via: &super::Via,
    ) -> anyhow::Result<Lang> {
        let mut conn = self.store.pool().acquire().await?;
        if !reply.private {
            let game = match reply.game_id {
                Some(id) => Some(store::game_lang(&mut conn, id).await?),
                None => store::latest_game(&mut conn, channel)
                    .await?
                    .map(|row| row.lang),
            };
            if let Some(lang) = game {
                return Ok(lang);
            }
        }
        let person = store::person(&mut conn, actor).await?;
        let locale = via.locale.as_deref().filter(|l| !l.trim().is_empty());
        if let Some(locale) = locale {
            // Only with a command that changed something: a look changes
            // nothing, not even this.
            let changed = reply.accepted && !reply.private;
            if changed && person.locale.as_deref() != Some(locale) {
                drop(conn);
                let mut tx = self.store.write_in(&format!("person {actor}")).await?;
                store::set_locale(&mut tx, actor, locale).await?;
                tx.commit().await?;
            }
        }
        Ok(asker(&person, locale))
    }

    /// The language a game opened by this request speaks: its creator's
    /// choice, else their locale, else the server's, when we speak them;
    /// else English.
    pub(super) async fn opening_lang(
        &self,
        conn: &mut sqlx::AnyConnection,
        req: &Request,
    ) -> anyhow::Result<Lang> {
        let person = store::person(conn, &req.actor.id).await?;
        Ok(person
            .lang
            .or_else(|| req.via.locale.as_deref().and_then(Lang::find))
            .or_else(|| req.via.guild_locale.as_deref().and_then(Lang::find))
            .unwrap_or_default())
    }

    /// `/aq language`: alone, the asker's language, where it comes from, and
    /// the choices; `set:<code>` chooses one, `set:auto` follows the client's
    /// language again. An unknown code is refused with the choices.
    pub(super) async fn language(&self, req: &Request) -> anyhow::Result<Reply> {
        let Command::Language { set } = &req.command else {
            return Ok(Reply::refused(Text::msg("language-not-this-command")));
        };
        let locale = req.via.locale.as_deref();
        let Some(code) = set.as_deref().map(str::trim) else {
            let mut conn = self.store.pool().acquire().await?;
            let person = store::person(&mut conn, &req.actor.id).await?;
            let lang = asker(&person, locale);
            let from = if person.lang.is_some() {
                "language-current-chosen"
            } else if locale.and_then(Lang::find).is_some() {
                "language-current-locale"
            } else {
                "language-current-default"
            };
            return Ok(Reply::private_info(Text::lines(vec![
                Text::msg(from).arg("lang", named(&lang)),
                Text::msg("language-choices").arg("choices", choices()),
            ])));
        };
        let chosen = if code.eq_ignore_ascii_case(AUTO) {
            None
        } else {
            match spoken(code) {
                Ok(lang) => Some(lang),
                Err(refusal) => return Ok(Reply::refused(refusal)),
            }
        };
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        store::set_lang(&mut tx, &req.actor.id, chosen.as_ref()).await?;
        if let Some(locale) = locale.filter(|l| !l.trim().is_empty()) {
            store::set_locale(&mut tx, &req.actor.id, locale).await?;
        }
        tx.commit().await?;
        Ok(Reply::private_info(match chosen {
            Some(lang) => Text::msg("language-set").arg("lang", named(&lang)),
            None => Text::msg("language-auto").arg(
                "lang",
                named(&locale.and_then(Lang::find).unwrap_or_default()),
            ),
        }))
    }
}

/// The language of the catalogue a player names by its code (`ja`, `de-AT`;
/// the pseudo-locale only by its exact tag), or the refusal that lists the
/// choices.
pub(super) fn spoken(code: &str) -> Result<Lang, Text> {
    Lang::find(code)
        .filter(|l| !l.is_pseudo() || code.eq_ignore_ascii_case(&l.code()))
        .ok_or_else(|| {
            Text::msg("language-unknown")
                .arg("code", code)
                .arg("choices", choices())
        })
}

/// The language to speak to a person: their choice, else their client's
/// locale now (or as last seen) when we speak it, else English.
pub(super) fn asker(person: &Person, locale: Option<&str>) -> Lang {
    person
        .lang
        .clone()
        .or_else(|| locale.and_then(Lang::find))
        .unwrap_or_else(|| speaks(person.lang.as_ref(), person.locale.as_deref()))
}

/// The language to speak to a person in when they did not just ask: their
/// choice, else their last locale's when we speak it, else English.
pub(super) fn speaks(choice: Option<&Lang>, locale: Option<&str>) -> Lang {
    choice
        .cloned()
        .or_else(|| locale.and_then(Lang::find))
        .unwrap_or_default()
}

/// The language a letter is worded in: a direct message in its recipient's,
/// a channel message in its game's.
pub(super) fn letter_lang(letter: &crate::store::Letter) -> Lang {
    let readers = &letter.readers;
    match letter.kind {
        crate::store::LetterKind::Dm => {
            speaks(readers.person.as_ref(), readers.person_locale.as_deref())
        }
        crate::store::LetterKind::Reminder
        | crate::store::LetterKind::Table
        | crate::store::LetterKind::Notice => readers.game.clone().unwrap_or_default(),
    }
}

/// A language by its own name and its code: `日本語 (ja)`; by its code alone
/// while its folder does not name it yet.
pub(super) fn named(lang: &Lang) -> Text {
    if lang::has(lang, "language-name") {
        Text::msg("language-named")
            .arg("name", lang::word(lang, "language-name"))
            .arg("code", lang.code())
    } else {
        Text::Raw(lang.code())
    }
}

/// Every language a player may choose, each by its own name and code.
pub(super) fn choices() -> Text {
    listed(Lang::all().iter().map(named).collect())
}

/// Several said one after the other, with commas.
pub(super) fn listed(parts: Vec<Text>) -> Text {
    Text::Join {
        parts,
        with: Cow::Borrowed(", "),
    }
}
