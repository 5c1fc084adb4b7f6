//! The table in words, for a reader who cannot see its pictures: the one
//! place that says what a picture shows, built from the game's typed values
//! and worded by the catalogue (`locales/<lang>/describe.ftl`, the game's
//! nouns and tiles from `terms.ftl` and `engine.ftl`).
//!
//! Two uses: a picture's description (Discord's attachment `description`,
//! the web's `alt`: sentences joined by spaces, the most telling first, cut
//! after a whole sentence to fit by [`crate::lang::within`]), and the whole
//! table read in order (`board text` and the table's Describe button: one
//! sentence a line, trucks, then each player's zoo by basin, depot,
//! coworkers and score).
//!
//! Invariants: a tile is named in words ("a fertile male polar bear"), never
//! by its command word; players are named as [`Names`] says them (a
//! computer player in the reader's language); nothing here reads anything
//! but the values it is given.

use crate::engine::{Animal, Decided, Event, Game, Mark, Seat, Standings, Tile};
use crate::lang::{engine as words, Names, Text};
use crate::time_control::TIMEOUTS_TO_HAND_OVER;
use crate::view::clocks::{left_words, ClockState, SeatTime};
use crate::view::score_card::ScoreCard;

/// What every description of a game's position starts from.
#[derive(Debug, Clone, Copy)]
pub struct Seen<'a> {
    /// The game's number.
    pub game_id: i64,
    /// The position shown, its players under their stored names.
    pub game: &'a Game,
    /// How its players are named to the reader.
    pub names: &'a Names,
    /// Who won, or leads, in this position (the seats voted out last).
    pub standings: &'a Standings,
    /// A player chose the deal.
    pub practice: bool,
    /// Each seat's clock when the position is the game as it stands and
    /// the game has clocks (by seat; none for a seat without one); empty
    /// otherwise: nothing is said of clocks.
    pub clocks: &'a [Option<SeatTime>],
    /// The seats ranked out because their clocks ran out too often (of the
    /// standings' seats out; the others were voted out for being idle).
    pub out_of_time: &'a [Seat],
}

