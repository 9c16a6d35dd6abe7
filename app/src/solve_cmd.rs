//! `sokoshot solve` and `check --solve`: one line per level, a progress line on a terminal,
//! Ctrl-C stopping cleanly with the results so far.

use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use sokoshot::words::{check, count, figures};
use sokoshot_core::level::{self, LevelReport};
use sokoshot_core::solve::{self, Limits, Optimize, Progress, Report, Settings, Verdict};

/// The most seconds `--time-limit` takes (a day).
pub const MAX_TIME_LIMIT_SECONDS: f64 = 86_400.0;
/// The most MiB `--memory-limit` takes (1 TiB).
pub const MAX_MEMORY_LIMIT_MIB: u64 = 1 << 20;
/// Seconds `solve` spends on a level unless told otherwise.
pub const DEFAULT_SOLVE_SECONDS: f64 = 60.0;
/// Seconds `check --solve` spends on a level unless told otherwise.
pub const DEFAULT_CHECK_SECONDS: f64 = 10.0;
/// The most threads `--threads` takes.
pub const MAX_THREADS: usize = 256;
/// MiB a search may hold unless told otherwise: seven eighths of the solver's own default,
/// so that the whole process stays under 1 GiB. The limit counts the search's tables, not
/// the allocator's overhead or a table's old copy while it grows: at 1,024 MiB XSokoban's
/// file peaked at 998 MiB (benches/README.md).
pub const DEFAULT_MEMORY_MIB: u64 = (solve::DEFAULT_MEMORY_BYTES >> 20) as u64 * 7 / 8;

/// Reads `--time-limit`: a finite number of seconds from 0 (give up at once) to
/// [`MAX_TIME_LIMIT_SECONDS`].
///
/// # Errors
/// When the text is not such a number (`nan`, `inf`, `-1`, `1e9`, `ten`), saying what is
/// allowed.
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    let allowed = || {
        format!("`{text}` is not a time limit: give seconds, from 0 to {MAX_TIME_LIMIT_SECONDS}")
    };
    let seconds: f64 = text.trim().parse().map_err(|_| allowed())?;
    if (0.0..=MAX_TIME_LIMIT_SECONDS).contains(&seconds) {
        Ok(seconds)
    } else {
        Err(allowed())
    }
}

/// The flag Ctrl-C (SIGINT) sets; a search looks at it every few hundred positions.
pub fn interrupt_flag() -> Arc<AtomicBool> {
    let flag = Arc::new(AtomicBool::new(false));
    // Without the handler Ctrl-C still ends the program, only less cleanly.
    let _ = signal_hook::flag::register(signal_hook::consts::SIGINT, Arc::clone(&flag));
    flag
}

/// Reads `--memory-limit`: a whole number of MiB from 1 to [`MAX_MEMORY_LIMIT_MIB`].
///
/// # Errors
/// When the text is not such a number (`-1`, `0`, `1.5`, `2000000`), saying what is allowed.
pub fn parse_mib(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .ok()
        .filter(|mib| (1..=MAX_MEMORY_LIMIT_MIB).contains(mib))
        .ok_or_else(|| {
            format!(
                "`{text}` is not a memory limit: give whole MiB, from 1 to {MAX_MEMORY_LIMIT_MIB}"
            )
        })
}

/// Reads `--threads`: a whole number from 1 to [`MAX_THREADS`].
///
/// # Errors
/// When the text is not such a number (`0`, `-1`, `1.5`, `many`), saying what is allowed.
pub fn parse_threads(text: &str) -> Result<usize, String> {
    text.trim()
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=MAX_THREADS).contains(n))
        .ok_or_else(|| {
            format!("`{text}` is not a thread count: give a whole number, from 1 to {MAX_THREADS}")
        })
}

/// Threads unless told otherwise: what the machine has (one when it cannot tell).
pub fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .min(MAX_THREADS)
}

/// Search settings from the command line's limits.
pub fn settings(
    time: f64,
    memory_mib: u64,
    optimize: Optimize,
    threads: usize,
    cancel: &Arc<AtomicBool>,
) -> Settings {
    Settings {
        optimize,
        threads: threads.clamp(1, MAX_THREADS),
        limits: Limits {
            time: Some(Duration::from_secs_f64(
                time.clamp(0.0, MAX_TIME_LIMIT_SECONDS),
            )),
            memory_bytes: usize::try_from(memory_mib.min(MAX_MEMORY_LIMIT_MIB) * 1024 * 1024)
                .unwrap_or(usize::MAX),
            positions: None,
            work: None,
            cancel: Some(Arc::clone(cancel)),
        },
        techniques: solve::Techniques::default(),
        strategies: solve::Strategy::ALL.to_vec(),
    }
}

