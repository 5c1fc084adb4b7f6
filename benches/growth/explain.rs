//! The query plans of every statement the requests run.

use crate::support::growth::{self, Targets};
use crate::support::{db, plans};
use aquaretto_bot::clock::Clock as _;
use aquaretto_bot::referee::Referee;
use aquaretto_bot::store::Store;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Each request once with its statements gathered; their plans printed.
/// Returns how many statements have a problem.
pub(crate) async fn print_plans(
    label: &str,
    finished: usize,
    store: &Store,
    url: &str,
    t: &Targets,
    top: &str,
) -> usize {
    let referee = Referee::new(store.clone());
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut all: Vec<(&str, Vec<String>)> = Vec::new();
    let (_, s) = db::statements(growth::start_up(url, None)).await;
    all.push(("start-up", s));
    let (_, s) = db::statements(growth::check_older_games(&referee)).await;
    all.push((
        "the check for older games (once a process, beside serving)",
        s,
    ));
    let mover = t
        .running
        .get(growth::MYGAMES + 1)
        .cloned()
        .unwrap_or_default();
    let (_, s) = db::statements(async {
        if let Ok(Some(req)) = growth::next_move(&referee, &mover.1, &mover.0, &mut rng).await {
            let reply = referee.handle(req).await;
            let _ = growth::shown(&referee, &reply).await;
        }
    })
    .await;
    all.push(("a move", s));
    let (_, s) = db::statements(growth::mygames(&referee, t)).await;
    all.push(("mygames", s));
    let (_, s) = db::statements(growth::stats(&referee, t)).await;
    all.push(("stats", s));
    let (_, s) = db::statements(growth::stats_player(&referee, t, top)).await;
    all.push(("stats player:", s));
    let (_, s) = db::statements(growth::history(&referee, t, 1)).await;
    all.push(("history page 1", s));
    let (_, s) = db::statements(growth::history(&referee, t, 20)).await;
    all.push(("history page 20", s));
    let (_, s) = db::statements(growth::server_page(&referee, t)).await;
    all.push(("server page", s));
    let now = aquaretto_bot::clock::SystemClock.now();
    let (_, s) = db::statements(async {
        let _ = growth::arm_reminders(store, t, now).await;
        growth::scheduler_step(&referee, now).await
    })
    .await;
    all.push(("scheduler step", s));
    let _ = growth::deliver_all(&referee, now).await;
    let mut problems = 0;
    let mut seen: Vec<String> = Vec::new();
    println!(
        "growth/{label}/{finished}: query plans of every statement the requests run (each once):"
    );
    for (request, statements) in &all {
        let fresh: Vec<String> = statements
            .iter()
            .filter(|s| !seen.contains(s))
            .cloned()
            .collect();
        seen.extend(fresh.iter().cloned());
        let real = match plans::explain_all(store, &fresh, false).await {
            Ok(p) => p,
            Err(e) => panic!("{e:#}"),
        };
        let forced = match plans::explain_all(store, &fresh, true).await {
            Ok(p) => p,
            Err(e) => panic!("{e:#}"),
        };
        println!(" {request}: {} statements", real.len());
        // A problem is what the forced plans show (no index could serve
        // the statement; on SQLite the plans are the same); a table the
        // planner chose to read whole in the real plan, though an index
        // could serve, is noted (a small table, read whole at no cost).
        let mut shown = real.clone();
        for (p, f) in shown.iter_mut().zip(&forced) {
            let noted: Vec<String> = p
                .problems
                .iter()
                .filter(|x| !f.problems.contains(x))
                .map(|x| format!("note: the planner {x} here; an index could serve it"))
                .collect();
            p.problems = f.problems.clone();
            let counted = !p.problems.is_empty() && !request.starts_with("the check");
            problems += usize::from(counted);
            p.problems.extend(noted);
        }
        print!("{}", plans::print(&shown));
    }
    println!(
        "growth/{label}/{finished}: statements of the requests that no index can serve: {problems} (the check for older games aside: it reads one index entry a game by design)"
    );
    problems
}