impl Seen<'_> {
    /// The table's picture after a move: the game and round, what the move
    /// changed (`events`), whose turn it is, the trucks, and each player's
    /// points and coins.
    pub fn table(&self, events: &[Event]) -> Text {
        let mut out = vec![self.head("describe-table", "describe-table-last")];
        out.extend(self.practice_note());
        let told = words::told(events, self.names.stored());
        if !told.is_empty() {
            out.push(self.named(Text::msg("describe-changed").arg("move", Text::words(told))));
        }
        out.push(self.turn());
        out.extend(self.clocks());
        out.extend(self.trucks());
        out.extend((0..self.game.players().len()).map(|s| self.player(s)));
        Text::words(out)
    }

    /// One zoo's picture: whose, their points and coins, then the zoo by
    /// basin, its depot and coworkers.
    pub fn zoo(&self, seat: Seat) -> Text {
        let mut out = vec![Text::msg("describe-zoo")
            .arg("game", self.game_id.to_string())
            .arg("name", self.names.arg(seat))];
        out.push(self.player(seat));
        out.extend(self.zoo_parts(seat));
        Text::words(out)
    }

    /// The whole table read in order, one sentence a line: the game and
    /// round, whose turn, the trucks, then each player's points, zoo by
    /// basin, depot and coworkers.
    pub fn board(&self) -> Text {
        let mut table = vec![self.head("describe-board", "describe-board-last")];
        table.extend(self.practice_note());
        table.push(self.turn());
        table.extend(self.clocks());
        table.extend(self.trucks());
        let mut parts = vec![Text::lines(table)];
        for seat in 0..self.game.players().len() {
            let mut zoo = vec![self.player(seat)];
            zoo.extend(self.zoo_parts(seat));
            parts.push(Text::lines(zoo));
        }
        // A blank line before each player's part.
        Text::Join {
            parts,
            with: std::borrow::Cow::Borrowed("\n\n"),
        }
    }

    /// A replay of the game up to this position (`moves` in force): the
    /// result once it is over (who won, then each player's points), else
    /// where it stands.
    pub fn replay(&self, moves: usize) -> Text {
        let mut out = vec![Text::msg("describe-replay")
            .arg("game", self.game_id.to_string())
            .arg("moves", moves)];
        out.extend(self.practice_note());
        out.push(self.turn());
        for seat in self.standings.order() {
            out.push(self.player(seat));
        }
        Text::words(out)
    }

    /// "Game #4, round 3." (its last-round form in the last round).
    fn head(&self, key: &'static str, last: &'static str) -> Text {
        Text::msg(if self.game.is_last_round() { last } else { key })
            .arg("game", self.game_id.to_string())
            .arg("round", self.game.round())
    }

    fn practice_note(&self) -> Option<Text> {
        self.practice.then(|| Text::msg("describe-practice"))
    }

    /// `text`, which names players by their stored names, with each named
    /// as the reader reads them.
    fn named(&self, text: Text) -> Text {
        self.names.in_text(text)
    }

    /// Whose turn it is and what they must do; once over, who won.
    fn turn(&self) -> Text {
        if self.game.is_over() {
            return self.named(words::game_over(self.standings, self.names.stored()));
        }
        self.named(words::asked(&self.game.asked()))
    }

    /// "Clocks: ana 22h left, running, ben 1d left." in a game with
    /// clocks, while it runs.
    fn clocks(&self) -> Option<Text> {
        if self.game.is_over() || !crate::view::clocks::any(self.clocks) {
            return None;
        }
        let seats: Vec<Text> = self
            .clocks
            .iter()
            .enumerate()
            .filter_map(|(seat, clock)| {
                let clock = (*clock)?;
                let key = match clock.state {
                    ClockState::Waiting => "describe-clock",
                    ClockState::Running => "describe-clock-running",
                    ClockState::Stopped => "describe-clock-stopped",
                };
                let text = Text::msg(key)
                    .arg("name", self.names.arg(seat))
                    .arg("left", left_words(clock.left));
                Some(if clock.timeouts > 0 {
                    text.then(
                        Text::msg("describe-clock-timeouts")
                            .arg("count", clock.timeouts)
                            .arg("most", TIMEOUTS_TO_HAND_OVER),
                    )
                } else {
                    text
                })
            })
            .collect();
        Some(Text::msg("describe-clocks").arg("seats", words::comma_list(seats)))
    }

    /// Each truck and what is on it, one sentence each.
    fn trucks(&self) -> Vec<Text> {
        self.game
            .trucks()
            .iter()
            .enumerate()
            .map(|(i, truck)| {
                let mut items: Vec<Text> = truck.tiles.iter().map(|t| tile(*t)).collect();
                let free = truck.capacity.saturating_sub(truck.tiles.len());
                match truck.taken_by {
                    Some(seat) => {
                        let key = if items.is_empty() {
                            "describe-truck-taken-empty"
                        } else {
                            "describe-truck-taken"
                        };
                        Text::msg(key)
                            .arg("truck", i + 1)
                            .arg("name", self.names.arg(seat))
                            .arg("tiles", words::comma_list(items))
                    }
                    None => {
                        if free > 0 {
                            items.push(Text::msg("describe-free").arg("count", free));
                        }
                        Text::msg("describe-truck")
                            .arg("truck", i + 1)
                            .arg("tiles", words::comma_list(items))
                    }
                }
            })
            .collect()
    }

    /// "ana: 23 points, 3 coins." (and the truck they took this round).
    fn player(&self, seat: Seat) -> Text {
        let Some(p) = self.game.player(seat) else {
            return Text::empty();
        };
        let key = match (self.standings.is_out(seat), p.truck) {
            (true, _) if self.out_of_time.contains(&seat) => "describe-player-out-of-time",
            (true, _) => "describe-player-out",
            (false, Some(_)) => "describe-player-took",
            (false, None) => "describe-player",
        };
        Text::msg(key)
            .arg("name", self.names.arg(seat))
            .arg("points", self.game.score(seat).total)
            .arg("coins", p.coins)
            .arg("truck", p.truck.unwrap_or(0))
    }

    /// A zoo by basin, its empty spaces, depot and coworkers.
    fn zoo_parts(&self, seat: Seat) -> Vec<Text> {
        let Some(p) = self.game.player(seat) else {
            return Vec::new();
        };
        let zoo = &p.zoo;
        let mut out: Vec<Text> = zoo.types().map(|a| basin(p, a)).collect();
        if out.is_empty() {
            out.push(Text::msg("describe-no-basin"));
        }
        out.push(
            Text::msg("describe-spaces")
                .arg("count", zoo.empty_spaces().count())
                .arg("basins", zoo.type_count())
                .arg("limit", zoo.basin_limit()),
        );
        out.push(if p.depot.is_empty() {
            Text::msg("describe-depot-empty")
        } else {
            let top_first: Vec<Text> = p
                .depot
                .iter()
                .rev()
                .map(|t| words::animal_tile_phrase(*t))
                .collect();
            Text::msg("describe-depot")
                .arg("count", p.depot.len())
                .arg("tiles", words::comma_list(top_first))
        });
        let mut staff = Vec::new();
        if p.cashiers > 0 {
            staff.push(Text::msg("describe-cashiers").arg("count", p.cashiers));
        }
        if p.keepers > 0 {
            staff.push(Text::msg("describe-keepers").arg("count", p.keepers));
        }
        if p.manager {
            staff.push(Text::msg("describe-manager"));
        }
        let trainers: Vec<String> = zoo.trainers().map(|c| c.to_string()).collect();
        if !trainers.is_empty() {
            staff.push(
                Text::msg("describe-trainers")
                    .arg("count", trainers.len())
                    .arg("cells", trainers.join(", ")),
            );
        }
        out.push(if staff.is_empty() {
            Text::msg("describe-coworkers-none")
        } else {
            Text::msg("describe-coworkers").arg("list", words::and_list(staff))
        });
        out
    }
}

