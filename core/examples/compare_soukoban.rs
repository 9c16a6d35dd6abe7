//! soukoban's solver (crates.io `soukoban` 0.1.5, greedy A* "Quick" strategy) on a pack, with a
//! time limit per level enforced through its stop flag, beside sokoshot's; each solution is
//! checked with sokoshot's replay. Behind the `compare-soukoban` feature so that CI never
//! builds soukoban:
//!
//! ```sh
//! cargo run --release --features compare-soukoban --example compare_soukoban -- levels/microban.xsb 10
//! ```

use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use sokoshot_core::game::replay;
use sokoshot_core::level::parse_pack;
use sokoshot_core::solve::{Limits, Settings, solve_level};
use soukoban::solver::{Algorithm, Solver, Strategy};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, seconds] = args.as_slice() else {
        eprintln!("usage: compare_soukoban FILE SECONDS");
        std::process::exit(2);
    };
    let limit = Duration::from_secs_f64(seconds.parse().expect("seconds"));
    let text = std::fs::read_to_string(file).expect("the file reads");
    let ours: Vec<_> = parse_pack(&text)
        .into_pack()
        .expect("the pack loads")
        .levels;
    let theirs: Vec<_> = soukoban::level::Level::load_from_str(&text).collect();
    let (mut solved_ours, mut solved_theirs) = (0, 0);
    for (i, (level, their)) in ours.iter().zip(theirs).enumerate() {
        let settings = Settings {
            limits: Limits {
                time: Some(limit),
                ..Limits::default()
            },
            ..Settings::default()
        };
        let report = solve_level(level, &settings, None).expect("sokoshot runs");
        let ours_ok = report.solution().is_some();
        solved_ours += usize::from(ours_ok);
        let (theirs_ok, their_secs) = match their {
            Ok(their) => run_soukoban(their.map().clone(), limit, level),
            Err(_) => (false, 0.0),
        };
        solved_theirs += usize::from(theirs_ok);
        println!(
            "| {} | {} | {:.2} | {} | {:.2} |",
            i + 1,
            if ours_ok { "solved" } else { "-" },
            report.elapsed.as_secs_f64(),
            if theirs_ok { "solved" } else { "-" },
            their_secs
        );
    }
    println!(
        "total: sokoshot {solved_ours}, soukoban {solved_theirs} of {}",
        ours.len()
    );
}

/// Runs soukoban on `map` until it answers or `limit` passes; checks its answer with
/// sokoshot's replay of `level`.
fn run_soukoban(
    map: soukoban::map::Map,
    limit: Duration,
    level: &sokoshot_core::level::Level,
) -> (bool, f64) {
    let solver = Arc::new(Solver::new(map, Strategy::Quick));
    let (tx, rx) = mpsc::channel();
    let worker = {
        let solver = Arc::clone(&solver);
        std::thread::spawn(move || {
            let _ = tx.send(solver.search(Algorithm::AStar));
        })
    };
    let start = Instant::now();
    let answer = match rx.recv_timeout(limit) {
        Ok(answer) => answer.ok(),
        Err(_) => {
            solver.request_stop();
            let _ = rx.recv();
            None
        }
    };
    let _ = worker.join();
    let secs = start.elapsed().as_secs_f64();
    let ok = answer.is_some_and(|actions| {
        replay(level, &actions.to_string()).is_ok_and(|r| r.world.is_solved())
    });
    (ok, secs)
}
