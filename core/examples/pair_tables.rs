//! The small deadlock sets of two boxes on every level of a pack: how many lost pairs each
//! board has, the bytes they take and the time to find them (the deadlock test's whole set
//! up, of which the pairs are most).
//!
//! `cargo run --release -p sokoshot-core --example pair_tables -- FILE`

use std::time::Instant;

use sokoshot_core::level::check_file;
use sokoshot_core::solve::Deadlocks;

fn main() {
    let Some(file) = std::env::args().nth(1) else {
        eprintln!("usage: pair_tables FILE");
        std::process::exit(2);
    };
    let report = match check_file(file.as_ref()) {
        Ok(report) => report,
        Err(err) => {
            eprintln!("pair_tables: {file}: {err}");
            std::process::exit(2);
        }
    };
    let (mut total, mut slowest, mut largest) = (0.0, (0.0, 0), (0, 0));
    for entry in &report.levels {
        let Ok(level) = &entry.result else { continue };
        let started = Instant::now();
        let deadlocks = match Deadlocks::new(level) {
            Ok(deadlocks) => deadlocks,
            Err(err) => {
                println!("{:>4}  {err}", entry.index);
                continue;
            }
        };
        let seconds = started.elapsed().as_secs_f64();
        total += seconds;
        if seconds > slowest.0 {
            slowest = (seconds, entry.index);
        }
        if deadlocks.bytes() > largest.0 {
            largest = (deadlocks.bytes(), entry.index);
        }
        println!(
            "{:>4}  {:>6} lost pairs  {:>8} bytes  {:>8.1} ms",
            entry.index,
            deadlocks.lost_pairs(),
            deadlocks.bytes(),
            seconds * 1e3
        );
    }
    println!(
        "total {:.2} s; slowest level {} at {:.1} ms; largest level {} at {} bytes",
        total,
        slowest.1,
        slowest.0 * 1e3,
        largest.1,
        largest.0
    );
}
