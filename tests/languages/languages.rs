//! Who reads which language: a game speaks its creator's language in public
//! (else the server's, else English) until its settings change it; what only
//! the asker sees speaks theirs (their `/aq language` choice, else their
//! locale); letters wait as messages and are worded when sent, reminders in
//! the game's language and direct messages in the recipient's. Through the
//! referee directly, and through the real bot on the fake Discord.
//!
//! Until Japanese and German are written in full, their missing messages
//! fall back to English: the language chosen shows in `reply.lang`, in
//! `discord-working` (which every language has) and in the pseudo-locale,
//! which wraps every message in `⟦…⟧`.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::command;
use aquaretto_bot::lang::{self, Lang, Text};
use aquaretto_bot::referee::{Actor, Referee, Reply, Request, Via};
use aquaretto_bot::store::{LetterKind, Store};
use serde_json::{json, Value};
use std::time::Duration;
use support::fake_discord as fd;
use support::{Table, TinyPainter, ALICE, BOB, CHANNEL};
use tempfile::TempDir;

struct Room {
    referee: Referee,
    _dir: TempDir,
}

async fn room() -> Room {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = Store::open(&support::db::test_url(dir.path()).await)
        .await
        .expect("store opens");
    Room {
        referee: Referee::new(store),
        _dir: dir,
    }
}

fn actor(name: &str) -> Actor {
    Actor {
        id: format!("id-{name}"),
        name: name.to_string(),
        manages_channel: false,
    }
}

fn ja() -> Lang {
    Lang::for_locale("ja")
}

fn de() -> Lang {
    Lang::for_locale("de")
}

impl Room {
    /// `who`, whose client speaks `locale` in a server that speaks
    /// `guild_locale`, says `text` in `channel`.
    async fn say_with(
        &self,
        channel: &str,
        who: &str,
        locale: Option<&str>,
        guild_locale: Option<&str>,
        text: &str,
    ) -> Reply {
        let command = command::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        self.referee
            .handle(Request {
                channel: channel.to_string(),
                guild: Some("guild-1".into()),
                actor: actor(who),
                command,
                via: Via {
                    locale: locale.map(str::to_string),
                    guild_locale: guild_locale.map(str::to_string),
                    ..Via::default()
                },
            })
            .await
    }

    /// In the first channel, a server that speaks English.
    async fn say(&self, who: &str, locale: &str, text: &str) -> Reply {
        self.say_with("chan-1", who, Some(locale), Some("en-US"), text)
            .await
    }

    async fn rows(&self) -> Vec<String> {
        support::db::all_rows(self.referee.store().pool()).await
    }

    async fn game_lang(&self, channel: &str) -> Option<String> {
        sqlx::query_scalar("SELECT lang FROM games WHERE channel = $1 ORDER BY id DESC LIMIT 1")
            .bind(channel)
            .fetch_one(self.referee.store().pool())
            .await
            .expect("a game")
    }
}

