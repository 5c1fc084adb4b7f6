//! `tournament`: a tournament in a channel, its sign-up and its standings.
//!
//! `tournament new` opens one (one open per channel, signing up or
//! running); its settings, each with its default when left out:
//! - `name`: "Tournament #<number>";
//! - `format`: `swiss` (also `round_robin`, `elimination`);
//! - `size`: 4 players a table (2 to 5);
//! - `rounds`: 3 ([`DEFAULT_ROUNDS`]; 1 to [`MAX_ROUNDS`]), for a Swiss
//!   tournament only: a round robin and an elimination play as many rounds
//!   as their format needs;
//! - `clock`: `normal` (`fast`, `slow`, or `off`);
//! - `deadline`: 14 days a round ([`DEFAULT_DEADLINE_MS`]; from an hour to
//!   60 days);
//! - `rated`: on (its games count in the ratings);
//! - `vacations`: off (`away` does not pause its games' clocks).
//!
//! The organiser does not sign up by opening it. While it signs up,
//! `tournament join` and `tournament leave` put the asker on the list (last
//! in the sign-up order, which breaks the last tie of the standings) or
//! take them off it. `tournament standings` shows the standings
//! (`crate::tournament::standings`) from the tables' results recorded so
//! far, of the channel's open tournament or else its latest; before any
//! result every entrant has 0 points, in sign-up order. `tournament end`
//! (the organiser, or someone who manages the channel) ends it.
//!
//! A refusal is private, says why and changes nothing: no tournament to
//! join, one already open, sign-up closed, signed up twice, not on the
//! list, `rounds` for a format without them, a deadline out of range, an
//! `end` by someone else.
//!
//! `tournament start` (the organiser, or a channel manager) closes sign-up
//! with at least two players and opens the first round; the rounds then
//! run by themselves (`rounds.rs`).

use super::rounds::State;
use super::tournament_text::{standings_lines, title};
use super::{Referee, Reply, Request};
use crate::command::{ClockChoice, Every, TournamentAction, TournamentSettings};
use crate::lang::{Arg, Text};
use crate::store::{self, NewTournament, TournamentRow, TournamentStatus};
use crate::time_control::Pace;
use crate::tournament::{self, FormatKind};
use crate::view::standings::StandingsCard;

/// A table's players when `size` is not given.
pub const DEFAULT_SIZE: u8 = 4;
/// A Swiss tournament's rounds when `rounds` is not given.
pub const DEFAULT_ROUNDS: u32 = 3;
/// The most rounds a Swiss tournament may have.
pub const MAX_ROUNDS: u32 = 12;
/// How long a round lasts when `deadline` is not given: 14 days.
pub const DEFAULT_DEADLINE_MS: i64 = 14 * DAY_MS;
/// The shortest round: an hour.
pub const MIN_DEADLINE_MS: i64 = 3_600_000;
/// The level that plays a dropped player's seat in a game still played.
pub const DROPPED_LEVEL: crate::cpu::Level = crate::cpu::Level::Normal;
/// The games' clocks when `clock` is not given.
pub const DEFAULT_CLOCK: Pace = Pace::Normal;
/// The longest a sign-up may stay open by itself (`closes`): 60 days.
pub const MAX_CLOSES_MS: i64 = 60 * DAY_MS;
/// The most players a sign-up may wait for (`players`).
pub const MAX_PLAYERS: u32 = 500;

const DAY_MS: i64 = 86_400_000;

impl Referee {
    pub(super) async fn tournament(
        &self,
        req: &Request,
        action: &TournamentAction,
    ) -> anyhow::Result<Reply> {
        match action {
            TournamentAction::New(settings) => self.tournament_new(req, settings).await,
            TournamentAction::Join => self.tournament_join(req).await,
            TournamentAction::Leave => self.tournament_leave(req).await,
            TournamentAction::Start => self.tournament_start(req).await,
            TournamentAction::Drop { player } => self.tournament_drop(req, player).await,
            TournamentAction::Extend => self.tournament_extend(req).await,
            TournamentAction::Standings => self.tournament_standings(req).await,
            TournamentAction::End => self.tournament_end(req).await,
        }
    }

