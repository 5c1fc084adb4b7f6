//! The threads that draw the pictures after moves and looks, and the web
//! pages' pictures.
//!
//! A picture costs ten to twenty milliseconds of a core, far more than the
//! move it shows, and a burst of moves brings a burst of pictures. They are
//! drawn here, never on the threads that answer interactions, keep the
//! gateway's heartbeat and talk to the database:
//!
//! - **One thread per core, at most.** A burst queues here (first come,
//!   first drawn) rather than crowding the machine with threads, each
//!   holding a table's pixels.
//! - **At a lower priority** (on Linux, [`NICENESS`] more than the bot's): when
//!   the machine is busy, answering, committing moves and the heartbeat go
//!   first, and the pictures take the time left. A burst of pictures then
//!   delays only pictures.
//! - **A reply's picture before any web page's** ([`Lane`]): the pages'
//!   pictures have threads of their own (one fewer than the replies', at
//!   least one) at the lowest priority ([`WEB_NICENESS`]), so that a busy
//!   machine draws a reply's picture first; and a page's picture is not
//!   begun while a reply's picture waits for its turn. They wait in a
//!   queue of their own, bounded: beyond [`WEB_QUEUE`] waiting or being
//!   drawn, a page's picture is refused at once ([`DrawFailed::Busy`]; the
//!   page answers 503, try again). A page's picture whose asker has gone
//!   (its request dropped) is not drawn.
//! - **A picture that panics** fails that picture alone: its caller is told,
//!   and the thread goes on drawing.
//!
//! Replays, a second or more of drawing each, have a thread of their own at
//! the same lower priority, so that they never hold up the pictures of
//! moves, and one replay is drawn at a time (a `/aq replay` before a page's).
//!
//! The threads are started with the first picture and stop when the referee
//! is dropped.

use std::collections::VecDeque;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

/// How much lower the drawing threads' priority is than the rest of the
/// bot's (Linux niceness, 0 to 19).
pub const NICENESS: i32 = 10;

/// The niceness of the threads that draw the web pages' pictures: the
/// lowest priority there is.
pub const WEB_NICENESS: i32 = 19;

/// The web pages' pictures that may wait or be drawn at once on one set of
/// drawing threads, by default: a page's picture is drawn once and shared
/// by every page that shows it, so more than this at once is a flood.
pub const WEB_QUEUE: usize = 8;

/// Whose picture it is, which says when it is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lane {
    /// A reply's picture (a move, a look, a letter): drawn first, always.
    Reply,
    /// A web page's picture: drawn on threads of its own at the lowest
    /// priority, when no reply's picture waits, at most [`WEB_QUEUE`]
    /// waiting or drawn at once; one whose page has gone is not drawn.
    Web,
}

/// A picture to draw, and whether its asker has gone (web pictures).
struct Job {
    run: Box<dyn FnOnce() + Send>,
    gone: Option<Arc<AtomicBool>>,
}

impl Job {
    fn is_gone(&self) -> bool {
        self.gone.as_ref().is_some_and(|g| g.load(Ordering::SeqCst))
    }
}

/// What waits to be drawn.
#[derive(Default)]
struct Queue {
    replies: VecDeque<Job>,
    web: VecDeque<Job>,
    /// Web pictures being drawn now.
    web_drawing: usize,
    /// Web pictures whose asker went before they were drawn.
    abandoned: u64,
    stopped: bool,
}

struct Shared {
    queue: Mutex<Queue>,
    ready: Condvar,
}

impl Shared {
    fn lock(&self) -> Result<MutexGuard<'_, Queue>, DrawFailed> {
        self.queue
            .lock()
            .map_err(|_| DrawFailed::NoThreads("the queue's lock is poisoned".into()))
    }
}

/// Why a picture did not come back.
#[derive(Debug, thiserror::Error)]
pub enum DrawFailed {
    #[error("the drawing threads could not be started: {0}")]
    NoThreads(String),
    #[error("the picture panicked while being drawn")]
    Panicked,
    /// Too many web pictures wait already: ask again in a moment.
    #[error("too many web pictures wait to be drawn")]
    Busy,
}

/// The drawing threads and their queue, started with the first picture.
pub(crate) struct Drawers {
    name: &'static str,
    threads: usize,
    /// The threads of the web pictures: one fewer than the replies', at
    /// least one.
    web_threads: usize,
    web_most: usize,
    shared: Arc<Shared>,
    /// Whether the replies' threads, and the web's, are started.
    started: Mutex<[bool; 2]>,
}

impl Drop for Drawers {
    fn drop(&mut self) {
        if let Ok(mut q) = self.shared.queue.lock() {
            q.stopped = true;
        }
        self.shared.ready.notify_all();
    }
}