/// The words a language gives `discord-working`, a message every language has.
fn working(lang: &Lang) -> String {
    lang::plain(lang, &Text::msg("discord-working"))
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_games_language_is_its_creators_else_the_servers_else_english
}
async fn a_games_language_is_its_creators_else_the_servers_else_english() {
    let r = room().await;
    let opened = r
        .say_with("c-ja", "ana", Some("ja"), Some("de"), "new")
        .await;
    assert!(opened.accepted && !opened.private, "{}", opened.text());
    assert_eq!(
        opened.lang,
        ja(),
        "the creator's locale, before the server's"
    );
    assert_eq!(r.game_lang("c-ja").await.as_deref(), Some("ja"));

    let opened = r
        .say_with("c-de", "ben", Some("pt-BR"), Some("de"), "new")
        .await;
    assert_eq!(opened.lang, de(), "a locale we do not speak: the server's");
    assert_eq!(r.game_lang("c-de").await.as_deref(), Some("de"));

    let opened = r
        .say_with("c-en", "cy", Some("pt-BR"), Some("fr"), "new")
        .await;
    assert_eq!(opened.lang, Lang::english(), "neither spoken: English");
    assert_eq!(r.game_lang("c-en").await.as_deref(), Some("en"));

    let opened = r.say_with("c-none", "dee", None, None, "new").await;
    assert_eq!(opened.lang, Lang::english(), "nothing known: English");

    // A creator who chose a language opens games in it.
    let chose = r.say("eve", "en-US", "language set:de").await;
    assert!(chose.accepted, "{}", chose.text());
    let opened = r
        .say_with("c-eve", "eve", Some("en-US"), Some("en-US"), "new")
        .await;
    assert_eq!(opened.lang, de());
    assert_ne!(working(&opened.lang), working(&Lang::english()));
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    public_replies_speak_the_games_language_and_private_ones_the_askers
}
async fn public_replies_speak_the_games_language_and_private_ones_the_askers() {
    let r = room().await;
    let opened = r.say("ana", "ja", "new first:ana").await;
    assert_eq!(opened.lang, ja());
    let joined = r.say("ben", "de", "join").await;
    assert!(joined.accepted && !joined.private, "{}", joined.text());
    assert_eq!(joined.lang, ja(), "public: the game's, not the asker's");
    let refused = r.say("ben", "de", "start").await;
    assert!(!refused.accepted && refused.private, "{}", refused.text());
    assert_eq!(refused.lang, de(), "private: the asker's");
    let look = r.say("ben", "de", "settings").await;
    assert!(look.private && look.accepted, "{}", look.text());
    assert_eq!(look.lang, de());
    // The game's language by its own name and code, in German words.
    assert!(
        look.text().contains("Sprache 日本語 (ja)"),
        "{}",
        look.text()
    );

    // The creator changes the game's language: public replies follow.
    let changed = r.say("ana", "ja", "settings language:de").await;
    assert!(changed.accepted && !changed.private, "{}", changed.text());
    assert_eq!(changed.lang, de(), "said in the game's new language");
    assert_eq!(r.game_lang("chan-1").await.as_deref(), Some("de"));
    let started = r.say("ana", "ja", "start").await;
    assert!(started.accepted && !started.private, "{}", started.text());
    assert_eq!(started.lang, de());
    assert_eq!(working(&started.lang), working(&de()));
    let moved = r.say("ana", "ja", "draw 1").await;
    assert!(moved.accepted && !moved.private, "{}", moved.text());
    assert_eq!(moved.lang, de());
    // Not ana's turn now: her refusal is hers, in Japanese.
    let not_yours = r.say("ana", "ja", "draw 1").await;
    assert!(!not_yours.accepted, "{}", not_yours.text());
    assert_eq!(not_yours.lang, ja());
    assert_eq!(working(&not_yours.lang), working(&ja()));
    // Only the creator changes it.
    let before = r.rows().await;
    let no = r.say("ben", "de", "settings language:en").await;
    assert!(!no.accepted && no.private, "{}", no.text());
    assert_eq!(r.rows().await, before, "a refusal changes nothing");
    // A reply about no game is private: the asker's.
    let mine = r.say("ben", "de", "mygames").await;
    assert!(mine.private, "{}", mine.text());
    assert_eq!(mine.lang, de());
    let help = r.say("ana", "ja", "help").await;
    assert_eq!(help.lang, ja());
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    a_players_choice_beats_their_locale_for_private_replies
}
async fn a_players_choice_beats_their_locale_for_private_replies() {
    let r = room().await;
    r.say("ana", "en-US", "new").await;
    let before = r.say("ben", "de", "start").await;
    assert_eq!(before.lang, de(), "the locale, with no choice made");
    let chose = r.say("ben", "de", "language set:ja").await;
    assert!(chose.accepted && chose.private, "{}", chose.text());
    assert_eq!(chose.lang, ja(), "said in the language chosen");
    let after = r.say("ben", "de", "start").await;
    assert!(!after.accepted, "{}", after.text());
    assert_eq!(after.lang, ja(), "the choice, not the locale");
    let shown = r.say("ben", "de", "language").await;
    assert_eq!(shown.lang, ja());
    // The Japanese message for a choice, with the language's own name.
    let chosen = aquaretto_bot::lang::plain(
        &ja(),
        &Text::msg("language-current-chosen").arg("lang", "日本語 (ja)"),
    );
    assert_eq!(shown.text().lines().next(), Some(chosen.as_str()));
    // auto: the locale again.
    let auto = r.say("ben", "de", "language set:auto").await;
    assert!(auto.accepted, "{}", auto.text());
    assert_eq!(auto.lang, de());
    let again = r.say("ben", "de", "start").await;
    assert_eq!(again.lang, de());
    // Public replies stay the game's whatever the asker chose.
    let joined = r.say("ben", "de", "join").await;
    assert!(joined.accepted && !joined.private, "{}", joined.text());
    assert_eq!(joined.lang, Lang::english());
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    language_alone_shows_the_choice_and_the_choices
}
async fn language_alone_shows_the_choice_and_the_choices() {
    let r = room().await;
    let shown = r.say("ana", "en-GB", "language").await;
    assert!(shown.accepted && shown.private, "{}", shown.text());
    let text = shown.text();
    assert!(
        text.contains("You read me in English (en): your Discord language."),
        "{text}"
    );
    for code in Lang::all().iter().map(Lang::code) {
        assert!(text.contains(&code), "{code} is offered: {text}");
    }
    assert!(text.contains("The choices: English (en), "), "{text}");
    assert!(text.contains("/aq language set:<code>"), "{text}");
    let unknown = r.say("ben", "pt-BR", "language").await;
    assert!(
        unknown
            .text()
            .contains("the language I speak when I do not know yours"),
        "{}",
        unknown.text()
    );
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    an_unknown_code_is_refused_with_the_choices_and_changes_nothing
}
async fn an_unknown_code_is_refused_with_the_choices_and_changes_nothing() {
    let r = room().await;
    r.say("ana", "en-US", "new").await;
    let before = r.rows().await;
    for text in [
        "language set:xx",
        "language set:english",
        "settings language:klingon",
    ] {
        let no = r.say("ana", "en-US", text).await;
        assert!(!no.accepted && no.private, "{text}: {}", no.text());
        let said = no.text();
        assert!(said.contains("is not a language I speak"), "{said}");
        assert!(said.contains("the choices are English (en), "), "{said}");
        for code in Lang::all().iter().map(Lang::code) {
            assert!(said.contains(&code), "{code}: {said}");
        }
        assert_eq!(r.rows().await, before, "{text} changes nothing");
    }
}