    async fn tournament_new(
        &self,
        req: &Request,
        settings: &TournamentSettings,
    ) -> anyhow::Result<Reply> {
        let format = settings.format.unwrap_or(FormatKind::Swiss);
        let rounds = match (format, settings.rounds) {
            (FormatKind::Swiss, None) => Some(DEFAULT_ROUNDS),
            (FormatKind::Swiss, Some(n)) if (1..=MAX_ROUNDS).contains(&n) => Some(n),
            (FormatKind::Swiss, Some(n)) => {
                return Ok(Reply::refused(
                    Text::msg("tournament-bad-rounds")
                        .arg("rounds", i64::from(n))
                        .arg("most", i64::from(MAX_ROUNDS)),
                ))
            }
            (_, Some(_)) => {
                return Ok(Reply::refused(
                    Text::msg("tournament-rounds-not-swiss").arg("format", format.word()),
                ))
            }
            (_, None) => None,
        };
        let deadline_ms = match settings.deadline {
            None => DEFAULT_DEADLINE_MS,
            Some(Every::After(ms)) if ms >= MIN_DEADLINE_MS => ms,
            Some(other) => {
                return Ok(Reply::refused(
                    Text::msg("tournament-bad-deadline").arg("deadline", other.to_string()),
                ))
            }
        };
        let clock = match settings.clock {
            None => Some(DEFAULT_CLOCK),
            Some(choice) => choice.pace(),
        };
        let closes_at_ms = match settings.closes {
            None | Some(Every::Off) => None,
            Some(Every::After(ms)) if (MIN_DEADLINE_MS..=MAX_CLOSES_MS).contains(&ms) => {
                Some(self.clock.now().saturating_add(ms))
            }
            Some(other) => {
                return Ok(Reply::refused(
                    Text::msg("tournament-bad-closes").arg("closes", other.to_string()),
                ))
            }
        };
        if let Some(n) = settings.players.filter(|n| !(2..=MAX_PLAYERS).contains(n)) {
            return Ok(Reply::refused(
                Text::msg("tournament-bad-players")
                    .arg("players", i64::from(n))
                    .arg("most", i64::from(MAX_PLAYERS)),
            ));
        }
        let name = settings
            .name
            .as_deref()
            .map(crate::view::text_table::safe_name)
            .filter(|n| !n.is_empty());
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        if let Some(open) = store::open_tournament(&mut tx, &req.channel).await? {
            return Ok(Reply::refused(
                Text::msg("tournament-already-open").arg("tournament", title(&open)),
            ));
        }
        let new = NewTournament {
            guild: req.guild.as_deref(),
            channel: &req.channel,
            name: name.as_deref(),
            format,
            table_size: settings.size.unwrap_or(DEFAULT_SIZE),
            rounds,
            clock,
            deadline_ms,
            rated: settings.rated.unwrap_or(true),
            vacations: settings.vacations.unwrap_or(false),
            created_by: &req.actor.id,
            now: &self.now_text(),
            seed: super::lobby::fresh_seed()?,
            closes_at_ms,
            closes_at_players: settings.players,
        };
        let id = store::insert_tournament(&mut tx, &new).await?;
        let lang = self.opening_lang(&mut tx, req).await?;
        store::set_tournament_lang(&mut tx, id, &lang.code()).await?;
        if let Some(seen) = &req.via.seen {
            // Who may see the channel, as the front end looked at opening:
            // the server's page shows a tournament of a channel all see.
            let public = seen.view.public(seen.everyone_sees);
            store::record_channel_view(&mut tx, &seen.view, public, self.clock.now()).await?;
        }
        let row = store::tournament_by_id(&mut tx, id)
            .await?
            .ok_or_else(|| anyhow::anyhow!("tournament #{id} vanished in its own transaction"))?;
        tx.commit().await?;
        let mut reply = Reply::public(Text::lines(vec![
            Text::msg("tournament-opened")
                .arg("name", organiser_name(req))
                .arg("tournament", title(&row)),
            described(&row),
            Text::msg("tournament-how-to-join"),
        ]));
        reply.controls = Some(crate::view::controls::signup_panel(row.id, &lang));
        Ok(reply)
    }

