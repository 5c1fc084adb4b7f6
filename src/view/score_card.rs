//! The score card: what the picture of a finished game's final scores shows,
//! free of any drawing. Every number is the engine's own score
//! ([`Game::score`]: the same as `score` shows); the order, the ranks, who
//! won and on what are the game's [`Standings`] (the most points, else the
//! most coins among those tied on points, else a shared win; a seat whose
//! person was voted out for being idle ranks last): the card ranks nobody
//! itself.

pub use crate::engine::Decided;
use crate::engine::{Game, Score, Seat, Standings};

/// A finished game's final scores, as the card shows them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoreCard {
    /// The game's number.
    pub game_id: i64,
    /// The players, best first.
    pub players: Vec<CardPlayer>,
    /// How the winners were found.
    pub decided: Decided,
    /// A player chose the deal: the card says it is practice.
    pub practice: bool,
}

/// One player's line of the card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardPlayer {
    pub seat: Seat,
    /// The name as the card shows it (a computer player's in the card's
    /// language).
    pub name: String,
    /// 1 for the best; players tied on points and coins share a rank.
    pub rank: usize,
    pub won: bool,
    /// The computer plays the seat.
    pub automatic: bool,
    /// The person was voted out for being idle, or ran out of time too
    /// often: ranked last.
    pub voted_out: bool,
    /// Why the seat was ranked out: its clock ran out too often (not a vote
    /// for being idle). Only with `voted_out`.
    pub out_of_time: bool,
    /// Points by category and the total: [`Game::score`].
    pub score: Score,
    /// Coins left: the tie-break, not points.
    pub coins: u32,
}

/// What a seat is, beyond its score and place.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeatFacts {
    pub automatic: bool,
    /// The seat was handed to the computer because its clock ran out too
    /// often.
    pub out_of_time: bool,
}

/// The card of a finished `game`: `names` by seat as the card shows them,
/// its `standings` (the seats voted out given), `facts` by seat (missing: a
/// person playing).
pub fn score_card(
    game_id: i64,
    game: &Game,
    names: &[String],
    standings: &Standings,
    facts: &[SeatFacts],
    practice: bool,
) -> ScoreCard {
    let fact = |s: Seat| facts.get(s).copied().unwrap_or_default();
    let players = standings
        .order()
        .into_iter()
        .map(|seat| CardPlayer {
            seat,
            name: names
                .get(seat)
                .cloned()
                .or_else(|| game.player(seat).map(|p| p.name.clone()))
                .unwrap_or_default(),
            rank: standings.place(seat).unwrap_or(usize::MAX),
            won: standings.won(seat),
            automatic: fact(seat).automatic,
            voted_out: standings.is_out(seat),
            out_of_time: standings.is_out(seat) && fact(seat).out_of_time,
            score: game.score(seat),
            coins: game.player(seat).map_or(0, |p| p.coins),
        })
        .collect();
    ScoreCard {
        game_id,
        players,
        decided: standings.decided(),
        practice,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::playout::random_action;
    use crate::engine::Setup;
    use rand::SeedableRng;

    fn finished(seed: u64, players: &[&str]) -> Game {
        let mut game = Game::new(Setup::new(players.iter().copied(), seed)).expect("setup");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        while let Some(seat) = game.to_act() {
            let action = random_action(&game, seat, &mut rng).expect("a legal move");
            game.apply(seat, &action).expect("legal");
        }
        game
    }

    #[test]
    fn the_card_holds_the_engines_scores_in_rank_order_and_the_tie_break() {
        for seed in 0..6 {
            let game = finished(seed, &["ana", "ben", "cy"]);
            let names: Vec<String> = game.players().iter().map(|p| p.name.clone()).collect();
            let standings = game.standings(&[]);
            let card = score_card(9, &game, &names, &standings, &[], false);
            assert_eq!(card.players.len(), 3);
            for p in &card.players {
                assert_eq!(p.score, game.score(p.seat));
                assert_eq!(p.coins, game.players()[p.seat].coins);
                assert_eq!(p.name, names[p.seat]);
                assert_eq!(p.won, standings.winners().contains(&p.seat));
            }
            let totals: Vec<i32> = card.players.iter().map(|p| p.score.total).collect();
            assert!(totals.windows(2).all(|w| w[0] >= w[1]), "{totals:?}");
            assert_eq!(card.players[0].rank, 1);
            assert!(card.players[0].won);
            let best = card.players[0].score.total;
            let tied = card
                .players
                .iter()
                .filter(|p| p.score.total == best)
                .count();
            let expected = match (standings.winners().len(), tied) {
                (1, 1) => Decided::Points,
                (1, _) => Decided::Coins,
                _ => Decided::Shared,
            };
            assert_eq!(card.decided, expected, "seed {seed}");
        }
    }

    #[test]
    fn a_voted_out_seat_ranks_last_and_the_win_is_the_others() {
        let game = finished(3, &["ana", "ben"]);
        let names: Vec<String> = game.players().iter().map(|p| p.name.clone()).collect();
        let best = (0..2)
            .max_by_key(|s| (game.score(*s).total, *s))
            .unwrap_or(0);
        let other = 1 - best;
        let card = score_card(1, &game, &names, &game.standings(&[best]), &[], true);
        assert_eq!(card.players[0].seat, other);
        assert_eq!(card.players[1].seat, best);
        assert_eq!(card.players[1].rank, 2);
        assert!(card.players[1].voted_out && !card.players[1].won);
        assert!(!card.players[1].out_of_time, "voted out for being idle");
        assert_eq!(card.decided, Decided::Points);
        assert!(card.practice);

        // The same seat handed over for its clock: out of time, not idle;
        // the fact alone ranks nobody out.
        let mut facts = [SeatFacts::default(); 2];
        facts[best].out_of_time = true;
        let card = score_card(1, &game, &names, &game.standings(&[best]), &facts, false);
        assert!(card.players[1].voted_out && card.players[1].out_of_time);
        let card = score_card(1, &game, &names, &game.standings(&[]), &facts, false);
        assert!(card.players.iter().all(|p| !p.voted_out && !p.out_of_time));
    }
}
