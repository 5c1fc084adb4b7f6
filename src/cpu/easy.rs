//! The easy player: a random legal action, a kind of action first (draw, take,
//! place, move, buy or discard, expand), then one of that kind. Picking the kind
//! first keeps it from spending every turn on the many expansion placements.

use crate::engine::playout::kind;
use crate::engine::Action;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// One of `legal`, uniform over kinds, then uniform within the kind.
pub fn choose(legal: &[Action], rng: &mut ChaCha8Rng) -> Option<Action> {
    let mut kinds: Vec<usize> = legal.iter().map(kind).collect();
    kinds.sort_unstable();
    kinds.dedup();
    if kinds.is_empty() {
        return None;
    }
    let chosen = kinds[rng.random_range(0..kinds.len())];
    let of_kind: Vec<&Action> = legal.iter().filter(|a| kind(a) == chosen).collect();
    if of_kind.is_empty() {
        return None;
    }
    Some(of_kind[rng.random_range(0..of_kind.len())].clone())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::zoo::Size;
    use rand::SeedableRng;

    #[test]
    fn kinds_are_picked_evenly_however_many_actions_each_has() {
        let mut legal = vec![Action::Draw { truck: 1 }];
        for i in 0..40 {
            legal.push(Action::Expand {
                size: Size::Small,
                cells: vec![crate::engine::Cell::from_index(i)],
            });
        }
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let draws = (0..1000)
            .filter(|_| choose(&legal, &mut rng) == Some(Action::Draw { truck: 1 }))
            .count();
        assert!((400..600).contains(&draws), "{draws} draws in 1000");
        assert_eq!(choose(&[], &mut rng), None);
    }
}
