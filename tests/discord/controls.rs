//! Playing by tapping, through the doors a player uses: the real bot against
//! the fake Discord, pressing buttons and choosing in menus as Discord sends
//! them. Whole games by presses alone; every public message within Discord's
//! limits and offering exactly the legal moves; presses by the wrong player,
//! stale, forged or on a finished game refused privately with the database
//! unchanged; presses across a restart; undo.

use crate::support;
use crate::support::db::on_sqlite_and_postgresql;

use aquaretto_bot::engine::{Action, Game};
use aquaretto_bot::referee::Loaded;
use aquaretto_bot::view::controls::{Control, ControlId};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;
use support::fake_discord as fd;
use support::{
    action_of, has_controls, presses, Answer, Table, TinyPainter, User, ALICE, BOB, CAROL, CHANNEL,
    DAVE,
};

const DIRECT: Duration = Duration::from_secs(2);

async fn table() -> Table {
    Table::open(DIRECT, TinyPainter::boxed).await
}

/// Discord's limits on a message's components, as it sends them.
fn check_limits(message: &Value) {
    let rows = message["components"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(rows.len() <= 5, "{} rows", rows.len());
    let mut ids = BTreeSet::new();
    for row in &rows {
        assert_eq!(row["type"], 1, "an action row");
        let children = row["components"].as_array().expect("children");
        let selects = children.iter().filter(|c| c["type"] == 3).count();
        if selects > 0 {
            assert_eq!(children.len(), 1, "a select menu fills its row");
            let options = children[0]["options"].as_array().expect("options");
            assert!(
                (1..=25).contains(&options.len()),
                "{} options",
                options.len()
            );
            for o in options {
                for key in ["label", "value"] {
                    let n = o[key].as_str().expect("text").chars().count();
                    assert!((1..=100).contains(&n), "option {key} of {n} characters");
                }
            }
            let placeholder = children[0]["placeholder"].as_str().unwrap_or_default();
            assert!(placeholder.chars().count() <= 150);
        } else {
            assert!(
                (1..=5).contains(&children.len()),
                "{} buttons",
                children.len()
            );
            for b in children {
                let n = b["label"].as_str().expect("label").chars().count();
                assert!((1..=80).contains(&n), "label of {n} characters");
                assert!((1..=4).contains(&b["style"].as_u64().expect("style")));
            }
        }
        for c in children {
            let id = c["custom_id"].as_str().expect("custom id");
            assert!(!id.is_empty() && id.len() <= 100, "{id}");
            assert!(ids.insert(id.to_string()), "{id} appears twice");
        }
    }
}

/// Where a move is pressed: the message, the control and the values.
type Where = (Value, String, Option<Vec<String>>);

/// Everything reachable from `message` for `who`: each move with where to
/// press it (menus behind buttons opened by real presses, which must answer
/// privately within the limits), and whether an undo is offered.
async fn explore(
    t: &Table,
    who: User,
    loaded: &Loaded,
    message: &Value,
) -> (BTreeMap<Action, Where>, bool) {
    let mut moves = BTreeMap::new();
    let mut undo = false;
    let mut queue = vec![message.clone()];
    let mut seen = BTreeSet::new();
    while let Some(m) = queue.pop() {
        check_limits(&m);
        for (id, values) in presses(&m) {
            // Page buttons lead back and forth: press each control once.
            if !seen.insert((id.clone(), values.clone())) {
                continue;
            }
            if ControlId::decode(&id).map(|c| c.control) == Some(Control::Undo) {
                undo = true;
                continue;
            }
            // Describe only looks (tests/languages/board_text.rs).
            if ControlId::decode(&id).is_some_and(|c| c.control.looks()) {
                continue;
            }
            let chosen = values.clone().unwrap_or_default();
            match action_of(loaded, &id, &chosen) {
                Some(action) => {
                    moves.entry(action).or_insert((m.clone(), id, values));
                }
                None => {
                    let answer = t.press(who, &m, &id, values.as_deref()).await;
                    assert!(answer.is_private(), "{id}: a menu opens privately");
                    assert!(answer.pngs().is_empty());
                    let panel = answer.created.first().expect("a private message").clone();
                    assert!(has_controls(&panel), "{id}: {}", answer.content());
                    queue.push(panel);
                }
            }
        }
    }
    (moves, undo)
}

/// A public move answer: the picture, and a ping for exactly the next player
/// to act when it is someone else.
fn assert_public_move(answer: &Answer, actor: User, next: Option<User>, what: &str) {
    assert!(!answer.is_private(), "{what}: {}", answer.content());
    assert_eq!(answer.pngs().len(), 1, "{what}: one picture");
    let allowed = &answer.data()["allowed_mentions"];
    assert_eq!(allowed["parse"], json!([]), "{what}");
    let notified: Vec<String> = answer.notified.iter().map(|n| n.user.clone()).collect();
    match next.filter(|n| *n != actor) {
        Some(next) => {
            assert_eq!(allowed["users"], json!([next.id.to_string()]), "{what}");
            assert_eq!(
                notified,
                [next.id.to_string()],
                "{what}: the next player is notified"
            );
        }
        None => {
            assert!(
                allowed["users"].as_array().is_none_or(|u| u.is_empty()),
                "{what}: {allowed}"
            );
            assert!(notified.is_empty(), "{what}: {notified:?}");
        }
    }
}

/// Opens a game with `players` (alice first) and starts it; returns the start
/// message.
async fn start(t: &Table, players: &[User], seed: u64) -> Value {
    let opened = t
        .say(
            players[0],
            "new",
            &[
                ("seed", json!(seed)),
                ("first", fd::user_option(players[0].id, players[0].name)),
            ],
        )
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    for p in &players[1..] {
        assert!(!t.say(*p, "join", &[]).await.is_private());
    }
    let started = t.say(players[0], "start", &[]).await;
    assert!(!started.is_private(), "{}", started.content());
    let message = started.created.first().expect("the start message").clone();
    assert!(has_controls(&message), "the start message has controls");
    message
}

/// Plays a whole game by presses alone after `/aq start`, checking every
/// public message, every private menu and every move.
async fn play_by_presses(players: &[User], seed: u64) {
    let t = table().await;
    let message = start(&t, players, seed).await;
    play_on_by_presses(t, message, seed).await;
}

/// Plays the game started with `message` to its end by presses alone.
async fn play_on_by_presses(t: Table, mut message: Value, seed: u64) {
    let typed_before = t
        .fake
        .requests()
        .iter()
        .filter(|r| r.body()["type"] == 2)
        .count();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut moves = 0;
    let mut kinds = BTreeSet::new();
    loop {
        let loaded = t.loaded().await;
        let Some(loaded) = loaded else { break };
        let game = loaded.game().cloned().expect("started");
        let Some(seat) = game.to_act() else { break };
        let who = Table::user_of(&loaded, seat);
        let (offered, _) = explore(&t, who, &loaded, &message).await;
        let legal: BTreeSet<Action> = game.legal_actions(seat).into_iter().collect();
        let got: BTreeSet<Action> = offered.keys().cloned().collect();
        assert_eq!(
            got,
            legal,
            "move {}: the controls offer exactly the legal moves",
            loaded.seq()
        );
        let actions: Vec<&Action> = offered.keys().collect();
        let action = (*actions.choose(&mut rng).expect("a legal move")).clone();
        kinds.insert(aquaretto_bot::engine::playout::kind(&action));
        let (on, id, values) = offered[&action].clone();
        let before = loaded.seq();
        let answer = t.press(who, &on, &id, values.as_deref()).await;
        let what = format!("move {}: {who:?} pressed {id} {values:?}", before + 1);
        let after = t
            .referee
            .find_game(Some(loaded.id()), None)
            .await
            .expect("database")
            .expect("game")
            .expect("not damaged");
        assert_eq!(after.seq(), before + 1, "{what}: {}", answer.content());
        assert_eq!(
            after.log().last().and_then(|m| m.action()),
            Some(&action),
            "{what}"
        );
        let next_game = after.game().expect("started");
        let next = next_game.to_act().map(|s| Table::user_of(&after, s));
        assert_public_move(&answer, who, next, &what);
        // The table message before this move loses its controls.
        let old = message["id"].as_str().expect("id");
        let path = format!("/channels/{CHANNEL}/messages/{old}");
        t.fake
            .next_request(|r| r.is("PATCH", &path) && r.status != 429)
            .await
            .expect("the old controls are taken away");
        let old = t.fake.message(old).expect("stored");
        assert!(!has_controls(&old), "{what}: old controls remain");
        message = answer.created.first().expect("a message").clone();
        moves += 1;
        if next_game.is_over() {
            // Once the game is over, no move is offered: only Rematch, and
            // Describe, which only looks.
            let ids: Vec<Control> = presses(&message)
                .iter()
                .filter_map(|(id, _)| ControlId::decode(id).map(|c| c.control))
                .collect();
            assert_eq!(
                ids,
                [Control::Rematch, Control::Describe],
                "only Rematch once the game is over"
            );
            break;
        }
    }
    let loaded = t
        .referee
        .find_game(None, Some(&CHANNEL.to_string()))
        .await
        .expect("database")
        .expect("game")
        .expect("not damaged");
    assert!(
        loaded.game().expect("started").is_over(),
        "played to the end"
    );
    assert!(moves > 40, "{moves} moves");
    assert!(kinds.len() >= 4, "kinds of moves played: {kinds:?}");
    let slash = t
        .fake
        .requests()
        .iter()
        .filter(|r| r.body()["type"] == 2)
        .count();
    assert_eq!(slash, typed_before, "no slash command after the start");
    finish(t).await;
}

async fn finish(mut t: Table) {
    t.stop_bot().await;
    let unexpected = t.fake.unexpected();
    assert!(unexpected.is_empty(), "{unexpected:#?}");
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_game_is_gathered_started_and_played_by_taps_from_the_lobby_on
}
/// The lobby's message carries Join, Leave, Start and a menu of computer
/// players: after `/aq game new`, a whole game is gathered, started and
/// played by taps, through the same referee path as the slash commands.
async fn a_game_is_gathered_started_and_played_by_taps_from_the_lobby_on() {
    let t = table().await;
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("seed", json!(31)),
                ("first", fd::user_option(ALICE.id, ALICE.name)),
            ],
        )
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    let mut lobby = opened.created.first().expect("the lobby message").clone();
    check_limits(&lobby);
    let control = |message: &Value, wanted: Control| -> (String, Option<Vec<String>>) {
        presses(message)
            .into_iter()
            .find(|(id, _)| ControlId::decode(id).map(|c| c.control) == Some(wanted))
            .unwrap_or_else(|| panic!("{wanted:?} on the lobby's message"))
    };
    // Bob and carol join by tapping; carol leaves again.
    for (who, wanted) in [
        (BOB, Control::Join),
        (CAROL, Control::Join),
        (CAROL, Control::Leave),
    ] {
        let (id, _) = control(&lobby, wanted);
        let answer = t.press(who, &lobby, &id, None).await;
        assert!(
            !answer.is_private(),
            "{who:?} {wanted:?}: {}",
            answer.content()
        );
        let old = lobby["id"].as_str().expect("id").to_string();
        lobby = answer.created.first().expect("a new lobby message").clone();
        assert!(
            has_controls(&lobby),
            "the newest lobby message has the buttons"
        );
        let path = format!("/channels/{CHANNEL}/messages/{old}");
        t.fake
            .next_request(|r| r.is("PATCH", &path) && r.status != 429)
            .await
            .expect("the lobby message before loses its buttons");
    }
    let seated: Vec<String> = t
        .loaded()
        .await
        .expect("a lobby")
        .seats()
        .iter()
        .map(|s| s.name.clone())
        .collect();
    assert_eq!(seated, ["alice", "bob"]);
    // Only the creator seats computer players or starts; a refusal is
    // private and changes nothing.
    let before = t.rows().await;
    let (add, _) = control(&lobby, Control::AddBot);
    let refused = t
        .press(BOB, &lobby, &add, Some(&["strong".to_string()]))
        .await;
    assert!(
        refused.is_private() && refused.content().contains("alice"),
        "{}",
        refused.content()
    );
    let (start, _) = control(&lobby, Control::Start);
    let refused = t.press(BOB, &lobby, &start, None).await;
    assert!(refused.is_private(), "{}", refused.content());
    assert_eq!(t.rows().await, before, "nothing changed");
    // Alice seats a strong computer player, then takes it out again by
    // command, and starts by tapping.
    let added = t
        .press(ALICE, &lobby, &add, Some(&["strong".to_string()]))
        .await;
    assert!(
        added.content().contains("Strong bot"),
        "{}",
        added.content()
    );
    let removed = t.say(ALICE, "removebot", &[]).await;
    assert!(!removed.is_private(), "{}", removed.content());
    lobby = removed.created.first().expect("a lobby message").clone();
    let (start, _) = control(&lobby, Control::Start);
    let started = t.press(ALICE, &lobby, &start, None).await;
    assert!(!started.is_private(), "{}", started.content());
    assert_eq!(started.pngs().len(), 1, "the start shows the table");
    let table = started.created.first().expect("the start message").clone();
    // A lobby button pressed after the start is refused, and changes nothing.
    let before = t.rows().await;
    let (join, _) = control(&lobby, Control::Join);
    let late = t.press(CAROL, &lobby, &join, None).await;
    assert!(
        late.is_private() && late.content().contains("already started"),
        "{}",
        late.content()
    );
    assert_eq!(t.rows().await, before);
    play_on_by_presses(t, table, 31).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_two_player_game_is_played_by_presses_alone
}
async fn a_two_player_game_is_played_by_presses_alone() {
    play_by_presses(&[ALICE, BOB], 21).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_four_player_game_is_played_by_presses_alone
}
async fn a_four_player_game_is_played_by_presses_alone() {
    play_by_presses(&[ALICE, BOB, CAROL, DAVE], 22).await;
}

