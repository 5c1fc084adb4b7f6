//! A tournament's rounds, run by themselves once it starts
//! (`tournament start`): each round's tables drawn by `crate::tournament`
//! from the results so far, each table given a place of its own
//! ([`super::Places`]: a thread on Discord) and a game there with its
//! players seated, the tournament's clock, no hints, counted in the
//! ratings when the tournament is rated; each finished game's placings
//! recorded in the same transaction as its last move; a round closed when
//! every table has finished or at its deadline, when a game still open is
//! played out by the `strong` computer for every seat (its moves marked in
//! the history, chosen from the game's seed and position alone, so the
//! same on every run); then the next round, or the tournament finished.
//!
//! Every step is one transaction that checks it was not taken already
//! (a round is inserted once, a table's place and game are set once, a
//! round is closed once), so the scheduler may run a tournament on from
//! any process, twice, or after a restart mid-round: nothing is lost and
//! nothing done twice. The one thing a crash can repeat is a place made
//! just before it (a second, empty thread): the table is then played in
//! the one recorded.
//!
//! A round robin plays in pools of at most [`pool_size`] players. An
//! elimination seeds its players in sign-up order. A game at a table that
//! ended without finishing (abandoned) is placed by the scores it had.

use super::auto::{Computed, ComputerMove};
use super::{load, Loaded, Referee};
use crate::clock::{rfc3339, Millis};
use crate::cpu::Level;
use crate::engine::{Game, Setup};
use crate::lang::{Arg, Lang, Text};
use crate::store::{
    self, EntrantRow, GameStatus, Letter, LetterKind, NewGame, RoundRow, SeatRow, TableRow,
    TournamentRow, TournamentStatus,
};
use crate::tournament::{
    self, elimination, round_robin, swiss, EntrantId, FormatKind, Round, RoundResult, TableSize,
};

/// The level that plays out a game still open at its round's deadline.
pub const DEADLINE_LEVEL: Level = Level::Strong;
/// Steps one pass takes for one tournament at most (each opens a round or
/// a table, plays out a game, closes a round or finishes).
const MAX_STEPS: usize = 10_000;
/// Moves played out in one game at most: a whole game, and then some.
const MAX_PLAYED_OUT: usize = 2_000;

/// The largest pool of a round robin at tables of `size`: twice the
/// table, at least 4.
pub fn pool_size(size: TableSize) -> usize {
    (usize::from(size.get()) * 2).max(4)
}

/// What a tournament and its rounds are now.
pub(super) struct State {
    pub row: TournamentRow,
    pub entrants: Vec<EntrantRow>,
    pub rounds: Vec<RoundRow>,
    pub tables: Vec<TableRow>,
}

/// The next thing to do for a running tournament.
enum Step {
    /// Nothing until a game finishes or a deadline passes.
    Wait,
    OpenRound(Round),
    OpenTable(TableRow),
    PlayOut(i64),
    /// Every table of the round finished.
    CloseRound(u32),
    Finish,
}

impl State {
    pub(super) async fn read(tx: &mut store::Tx, id: i64) -> anyhow::Result<Option<State>> {
        let Some(row) = store::tournament_by_id(tx, id).await? else {
            return Ok(None);
        };
        Ok(Some(State {
            entrants: store::entrants(tx, id).await?,
            rounds: store::rounds(tx, id).await?,
            tables: store::tables(tx, id).await?,
            row,
        }))
    }

    /// The entrants still in (not dropped), in sign-up order.
    pub(super) fn ids(&self) -> Vec<EntrantId> {
        self.entrants
            .iter()
            .filter(|e| e.dropped_at.is_none())
            .map(|e| EntrantId::new(&e.user_id))
            .collect()
    }

    /// Every entrant, dropped or not, in sign-up order: the standings'.
    pub(super) fn all_ids(&self) -> Vec<EntrantId> {
        self.entrants
            .iter()
            .map(|e| EntrantId::new(&e.user_id))
            .collect()
    }

