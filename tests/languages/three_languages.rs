//! Every player in their own language, through the real bot and the fake
//! Discord: a private answer speaks its asker's language (their Discord
//! locale, unless they chose one with `/aq language`), a public message
//! the game's (the creator's locale at `/aq game new`, changed with
//! `/aq game settings language:`). Which language a text is in is told
//! from the catalogue's own words (testkit/src/langs.rs).

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::engine::Action;
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::time::Duration;
use support::fake_discord as fd;
use support::langs::assert_in;
use support::{direct_moves, has_controls, Table, TinyPainter, ALICE, BOB, CAROL};

/// The message among those an answer created that carries the table.
fn table_of(created: &[Value]) -> Option<Value> {
    created.iter().rev().find(|m| has_controls(m)).cloned()
}

/// The text a person reads in a message: its content, and the labels of
/// its buttons and menus.
fn readable(message: &Value) -> String {
    let mut text = message["content"].as_str().unwrap_or_default().to_string();
    for row in message["components"].as_array().into_iter().flatten() {
        for c in row["components"].as_array().into_iter().flatten() {
            for key in ["label", "placeholder"] {
                if let Some(s) = c[key].as_str() {
                    text.push('\n');
                    text.push_str(s);
                }
            }
            for o in c["options"].as_array().into_iter().flatten() {
                for key in ["label", "description"] {
                    if let Some(s) = o[key].as_str() {
                        text.push('\n');
                        text.push_str(s);
                    }
                }
            }
        }
    }
    text
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_japanese_a_german_and_an_english_player_each_read_their_own_language
}
async fn a_japanese_a_german_and_an_english_player_each_read_their_own_language() {
    let t = Table::open(Duration::from_secs(2), TinyPainter::boxed).await;
    t.set_locale(ALICE, "ja");
    t.set_locale(BOB, "de");
    t.set_locale(CAROL, "en-US");
    t.set_guild_locale("en-US");

    // Alice opens the game: it speaks Japanese, her language.
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("seed", json!(5)),
                ("first", fd::user_option(ALICE.id, ALICE.name)),
            ],
        )
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    assert_in("ja", opened.content(), "the lobby, opened by alice (ja)");
    for who in [BOB, CAROL] {
        let joined = t.say(who, "join", &[]).await;
        assert!(!joined.is_private(), "{}", joined.content());
        assert_in("ja", joined.content(), &format!("{who:?} joins: public"));
    }
    // Private answers speak their asker's language.
    for (who, lang) in [(ALICE, "ja"), (BOB, "de"), (CAROL, "en")] {
        let help = t.say(who, "help", &[]).await;
        assert!(help.is_private());
        assert_in(lang, help.content(), &format!("{who:?}'s help"));
        let refused = t.say(who, "take", &[("truck", json!(9))]).await;
        assert!(refused.is_private(), "{}", refused.content());
        assert_in(lang, refused.content(), &format!("{who:?}'s refusal"));
    }
    let started = t.say(ALICE, "start", &[]).await;
    assert!(!started.is_private(), "{}", started.content());
    let mut message = table_of(&started.created).expect("the table");
    assert_in(
        "ja",
        &readable(&message),
        "the start message and its controls",
    );

    // Bob prefers Japanese for what he alone reads; the locale no longer
    // decides for him.
    let chose = t.say(BOB, "language", &[("set", json!("ja"))]).await;
    assert!(chose.is_private());
    assert_in("ja", chose.content(), "bob's choice, confirmed");
    let help = t.say(BOB, "help", &[]).await;
    assert_in("ja", help.content(), "bob's help after choosing ja");

    // Play on; halfway, alice makes the game German.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut game_lang = "ja";
    let mut moves = 0;
    let mut choices = 0;
    loop {
        let Some(loaded) = t.loaded().await else {
            break;
        };
        let game = loaded.game().cloned().expect("started");
        let Some(seat) = game.to_act() else { break };
        let who = Table::user_of(&loaded, seat);
        if moves == 20 {
            let set = t.say(ALICE, "settings", &[("language", json!("de"))]).await;
            game_lang = "de";
            // A public answer speaks the game's new language; a private
            // one, alice's.
            let lang = if set.is_private() { "ja" } else { "de" };
            assert_in(lang, set.content(), "settings language:de");
        }
        if moves % 9 == 4 {
            // Someone out of turn presses the table: refused in their words.
            let other = [ALICE, BOB, CAROL]
                .into_iter()
                .find(|u| *u != who)
                .expect("another player");
            if let Some((_, id, values)) = direct_moves(&loaded, &message).first().cloned() {
                let refused = t.press(other, &message, &id, values.as_deref()).await;
                assert!(refused.is_private(), "{}", refused.content());
                let lang = match other {
                    u if u == CAROL => "en",
                    _ => "ja",
                };
                assert_in(lang, refused.content(), &format!("{other:?} out of turn"));
            }
        }
        if moves % 11 == 2 {
            // Autocomplete's choices speak their asker's language: bob
            // chose Japanese.
            let lang = match who {
                u if u == CAROL => "en",
                _ => "ja",
            };
            for (sub, option, kind) in [("draw", "truck", 4), ("take", "truck", 4)] {
                let labels: Vec<String> = t
                    .autocomplete(who, sub, &[], (option, ""), kind)
                    .await
                    .into_iter()
                    .map(|(label, _)| label)
                    .collect();
                if !labels.is_empty() {
                    let what = format!("move {moves}: {who:?}'s {sub} {option} choices");
                    assert_in(lang, &labels.join("\n"), &what);
                    choices += 1;
                }
            }
        }
        let direct = direct_moves(&loaded, &message);
        let answer = match direct.choose(&mut rng).cloned() {
            Some((_, id, values)) => t.press(who, &message, &id, values.as_deref()).await,
            None => {
                let actions: Vec<Action> = game.legal_actions(seat);
                let action = actions.choose(&mut rng).expect("a legal move").clone();
                let (sub, options) = t.options_for(&action, &loaded);
                t.say(who, sub, &options).await
            }
        };
        assert!(!answer.is_private(), "move {moves}: {}", answer.content());
        let table = table_of(&answer.created);
        let shown = answer
            .created
            .iter()
            .map(readable)
            .collect::<Vec<_>>()
            .join("\n");
        assert_in(game_lang, &shown, &format!("move {moves}, public"));
        moves += 1;
        match table {
            Some(m) => message = m,
            None => break,
        }
    }
    assert!(moves > 30, "{moves} moves");
    assert!(choices > 0, "autocomplete was asked");
    assert!(
        t.loaded()
            .await
            .is_none_or(|l| l.game().is_some_and(|g| g.is_over())),
        "played to the end"
    );
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    history_mistakes_and_computer_players_speak_each_readers_language
}
/// A Japanese game with a computer player, read by a Japanese and a German
/// player on Discord: the history narrated from the stored log in each
/// asker's language, a value the parser cannot read refused in it (also
/// for a player who chose a language their client does not speak), and
/// the computer player named in each reader's language, never by the name
/// the game stores.
async fn history_mistakes_and_computer_players_speak_each_readers_language() {
    let t = Table::open(Duration::from_secs(2), TinyPainter::boxed).await;
    t.set_locale(ALICE, "ja");
    t.set_locale(BOB, "de");
    t.set_locale(CAROL, "en-US");
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("seed", json!(6)),
                ("first", fd::user_option(ALICE.id, ALICE.name)),
            ],
        )
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    assert!(!t.say(BOB, "join", &[]).await.is_private());
    let easy = t.choice_value("addbot", "level", "easy");
    let seated = t.say(ALICE, "addbot", &[("level", easy)]).await;
    assert!(!seated.is_private(), "{}", seated.content());
    let public = seated.content().to_string();
    assert!(public.contains("コンピューター（やさしい）"), "{public}");
    let started = t.say(ALICE, "start", &[]).await;
    assert!(!started.is_private(), "{}", started.content());
    // Alice draws; Bob draws; the computer player draws after him.
    for who in [ALICE, BOB] {
        let drew = t.say(who, "draw", &[("truck", json!(1))]).await;
        assert!(!drew.is_private(), "{}", drew.content());
        let said = drew.content().to_string()
            + &drew
                .created
                .iter()
                .map(readable)
                .collect::<Vec<_>>()
                .join("\n");
        assert!(!said.contains("Easy bot"), "{said}");
        assert_in("ja", &said, "a move's public answer");
    }
    for (who, lang, computer, mistake) in [
        (
            ALICE,
            "ja",
            "コンピューター（やさしい）",
            "「Z99」はマスではありません",
        ),
        (BOB, "de", "Computer (leicht)", "„Z99“ ist kein Feld"),
    ] {
        let history = t.say(who, "history", &[]).await;
        assert!(history.is_private());
        let said = history.content();
        assert_in(lang, said, &format!("{who:?}'s history"));
        assert!(said.contains(computer), "{said}");
        assert!(
            !said.contains("Easy bot") && !said.contains(" drew "),
            "{said}"
        );
        let refused = t.say(who, "place", &[("at", json!("Z99"))]).await;
        assert!(refused.is_private());
        assert!(refused.content().contains(mistake), "{}", refused.content());
    }
    // Carol's client speaks English, but she chose German.
    let chose = t.say(CAROL, "language", &[("set", json!("de"))]).await;
    assert!(chose.is_private());
    let refused = t.say(CAROL, "place", &[("at", json!("Z99"))]).await;
    assert!(
        refused.content().contains("„Z99“ ist kein Feld"),
        "{}",
        refused.content()
    );
}