/// A tile on a truck or in a depot, in words: "a fertile male polar bear".
fn tile(t: Tile) -> Text {
    words::tile_phrase(t)
}

/// One basin: its animal, its tiles and their cells, and what they carry.
fn basin(p: &crate::engine::Player, animal: Animal) -> Text {
    let tiles: Vec<_> = p
        .zoo
        .animals()
        .filter(|(_, t, _)| t.animal == animal)
        .collect();
    let cells: Vec<String> = tiles.iter().map(|(c, _, _)| c.to_string()).collect();
    let count = |mark: Mark| tiles.iter().filter(|(_, t, _)| t.mark == mark).count();
    let bred = |mark: Mark| {
        tiles
            .iter()
            .filter(|(_, t, bred)| t.mark == mark && *bred)
            .count()
    };
    let mut marks = Vec::new();
    for (mark, key) in [
        (Mark::Male, "describe-males"),
        (Mark::Female, "describe-females"),
    ] {
        if count(mark) > 0 {
            marks.push(
                Text::msg(key)
                    .arg("count", count(mark))
                    .arg("bred", bred(mark)),
            );
        }
    }
    for (mark, key) in [
        (Mark::Young, "describe-offspring"),
        (Mark::Fish, "describe-fish"),
        (Mark::Bolt, "describe-bolts"),
    ] {
        if count(mark) > 0 {
            marks.push(Text::msg(key).arg("count", count(mark)));
        }
    }
    let key = if marks.is_empty() {
        "describe-basin"
    } else {
        "describe-basin-marked"
    };
    Text::msg(key)
        .arg("animals", words::animals(animal))
        .arg("count", tiles.len())
        .arg("cells", cells.join(", "))
        .arg("marks", words::comma_list(marks))
}