impl Drawers {
    /// `threads` drawing threads (at least one), named `name-0`, `name-1`...,
    /// to be started with the first picture.
    pub fn new(name: &'static str, threads: usize) -> Drawers {
        let threads = threads.max(1);
        Drawers {
            name,
            threads,
            web_threads: (threads - 1).max(1),
            web_most: WEB_QUEUE,
            shared: Arc::new(Shared {
                queue: Mutex::new(Queue::default()),
                ready: Condvar::new(),
            }),
            started: Mutex::new([false; 2]),
        }
    }

    /// One thread per core.
    pub fn per_core(name: &'static str) -> Drawers {
        Drawers::new(
            name,
            std::thread::available_parallelism().map_or(2, |n| n.get()),
        )
    }

    /// At most `most` web pictures waiting or drawn at once (at least one).
    #[cfg(test)]
    pub fn with_web_most(mut self, most: usize) -> Drawers {
        self.web_most = most.max(1);
        self
    }

    /// Web pictures whose asker went before they were drawn, so far.
    pub fn abandoned(&self) -> u64 {
        self.shared.queue.lock().map_or(0, |q| q.abandoned)
    }

    /// The replies' pictures waiting, the web's waiting, and the web's
    /// being drawn.
    #[cfg(test)]
    fn waiting(&self) -> (usize, usize, usize) {
        self.shared
            .queue
            .lock()
            .map_or((0, 0, 0), |q| (q.replies.len(), q.web.len(), q.web_drawing))
    }

    /// Starts the threads of `lane`, once.
    fn start(&self, lane: Lane) -> Result<(), DrawFailed> {
        let mut started = self
            .started
            .lock()
            .map_err(|_| DrawFailed::NoThreads("the start's lock is poisoned".into()))?;
        let (i, count, niceness, tag) = match lane {
            Lane::Reply => (0, self.threads, NICENESS, ""),
            Lane::Web => (1, self.web_threads, WEB_NICENESS, "web-"),
        };
        if started[i] {
            return Ok(());
        }
        let mut spawned = 0;
        for n in 0..count {
            let shared = self.shared.clone();
            let thread = std::thread::Builder::new()
                .name(format!("{}-{tag}{n}", self.name))
                .spawn(move || {
                    lower_priority(niceness);
                    work(&shared, lane)
                });
            match thread {
                Ok(_) => spawned += 1,
                Err(e) if spawned == 0 => return Err(DrawFailed::NoThreads(e.to_string())),
                // Fewer threads draw.
                Err(e) => {
                    tracing::warn!("only {spawned} {} threads started: {e}", self.name);
                    break;
                }
            }
        }
        started[i] = true;
        Ok(())
    }

    /// Draws a reply's picture on a drawing thread, in turn, and waits for
    /// the result.
    pub async fn draw<T: Send + 'static>(
        &self,
        draw: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, DrawFailed> {
        self.draw_in(Lane::Reply, draw).await
    }

    /// Draws on a drawing thread in `lane` and waits for the result. A web
    /// picture is refused at once ([`DrawFailed::Busy`]) when
    /// [`Drawers::web_most`] already wait or are drawn, and is not drawn if
    /// this future is dropped before its turn.
    pub async fn draw_in<T: Send + 'static>(
        &self,
        lane: Lane,
        draw: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, DrawFailed> {
        self.start(lane)?;
        let (done, result) = tokio::sync::oneshot::channel();
        let gone = (lane == Lane::Web).then(|| Arc::new(AtomicBool::new(false)));
        let job = Job {
            run: Box::new(move || {
                // The caller may have gone; then nobody wants the picture.
                let _ = done.send(catch_unwind(AssertUnwindSafe(draw)));
            }),
            gone: gone.clone(),
        };
        {
            let mut q = self.shared.lock()?;
            if q.stopped {
                return Err(DrawFailed::NoThreads(
                    "the drawing threads have stopped".into(),
                ));
            }
            match lane {
                Lane::Reply => q.replies.push_back(job),
                Lane::Web => {
                    let before = q.web.len();
                    q.web.retain(|j| !j.is_gone());
                    q.abandoned += (before - q.web.len()) as u64;
                    if q.web.len() + q.web_drawing >= self.web_most {
                        return Err(DrawFailed::Busy);
                    }
                    q.web.push_back(job);
                }
            }
        }
        // Every thread looks: a reply's thread, or a web thread.
        self.shared.ready.notify_all();
        // Dropped before the picture is drawn (its page went): not drawn.
        let _left = Left(gone);
        match result.await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(_)) | Err(_) => Err(DrawFailed::Panicked),
        }
    }
}

/// Marks a web picture's asker gone when its future is dropped.
struct Left(Option<Arc<AtomicBool>>);