/// A press that is refused: private, no picture, and the database unchanged
/// byte for byte.
async fn refused(
    t: &Table,
    who: User,
    message: &Value,
    id: &str,
    values: Option<&[String]>,
) -> String {
    let before = t.rows().await;
    let answer = t.press(who, message, id, values).await;
    assert!(answer.is_private(), "{id}: public: {}", answer.content());
    assert!(answer.pngs().is_empty());
    assert_eq!(t.rows().await, before, "{id} changed the database");
    answer.content().to_string()
}

/// The id of the first control of a message whose label starts with `label`.
fn button(message: &Value, label: &str) -> String {
    message["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|c| c["label"].as_str().is_some_and(|l| l.starts_with(label)))
        .and_then(|c| c["custom_id"].as_str().map(str::to_string))
        .unwrap_or_else(|| panic!("no control '{label}' on {message:#}"))
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    wrong_player_stale_forged_and_finished_presses_change_nothing
}
async fn wrong_player_stale_forged_and_finished_presses_change_nothing() {
    let t = table().await;
    // A short stacked deck: the game ends after a few moves.
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("first", fd::user_option(ALICE.id, ALICE.name)),
                ("deck", json!("orca reserve dolphin sealion")),
            ],
        )
        .await;
    assert!(!opened.is_private());
    t.say(BOB, "join", &[]).await;
    let start = t.say(ALICE, "start", &[]).await.created[0].clone();
    let draw = button(&start, "Draw onto truck 3");
    let game_id = t.loaded().await.expect("running").id();

    let why = refused(&t, BOB, &start, &draw, None).await;
    assert!(
        why.contains("alice's turn") && why.contains("nothing was changed"),
        "{why}"
    );
    let why = refused(&t, CAROL, &start, &draw, None).await;
    assert!(why.contains("not seated"), "{why}");

    let moved = t.press(ALICE, &start, &draw, None).await;
    assert!(!moved.is_private(), "{}", moved.content());
    let why = refused(&t, BOB, &start, &draw, None).await;
    assert!(why.contains("from move 0; the game is at move 1"), "{why}");

    let forged = [
        format!("aq1:{}:1:d1", game_id + 50),
        "garbage".to_string(),
        "x".repeat(150),
        format!("aq1:{game_id}:1:o.ZZ.0"),
        format!("aq1:{game_id}:01:d1"),
        String::new(),
    ];
    let latest = moved.created[0].clone();
    for id in &forged {
        let why = refused(&t, BOB, &latest, id, None).await;
        assert!(why.contains("nothing was changed"), "{id}: {why}");
    }
    // A menu value that is not offered, on a real menu id.
    let place = format!("aq1:{game_id}:1:s.P1.0");
    let why = refused(&t, BOB, &latest, &place, Some(&["Z99".to_string()])).await;
    assert!(why.contains("nothing was changed"), "{why}");

    // Play to the end by presses, then press an old control.
    let mut message = latest;
    loop {
        let loaded = t.loaded().await;
        let Some(loaded) = loaded else { break };
        let game = loaded.game().cloned().expect("started");
        let Some(seat) = game.to_act() else { break };
        let who = Table::user_of(&loaded, seat);
        let (offered, _) = explore(&t, who, &loaded, &message).await;
        let (_, (on, id, values)) = offered.iter().next().expect("a move");
        message = t.press(who, on, id, values.as_deref()).await.created[0].clone();
    }
    let why = refused(&t, ALICE, &start, &draw, None).await;
    assert!(why.contains(&format!("Game #{game_id} has ended")), "{why}");
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    controls_keep_working_after_a_restart
}
async fn controls_keep_working_after_a_restart() {
    let mut t = table().await;
    let message = start(&t, &[ALICE, BOB], 5).await;
    t.restart().await;
    let draw = button(&message, "Draw onto truck");
    let answer = t.press(ALICE, &message, &draw, None).await;
    assert!(!answer.is_private(), "{}", answer.content());
    assert_eq!(t.loaded().await.expect("running").seq(), 1);
    finish(t).await;
}