/// A finished game's score card: who won and how, then each player's
/// place, points by category and coins, best first.
pub fn score_card(card: &ScoreCard, names: &Names) -> Text {
    let mut out = vec![Text::msg("describe-card").arg("game", card.game_id.to_string())];
    if card.practice {
        out.push(Text::msg("describe-practice"));
    }
    out.extend(card_winners(card, names));
    for p in &card.players {
        let s = &p.score;
        let key = match (p.voted_out, p.out_of_time) {
            (true, true) => "describe-card-player-out-of-time",
            (true, false) => "describe-card-player-out",
            (false, _) => "describe-card-player",
        };
        out.push(
            Text::msg(key)
                .arg("rank", p.rank)
                .arg("name", names.arg(p.seat))
                .arg("points", s.total)
                .arg("animals", s.animals)
                .arg("cashiers", s.cashiers)
                .arg("keepers", s.keepers)
                .arg("trainers", s.trainers)
                .arg("depot", s.depot)
                .arg("coins", p.coins),
        );
    }
    Text::words(out)
}

/// Who won a finished game and how ("ana won on points."), if anyone.
pub fn card_winners(card: &ScoreCard, names: &Names) -> Option<Text> {
    let winners: Vec<Text> = card
        .players
        .iter()
        .filter(|p| p.won)
        .map(|p| names.text(p.seat))
        .collect();
    if winners.is_empty() {
        return None;
    }
    let key = match card.decided {
        Decided::Points => "describe-card-won",
        Decided::Coins => "describe-card-won-coins",
        Decided::Shared => "describe-card-shared",
    };
    Some(Text::msg(key).arg("names", words::and_list(winners)))
}