    /// The rounds as played so far: each round's finished tables and its
    /// byes (a result recorded for a round not itself recorded counts too).
    pub(super) fn played(&self) -> Vec<RoundResult> {
        let last = (self.rounds.iter().map(|r| r.round))
            .chain(self.tables.iter().map(|t| t.round))
            .max()
            .unwrap_or(0);
        (1..=last)
            .map(|n| RoundResult {
                tables: (self.tables.iter())
                    .filter(|t| t.round == n)
                    .filter_map(|t| t.result.clone())
                    .collect(),
                byes: (self.rounds.iter())
                    .find(|r| r.round == n)
                    .map(|r| r.byes.clone())
                    .unwrap_or_default(),
            })
            .collect()
    }

    /// The round after those played, or `None` when the tournament is over:
    /// the format's, without the players dropped (a table left with one
    /// player gives them a bye).
    fn next_round(&self) -> Option<Round> {
        let mut round = self.format_round()?;
        let active = self.ids();
        let mut byes = Vec::new();
        round.tables.retain_mut(|t| {
            t.seats.retain(|e| active.contains(e));
            if t.seats.len() == 1 {
                byes.append(&mut t.seats);
            }
            t.seats.len() >= usize::from(TableSize::MIN)
        });
        round.byes.retain(|e| active.contains(e));
        round.byes.extend(byes);
        Some(round)
    }

    /// The round the format makes after those played: a Swiss round of the
    /// players still in, a round robin's or an elimination's of everyone
    /// who signed up (their schedule does not change when a player drops).
    fn format_round(&self) -> Option<Round> {
        let ids = match self.row.format {
            FormatKind::Swiss => self.ids(),
            FormatKind::RoundRobin | FormatKind::Elimination => self.all_ids(),
        };
        let size = TableSize::new(self.row.table_size).ok()?;
        let played = self.played();
        let seed = self.row.seed;
        if ids.len() < usize::from(TableSize::MIN) && played.is_empty() {
            return None;
        }
        match self.row.format {
            FormatKind::Swiss => {
                // A Swiss tournament keeps its rounds (`tournament new` sets them).
                let rounds = self.row.rounds.unwrap_or_default();
                (played.len() < rounds as usize).then(|| swiss::round(&ids, &played, size, seed))
            }
            FormatKind::RoundRobin => {
                let pools = round_robin::pools(&ids, pool_size(size));
                round_robin::rounds(&pools, size, seed)
                    .into_iter()
                    .nth(played.len())
            }
            FormatKind::Elimination => match elimination::next(&ids, &played, size, seed) {
                elimination::Next::Round(round) => Some(round),
                elimination::Next::Champion(_) | elimination::Next::Nobody => None,
            },
        }
    }

    fn step(&self, now: Millis) -> Step {
        let Some(last) = self.rounds.last() else {
            return self.next_round().map_or(Step::Finish, Step::OpenRound);
        };
        let tables: Vec<&TableRow> = self
            .tables
            .iter()
            .filter(|t| t.round == last.round)
            .collect();
        if let Some(t) = tables.iter().find(|t| t.game_id.is_none()) {
            return Step::OpenTable((*t).clone());
        }
        if last.closed_at_ms.is_none() {
            let open: Vec<i64> = tables
                .iter()
                .filter(|t| t.result.is_none())
                .filter_map(|t| t.game_id)
                .collect();
            return match open.first() {
                None => Step::CloseRound(last.round),
                Some(&game) if now >= last.deadline_at_ms => Step::PlayOut(game),
                Some(_) => Step::Wait,
            };
        }
        self.next_round().map_or(Step::Finish, Step::OpenRound)
    }

    /// The name an entrant goes by in the tournament.
    fn name_of(&self, id: &EntrantId) -> String {
        self.entrants
            .iter()
            .find(|e| e.user_id == id.as_str())
            .map_or_else(|| id.to_string(), |e| e.name.clone())
    }

    fn person(&self, id: &EntrantId) -> Arg {
        Arg::Person {
            name: self.name_of(id),
            id: id.to_string(),
        }
    }

    fn lang(&self) -> Lang {
        self.row
            .lang
            .as_deref()
            .and_then(Lang::find)
            .unwrap_or_default()
    }
}