    /// A press of **Join** or **Leave** under tournament `id`'s opening:
    /// `tournament join` or `leave`, while that tournament signs up here.
    pub(super) async fn tournament_signup_press(
        &self,
        req: &Request,
        id: i64,
        join: bool,
    ) -> anyhow::Result<Reply> {
        let open = {
            let mut tx = self.store.read().await?;
            store::open_tournament(&mut tx, &req.channel).await?
        };
        match open {
            Some(open) if open.id == id => {}
            _ => return Ok(Reply::refused(Text::msg("tournament-button-old"))),
        }
        if join {
            self.tournament_join(req).await
        } else {
            self.tournament_leave(req).await
        }
    }

    async fn tournament_join(&self, req: &Request) -> anyhow::Result<Reply> {
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        let open = match signing_up(&mut tx, &req.channel).await? {
            Ok(open) => open,
            Err(refusal) => return Ok(refusal),
        };
        let name = organiser_name(req);
        let signed =
            store::sign_up(&mut tx, open.id, &req.actor.id, &name, &self.now_text()).await?;
        let list = store::entrants(&mut tx, open.id).await?;
        if !signed {
            let place = list
                .iter()
                .position(|e| e.user_id == req.actor.id)
                .map_or(0, |i| i + 1);
            return Ok(Reply::refused(
                Text::msg("tournament-already-in")
                    .arg("tournament", title(&open))
                    .arg("place", place),
            ));
        }
        tx.commit().await?;
        if open.closes_at_ms.is_some() || open.closes_at_players.is_some() {
            // The sign-up may close by itself now: the scheduler looks.
            self.wake().notify_one();
        }
        Ok(Reply::public(
            Text::msg("tournament-joined")
                .arg("name", name)
                .arg("tournament", title(&open))
                .arg("count", list.len()),
        ))
    }

    async fn tournament_leave(&self, req: &Request) -> anyhow::Result<Reply> {
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        let open = match signing_up(&mut tx, &req.channel).await? {
            Ok(open) => open,
            Err(refusal) => return Ok(refusal),
        };
        if !store::withdraw(&mut tx, open.id, &req.actor.id).await? {
            return Ok(Reply::refused(
                Text::msg("tournament-not-in").arg("tournament", title(&open)),
            ));
        }
        let count = store::entrants(&mut tx, open.id).await?.len();
        tx.commit().await?;
        Ok(Reply::public(
            Text::msg("tournament-left")
                .arg("name", organiser_name(req))
                .arg("tournament", title(&open))
                .arg("count", count),
        ))
    }

    async fn tournament_standings(&self, req: &Request) -> anyhow::Result<Reply> {
        let found = {
            let mut tx = self.store.read().await?;
            match store::open_tournament(&mut tx, &req.channel).await? {
                Some(open) => Some(open),
                None => store::latest_tournament(&mut tx, &req.channel).await?,
            }
        };
        let Some(row) = found else {
            return Ok(Reply::refused(Text::msg("tournament-none-here")));
        };
        let Some((text, card)) = self.standings_of(&row).await? else {
            return Ok(Reply::refused(Text::msg("tournament-none-here")));
        };
        let mut reply = Reply::private_info(text);
        // The standings as a picture too, in the asker's language, once
        // someone has signed up; the words stand alone when there is no
        // painter or it cannot draw.
        if let Some(painter) = self.painter.clone().filter(|_| !card.rows.is_empty()) {
            let lang = self
                .asker_lang(&req.actor.id, req.via.locale.as_deref())
                .await;
            let alt = super::tournament_text::standings_alt(&card);
            let drawn = {
                let lang = lang.clone();
                self.drawers
                    .draw(move || painter.standings(&card, &lang))
                    .await
            };
            match drawn {
                Ok(Ok(png)) => reply.pictures.push(super::Picture {
                    name: "standings.png".into(),
                    png,
                    alt,
                }),
                Ok(Err(e)) => tracing::warn!("could not draw the standings: {e:#}"),
                Err(e) => tracing::warn!("could not draw the standings: {e}"),
            }
        }
        Ok(reply)
    }