on_sqlite_and_postgresql! {
    #[tokio::test]
    letters_are_worded_in_the_language_of_the_moment_they_are_sent
}
async fn letters_are_worded_in_the_language_of_the_moment_they_are_sent() {
    let r = room().await;
    r.say("ana", "ja", "new first:ana").await;
    r.say("ben", "de", "join").await;
    let on = r.say("ben", "de", "notify dm:on").await;
    assert!(on.accepted, "{}", on.text());
    r.say("ana", "ja", "start").await;
    r.say("ana", "ja", "draw 1").await;
    let far = i64::MAX / 4;
    let letters = r.referee.lease_letters(far, 10).await.expect("letters");
    let dm = letters
        .iter()
        .find(|l| l.kind == LetterKind::Dm)
        .expect("ben's turn alert");
    assert_eq!(dm.user_id.as_deref(), Some("id-ben"));
    assert_eq!(
        dm.words.keys().first().map(String::as_str),
        Some("dm-your-turn")
    );
    assert_eq!(dm.lang, de(), "a direct message: its recipient's locale");
    // Ben chooses Japanese before it is sent again: it follows.
    r.say("ben", "de", "language set:ja").await;
    let again = r
        .referee
        .lease_letters(far + 120_000, 10)
        .await
        .expect("letters");
    let dm = again
        .iter()
        .find(|l| l.kind == LetterKind::Dm)
        .expect("the alert again");
    assert_eq!(dm.lang, ja());

    // A reminder speaks the game's language as it is when sent.
    let queued = r.referee.queue_due_reminders(far).await.expect("reminders");
    assert_eq!(queued, 1);
    let letters = r
        .referee
        .lease_letters(far + 240_000, 10)
        .await
        .expect("letters");
    let reminder = letters
        .iter()
        .find(|l| l.kind == LetterKind::Reminder)
        .expect("the reminder");
    assert_eq!(reminder.lang, ja());
    assert!(reminder.words.keys().contains(&"reminder".to_string()));
    r.say("ana", "ja", "settings language:de").await;
    let letters = r
        .referee
        .lease_letters(far + 360_000, 10)
        .await
        .expect("letters");
    let reminder = letters
        .iter()
        .find(|l| l.kind == LetterKind::Reminder)
        .expect("the reminder again");
    assert_eq!(reminder.lang, de());

    // A letter written before letters were messages is sent as it was.
    sqlx::query(
        "INSERT INTO outbox (game_id, kind, channel, user_id, content, nonce, due_at) \
         VALUES (NULL, 'reminder', 'chan-1', 'id-ben', 'old words <@1>', 'old-1', 0)",
    )
    .execute(r.referee.store().pool())
    .await
    .expect("an old letter");
    let letters = r
        .referee
        .lease_letters(far + 480_000, 10)
        .await
        .expect("letters");
    let old = letters
        .iter()
        .find(|l| l.nonce == "old-1")
        .expect("the old letter");
    assert_eq!(old.words, Text::Raw("old words <@1>".into()));
    assert_eq!(old.lang, Lang::english());
}