impl Drop for Left {
    fn drop(&mut self) {
        if let Some(gone) = &self.0 {
            gone.store(true, Ordering::SeqCst);
        }
    }
}

/// Draws until the drawing threads stop: a reply's thread the replies'
/// pictures, first come first drawn; a web thread the web's, when no
/// reply's picture waits, dropping undrawn those whose asker has gone.
fn work(shared: &Shared, lane: Lane) {
    loop {
        let job = {
            let Ok(mut q) = shared.queue.lock() else {
                return;
            };
            loop {
                if q.stopped {
                    return;
                }
                let taken = match lane {
                    Lane::Reply => q.replies.pop_front(),
                    Lane::Web if q.replies.is_empty() => {
                        let mut taken = None;
                        while let Some(job) = q.web.pop_front() {
                            if job.is_gone() {
                                q.abandoned += 1;
                                continue;
                            }
                            q.web_drawing += 1;
                            taken = Some(job);
                            break;
                        }
                        taken
                    }
                    Lane::Web => None,
                };
                if let Some(job) = taken {
                    break job;
                }
                q = match shared.ready.wait(q) {
                    Ok(q) => q,
                    Err(_) => return,
                };
            }
        };
        if lane == Lane::Reply {
            // A web thread waiting for the replies' queue to empty may go.
            shared.ready.notify_all();
        }
        (job.run)();
        if lane == Lane::Web {
            if let Ok(mut q) = shared.queue.lock() {
                q.web_drawing -= 1;
            }
        }
    }
}

/// Lowers the calling thread's priority by `by` (niceness). On Linux the
/// niceness belongs to the thread; elsewhere it would change the whole
/// process, so it is left alone. Failing to lower it only costs priority.
fn lower_priority(by: i32) {
    #[cfg(target_os = "linux")]
    {
        // Relative to the niceness it inherited (a bot started with `nice`
        // keeps its drawing threads below itself), at most 19.
        let lower = (niceness() + by).min(19);
        // SAFETY: setpriority has no memory effects; on Linux, `who` 0 with
        // PRIO_PROCESS names the calling thread.
        let failed = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, lower) } != 0;
        if failed {
            tracing::debug!("could not lower the drawing thread's priority");
        }
    }
}