    /// A tournament's standings as `tournament standings` says them (and
    /// the server's page shows them); `None` if it has gone.
    pub(super) async fn tournament_standings_text(
        &self,
        row: &TournamentRow,
    ) -> anyhow::Result<Option<Text>> {
        Ok(self.standings_of(row).await?.map(|(text, _)| text))
    }

    /// A tournament's standings in words, and as their picture shows them;
    /// `None` if it has gone.
    async fn standings_of(
        &self,
        row: &TournamentRow,
    ) -> anyhow::Result<Option<(Text, StandingsCard)>> {
        let mut tx = self.store.read().await?;
        let Some(state) = State::read(&mut tx, row.id).await? else {
            return Ok(None);
        };
        drop(tx);
        let rounds = state.played();
        let with_results = rounds.iter().filter(|r| !r.tables.is_empty()).count();
        let standings = tournament::standings(&state.all_ids(), &rounds);
        let head = Text::msg("tournament-standings-head")
            .arg("tournament", title(row))
            .arg("status", row.status.word())
            .arg("rounds", with_results)
            .arg("count", state.entrants.len());
        let mut lines = vec![head.clone()];
        if state.entrants.is_empty() {
            lines.push(Text::msg("tournament-standings-nobody"));
        } else if with_results == 0 {
            lines.push(Text::msg("tournament-standings-no-results"));
        }
        lines.push(standings_lines(&state.entrants, &standings));
        let card = super::tournament_text::standings_card(head, &state.entrants, &standings);
        Ok(Some((Text::lines(lines), card)))
    }

