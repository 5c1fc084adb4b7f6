//! The table's pictures the pages show, drawn once each: the picture after
//! a move never changes, so every page that shows it (200 pages after a
//! move) waits for the one drawing and shares it. A few hundred are kept,
//! the oldest forgotten first.

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
        cell.get_or_init(|| async { draw().await.map(Arc::new) })
            .await
            .clone()
    }
}
