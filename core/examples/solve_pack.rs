//! Solves every level of a pack with a time limit and prints one row per level (verdict,
//! seconds, positions, moves, pushes) and the totals, with deadlock techniques switched off
//! on request, to measure what each one buys:
//!
//! ```sh
//! cargo run --release --example solve_pack -- levels/microban.xsb 10
//! cargo run --release --example solve_pack -- levels/microban.xsb 2 --no-corrals
//! cargo run --release --example solve_pack -- levels/microban.xsb 10 --threads 2
//! ```
//!
//! Flags: `--no-dead`, `--no-freeze`, `--no-matching` (nearest-goal bound for `--optimize`),
//! `--no-corrals`, `--corral-deadlocks` (search a corral's boxes for a way out, off by
//! default), `--strategies a,b,…` (the portfolio's searches by name: fess, fess-coarse,
//! fess-plan, fess-plan-flat, goal-rooms, matching, nearest, pull-matching, pull-nearest; all unless told),
//! `--optimize pushes|moves`, `--threads N` (the portfolio's searches at once; one unless
//! told),
//! `--work N` (a budget of work units beside the time: the same answer on a busy
//! machine), `--markdown` (table rows for benches/README.md).

use std::time::Duration;

use sokoshot_core::level::check_file;
use sokoshot_core::solve::{
    Limits, Optimize, Settings, Strategy, Techniques, Verdict, solve_level,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [file, seconds, flags @ ..] = args.as_slice() else {
        eprintln!(
            "usage: solve_pack FILE SECONDS [--no-dead] [--no-freeze] [--no-matching] [--no-corrals] [--corral-deadlocks] [--strategies a,b,...] [--optimize pushes|moves] [--threads N] [--markdown]"
        );
        std::process::exit(2);
    };
    let has = |flag: &str| flags.iter().any(|f| f == flag);
    let optimize = match flags.iter().position(|f| f == "--optimize") {
        Some(i) if flags.get(i + 1).map(String::as_str) == Some("pushes") => Optimize::Pushes,
        Some(i) if flags.get(i + 1).map(String::as_str) == Some("moves") => Optimize::Moves,
        _ => Optimize::Any,
    };
    let threads = match flags.iter().position(|f| f == "--threads") {
        Some(i) => match flags.get(i + 1).and_then(|n| n.parse::<usize>().ok()) {
            Some(n) if n >= 1 => n,
            _ => {
                eprintln!("solve_pack: --threads takes a whole number from 1");
                std::process::exit(2);
            }
        },
        None => 1,
    };
    let strategies = match flags.iter().position(|f| f == "--strategies") {
        Some(i) => flags
            .get(i + 1)
            .map(|list| list.split(',').map(Strategy::from_name).collect::<Option<Vec<_>>>())
            .unwrap_or_default()
            .unwrap_or_else(|| {
                eprintln!("solve_pack: --strategies takes names from: fess, fess-coarse, fess-plan, fess-plan-flat, goal-rooms, matching, nearest, pull-matching, pull-nearest");
                std::process::exit(2);
            }),
        None => Strategy::ALL.to_vec(),
    };
    let settings = Settings {
        strategies,
        optimize,
        threads,
        limits: Limits {
            time: Some(Duration::from_secs_f64(seconds.parse().expect("seconds"))),
            work: flags
                .iter()
                .position(|f| f == "--work")
                .and_then(|i| flags.get(i + 1)?.parse().ok()),
            ..Limits::default()
        },
        techniques: Techniques {
            dead_squares: !has("--no-dead"),
            freeze: !has("--no-freeze"),
            matching: !has("--no-matching"),
            corrals: !has("--no-corrals"),
            corral_deadlocks: has("--corral-deadlocks"),
            pairs: !has("--no-pairs"),
        },
    };
    let report = match check_file(file.as_ref()) {
        Ok(report) => report,
        Err(err) => {
            eprintln!("solve_pack: {file}: {err}");
            std::process::exit(2);
        }
    };
    let (mut solved, mut positions, mut seconds_total) = (0, 0u64, 0.0);
    let markdown = has("--markdown");
    for entry in &report.levels {
        let Ok(level) = &entry.result else { continue };
        let r = match solve_level(level, &settings, None) {
            Ok(r) => r,
            Err(err) => {
                println!("{:>4}  not searched: {err}", entry.index);
                continue;
            }
        };
        positions += r.positions;
        let secs = r.elapsed.as_secs_f64();
        seconds_total += secs;
        let what = match &r.verdict {
            Verdict::Solved { solution, .. } | Verdict::BestFound { solution, .. } => {
                solved += 1;
                let c = solution.counters;
                let by = r.solved_by.map_or("", |s| s.name());
                format!("solved | {} | {} | {by}", c.moves, c.pushes)
            }
            Verdict::NoSolution => "no solution | | | ".to_owned(),
            Verdict::GaveUp(stop) => format!("gave up ({}) | | | ", stop.describe()),
        };
        if markdown {
            println!("| {} | {what} | {secs:.2} | {} |", entry.index, r.positions);
        } else {
            println!(
                "{:>4}  {what}  {secs:.2} s  {} positions  {} work",
                entry.index, r.positions, r.work
            );
        }
    }
    println!(
        "total: {solved} of {} solved, {positions} positions, {seconds_total:.1} s",
        report.levels.len()
    );
}
