//! How long a hint takes to answer on a level, as the game asks for it (`i`) and as a
//! served session does: the local budget (ten seconds, two threads) and the server's (two
//! seconds, one thread, in the server's hint pool).
//!
//! ```sh
//! cargo run --release --example big_room -- --boxes 120 --write /tmp/room120.xsb
//! cargo run --release --example hint_time -- /tmp/room120.xsb
//! ```
//!
//! Prints, for each budget, the time from the request to the answer and the answer's kind;
//! then, for a served hint given up after half a second (the player moved on or left), the
//! time until its search has stopped and given its place in the pool back; and at the end
//! the process's peak resident memory (`VmHWM`, Linux).

use std::process::ExitCode;
use std::time::{Duration, Instant};

use sokoshot::serve::session::{HINT_POOL, hint_budget};
use sokoshot::tui::hint::{Answer, HintBudget, HintJob};
use sokoshot_core::game::World;
use sokoshot_core::level::check_file;
use sokoshot_core::solve::hint::Hint;

/// A line of `/proc/self/status` in kB, if there is one.
fn status_kb(key: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn kind(answer: &Answer) -> String {
    match answer {
        Answer::Hint(Hint::Solution(moves)) => format!("a solution of {} letters", moves.len()),
        Answer::Hint(Hint::Lost { undo }) => format!("lost, undo {undo:?}"),
        Answer::Hint(Hint::OutOfTime) => "out of time".into(),
        Answer::Busy => "busy".into(),
        Answer::Hint(Hint::Unsolvable(why)) => format!("unsolvable: {why}"),
    }
}

fn main() -> ExitCode {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: hint_time FILE");
        return ExitCode::from(2);
    };
    let report = match check_file(path.as_ref()) {
        Ok(report) => report,
        Err(e) => {
            eprintln!("hint_time: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    let Some(Ok(level)) = report.levels.first().map(|l| l.result.as_ref()) else {
        eprintln!("hint_time: {path}: the first level does not load");
        return ExitCode::from(2);
    };
    let world = match World::new(level) {
        Ok(world) => world,
        Err(e) => {
            eprintln!("hint_time: {path}: {e}");
            return ExitCode::from(2);
        }
    };
    for (name, budget) in [
        ("local", HintBudget::DEFAULT),
        ("served", hint_budget(0, 0)),
    ] {
        let start = Instant::now();
        let job = HintJob::start(&world, budget);
        let answer = loop {
            if let Some(answer) = job.poll() {
                break answer;
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        println!(
            "{name} hint ({:?} budget): {} after {:.2} s",
            budget.time.unwrap_or_default(),
            kind(&answer),
            start.elapsed().as_secs_f64()
        );
    }
    let job = HintJob::start(&world, hint_budget(0, 0));
    std::thread::sleep(Duration::from_millis(500));
    let dropped = Instant::now();
    drop(job);
    while HINT_POOL.running() > 0 && dropped.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(1));
    }
    println!(
        "served hint given up after 0.5 s: its place in the pool back after {:.3} s",
        dropped.elapsed().as_secs_f64()
    );
    if let Some(kb) = status_kb("VmHWM:") {
        println!("peak resident memory: {} MiB", kb / 1024);
    }
    ExitCode::SUCCESS
}
