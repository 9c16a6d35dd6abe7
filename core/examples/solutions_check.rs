//! Solves every level of the packs given, replays each solution by the game's rules, and
//! checks that the deadlock test never calls a position on the way lost (a position a
//! solution passes through can be solved, so a warning there would be a false one):
//!
//! ```sh
//! cargo run --release --example solutions_check -- levels/microban.xsb levels/campaign.xsb
//! cargo run --release --example solutions_check -- --seconds 10 --threads 2 pack.xsb
//! ```
//!
//! Prints one line per level (strategy-free: what the whole portfolio found) and exits
//! non-zero on any solution that does not replay or any false deadlock warning. Levels the
//! solver does not solve within the time are counted, not failed.

use std::process::ExitCode;
use std::time::Duration;

use sokoshot_core::game::{World, play_moves};
use sokoshot_core::level::check_file;
use sokoshot_core::solve::{Deadlocks, Limits, Settings, solve_level};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .and_then(|v| v.parse::<f64>().ok())
    };
    let seconds = value("--seconds").unwrap_or(10.0);
    let threads = value("--threads").map_or(2, |t| t as usize);
    let files: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|&(i, a)| {
            !a.starts_with("--")
                && (i == 0 || !matches!(args[i - 1].as_str(), "--seconds" | "--threads"))
        })
        .map(|(_, a)| a)
        .collect();
    if files.is_empty() {
        eprintln!("usage: solutions_check [--seconds S] [--threads N] PACK...");
        return ExitCode::from(2);
    }
    let settings = Settings {
        threads,
        limits: Limits {
            time: Some(Duration::from_secs_f64(seconds)),
            ..Limits::default()
        },
        ..Settings::default()
    };
    let (mut solved, mut levels, mut wrong) = (0, 0, 0);
    for file in files {
        let report = match check_file(file.as_ref()) {
            Ok(report) => report,
            Err(e) => {
                eprintln!("{file}: {e}");
                return ExitCode::from(2);
            }
        };
        for entry in &report.levels {
            let Ok(level) = &entry.result else { continue };
            levels += 1;
            let verdict = match check_level(level, &settings) {
                Ok(Some(steps)) => {
                    solved += 1;
                    format!("solved, {steps} letters replayed, no warning on the way")
                }
                Ok(None) => "not solved".to_owned(),
                Err(problem) => {
                    wrong += 1;
                    format!("WRONG: {problem}")
                }
            };
            println!("{file} {:>4}  {verdict}", entry.index);
        }
    }
    println!("total: {solved} of {levels} solved, {wrong} wrong");
    if wrong == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// The letters of the solution found, replayed one by one with the deadlock test after each;
/// `None` when none was found.
fn check_level(
    level: &sokoshot_core::level::Level,
    settings: &Settings,
) -> Result<Option<usize>, String> {
    let report = solve_level(level, settings, None).map_err(|e| e.to_string())?;
    let Some(solution) = report.solution() else {
        return Ok(None);
    };
    let mut world = World::new(level).map_err(|e| e.to_string())?;
    let deadlocks = Deadlocks::new(level).map_err(|e| e.to_string())?;
    // Letter by letter (a count after a letter stays with it), the test after each.
    let letters = solution.moves.as_str();
    let mut steps = 0;
    let mut at = 0;
    while at < letters.len() {
        let end = letters[at + 1..]
            .find(|c: char| !c.is_ascii_digit())
            .map_or(letters.len(), |i| at + 1 + i);
        play_moves(&mut world, &letters[at..end])
            .map_err(|e| format!("letters {}..{} do not play: {e}", at + 1, end))?;
        steps += 1;
        if let Some(lost) = deadlocks.check(&world) {
            return Err(format!("called lost after letter {end}: {lost:?}"));
        }
        at = end;
    }
    if !world.is_solved() {
        return Err("the solution ends unsolved".into());
    }
    Ok(Some(steps))
}