/// The calling thread's niceness (Linux).
#[cfg(target_os = "linux")]
fn niceness() -> i32 {
    // SAFETY: getpriority only reads the calling thread's priority.
    unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Barrier;

    #[tokio::test]
    async fn pictures_are_drawn_on_the_drawing_threads_two_at_a_time() {
        let drawers = Drawers::new("picture", 2);
        let name = drawers
            .draw(|| std::thread::current().name().map(str::to_string))
            .await
            .expect("drawn");
        assert!(name.is_some_and(|n| n.starts_with("picture-")));
        // Four pictures at once on two threads: pairs meet at the barrier
        // (so two are drawn together), and never more than two run.
        let running = Arc::new(AtomicUsize::new(0));
        let most = Arc::new(AtomicUsize::new(0));
        let pair = Arc::new(Barrier::new(2));
        let job = || {
            let (running, most, pair) = (running.clone(), most.clone(), pair.clone());
            drawers.draw(move || {
                let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                most.fetch_max(now, Ordering::SeqCst);
                pair.wait();
                running.fetch_sub(1, Ordering::SeqCst);
            })
        };
        let (a, b, c, d) = tokio::join!(job(), job(), job(), job());
        for done in [a, b, c, d] {
            assert!(done.is_ok());
        }
        assert_eq!(most.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_panicking_picture_fails_alone() {
        let drawers = Drawers::new("picture", 1);
        let failed = drawers.draw(|| -> u8 { panic!("a bad picture") }).await;
        assert!(matches!(failed, Err(DrawFailed::Panicked)), "{failed:?}");
        let next = drawers.draw(|| 7).await;
        assert_eq!(next.ok(), Some(7), "the thread goes on drawing");
    }

    /// A web picture that waits on the drawing thread until `gate` opens,
    /// then says it was drawn.
    fn held(
        gate: std::sync::mpsc::Receiver<()>,
        drawn: Arc<Mutex<Vec<&'static str>>>,
        name: &'static str,
    ) -> impl FnOnce() + Send {
        move || {
            let _ = gate.recv();
            drawn.lock().expect("the list").push(name);
        }
    }

    #[tokio::test]
    async fn a_replys_picture_never_waits_for_the_web_s() {
        use futures_util::FutureExt as _;
        let drawers = Drawers::new("picture", 2);
        let drawn = Arc::new(Mutex::new(Vec::new()));
        let (open_a, gate_a) = std::sync::mpsc::channel();
        let (open_b, gate_b) = std::sync::mpsc::channel();
        // A page's picture is drawn, and another waits: web pictures take
        // one thread of two.
        let mut a = Box::pin(drawers.draw_in(Lane::Web, held(gate_a, drawn.clone(), "web a")));
        assert!((&mut a).now_or_never().is_none());
        let mut b = Box::pin(drawers.draw_in(Lane::Web, held(gate_b, drawn.clone(), "web b")));
        assert!((&mut b).now_or_never().is_none());
        // A move's picture is drawn at once, on the other thread, while
        // the page's first picture is still being drawn.
        let d = drawn.clone();
        drawers
            .draw(move || d.lock().expect("the list").push("reply"))
            .await
            .expect("drawn");
        assert_eq!(*drawn.lock().expect("the list"), vec!["reply"]);
        open_a.send(()).expect("open");
        open_b.send(()).expect("open");
        a.await.expect("drawn");
        b.await.expect("drawn");
        assert_eq!(
            *drawn.lock().expect("the list"),
            vec!["reply", "web a", "web b"]
        );
    }

    #[tokio::test]
    async fn a_web_picture_is_not_begun_while_a_replys_waits() {
        use futures_util::FutureExt as _;
        // One reply thread, drawing: the reply asked next waits, and the
        // page's picture asked after it is not begun meanwhile.
        let drawers = Drawers::new("picture", 1);
        let drawn = Arc::new(Mutex::new(Vec::new()));
        let (open, gate) = std::sync::mpsc::channel();
        let first = {
            let d = drawn.clone();
            drawers.draw(move || {
                let _ = gate.recv();
                d.lock().expect("the list").push("reply 1");
            })
        };
        let mut first = Box::pin(first);
        assert!((&mut first).now_or_never().is_none());
        let d = drawn.clone();
        let mut second =
            Box::pin(drawers.draw(move || d.lock().expect("the list").push("reply 2")));
        assert!((&mut second).now_or_never().is_none());
        let d = drawn.clone();
        let mut web =
            Box::pin(drawers.draw_in(Lane::Web, move || d.lock().expect("the list").push("web")));
        assert!((&mut web).now_or_never().is_none());
        // reply 1 is drawn or about to be; reply 2 waits, and so does the web's.
        let (replies, web_waiting, web_drawing) = drawers.waiting();
        assert!(replies >= 1, "a reply waits");
        assert_eq!(
            (web_waiting, web_drawing),
            (1, 0),
            "the page's picture is not begun"
        );
        open.send(()).expect("open");
        first.await.expect("drawn");
        second.await.expect("drawn");
        web.await.expect("drawn");
        assert_eq!(drawn.lock().expect("the list").len(), 3);
    }

    #[tokio::test]
    async fn web_pictures_beyond_the_queue_are_refused_and_one_whose_page_left_is_not_drawn() {
        use futures_util::FutureExt as _;
        let drawers = Drawers::new("picture", 1).with_web_most(2);
        let drawn = Arc::new(Mutex::new(Vec::new()));
        let (open, gate) = std::sync::mpsc::channel();
        let mut a = Box::pin(drawers.draw_in(Lane::Web, held(gate, drawn.clone(), "a")));
        assert!((&mut a).now_or_never().is_none());
        let d = drawn.clone();
        let mut b =
            Box::pin(drawers.draw_in(Lane::Web, move || d.lock().expect("the list").push("b")));
        assert!((&mut b).now_or_never().is_none());
        // Two wait or are drawn: a third is refused at once.
        let d = drawn.clone();
        let refused = drawers
            .draw_in(Lane::Web, move || d.lock().expect("the list").push("c"))
            .await;
        assert!(matches!(refused, Err(DrawFailed::Busy)), "{refused:?}");
        // b's page goes: its place is free, and it is never drawn.
        drop(b);
        let d = drawn.clone();
        let mut c =
            Box::pin(drawers.draw_in(Lane::Web, move || d.lock().expect("the list").push("c")));
        assert!((&mut c).now_or_never().is_none());
        open.send(()).expect("open");
        a.await.expect("drawn");
        c.await.expect("drawn");
        assert_eq!(*drawn.lock().expect("the list"), vec!["a", "c"]);
        assert_eq!(drawers.abandoned(), 1);
    }

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn the_drawing_threads_run_at_a_lower_priority() {
        let here = niceness();
        let drawers = Drawers::new("picture", 1);
        let there = drawers.draw(niceness).await.expect("drawn");
        assert_eq!(there, (here + NICENESS).min(19));
        let web = drawers.draw_in(Lane::Web, niceness).await.expect("drawn");
        assert_eq!(
            web,
            (here + WEB_NICENESS).min(19),
            "the pages' pictures lowest"
        );
    }
}
