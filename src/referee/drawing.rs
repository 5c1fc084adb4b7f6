//! The threads that draw the pictures after moves and looks.
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
//! - **A picture that panics** fails that picture alone: its caller is told,
//!   and the thread goes on drawing.
//!
//! Replays, a second or more of drawing each, have a thread of their own at
//! the same lower priority, so that they never hold up the pictures of
//! moves, and one replay is drawn at a time.
//!
//! The threads are started with the first picture and stop when the referee
//! is dropped.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};

/// How much lower the drawing threads' priority is than the rest of the
/// bot's (Linux niceness, 0 to 19).
pub const NICENESS: i32 = 10;

type Job = Box<dyn FnOnce() + Send>;

/// Why a picture did not come back.
#[derive(Debug, thiserror::Error)]
pub enum DrawFailed {
    #[error("the drawing threads could not be started: {0}")]
    NoThreads(String),
    #[error("the picture panicked while being drawn")]
    Panicked,
}

/// The drawing threads and their queue, started with the first picture.
pub(crate) struct Drawers {
    name: &'static str,
    threads: usize,
    queue: Mutex<Option<Sender<Job>>>,
}

impl Drawers {
    /// `threads` drawing threads (at least one), named `name-0`, `name-1`...,
    /// to be started with the first picture.
    pub fn new(name: &'static str, threads: usize) -> Drawers {
        Drawers {
            name,
            threads: threads.max(1),
            queue: Mutex::new(None),
        }
    }

    /// One thread per core.
    pub fn per_core(name: &'static str) -> Drawers {
        Drawers::new(
            name,
            std::thread::available_parallelism().map_or(2, |n| n.get()),
        )
    }

    /// Starts the threads; their queue.
    fn start(&self) -> Result<Sender<Job>, DrawFailed> {
        let (queue, jobs) = channel::<Job>();
        let jobs = Arc::new(Mutex::new(jobs));
        for n in 0..self.threads {
            let jobs = jobs.clone();
            std::thread::Builder::new()
                .name(format!("{}-{n}", self.name))
                .spawn(move || {
                    lower_priority();
                    work(&jobs)
                })
                .map_err(|e| DrawFailed::NoThreads(e.to_string()))?;
        }
        Ok(queue)
    }

    /// Draws on a drawing thread, in turn, and waits for the result.
    pub async fn draw<T: Send + 'static>(
        &self,
        draw: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, DrawFailed> {
        let (done, result) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            // The caller may have gone; then nobody wants the picture.
            let _ = done.send(catch_unwind(AssertUnwindSafe(draw)));
        });
        {
            let mut queue = self
                .queue
                .lock()
                .map_err(|_| DrawFailed::NoThreads("the queue's lock is poisoned".into()))?;
            if queue.is_none() {
                *queue = Some(self.start()?);
            }
            let sent = queue.as_ref().is_some_and(|q| q.send(job).is_ok());
            if !sent {
                return Err(DrawFailed::NoThreads(
                    "the drawing threads have stopped".into(),
                ));
            }
        }
        match result.await {
            Ok(Ok(value)) => Ok(value),
            Ok(Err(_)) | Err(_) => Err(DrawFailed::Panicked),
        }
    }
}

/// Takes jobs until the queue is dropped.
fn work(jobs: &Mutex<Receiver<Job>>) {
    loop {
        let job = match jobs.lock() {
            Ok(jobs) => jobs.recv(),
            Err(_) => return,
        };
        match job {
            Ok(job) => job(),
            Err(_) => return,
        }
    }
}

/// Lowers the calling thread's priority by [`NICENESS`]. On Linux the
/// niceness belongs to the thread; elsewhere it would change the whole
/// process, so it is left alone. Failing to lower it only costs priority.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // Relative to the niceness it inherited (a bot started with `nice`
        // keeps its drawing threads below itself), at most 19.
        let lower = (niceness() + NICENESS).min(19);
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

    #[cfg(target_os = "linux")]
    #[tokio::test]
    async fn the_drawing_threads_run_at_a_lower_priority() {
        let here = niceness();
        let drawers = Drawers::new("picture", 1);
        let there = drawers.draw(niceness).await.expect("drawn");
        assert_eq!(there, (here + NICENESS).min(19));
    }
}