    /// `tournament start`: sign-up closes and the first round opens (its
    /// organiser, or someone who manages the channel), with at least two
    /// players.
    async fn tournament_start(&self, req: &Request) -> anyhow::Result<Reply> {
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(copy),
        };
        let open = match signing_up(&mut tx, &req.channel).await? {
            Ok(open) => open,
            Err(refusal) => return Ok(refusal),
        };
        if open.created_by != req.actor.id && !req.actor.manages_channel {
            return Ok(Reply::refused(
                Text::msg("tournament-start-not-yours").arg("tournament", title(&open)),
            ));
        }
        let count = store::entrants(&mut tx, open.id).await?.len();
        if count < 2 {
            return Ok(Reply::refused(
                Text::msg("tournament-start-too-few")
                    .arg("tournament", title(&open))
                    .arg("count", count),
            ));
        }
        store::set_tournament_status(&mut tx, open.id, TournamentStatus::Running).await?;
        tx.commit().await?;
        // The first round: drawn, its places made and its games dealt.
        let now = self.clock.now();
        self.run_tournament(open.id, now).await?;
        Ok(Reply::public(
            Text::msg("tournament-started")
                .arg("name", organiser_name(req))
                .arg("tournament", title(&open))
                .arg("count", count),
        ))
    }

    /// `tournament drop player:<name>`: the organiser (or a channel
    /// manager) drops a player. While it signs up they are taken off the
    /// list; once it runs they play no further round, their results stay
    /// in the standings, and their seat in a game of the round under way is
    /// handed to the computer (placed last, as a player voted out).
    async fn tournament_drop(&self, req: &Request, player: &str) -> anyhow::Result<Reply> {
        let (mut tx, open) = match self.organised(req, "tournament-drop-not-yours").await? {
            Ok(found) => found,
            Err(refusal) => return Ok(refusal),
        };
        let list = store::entrants(&mut tx, open.id).await?;
        let Some(entrant) = entrant_named(&list, player) else {
            return Ok(Reply::refused(
                Text::msg("tournament-drop-unknown")
                    .arg("player", player.to_string())
                    .arg("tournament", title(&open)),
            ));
        };
        let name = entrant.name.clone();
        if open.status == TournamentStatus::Signup {
            store::withdraw(&mut tx, open.id, &entrant.user_id).await?;
        } else {
            let now = self.clock.now();
            if !store::drop_entrant(&mut tx, open.id, &entrant.user_id, &self.now_text()).await? {
                return Ok(Reply::refused(
                    Text::msg("tournament-drop-already")
                        .arg("name", name)
                        .arg("tournament", title(&open)),
                ));
            }
            // Their seat at a table still played goes to the computer.
            for table in store::tables(&mut tx, open.id).await? {
                let (Some(game), None) = (table.game_id, &table.result) else {
                    continue;
                };
                if !table.seats.iter().any(|e| e.as_str() == entrant.user_id) {
                    continue;
                }
                let seats = store::seats(&mut tx, game).await?;
                if let Some(seat) = seats.iter().find(|s| s.user_id == entrant.user_id) {
                    let level = DROPPED_LEVEL.word();
                    store::set_seat_auto(&mut tx, game, seat.seat, level, Some(now)).await?;
                    store::set_auto_at(&mut tx, game, Some(now)).await?;
                }
            }
        }
        tx.commit().await?;
        self.wake.notify_one();
        Ok(Reply::public(
            Text::msg("tournament-dropped")
                .arg("name", name)
                .arg("by", organiser_name(req))
                .arg("tournament", title(&open)),
        ))
    }

    /// `tournament extend`: the organiser (or a channel manager) moves the
    /// deadline of the round under way on by the tournament's round
    /// length, once a round.
    async fn tournament_extend(&self, req: &Request) -> anyhow::Result<Reply> {
        let (mut tx, open) = match self.organised(req, "tournament-extend-not-yours").await? {
            Ok(found) => found,
            Err(refusal) => return Ok(refusal),
        };
        let rounds = store::rounds(&mut tx, open.id).await?;
        let Some(round) = rounds.last().filter(|r| r.closed_at_ms.is_none()) else {
            return Ok(Reply::refused(
                Text::msg("tournament-extend-no-round").arg("tournament", title(&open)),
            ));
        };
        let deadline = round.deadline_at_ms.saturating_add(open.deadline_ms);
        if round.extended || !store::extend_round(&mut tx, open.id, round.round, deadline).await? {
            return Ok(Reply::refused(
                Text::msg("tournament-extend-once")
                    .arg("tournament", title(&open))
                    .arg("round", i64::from(round.round)),
            ));
        }
        tx.commit().await?;
        Ok(Reply::public(
            Text::msg("tournament-extended")
                .arg("name", organiser_name(req))
                .arg("tournament", title(&open))
                .arg("round", i64::from(round.round))
                .arg("deadline", Arg::Time(deadline)),
        ))
    }

    /// The write transaction and the channel's open tournament, when the
    /// asker organises it or manages the channel; else the refusal
    /// (`not_yours` names the action refused).
    async fn organised(
        &self,
        req: &Request,
        not_yours: &'static str,
    ) -> anyhow::Result<Result<(store::Tx, TournamentRow), Reply>> {
        let mut tx = match self.write_for(req).await? {
            Ok(tx) => tx,
            Err(copy) => return Ok(Err(copy)),
        };
        let Some(open) = store::open_tournament(&mut tx, &req.channel).await? else {
            return Ok(Err(Reply::refused(Text::msg("tournament-none-open"))));
        };
        if open.created_by != req.actor.id && !req.actor.manages_channel {
            return Ok(Err(Reply::refused(
                Text::msg(not_yours).arg("tournament", title(&open)),
            )));
        }
        Ok(Ok((tx, open)))
    }

    async fn tournament_end(&self, req: &Request) -> anyhow::Result<Reply> {
        let (mut tx, open) = match self.organised(req, "tournament-end-not-yours").await? {
            Ok(found) => found,
            Err(refusal) => return Ok(refusal),
        };
        store::set_tournament_status(&mut tx, open.id, TournamentStatus::Ended).await?;
        tx.commit().await?;
        Ok(Reply::public(
            Text::msg("tournament-ended")
                .arg("name", organiser_name(req))
                .arg("tournament", title(&open)),
        ))
    }
}