/// `level N "Title"`, or `level N` without a title; the title with control characters made
/// visible.
pub fn level_name(entry: &LevelReport) -> String {
    let title = entry.title.as_deref().map(level::visible);
    check::level(entry.index, title.as_deref())
}

/// The verdict part of a level's line.
pub fn verdict_text(report: &Report) -> String {
    let seconds = report.elapsed.as_secs_f64();
    let positions = report.positions;
    let layouts = report.layouts;
    match &report.verdict {
        Verdict::Solved { solution, .. } => {
            let c = solution.counters;
            format!(
                "solved in {seconds:.2} s, {}, {}: {}: {}",
                count(positions, "position"),
                count(layouts, "layout"),
                figures(c.moves, c.pushes, c.shots),
                solution.moves
            )
        }
        Verdict::BestFound { solution, .. } => {
            let c = solution.counters;
            format!(
                "best found, not proven, in {seconds:.1} s, {}, {}: {}: {}",
                count(positions, "position"),
                count(layouts, "layout"),
                figures(c.moves, c.pushes, c.shots),
                solution.moves
            )
        }
        Verdict::NoSolution => format!(
            "no solution (all {} searched)",
            count(positions, "position")
        ),
        Verdict::GaveUp(_) => format!(
            "gave up after {seconds:.1} s, {}",
            count(positions, "position")
        ),
    }
}

/// A progress line on standard error, rewritten in place, when it is a terminal.
pub struct ProgressLine {
    on: bool,
}

impl ProgressLine {
    /// A progress line that shows only when standard error is a terminal.
    pub fn new() -> Self {
        Self {
            on: std::io::stderr().is_terminal(),
        }
    }

    /// Shows how the search of `name` is going.
    pub fn show(&self, name: &str, progress: &Progress) {
        if self.on {
            let mib = progress.bytes / (1024 * 1024);
            let mut err = std::io::stderr().lock();
            let _ = write!(
                err,
                "\r\x1b[K{name}: {:.1} s, {} positions, {mib} MiB",
                progress.elapsed.as_secs_f64(),
                progress.positions
            );
            let _ = err.flush();
        }
    }

    /// Wipes the line before a result is printed.
    pub fn clear(&self) {
        if self.on {
            let _ = write!(std::io::stderr().lock(), "\r\x1b[K");
        }
    }
}

/// Solves one loaded level with a progress line; `Err` carries the error text.
pub fn solve_entry(
    file: &str,
    entry: &LevelReport,
    settings: &Settings,
    line: &ProgressLine,
) -> Result<Report, String> {
    let level = entry.result.as_ref().map_err(|errors| {
        let first = errors.first().map(ToString::to_string).unwrap_or_default();
        format!("does not load: {first}")
    })?;
    let name = format!("{file}: {}", level_name(entry));
    let mut show = |p: &Progress| line.show(&name, p);
    let report = solve::solve_level(level, settings, Some(&mut show));
    line.clear();
    report.map_err(|e| e.to_string())
}

/// `sokoshot solve`: exit 0 when every level asked for was solved, 1 when any was not, 2 on
/// an error.
pub fn run(path: &Path, only: Option<usize>, settings: &Settings, cancel: &AtomicBool) -> u8 {
    let file = path.display().to_string();
    let report = match level::check_file(path) {
        Ok(report) => report,
        Err(err) => {
            eprintln!("sokoshot: {file}: cannot read: {err}");
            return 2;
        }
    };
    if let Some(problem) = report.file_diagnostics.iter().find(|d| d.is_error()) {
        eprintln!("sokoshot: {file}:{problem}");
        return 2;
    }
    let entries: Vec<&LevelReport> = match only {
        Some(n) => match report.levels.get(n.wrapping_sub(1)) {
            Some(entry) => vec![entry],
            None => {
                eprintln!(
                    "sokoshot: {file} has {}; --level {n} is not one of them",
                    count(report.levels.len(), "level")
                );
                return 2;
            }
        },
        None => report.levels.iter().collect(),
    };
    let line = ProgressLine::new();
    let mut status = 0;
    for entry in entries {
        if cancel.load(Ordering::Relaxed) {
            eprintln!("sokoshot: interrupted");
            return status.max(1);
        }
        let name = level_name(entry);
        match solve_entry(&file, entry, settings, &line) {
            Ok(report) => {
                println!("{file}: {name}: {}", verdict_text(&report));
                if !matches!(
                    report.verdict,
                    Verdict::Solved { .. } | Verdict::BestFound { .. }
                ) {
                    status = status.max(1);
                }
            }
            Err(err) => {
                eprintln!("sokoshot: {file}: {name}: {err}");
                status = 2;
            }
        }
    }
    if cancel.load(Ordering::Relaxed) {
        eprintln!("sokoshot: interrupted");
        status = status.max(1);
    }
    status
}