/// The seed of a table's game: the tournament's, the round and the table.
fn table_seed(seed: u64, round: u32, table: u32) -> u64 {
    let mut x = seed ^ (u64::from(round) << 32) ^ u64::from(table);
    // SplitMix64's finaliser: nearby tables get unrelated deals.
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl Referee {
    /// Runs every running tournament on at `now`: rounds and tables
    /// opened, games past their round's deadline played out, rounds closed,
    /// tournaments finished. At most one game is played out per tournament
    /// in a call (a few seconds of the computer's work), so that a sweep of
    /// many open games never holds up the scheduler's other work: the
    /// number of steps taken, and while it is not 0 there may be more to
    /// do (the scheduler calls again at once).
    pub async fn run_tournaments(&self, now: Millis) -> anyhow::Result<usize> {
        let mut steps = self.close_due_signups(now).await?;
        let running = {
            let mut tx = self.store.read().await?;
            store::running_tournaments(&mut tx).await?
        };
        for t in running {
            steps += self.run_tournament(t.id, now).await?;
        }
        Ok(steps)
    }

    /// Closes the sign-ups that close by themselves by `now` (their time
    /// has come, or their player count is reached, with at least two
    /// signed up): each tournament starts, as `tournament start` starts it
    /// (its first round comes in the same pass). Returns how many started.
    async fn close_due_signups(&self, now: Millis) -> anyhow::Result<usize> {
        let due = {
            let mut tx = self.store.read().await?;
            store::due_signups(&mut tx, now).await?
        };
        let mut started = 0;
        for id in due {
            let mut tx = self.store.write().await?;
            // Once: another process or a `tournament start` may be first.
            if store::close_signup(&mut tx, id).await? {
                tx.commit().await?;
                tracing::info!(tournament = id, "sign-up closed by itself");
                started += 1;
            }
        }
        Ok(started)
    }

    /// [`Referee::run_tournaments`] for one tournament.
    pub(super) async fn run_tournament(&self, id: i64, now: Millis) -> anyhow::Result<usize> {
        let _one_at_a_time = self.running_rounds.lock().await;
        let mut steps = 0;
        while steps < MAX_STEPS {
            let state = {
                let mut tx = self.store.read().await?;
                State::read(&mut tx, id).await?
            };
            let Some(state) = state.filter(|s| s.row.status == TournamentStatus::Running) else {
                break;
            };
            match state.step(now) {
                Step::Wait => break,
                Step::OpenRound(round) => self.open_round(&state, &round, now).await?,
                Step::OpenTable(table) => self.open_table(&state, &table, now).await?,
                Step::PlayOut(game) => {
                    self.play_out(game).await?;
                    steps += 1;
                    break;
                }
                Step::CloseRound(round) => self.close_round(&state, round, now).await?,
                Step::Finish => self.finish(&state).await?,
            }
            steps += 1;
        }
        Ok(steps)
    }

    /// Records a round and its tables (their places and games come next).
    async fn open_round(&self, state: &State, round: &Round, now: Millis) -> anyhow::Result<()> {
        let id = state.row.id;
        let mut tx = self.store.write().await?;
        let deadline = now.saturating_add(state.row.deadline_ms);
        if !store::insert_round(&mut tx, id, round.number, now, deadline, &round.byes).await? {
            return Ok(());
        }
        for (k, table) in round.tables.iter().enumerate() {
            let number = k as u32 + 1;
            store::insert_tournament_table(&mut tx, id, round.number, number, &table.seats, None)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Gives a table its place and its game, seated and dealt; the table's
    /// players are pinged there, and once the round's last table is open
    /// the round is announced in the tournament's channel.
    async fn open_table(&self, state: &State, table: &TableRow, now: Millis) -> anyhow::Result<()> {
        let t = &state.row;
        let lang = state.lang();
        let channel = match &table.channel {
            Some(channel) => channel.clone(),
            None => {
                let key = format!("t{}-r{}-{}", t.id, table.round, table.table);
                let name = crate::lang::say(
                    &lang,
                    &Text::msg("tournament-table-place")
                        .arg("tournament", super::tournament_text::title(t))
                        .arg("round", i64::from(table.round))
                        .arg("table", i64::from(table.table)),
                    &crate::lang::Plain,
                );
                let made = self.places().open(&t.channel, &key, &name).await?;
                let mut tx = self.store.write().await?;
                let kept = store::set_table_channel(&mut tx, t.id, table.round, table.table, &made)
                    .await?;
                tx.commit().await?;
                kept.unwrap_or(made)
            }
        };

        let mut tx = self.store.write_in(&channel).await?;
        // Another process may have dealt it meanwhile.
        let dealt = store::tables(&mut tx, t.id)
            .await?
            .into_iter()
            .any(|r| r.round == table.round && r.table == table.table && r.game_id.is_some());
        if dealt {
            return Ok(());
        }
        let at = rfc3339(now);
        let seed = table_seed(t.seed, table.round, table.table);
        let game_id = store::insert_game(
            &mut tx,
            NewGame {
                channel: &channel,
                guild: t.guild.as_deref(),
                creator: &t.created_by,
                seed,
                removed: None,
                first: None,
                deck: None,
                practice: !t.rated,
                lang: &lang,
                now: &at,
            },
        )
        .await?;
        if !store::set_table_game(&mut tx, t.id, table.round, table.table, game_id).await? {
            // Opened meanwhile: this transaction is rolled back.
            return Ok(());
        }
        let row = store::game_by_id(&mut tx, game_id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("game #{game_id} vanished in its own transaction"))?;
        let settings = store::Settings {
            clock: t.clock,
            vacations: t.vacations,
            hints: false,
            ..row.settings
        };
        store::set_settings(&mut tx, game_id, &settings).await?;
        let mut seated: Vec<SeatRow> = Vec::new();
        for entrant in &table.seats {
            let name = super::lobby::unique_name(&state.name_of(entrant), &seated);
            store::add_seat(&mut tx, game_id, entrant.as_str(), &name, None).await?;
            seated = store::seats(&mut tx, game_id).await?;
        }
        let row = store::game_by_id(&mut tx, game_id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("game #{game_id} vanished in its own transaction"))?;
        let mut loaded = Loaded {
            row,
            seats: seated,
            log: Vec::new(),
            game: None,
        };
        // The seats are in the order the draw gave: the first plays first.
        let setup = Setup {
            players: loaded.names(),
            seed,
            removed: None,
            first: loaded.seats.first().map(|s| s.name.clone()),
            deck: None,
        };
        let game = Game::new(setup.clone())
            .map_err(|e| anyhow::anyhow!("table {} of round {}: {e}", table.table, table.round))?;
        store::start_game(&mut tx, game_id, &setup, &game, &at).await?;
        loaded.row.status = GameStatus::Running;
        loaded.game = Some(game.clone());
        self.record_turn(&mut tx, &mut loaded, now, true).await?;

        let players: Vec<Text> = table
            .seats
            .iter()
            .map(|e| Text::msg("mention").arg("who", state.person(e)))
            .collect();
        let words = Text::msg("tournament-table-opened")
            .arg("tournament", super::tournament_text::title(t))
            .arg("round", i64::from(table.round))
            .arg("table", i64::from(table.table))
            .arg("players", super::language::listed(players))
            .then_line(super::play::closing(&loaded, &game));
        let names = loaded.table_names();
        let view = loaded.view(&game, &names, None);
        let extra = serde_json::json!({
            "seq": loaded.seq(),
            "controls": crate::view::controls::table_panel(&view),
            "picture": true,
            "mentions": table.seats,
        });
        let to_act = game
            .to_act()
            .and_then(|s| loaded.seats.get(s))
            .map(|s| s.user_id.clone());
        store::post_letter(
            &mut tx,
            &Letter {
                channel: Some(channel.clone()),
                user_id: to_act,
                extra: Some(extra.to_string()),
                ..Letter::new(
                    LetterKind::Table,
                    game_id,
                    names.in_text(words),
                    format!("t{game_id}.0"),
                    now,
                )
            },
        )
        .await?;
        let tables = store::tables(&mut tx, t.id).await?;
        let round: Vec<&TableRow> = tables.iter().filter(|r| r.round == table.round).collect();
        if round.iter().all(|r| r.game_id.is_some()) {
            self.announce_round(&mut tx, state, table.round, &round, now)
                .await?;
        }
        tx.commit().await?;
        self.moved(game_id);
        self.wake.notify_one();
        Ok(())
    }

    /// The round's tables, their places and players and its deadline, said
    /// in the tournament's channel.
    async fn announce_round(
        &self,
        tx: &mut store::Tx,
        state: &State,
        number: u32,
        tables: &[&TableRow],
        now: Millis,
    ) -> anyhow::Result<()> {
        let t = &state.row;
        let deadline = state
            .rounds
            .iter()
            .find(|r| r.round == number)
            .map_or(now.saturating_add(t.deadline_ms), |r| r.deadline_at_ms);
        let mut lines = vec![Text::msg("tournament-round-opened")
            .arg("tournament", super::tournament_text::title(t))
            .arg("round", i64::from(number))
            .arg("tables", tables.len())
            .arg("deadline", Arg::Time(deadline))];
        for table in tables {
            let players: Vec<Text> = table
                .seats
                .iter()
                .map(|e| Text::Raw(state.name_of(e)))
                .collect();
            lines.push(
                Text::msg("tournament-round-table")
                    .arg("table", i64::from(table.table))
                    .arg(
                        "place",
                        Arg::Channel(table.channel.clone().unwrap_or_default()),
                    )
                    .arg("players", super::language::listed(players)),
            );
        }
        if let Some(r) = state.rounds.iter().find(|r| r.round == number) {
            for bye in &r.byes {
                lines.push(
                    Text::msg("tournament-round-bye")
                        .arg("name", state.name_of(bye))
                        .arg("points", super::tournament_text::points(tournament::BYE)),
                );
            }
        }
        let game = tables.iter().find_map(|t| t.game_id).unwrap_or_default();
        self.post_notice(
            tx,
            state,
            game,
            Text::lines(lines),
            format!("tr{}.{number}", t.id),
            now,
        )
        .await
    }

    /// A message in the tournament's own channel, pinging nobody; `game` is
    /// a game of the round it is about (the letter speaks its language).
    async fn post_notice(
        &self,
        tx: &mut store::Tx,
        state: &State,
        game: i64,
        words: Text,
        nonce: String,
        now: Millis,
    ) -> anyhow::Result<()> {
        let letter = Letter {
            channel: Some(state.row.channel.clone()),
            ..Letter::new(LetterKind::Notice, game, words, nonce, now)
        };
        store::post_letter(tx, &letter).await?;
        Ok(())
    }

    /// Plays out a table's game past its round's deadline: every turn left
    /// by the [`DEADLINE_LEVEL`] computer, then the table shown in its
    /// place. A game that ended unfinished is placed by its scores.
    async fn play_out(&self, game_id: i64) -> anyhow::Result<()> {
        let mut played = 0usize;
        let mut last: Option<(Loaded, Game)> = None;
        while played < MAX_PLAYED_OUT {
            let loaded = {
                let mut tx = self.store.read().await?;
                let Some(row) = store::game_by_id(&mut tx, game_id).await? else {
                    anyhow::bail!("a tournament's table plays game #{game_id}, which is gone");
                };
                match load(&mut tx, row).await? {
                    Ok(loaded) => loaded,
                    Err(damage) => anyhow::bail!("game #{game_id} cannot be loaded: {damage:?}"),
                }
            };
            let Some(game) = loaded.game.clone() else {
                anyhow::bail!("a tournament's game #{game_id} was never dealt");
            };
            let seat = match (loaded.row.status, game.to_act()) {
                (GameStatus::Running, Some(seat)) => seat,
                _ => {
                    // Over, or ended without finishing: placed as it stands.
                    let mut tx = self.store.write_in(&loaded.row.channel).await?;
                    if let Some(result) = super::stats::placings(&loaded, &game) {
                        store::record_game_result(&mut tx, game_id, &result).await?;
                    }
                    tx.commit().await?;
                    break;
                }
            };
            let done = match self
                .computer_move(&loaded, game, seat, DEADLINE_LEVEL)
                .await?
            {
                Computed::Played(done) => done,
                Computed::Raced => continue,
                Computed::Gone => break,
                Computed::NoMove => {
                    anyhow::bail!("the computer found no move in game #{game_id}")
                }
                Computed::Refused(refusal) => {
                    anyhow::bail!("a computer move was refused in game #{game_id}: {refusal}")
                }
            };
            let ComputerMove {
                loaded,
                game: after,
                ..
            } = *done;
            played += 1;
            last = Some((loaded, after));
        }
        if let Some((loaded, game)) = last {
            self.moved(game_id);
            let mut tx = self.store.write_in(&loaded.row.channel).await?;
            let words = Text::msg("tournament-played-out")
                .arg("level", DEADLINE_LEVEL.to_string())
                .arg("moves", played)
                .then_line(super::play::closing(&loaded, &game));
            let names = loaded.table_names();
            let extra = serde_json::json!({ "seq": loaded.seq(), "picture": true });
            store::post_letter(
                &mut tx,
                &Letter {
                    channel: Some(loaded.row.channel.clone()),
                    extra: Some(extra.to_string()),
                    ..Letter::new(
                        LetterKind::Table,
                        game_id,
                        names.in_text(words),
                        format!("t{game_id}.{}", loaded.seq()),
                        self.clock.now(),
                    )
                },
            )
            .await?;
            tx.commit().await?;
        }
        Ok(())
    }

    /// Closes a round every table of which finished, and says how it went.
    async fn close_round(&self, state: &State, number: u32, now: Millis) -> anyhow::Result<()> {
        let t = &state.row;
        let mut tx = self.store.write().await?;
        if !store::close_round(&mut tx, t.id, number, now).await? {
            return Ok(());
        }
        let mut lines = vec![Text::msg("tournament-round-closed")
            .arg("tournament", super::tournament_text::title(t))
            .arg("round", i64::from(number))];
        for table in state.tables.iter().filter(|r| r.round == number) {
            let Some(result) = &table.result else {
                continue;
            };
            let order: Vec<Text> = result
                .placings()
                .iter()
                .map(|p| {
                    Text::msg("tournament-round-placing")
                        .arg("place", p.place)
                        .arg("name", state.name_of(&p.entrant))
                        .arg("score", i64::from(p.score))
                })
                .collect();
            lines.push(
                Text::msg("tournament-round-result")
                    .arg("table", i64::from(table.table))
                    .arg("placings", super::language::listed(order)),
            );
        }
        let game = (state.tables.iter())
            .filter(|r| r.round == number)
            .find_map(|r| r.game_id);
        if let Some(game) = game {
            let nonce = format!("tc{}.{number}", t.id);
            self.post_notice(&mut tx, state, game, Text::lines(lines), nonce, now)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Finishes the tournament after its last round: the final standings
    /// said in its channel.
    async fn finish(&self, state: &State) -> anyhow::Result<()> {
        let t = &state.row;
        let mut tx = self.store.write().await?;
        let Some(now_row) = store::tournament_by_id(&mut tx, t.id).await? else {
            return Ok(());
        };
        if now_row.status != TournamentStatus::Running {
            return Ok(());
        }
        store::set_tournament_status(&mut tx, t.id, TournamentStatus::Finished).await?;
        let standings = tournament::standings(&state.all_ids(), &state.played());
        let winner = match t.format {
            FormatKind::Elimination => {
                let size = TableSize::new(t.table_size).ok();
                match size
                    .map(|size| elimination::next(&state.all_ids(), &state.played(), size, t.seed))
                {
                    Some(elimination::Next::Champion(c)) => Some(c),
                    _ => None,
                }
            }
            _ => standings.first().map(|s| s.entrant.clone()),
        };
        let mut lines = vec![Text::msg("tournament-finished")
            .arg("tournament", super::tournament_text::title(t))
            .arg("rounds", state.rounds.len())];
        if let Some(w) = winner {
            lines.push(Text::msg("tournament-winner").arg("name", state.person(&w)));
        }
        lines.push(super::tournament_text::standings_lines(
            &state.entrants,
            &standings,
        ));
        let now = self.clock.now();
        if let Some(game) = state.tables.iter().rev().find_map(|r| r.game_id) {
            let nonce = format!("tf{}", t.id);
            self.post_notice(&mut tx, state, game, Text::lines(lines), nonce, now)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