/// The channel's tournament while it signs up, or the refusal that says
/// why there is none to join or leave.
async fn signing_up(
    tx: &mut store::Tx,
    channel: &str,
) -> anyhow::Result<Result<TournamentRow, Reply>> {
    Ok(match store::open_tournament(tx, channel).await? {
        None => Err(Reply::refused(Text::msg("tournament-none-open"))),
        Some(open) if open.status != TournamentStatus::Signup => Err(Reply::refused(
            Text::msg("tournament-signup-closed").arg("tournament", title(&open)),
        )),
        Some(open) => Ok(open),
    })
}

/// The asker's name as the tournament shows it.
fn organiser_name(req: &Request) -> String {
    let name = crate::view::text_table::safe_name(&req.actor.name);
    if name.is_empty() {
        "player".to_string()
    } else {
        name
    }
}

/// A tournament's settings in a sentence.
fn described(row: &TournamentRow) -> Text {
    let rounds = match row.rounds {
        Some(n) => Text::msg("tournament-rounds").arg("rounds", i64::from(n)),
        None => Text::msg("tournament-rounds-as-needed"),
    };
    let clock = row.clock.map_or(ClockChoice::Off, ClockChoice::Pace).word();
    let settings = settings_text(row, rounds, clock);
    let closes = match (row.closes_at_ms, row.closes_at_players) {
        (Some(at), Some(n)) => Some(
            Text::msg("tournament-closes-at-or-players")
                .arg("at", Arg::Time(at))
                .arg("players", i64::from(n)),
        ),
        (Some(at), None) => Some(Text::msg("tournament-closes-at").arg("at", Arg::Time(at))),
        (None, Some(n)) => {
            Some(Text::msg("tournament-closes-players").arg("players", i64::from(n)))
        }
        (None, None) => None,
    };
    match closes {
        Some(closes) => Text::lines(vec![settings, closes]),
        None => settings,
    }
}

/// A tournament's settings in one sentence.
fn settings_text(row: &TournamentRow, rounds: Text, clock: &'static str) -> Text {
    Text::msg("tournament-settings")
        .arg("format", row.format.word())
        .arg("size", i64::from(row.table_size))
        .arg("rounds", rounds)
        .arg("clock", clock)
        .arg("deadline", Every::After(row.deadline_ms).to_string())
        .arg("rated", if row.rated { "yes" } else { "no" })
        .arg("vacations", if row.vacations { "yes" } else { "no" })
}

/// The entrant `player` names: a mention of their id (`<@123>`), their id,
/// or their name (case aside).
fn entrant_named<'a>(list: &'a [store::EntrantRow], player: &str) -> Option<&'a store::EntrantRow> {
    let typed = player.trim();
    let id = typed
        .strip_prefix("<@")
        .and_then(|rest| rest.strip_suffix('>'))
        .map(|id| id.trim_start_matches('!'))
        .unwrap_or(typed);
    list.iter()
        .find(|e| e.user_id == id)
        .or_else(|| list.iter().find(|e| e.name.eq_ignore_ascii_case(typed)))
}