/// The state the log gives without the withdrawn moves.
fn replay_live(loaded: &Loaded) -> Game {
    loaded.replay_to(loaded.log().len()).expect("replays")
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    undo_takes_back_own_moves_until_a_draw_or_another_player
}
async fn undo_takes_back_own_moves_until_a_draw_or_another_player() {
    let t = table().await;
    let opened = t
        .say(
            ALICE,
            "new",
            &[
                ("first", fd::user_option(ALICE.id, ALICE.name)),
                (
                    "deck",
                    json!("orca dolphin sealion penguin-fish hippo-fish orca dolphin reserve sealion penguin-fish hippo-fish orca"),
                ),
                ("removed", json!("turtle crocodile polarbear")),
            ],
        )
        .await;
    assert!(!opened.is_private(), "{}", opened.content());
    t.say(BOB, "join", &[]).await;
    t.say(ALICE, "start", &[]).await;
    let table = &t;
    let at = |n: i64| async move {
        let l = table.loaded().await.expect("running");
        assert_eq!(l.seq(), n);
        l
    };
    // alice draws: a draw reveals a tile and cannot be taken back.
    t.say(ALICE, "draw", &[("truck", json!(3))]).await;
    let why = t.say(ALICE, "undo", &[]).await;
    assert!(why.is_private(), "{}", why.content());
    assert!(why.content().contains("drew a tile"), "{}", why.content());
    // bob draws; alice may not take back bob's move.
    t.say(BOB, "draw", &[("truck", json!(3))]).await;
    let why = t.say(ALICE, "undo", &[]).await;
    assert!(
        why.is_private() && why.content().to_lowercase().contains("bob has acted"),
        "{}",
        why.content()
    );
    // alice takes truck 3 and places a tile.
    let before_take = at(2).await;
    t.say(ALICE, "take", &[("truck", json!(3))]).await;
    let before_place = at(3).await;
    let placed = t
        .say(ALICE, "place", &[("at", json!("K11")), ("tile", json!(1))])
        .await;
    assert!(!placed.is_private(), "{}", placed.content());
    // bob may not take back alice's placement.
    let undo = button(&placed.created[0], "Undo my last move");
    let why = t.press(BOB, &placed.created[0], &undo, None).await;
    assert!(why.is_private(), "{}", why.content());
    // alice presses Undo: the placement is taken back, publicly, pinging nobody.
    let undone = t.press(ALICE, &placed.created[0], &undo, None).await;
    assert!(!undone.is_private(), "{}", undone.content());
    assert!(
        undone.content().contains("took back move 4"),
        "{}",
        undone.content()
    );
    assert!(!undone.content().contains("<@"), "an undo pings nobody");
    let allowed = &undone.data()["allowed_mentions"];
    assert!(allowed["users"].as_array().is_none_or(|u| u.is_empty()));
    let l = at(5).await;
    assert_eq!(l.game(), before_place.game(), "the exact earlier state");
    assert_eq!(l.game(), Some(&replay_live(&l)));
    // Again, with the slash command: the take is taken back too.
    let undone = t.say(ALICE, "undo", &[]).await;
    assert!(!undone.is_private(), "{}", undone.content());
    let l = at(6).await;
    assert_eq!(l.game(), before_take.game());
    // Now the last move in force is bob's draw: no further.
    let why = t.say(ALICE, "undo", &[]).await;
    assert!(
        why.is_private() && why.content().to_lowercase().contains("bob has acted"),
        "{}",
        why.content()
    );
    // The history keeps the withdrawn moves, marked.
    let history = t.say(CAROL, "history", &[]).await;
    let text = history.content();
    assert!(
        text.contains("**3.** ~~alice took truck 3 (an orca, a dolphin).~~ (taken back)"),
        "{text}"
    );
    assert!(
        text.contains("**4.** ~~alice placed an orca on K11.~~ (taken back)"),
        "{text}"
    );
    assert!(text.contains("**5.** alice took back move 4"), "{text}");
    // The game goes on from there.
    let took = t.say(ALICE, "take", &[("truck", json!(3))]).await;
    assert!(!took.is_private(), "{}", took.content());
    finish(t).await;
}

