//! What the pages keep ready: the pictures (a table after a move, a score
//! card, a replay, a reviewed decision) and a watched game's page, each
//! made once and shared by every page that asks, so that a thousand
//! watchers of one game cost one page and one picture a move. Asking for
//! what is kept costs no request of the client's rate (`limits.rs`).
//!
//! Bounded in bytes, not in entries (a replay may be 10 MiB, a table
//! 100 KB): beyond its bytes the least recently asked is forgotten, and
//! one thing larger than half of them is made but not kept. Whatever is
//! kept of a game is forgotten when the game changes (the pages' news of
//! moves, `live.rs`), so nothing kept is older than the game. What could
//! not be made is not kept: the next page asks again. Being made, a thing
//! is awaited by every page that asks for it meanwhile; if the page that
//! made it goes, the next one waiting makes it.

use axum::body::Bytes;
use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;

/// What is kept is of one game.
pub(super) trait OfGame {
    fn game(&self) -> i64;
}

/// A thing made, or why not (kept by nobody, shared with those waiting).
type Made<E> = Result<Bytes, E>;
type Cell<E> = Arc<OnceCell<Made<E>>>;

struct Slot<E> {
    cell: Cell<E>,
    /// When it was last asked for (the order of forgetting).
    tick: u64,
    /// Its size once made.
    bytes: usize,
}

struct Inner<K, E> {
    slots: HashMap<K, Slot<E>>,
    /// Each slot by when it was last asked for, oldest first.
    order: BTreeMap<u64, K>,
    bytes: usize,
    tick: u64,
}

/// Things kept, at most `most` bytes.
pub(super) struct Kept<K, E> {
    most: usize,
    inner: Mutex<Inner<K, E>>,
    hits: AtomicU64,
    begun: AtomicU64,
    made: AtomicU64,
}

/// What a [`Kept`] holds and has done.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Figures {
    /// Bytes kept now, and things.
    pub(super) bytes: usize,
    pub(super) kept: usize,
    /// Asks answered with what was kept.
    pub(super) hits: u64,
    /// Things begun, and made (not failed, not refused).
    pub(super) begun: u64,
    pub(super) made: u64,
}

impl<K: Clone + Eq + Hash + OfGame, E: Clone> Kept<K, E> {
    pub(super) fn new(most: usize) -> Kept<K, E> {
        Kept {
            most,
            inner: Mutex::new(Inner {
                slots: HashMap::new(),
                order: BTreeMap::new(),
                bytes: 0,
                tick: 0,
            }),
            hits: AtomicU64::new(0),
            begun: AtomicU64::new(0),
            made: AtomicU64::new(0),
        }
    }

    /// What is kept for `key`, made already.
    pub(super) fn peek(&self, key: &K) -> Option<Bytes> {
        let mut inner = self.inner.lock().ok()?;
        let inner = &mut *inner;
        let slot = inner.slots.get_mut(key)?;
        let Some(Ok(bytes)) = slot.cell.get() else {
            return None;
        };
        let bytes = bytes.clone();
        inner.order.remove(&slot.tick);
        inner.tick += 1;
        slot.tick = inner.tick;
        inner.order.insert(slot.tick, key.clone());
        self.hits.fetch_add(1, Ordering::Relaxed);
        Some(bytes)
    }

    /// What is kept for `key`; else being made (then awaited); else made
    /// now by `make`.
    pub(super) async fn get<F, Fut>(&self, key: K, make: F) -> Made<E>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Made<E>>,
    {
        let cell = {
            let Ok(mut inner) = self.inner.lock() else {
                return make().await;
            };
            let inner = &mut *inner;
            inner.tick += 1;
            let tick = inner.tick;
            match inner.slots.get_mut(&key) {
                Some(slot) => {
                    inner.order.remove(&slot.tick);
                    slot.tick = tick;
                    inner.order.insert(tick, key.clone());
                    slot.cell.clone()
                }
                None => {
                    let cell = Cell::default();
                    inner.slots.insert(
                        key.clone(),
                        Slot {
                            cell: cell.clone(),
                            tick,
                            bytes: 0,
                        },
                    );
                    inner.order.insert(tick, key.clone());
                    cell
                }
            }
        };
        let made = cell
            .get_or_init(|| async {
                self.begun.fetch_add(1, Ordering::Relaxed);
                let made = make().await;
                if made.is_ok() {
                    self.made.fetch_add(1, Ordering::Relaxed);
                }
                made
            })
            .await
            .clone();
        self.settle(&key, &cell, &made);
        made
    }

    /// Counts what `cell` holds now that it is made: kept within the
    /// bytes (the oldest forgotten), or forgotten (failed, too large).
    fn settle(&self, key: &K, cell: &Cell<E>, made: &Made<E>) {
        let Ok(mut inner) = self.inner.lock() else {
            return;
        };
        let inner = &mut *inner;
        let Some(slot) = inner.slots.get_mut(key) else {
            return;
        };
        if !Arc::ptr_eq(&slot.cell, cell) || slot.bytes > 0 {
            // Forgotten meanwhile, or counted already by another waiter.
            return;
        }
        match made {
            Ok(bytes) if bytes.len() <= self.most / 2 => {
                slot.bytes = bytes.len().max(1);
                inner.bytes += slot.bytes;
            }
            _ => {
                let tick = slot.tick;
                inner.slots.remove(key);
                inner.order.remove(&tick);
                return;
            }
        }
        while inner.bytes > self.most {
            let Some((_, oldest)) = inner.order.pop_first() else {
                break;
            };
            if let Some(slot) = inner.slots.remove(&oldest) {
                inner.bytes -= slot.bytes;
            }
        }
    }