// ----- through the fake Discord -----

/// `who`'s command in the channel, their client in `locale`.
fn in_locale(
    t: &Table,
    who: support::User,
    locale: &str,
    sub: &str,
    options: &[(&str, Value)],
) -> Value {
    let mut interaction = t.interaction(who, sub, options);
    interaction["locale"] = json!(locale);
    interaction
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    on_discord_each_interactions_locale_chooses_and_letters_are_worded_when_sent
}
async fn on_discord_each_interactions_locale_chooses_and_letters_are_worded_when_sent() {
    let mut t = Table::open(Duration::from_secs(2), TinyPainter::boxed).await;
    let opened = t
        .send(&in_locale(
            &t,
            ALICE,
            "ja",
            "new",
            &[
                ("seed", json!(7)),
                ("first", fd::user_option(ALICE.id, ALICE.name)),
            ],
        ))
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    let lang: Option<String> = sqlx::query_scalar("SELECT lang FROM games")
        .fetch_one(t.referee.store().pool())
        .await
        .expect("the game");
    assert_eq!(lang.as_deref(), Some("ja"), "the creator's locale");
    t.send(&in_locale(&t, BOB, "de", "join", &[])).await;

    // Bob's locale shows in his own answers.
    let shown = t.send(&in_locale(&t, BOB, "de", "language", &[])).await;
    assert!(shown.is_private(), "{}", shown.content());
    assert!(
        shown
            .content()
            .contains("Ich spreche Deutsch (de) mit dir: Das ist deine Discord-Sprache."),
        "{}",
        shown.content()
    );

    // Bob reads the pseudo-locale: his direct messages are worded in it
    // when they are sent.
    let chose = t
        .send(&in_locale(
            &t,
            BOB,
            "de",
            "language",
            &[("set", json!("qps-ploc"))],
        ))
        .await;
    assert!(chose.is_private(), "{}", chose.content());
    assert!(chose.content().starts_with('⟦'), "{}", chose.content());
    t.send(&in_locale(&t, BOB, "de", "notify", &[("dm", json!(true))]))
        .await;
    // The game speaks the pseudo-locale too, from its settings.
    let set = t
        .send(&in_locale(
            &t,
            ALICE,
            "ja",
            "settings",
            &[("language", json!("qps-ploc"))],
        ))
        .await;
    assert!(!set.is_private(), "{}", set.content());
    assert!(
        set.content().starts_with('⟦'),
        "public, in the game's language: {}",
        set.content()
    );
    t.send(&in_locale(&t, ALICE, "ja", "start", &[])).await;
    t.send(&in_locale(&t, ALICE, "ja", "draw", &[("truck", json!(1))]))
        .await;
    let dm = t
        .fake
        .next_request(|r| {
            r.method == "POST"
                && r.path.starts_with("/channels/")
                && r.path != format!("/channels/{CHANNEL}/messages")
        })
        .await
        .expect("the alert");
    let content = dm.body()["content"].as_str().expect("content");
    assert!(
        content.starts_with('⟦'),
        "worded in bob's language: {content}"
    );
    assert!(content.contains(&format!("<#{CHANNEL}>")), "{content}");

    // A reminder, in the game's language, with Discord's mention and time
    // kept whole by the translation; it notifies bob.
    t.advance(Duration::from_secs(12 * 3600)).await;
    let posted = t
        .fake
        .channel_messages(&CHANNEL.to_string())
        .into_iter()
        .find(|m| {
            m["content"]
                .as_str()
                .is_some_and(|c| c.contains("(Reminder "))
        })
        .expect("a reminder");
    let reminder = posted["content"].as_str().unwrap_or_default().to_string();
    assert!(reminder.starts_with('⟦'), "{reminder}");
    assert!(reminder.contains(&format!("<@{}>", BOB.id)), "{reminder}");
    let notified: Vec<String> = t
        .fake
        .notifications()
        .into_iter()
        .filter(|n| posted["id"] == n.message.as_str())
        .map(|n| n.user)
        .collect();
    assert_eq!(notified, [BOB.id.to_string()], "{reminder}");
    assert!(
        reminder.contains("<t:") && reminder.contains(":R>"),
        "{reminder}"
    );
    t.stop_bot().await;
    let unexpected = t.fake.unexpected();
    assert!(unexpected.is_empty(), "{unexpected:#?}");
}
