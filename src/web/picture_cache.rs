//! The table's pictures the pages show, drawn once each: the picture after
//! a move never changes, so every page that shows it (200 pages after a
//! move) waits for the one drawing and shares it. A few hundred are kept,
//! the oldest forgotten first; a picture that could not be drawn is not
//! kept, so the next page asks again.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;

/// Pictures kept (about 100 KB each).
const KEPT: usize = 256;

type Key = (i64, usize, String);
type Cell = Arc<OnceCell<Option<Arc<Vec<u8>>>>>;

#[derive(Default)]
pub(super) struct Pictures {
    kept: Mutex<(HashMap<Key, Cell>, VecDeque<Key>)>,
}

impl Pictures {
    /// The picture of game `game` after entry `n` in language `lang`: kept,
    /// or being drawn (then awaited), or drawn now by `draw`.
    pub(super) async fn get<F, Fut>(
        &self,
        game: i64,
        n: usize,
        lang: &str,
        draw: F,
    ) -> Option<Arc<Vec<u8>>>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Option<Vec<u8>>>,
    {
        let key = (game, n, lang.to_string());
        let cell = {
            let Ok(mut kept) = self.kept.lock() else {
                return draw().await.map(Arc::new);
            };
            let (map, order) = &mut *kept;
            match map.get(&key) {
                Some(cell) => cell.clone(),
                None => {
                    let cell = Cell::default();
                    map.insert(key.clone(), cell.clone());
                    order.push_back(key);
                    while order.len() > KEPT {
                        if let Some(old) = order.pop_front() {
                            map.remove(&old);
                        }
                    }
                    cell
                }
            }
        };
        let drawn = cell
            .get_or_init(|| async { draw().await.map(Arc::new) })
            .await
            .clone();
        if drawn.is_none() {
            // Not drawn (the painter failed): the next page asks again.
            if let Ok(mut kept) = self.kept.lock() {
                let (map, order) = &mut *kept;
                let key = (game, n, lang.to_string());
                if map.get(&key).is_some_and(|c| Arc::ptr_eq(c, &cell)) {
                    map.remove(&key);
                    order.retain(|k| *k != key);
                }
            }
        }
        drawn
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn a_picture_is_drawn_once_and_a_failed_one_again() {
        let pictures = Pictures::default();
        let draws = AtomicUsize::new(0);
        for _ in 0..3 {
            let got = pictures
                .get(1, 4, "en", || async {
                    draws.fetch_add(1, Ordering::SeqCst);
                    Some(vec![1, 2, 3])
                })
                .await;
            assert_eq!(got.as_deref(), Some(&vec![1, 2, 3]));
        }
        assert_eq!(draws.load(Ordering::SeqCst), 1, "drawn once, then kept");
        let failed = AtomicUsize::new(0);
        for _ in 0..2 {
            let got = pictures
                .get(1, 5, "en", || async {
                    failed.fetch_add(1, Ordering::SeqCst);
                    None
                })
                .await;
            assert!(got.is_none());
        }
        assert_eq!(failed.load(Ordering::SeqCst), 2, "a failure is not kept");
    }
}