    /// Forgets everything kept of `game` (it changed).
    pub(super) fn forget_game(&self, game: i64) {
        if let Ok(mut inner) = self.inner.lock() {
            let inner = &mut *inner;
            let mut freed = 0;
            let order = &mut inner.order;
            inner.slots.retain(|key, slot| {
                let keep = key.game() != game;
                if !keep {
                    freed += slot.bytes;
                    order.remove(&slot.tick);
                }
                keep
            });
            inner.bytes -= freed;
        }
    }

    /// Forgets everything.
    pub(super) fn forget_all(&self) {
        if let Ok(mut inner) = self.inner.lock() {
            inner.slots.clear();
            inner.order.clear();
            inner.bytes = 0;
        }
    }

    /// What it holds and has done.
    pub(super) fn figures(&self) -> Figures {
        let (bytes, kept) = self
            .inner
            .lock()
            .map_or((0, 0), |i| (i.bytes, i.slots.len()));
        Figures {
            bytes,
            kept,
            hits: self.hits.load(Ordering::Relaxed),
            begun: self.begun.load(Ordering::Relaxed),
            made: self.made.load(Ordering::Relaxed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    struct Key(i64, u32);

    impl OfGame for Key {
        fn game(&self) -> i64 {
            self.0
        }
    }

    fn bytes(n: usize) -> Bytes {
        Bytes::from(vec![7u8; n])
    }

    #[tokio::test]
    async fn a_thing_is_made_once_and_a_failed_one_again() {
        let kept: Kept<Key, ()> = Kept::new(1000);
        let makes = AtomicUsize::new(0);
        for _ in 0..3 {
            let got = kept
                .get(Key(1, 4), || async {
                    makes.fetch_add(1, Ordering::SeqCst);
                    Ok(bytes(3))
                })
                .await;
            assert_eq!(got, Ok(bytes(3)));
        }
        assert_eq!(makes.load(Ordering::SeqCst), 1, "made once, then kept");
        assert_eq!(kept.peek(&Key(1, 4)), Some(bytes(3)));
        let failed = AtomicUsize::new(0);
        for _ in 0..2 {
            let got = kept
                .get(Key(1, 5), || async {
                    failed.fetch_add(1, Ordering::SeqCst);
                    Err(())
                })
                .await;
            assert!(got.is_err());
        }
        assert_eq!(failed.load(Ordering::SeqCst), 2, "a failure is not kept");
        assert_eq!(kept.peek(&Key(1, 5)), None);
    }

    #[tokio::test]
    async fn what_is_kept_stays_within_its_bytes_and_a_changed_game_is_forgotten() {
        let kept: Kept<Key, ()> = Kept::new(1000);
        for n in 0..10 {
            let made = kept.get(Key(1, n), || async { Ok(bytes(300)) }).await;
            assert!(made.is_ok());
            // The first is asked for all along: the others go first.
            assert!(kept.peek(&Key(1, 0)).is_some(), "after {n}");
            assert!(kept.figures().bytes <= 1000, "{:?}", kept.figures());
        }
        assert_eq!(kept.figures().kept, 3);
        assert!(kept.peek(&Key(1, 9)).is_some());
        assert!(kept.peek(&Key(1, 5)).is_none());
        // Larger than half of it: made, given, not kept.
        let large = kept.get(Key(2, 0), || async { Ok(bytes(600)) }).await;
        assert_eq!(large.map(|b| b.len()), Ok(600));
        assert!(kept.peek(&Key(2, 0)).is_none());
        assert!(kept
            .get(Key(2, 1), || async { Ok(bytes(10)) })
            .await
            .is_ok());
        kept.forget_game(1);
        assert!(kept.peek(&Key(1, 0)).is_none());
        assert!(kept.peek(&Key(2, 1)).is_some(), "another game's is kept");
        assert_eq!(kept.figures().bytes, 10);
    }

    #[tokio::test]
    async fn those_asking_while_it_is_made_share_it_and_one_going_away_leaves_it_to_the_next() {
        use futures_util::FutureExt as _;
        let kept: Arc<Kept<Key, ()>> = Arc::new(Kept::new(1000));
        let makes = Arc::new(AtomicUsize::new(0));
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let m = makes.clone();
        let mut first = Box::pin(kept.get(Key(1, 1), move || async move {
            m.fetch_add(1, Ordering::SeqCst);
            let _ = rx.await;
            Ok(bytes(1))
        }));
        assert!((&mut first).now_or_never().is_none());
        let m = makes.clone();
        let second = kept.get(Key(1, 1), move || async move {
            m.fetch_add(1, Ordering::SeqCst);
            Ok(bytes(2))
        });
        // The first page goes before its thing is made: the second makes it.
        drop(first);
        drop(tx);
        assert_eq!(second.await, Ok(bytes(2)));
        assert_eq!(makes.load(Ordering::SeqCst), 2);
    }
}