/// A reviewed decision's picture: the decision (its move, who made it, what
/// it cost) and both moves as the table would tell them.
pub fn decision(
    number: u32,
    name: Text,
    cost: crate::lang::Arg,
    played: Text,
    preferred: Text,
) -> Text {
    Text::words(vec![
        Text::msg("describe-decision")
            .arg("n", number)
            .arg("name", name)
            .arg("cost", cost),
        Text::msg("describe-played").arg("move", played),
        Text::msg("describe-preferred").arg("move", preferred),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::playout::random_action;
    use crate::engine::Setup;
    use crate::lang::{plain, within, Lang};
    use rand::SeedableRng;

    /// A game of three after `moves` random moves, and the events of the
    /// last.
    fn played(seed: u64, moves: usize) -> (Game, Vec<Event>) {
        let mut game = Game::new(Setup::new(["ana", "Strong bot", "cy"], seed)).expect("setup");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut events = Vec::new();
        for _ in 0..moves {
            let Some(seat) = game.to_act() else { break };
            let action = random_action(&game, seat, &mut rng).expect("a legal move");
            events = game.apply(seat, &action).expect("legal");
        }
        (game, events)
    }

    fn names() -> Names {
        use crate::lang::Computer;
        Names::new([
            ("ana".to_string(), None),
            (
                "Strong bot".to_string(),
                Some(Computer {
                    level: crate::cpu::Level::Strong,
                    n: 1,
                }),
            ),
            ("cy".to_string(), None),
        ])
    }

    #[test]
    fn every_position_is_told_in_words_without_tile_codes_within_the_limit() {
        let names = names();
        for seed in 0..4 {
            for moves in [0, 1, 7, 30, 80, 400] {
                let (game, events) = played(seed, moves);
                let standings = game.standings(&[]);
                let seen = Seen {
                    game_id: 7,
                    game: &game,
                    names: &names,
                    standings: &standings,
                    practice: seed == 1,
                    clocks: &[],
                    out_of_time: &[],
                };
                for lang in Lang::all().into_iter().chain([Lang::pseudo()]) {
                    let alts = [
                        seen.table(&events),
                        seen.zoo(0),
                        seen.zoo(1),
                        seen.replay(moves),
                    ];
                    for text in &alts {
                        let said = within::alt(&lang, text);
                        assert!(!said.is_empty());
                        assert!(within::length(&said) <= within::ALT_LIMIT, "{said}");
                        assert!(!has_tile_code(&said), "{lang}: a tile code in {said}");
                        if lang.code() == "ja" {
                            assert!(!said.contains("Strong bot"), "{said}");
                        }
                    }
                    let board = plain(&lang, &seen.board());
                    assert!(!has_tile_code(&board), "{lang}: a tile code in {board}");
                    assert!(board.lines().count() > 8, "{board}");
                }
            }
        }
    }

    #[test]
    fn the_table_is_read_in_order_trucks_then_each_zoo() {
        let (game, events) = played(3, 30);
        let standings = game.standings(&[]);
        let names = names();
        let seen = Seen {
            game_id: 12,
            game: &game,
            names: &names,
            standings: &standings,
            practice: false,
            clocks: &[],
            out_of_time: &[],
        };
        let en = Lang::english();
        let board = plain(&en, &seen.board());
        let at = |s: &str| board.find(s).unwrap_or_else(|| panic!("{s} in {board}"));
        assert!(at("Game #12") < at("Truck 1"));
        assert!(at("Truck 1") < at("ana:"));
        assert!(at("ana:") < at("Strong bot:"));
        assert!(at("Strong bot:") < at("cy:"));
        let table = plain(&en, &seen.table(&events));
        assert!(
            table.starts_with("Picture of the table of game #12"),
            "{table}"
        );
        assert!(table.contains("Last move: "), "{table}");
    }

    #[test]
    fn the_clocks_are_said_after_whose_turn_while_the_game_runs() {
        use crate::view::clocks::{ClockState, SeatTime};
        let (game, events) = played(3, 30);
        let standings = game.standings(&[]);
        let names = names();
        let clocks = [
            Some(SeatTime {
                left: 22 * 3_600_000 + 59 * 60_000,
                state: ClockState::Running,
                timeouts: 1,
            }),
            None,
            Some(SeatTime {
                left: 36 * 3_600_000,
                state: ClockState::Waiting,
                timeouts: 0,
            }),
        ];
        let seen = Seen {
            game_id: 12,
            game: &game,
            names: &names,
            standings: &standings,
            practice: false,
            clocks: &clocks,
            out_of_time: &[],
        };
        let en = Lang::english();
        let said = "Clocks: ana 22h59m left and running (1 of 3 timeouts), cy 1d12h left.";
        for text in [plain(&en, &seen.table(&events)), plain(&en, &seen.board())] {
            let at = |s: &str| text.find(s).unwrap_or_else(|| panic!("{s} in {text}"));
            assert!(at("#12") < at(said), "{text}");
            assert!(at(said) < at("Truck 1"), "{text}");
        }
        let stopped = [Some(SeatTime {
            state: ClockState::Stopped,
            timeouts: 0,
            ..clocks[0].expect("a clock")
        })];
        let board = plain(
            &en,
            &Seen {
                clocks: &stopped,
                out_of_time: &[],
                ..seen
            }
            .board(),
        );
        assert!(
            board.contains("Clocks: ana 22h59m left and stopped."),
            "{board}"
        );
        for lang in Lang::all().into_iter().chain([Lang::pseudo()]) {
            let said = within::alt(&lang, &seen.table(&events));
            assert!(
                said.contains("22h59m") && said.contains("1d12h"),
                "{lang}: {said}"
            );
            assert!(within::length(&said) <= within::ALT_LIMIT);
        }
        // Without clocks, or once the game is over, nothing of them.
        let quiet = Seen {
            clocks: &[],
            out_of_time: &[],
            ..seen
        };
        assert!(!plain(&en, &quiet.table(&events)).contains("Clocks"));
        let (over, _) = played(3, 400);
        let standings = over.standings(&[]);
        let done = Seen {
            game: &over,
            standings: &standings,
            ..seen
        };
        assert!(over.is_over());
        assert!(!plain(&en, &done.board()).contains("Clocks"));
    }

    /// Whether `said` holds a tile's command word (`dolphin-m`, `orca-fish`).
    fn has_tile_code(said: &str) -> bool {
        let marks = ["-m", "-f", "-fish", "-bolt", "-young"];
        said.split(|c: char| !(c.is_ascii_lowercase() || c == '-'))
            .any(|word| {
                marks.iter().any(|m| {
                    word.strip_suffix(m)
                        .is_some_and(|head| head.len() > 1 && !head.contains('-'))
                })
            })
    }
}