on_sqlite_and_postgresql! {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    a_take_and_undo_loop_on_discord_yields_a_handful_of_moves_and_messages
}
/// `/aq take` and `/aq undo` in turn, forty times: one undo a turn ends the
/// loop after its first round; every later try is refused privately,
/// changing nothing and posting nothing in the channel.
async fn a_take_and_undo_loop_on_discord_yields_a_handful_of_moves_and_messages() {
    let t = table().await;
    t.start_two_player_game(7).await;
    assert!(!t
        .say(ALICE, "draw", &[("truck", json!(1))])
        .await
        .is_private());
    assert!(!t
        .say(BOB, "draw", &[("truck", json!(2))])
        .await
        .is_private());
    let public = |t: &Table| {
        let channel = CHANNEL.to_string();
        t.fake
            .messages()
            .into_iter()
            .filter(|m| m["channel_id"] == channel.as_str())
            .filter(|m| m["flags"].as_u64().unwrap_or(0) & 64 == 0)
            .count()
    };
    let messages_before = public(&t);
    let log_before = t.loaded().await.expect("running").log().len();
    let mut accepted = 0;
    for round in 0..40 {
        let answer = if round % 2 == 0 {
            t.say(ALICE, "take", &[("truck", json!(1))]).await
        } else {
            t.say(ALICE, "undo", &[]).await
        };
        if !answer.is_private() {
            accepted += 1;
        }
    }
    let moves = t.loaded().await.expect("running").log().len() - log_before;
    let messages = public(&t) - messages_before;
    assert_eq!(accepted, 3, "take, undo, take: the take then stands");
    assert_eq!(moves, 3, "three entries in the log");
    assert_eq!(messages, 3, "one public message a move, none for a refusal");
    finish(t).await;
}
