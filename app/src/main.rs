//! The `sokoshot` command line: parses the arguments, runs one mode, prints, and returns
//! the exit status. The work is done by the library.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use clap::{Parser, Subcommand};
use sokoshot::tui::editor::run::EditOptions;
use sokoshot::tui::event_loop::Ending;
use sokoshot::tui::lab_view::Options as LabOptions;
use sokoshot::tui::session::{self, PlayOptions};
use sokoshot::words::{check, count, figures};
use sokoshot_core::game;
use sokoshot_core::lab::SceneId;
use sokoshot_core::level::{self, Diagnostic};

mod scores_cmd;
mod solve_cmd;

/// The allocator: jemalloc, whose background threads give back to the system the pages freed
/// memory leaves unused, within seconds. glibc's malloc kept what the server's ended sessions
/// had used: each session's thread allocates in one of its per-thread arenas, and an arena
/// other than the main one only shrinks from its top, so after 1,000 sessions closed the
/// server held 343 MiB of which 2 MiB was in use (`malloc_trim` gave back half of it).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// A terminal puzzle game where Sokoban meets bank shots.
///
/// With no command, plays the built-in levels, resuming where you left off.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    /// What to do; without one, play the built-in levels.
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    look: Look,
    #[command(flatten)]
    hints: Hints,
}

/// How the game and the lab are drawn and take input: the same flags before or after `play`
/// and `lab`.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
struct Look {
    /// Draw with ASCII characters only (for terminals or fonts without block and braille
    /// characters). Colours follow NO_COLOR.
    #[arg(long)]
    ascii: bool,
    /// Leave the mouse to the terminal: no clicking to walk and push, and text on screen can
    /// be selected as usual.
    #[arg(long)]
    no_mouse: bool,
}

impl Look {
    /// A flag given before the command or after it counts.
    fn or(self, other: Self) -> Self {
        Self {
            ascii: self.ascii || other.ascii,
            no_mouse: self.no_mouse || other.no_mouse,
        }
    }
}

/// How far a hint may search.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
struct Hints {
    /// Let a hint search this many positions, with no time limit (the default is two million
    /// positions or ten seconds).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    hint_positions: Option<u64>,
}

/// What `--optimize` takes.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
enum OptimizeArg {
    /// The fewest pushes, moves breaking ties.
    Pushes,
    /// The fewest moves.
    Moves,
}

/// The modes of the binary.
#[derive(Debug, Subcommand)]
enum Command {
    /// Play a level pack (XSB or SOK text, or an SLC collection), or every pack in a
    /// folder, resuming where you left off; saving a single file in an editor reloads it
    /// while you play.
    Play {
        /// The level file, or folder of level files, to play.
        file: PathBuf,
        /// Start at this level (1-based) instead of where you left off.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        level: Option<u32>,
        #[command(flatten)]
        look: Look,
        #[command(flatten)]
        hints: Hints,
    },
    /// Draw a level and watch it proven: edit level N of a pack file (a file that is not
    /// there starts a new pack with one small walled room; N one past the last adds a level).
    ///
    /// Ctrl-S saves, keeping every other level and line of the file as it was; `>` and `<`
    /// go to the next and the previous level, `N` starts a new one after the last; `?`
    /// lists the keys.
    Edit {
        /// The level file (XSB or SOK text; an SLC collection's level is saved beside it).
        file: PathBuf,
        /// The level to edit (1-based), the first if not given.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        level: Option<u32>,
        #[command(flatten)]
        look: Look,
    },
    /// Check level files: one line per problem as FILE:LINE:COL, then a summary per file.
    ///
    /// Exits 0 when every level is valid, 1 when any is not, 2 when a file cannot be read.
    Check {
        /// The level files (XSB packs) to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Also replay each level's stored `Solution:` and report any that does not solve it;
        /// at most 200,000,000 tick-cells of work a file (a tick costs one, plus one per
        /// spinner and enemy of its level), the rest counted unchecked; Ctrl-C stops it.
        #[arg(long)]
        verify_solutions: bool,
        /// Also run the solver on each level: an error when it has no solution, a warning
        /// when none was found within the time limit.
        #[arg(long)]
        solve: bool,
        /// Seconds the solver may spend on each level (with --solve), from 0 to 86400.
        #[arg(long, value_name = "SECONDS", default_value_t = solve_cmd::DEFAULT_CHECK_SECONDS, value_parser = solve_cmd::parse_seconds, allow_negative_numbers = true)]
        time_limit: f64,
    },
    /// Solve levels: one line per level with the solution, or why there is none.
    ///
    /// Exits 0 when every level asked for was solved, 1 when any was not, 2 on an error.
    /// Ctrl-C stops the search and prints the results so far.
    Solve {
        /// The level file (an XSB pack).
        file: PathBuf,
        /// Solve only this level (1-based); without it, every level of the file.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        level: Option<u32>,
        /// Seconds to spend on each level before giving up, from 0 to 86400.
        #[arg(long, value_name = "SECONDS", default_value_t = solve_cmd::DEFAULT_SOLVE_SECONDS, value_parser = solve_cmd::parse_seconds, allow_negative_numbers = true)]
        time_limit: f64,
        /// MiB the search may hold in its tables and queues; it gives up rather than grow
        /// past it. From 1 to 1048576 (1 TiB).
        #[arg(long, value_name = "MIB", default_value_t = solve_cmd::DEFAULT_MEMORY_MIB, value_parser = solve_cmd::parse_mib, allow_negative_numbers = true)]
        memory_limit: u64,
        /// Prove the fewest pushes (moves break ties) or the fewest moves, instead of
        /// finding any solution fast.
        #[arg(long, value_name = "pushes|moves")]
        optimize: Option<OptimizeArg>,
        /// Measure difficulty as levels/README.md does: prove the fewest pushes with the
        /// deadlock tests the campaign's curve was set with (no small deadlock sets), so that
        /// the layouts compare with the table there. Implies `--optimize pushes`.
        #[arg(long, conflicts_with = "optimize")]
        measure: bool,
        /// Threads the solver's searches run on at once, from 1 to 256 (by default what the
        /// machine has; the searches of one level use two at most).
        #[arg(long, value_name = "N", value_parser = solve_cmd::parse_threads, allow_negative_numbers = true)]
        threads: Option<usize>,
    },
    /// Replay a solution headless: print the final board as level text and the result.
    ///
    /// Exits 0 when the level ends solved, 1 when it does not, 2 on any error (unreadable
    /// file, bad level, bad letter).
    Replay {
        /// The level file (an XSB pack).
        file: PathBuf,
        /// Which level of the file to play, counting from 1.
        #[arg(long, default_value_t = 1)]
        level: usize,
        /// The solution: `l u r d` steps, `L U R D` pushes, counts like `3r`, `f` fire (then
        /// wait until no shot flies), `w` wait a quarter second; every step lets 6 ticks pass.
        #[arg(long)]
        moves: String,
    },
    /// Open the collision lab: move, turn and stretch shapes and watch each test decide.
    Lab {
        /// The scene to start on: disk-aabb (the default), disk-obb, obb-obb, disk-triangle,
        /// slope, aabb-aabb, cast (a segment cast at a box, turned box, disk, slope or bar),
        /// sweep (a box swept past three boxes, with the nearest time of impact), shot (the
        /// game's shot through walls, a slope and a spinner, with each bounce) or distance
        /// (the distance or penetration between any two convex shapes).
        scene: Option<SceneId>,
        #[command(flatten)]
        look: Look,
    },
    /// Serve the game and the lab over SSH: `ssh -p 2222 HOST` opens a menu.
    ///
    /// The host key is made on first start in the data directory and kept. Anyone may
    /// connect unless --authorized-keys is given; players with a key keep their progress.
    /// One line per connection is logged on standard error. SIGTERM ends every session.
    Serve {
        /// The address and port to listen on (0.0.0.0:2222 to accept connections from
        /// other machines).
        #[arg(long, value_name = "ADDR:PORT", default_value_t = sokoshot::serve::DEFAULT_LISTEN)]
        listen: std::net::SocketAddr,
        /// The most sessions at once.
        #[arg(long, value_name = "N", default_value_t = sokoshot::serve::DEFAULT_MAX_SESSIONS, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        max_sessions: u32,
        /// The most sessions at once from one address (an IPv6 /64 counts as one).
        #[arg(long, value_name = "N", default_value_t = sokoshot::serve::DEFAULT_MAX_PER_IP, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        max_per_ip: u32,
        /// The most connections logging in at once (not yet given a session); they take no
        /// session's place.
        #[arg(long, value_name = "N", default_value_t = sokoshot::serve::DEFAULT_MAX_STARTUPS, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        max_startups: u32,
        /// The most connections logging in at once from one address.
        #[arg(long, value_name = "N", default_value_t = sokoshot::serve::DEFAULT_MAX_STARTUPS_PER_IP, value_parser = clap::value_parser!(u32).range(1..=100_000))]
        max_startups_per_ip: u32,
        /// Close a connection that has not started a session this many seconds after it was
        /// accepted (the banner, key exchange and login included).
        #[arg(long, value_name = "SECS", default_value_t = sokoshot::serve::DEFAULT_LOGIN_GRACE.as_secs(), value_parser = clap::value_parser!(u64).range(1..=600))]
        login_grace: u64,
        /// The most bytes of frames a second one session is sent; a session whose frames cost
        /// more skips to its latest frame (a lower frame rate for it alone).
        #[arg(long, value_name = "BYTES", default_value_t = sokoshot::serve::DEFAULT_MAX_BYTES_PER_SECOND, value_parser = clap::value_parser!(u64).range(1024..=1_073_741_824))]
        max_bytes_per_second: u64,
        /// Close a session after this many seconds without a key.
        #[arg(long, value_name = "SECS", default_value_t = sokoshot::serve::DEFAULT_IDLE_TIMEOUT.as_secs(), value_parser = clap::value_parser!(u64).range(1..=86_400))]
        idle_timeout: u64,
        /// Close a session after this many seconds in all.
        #[arg(long, value_name = "SECS", default_value_t = sokoshot::serve::DEFAULT_MAX_SESSION.as_secs(), value_parser = clap::value_parser!(u64).range(1..=604_800))]
        max_session: u64,
        /// The most players whose progress is kept (each at most 4 MiB, so 10,000 players
        /// may take about 39 GiB of disk). When it is reached, a new key takes the place of a
        /// player who saved nothing, or of one away over 30 days; when there is none, the new
        /// key plays without its progress kept.
        #[arg(long, value_name = "N", default_value_t = sokoshot::serve::players::MAX_PLAYERS as u32, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        max_players: u32,
        /// How many new players (keys with no progress kept yet) one address may make in an
        /// hour; a new key past it plays without its progress kept (0: none at all).
        #[arg(long, value_name = "N", default_value_t = sokoshot::serve::players::DEFAULT_NEW_PLAYERS_PER_HOUR as u32, value_parser = clap::value_parser!(u32).range(0..=100_000))]
        new_players_per_hour: u32,
        /// Let in only the public keys listed in this file (OpenSSH authorized_keys format,
        /// without options); otherwise anyone may connect, as a guest without a key.
        #[arg(long, value_name = "FILE")]
        authorized_keys: Option<PathBuf>,
        /// Offer this level pack beside the built-in ones.
        #[arg(long, value_name = "FILE")]
        levels: Option<PathBuf>,
        /// Where players are kept: sqlite:PATH (the default, store.sqlite in the data
        /// directory), postgres://USER@HOST:PORT/DB (several servers sharing one store), or
        /// folder:PATH (a directory of text files per player, as earlier versions kept).
        #[arg(long, value_name = "STORE")]
        store: Option<sokoshot_store::Spec>,
    },
    /// Print the verified scores a server's store holds, one tab-separated line per entry:
    /// pack, level, table, place, nickname, key fingerprint, moves, pushes, shots, date (UTC).
    Scores {
        /// The store, as `serve --store` names it (by default serve's own: store.sqlite in
        /// the data directory).
        #[arg(long, value_name = "STORE")]
        store: Option<sokoshot_store::Spec>,
        /// Only this pack: its key (`built-in:Campaign`, a file's path) or its name
        /// (`Campaign`), whatever the case.
        pack: Option<String>,
        /// Only this level of the pack, counting from 1.
        level: Option<usize>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check {
            files,
            verify_solutions,
            solve,
            time_limit,
        }) => check(&files, verify_solutions, solve.then_some(time_limit)),
        Some(Command::Solve {
            file,
            level,
            time_limit,
            memory_limit,
            optimize,
            measure,
            threads,
        }) => {
            let cancel = solve_cmd::interrupt_flag();
            let optimize = match optimize {
                None if measure => sokoshot_core::solve::Optimize::Pushes,
                None => sokoshot_core::solve::Optimize::Any,
                Some(OptimizeArg::Pushes) => sokoshot_core::solve::Optimize::Pushes,
                Some(OptimizeArg::Moves) => sokoshot_core::solve::Optimize::Moves,
            };
            let threads = threads.unwrap_or_else(solve_cmd::default_threads);
            let mut settings =
                solve_cmd::settings(time_limit, memory_limit, optimize, threads, &cancel);
            if measure {
                settings.techniques = sokoshot_core::solve::Techniques::measure();
            }
            let only = level.and_then(|n| usize::try_from(n).ok());
            ExitCode::from(solve_cmd::run(&file, only, &settings, &cancel))
        }
        Some(Command::Replay { file, level, moves }) => replay(&file, level, &moves),
        Some(Command::Scores { store, pack, level }) => {
            scores_cmd::run(store, pack.as_deref(), level)
        }
        Some(Command::Edit { file, level, look }) => {
            let look = look.or(cli.look);
            edit(&EditOptions {
                file,
                level: level.and_then(|n| usize::try_from(n).ok()),
                ascii: look.ascii,
                no_mouse: look.no_mouse,
            })
        }
        Some(Command::Lab { scene, look }) => {
            let look = look.or(cli.look);
            lab(LabOptions {
                scene: scene.unwrap_or(SceneId::DiskAabb),
                ascii: look.ascii,
                mouse: !look.no_mouse,
            })
        }
        Some(Command::Serve {
            listen,
            max_sessions,
            max_per_ip,
            max_startups,
            max_startups_per_ip,
            login_grace,
            max_bytes_per_second,
            idle_timeout,
            max_session,
            max_players,
            new_players_per_hour,
            authorized_keys,
            levels,
            store,
        }) => serve(&sokoshot::serve::Options {
            listen,
            max_sessions: max_sessions as usize,
            max_per_ip: max_per_ip as usize,
            max_startups: max_startups as usize,
            max_startups_per_ip: max_startups_per_ip as usize,
            login_grace: Duration::from_secs(login_grace),
            max_bytes_per_second,
            idle_timeout: Duration::from_secs(idle_timeout),
            max_session: Duration::from_secs(max_session),
            authorized_keys,
            levels,
            max_players: max_players as usize,
            new_players_per_hour: new_players_per_hour as usize,
            store,
        }),
        Some(Command::Play {
            file,
            level,
            look,
            hints,
        }) => {
            let look = look.or(cli.look);
            play(&PlayOptions {
                file: Some(file),
                level: level.and_then(|n| usize::try_from(n).ok()),
                ascii: look.ascii,
                no_mouse: look.no_mouse,
                hint_positions: hints.hint_positions.or(cli.hints.hint_positions),
            })
        }
        None => play(&PlayOptions {
            file: None,
            level: None,
            ascii: cli.look.ascii,
            no_mouse: cli.look.no_mouse,
            hint_positions: cli.hints.hint_positions,
        }),
    }
}

/// `sokoshot replay`: the final board and result line, and the exit status.
fn replay(file: &Path, number: usize, moves: &str) -> ExitCode {
    match run_replay(file, number, moves) {
        Ok(result) => {
            print!("{}", visible_lines(&result.to_string()));
            if let Some(lost) = sokoshot_core::solve::is_lost(&result.world) {
                println!("deadlock: {lost}");
            }
            if result.world.is_solved() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(err) => {
            eprint!("{}", visible_lines(&format!("sokoshot: {err:#}\n")));
            ExitCode::from(2)
        }
    }
}

/// Text from a file (or built from one) made safe to print: each line's control characters
/// made visible, the line breaks kept.
fn visible_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let (body, end) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
        out.push_str(&level::visible(body));
        out.push_str(end);
    }
    out
}

/// A path as messages show it, with control characters made visible.
fn shown(path: &Path) -> String {
    level::visible(&path.display().to_string()).into_owned()
}

/// Loads level `number` (1-based) of `file` and plays `moves` on it.
fn run_replay(file: &Path, number: usize, moves: &str) -> anyhow::Result<game::Replay> {
    let name = shown(file);
    let report = level::check_file(file).with_context(|| format!("{name}: cannot read"))?;
    if let Some(problem) = report.file_diagnostics.iter().find(|d| d.is_error()) {
        bail!("{name}:{problem}");
    }
    let count = report.levels.len();
    let entry = number
        .checked_sub(1)
        .and_then(|i| report.levels.get(i))
        .ok_or_else(|| {
            anyhow!(
                "{name} has {}; --level {number} is not one of them",
                sokoshot::words::count(count, "level")
            )
        })?;
    let level = entry.result.as_ref().map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(|d| format!("{name}:{d}")).collect();
        anyhow!(
            "{} does not load:\n{}",
            check::level(number, None),
            lines.join("\n")
        )
    })?;
    game::replay(level, moves).with_context(|| format!("{name}, level {number}"))
}

/// `sokoshot check`: every problem of every file, a summary per file, and the exit status.
fn check(files: &[PathBuf], verify_solutions: bool, solve_limit: Option<f64>) -> ExitCode {
    let mut unreadable = false;
    let mut invalid = false;
    let cancel = solve_cmd::interrupt_flag();
    let settings = solve_limit.map(|seconds| {
        solve_cmd::settings(
            seconds,
            solve_cmd::DEFAULT_MEMORY_MIB,
            sokoshot_core::solve::Optimize::Any,
            solve_cmd::default_threads(),
            &cancel,
        )
    });
    for path in files {
        let name = shown(path);
        let report = match level::check_file(path) {
            Ok(report) => report,
            Err(err) => {
                eprintln!("sokoshot: {name}: cannot read: {err}");
                unreadable = true;
                continue;
            }
        };
        // A file over the size limit is reported, but it was not read.
        unreadable |= report
            .file_diagnostics
            .iter()
            .any(|d| matches!(d.error, level::LevelError::FileTooBig { .. }));
        let mut diagnostics: Vec<Diagnostic> = report.diagnostics().into_iter().cloned().collect();
        let replays = verify_solutions.then(|| verify_file(&name, &report, &cancel));
        if let Some(verified) = &replays {
            diagnostics.extend(verified.failures.iter().cloned());
            diagnostics.sort_by_key(|d| (d.line, d.col));
            invalid |= !verified.failures.is_empty() || verified.unchecked > 0;
        }
        for diagnostic in diagnostics.iter().take(level::MAX_FILE_PROBLEMS) {
            println!("{name}:{diagnostic}");
        }
        if let Some(more) = diagnostics.len().checked_sub(level::MAX_FILE_PROBLEMS)
            && more > 0
        {
            println!(
                "{name}: {}",
                check::more_listed(more, "", "this file", level::MAX_FILE_PROBLEMS)
            );
        }
        let unsolvable = settings
            .as_ref()
            .map_or(0, |settings| check_solve(&name, &report, settings, &cancel));
        invalid |= unsolvable > 0;
        let mut summary = level::summary(&name, &report);
        // A level with no solution is read and valid, but the summary must not end on that.
        if unsolvable > 0 {
            summary.push_str(&format!("; {}", check::no_solution(unsolvable)));
        }
        if let Some(verified) = &replays {
            summary.push_str(&format!(
                "; {} replayed, {} failed",
                count(verified.replayed, "stored solution"),
                verified.failures.len()
            ));
            if verified.cancelled {
                summary.push_str(&format!(", {} unchecked (interrupted)", verified.unchecked));
            } else if verified.unchecked > 0 {
                summary.push_str(&format!(
                    ", {} unchecked (past the work a file may take, {} tick-cells)",
                    verified.unchecked,
                    game::MAX_VERIFY_WORK
                ));
            }
        }
        println!("{summary}");
        invalid |= !report.is_valid();
        if replays.is_some_and(|verified| verified.cancelled) {
            break;
        }
    }
    if unreadable {
        ExitCode::from(2)
    } else if invalid {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `check --verify-solutions` on one file: its stored solutions replayed within
/// [`game::MAX_VERIFY_WORK`], with a progress line on a terminal's standard error, stopped by
/// Ctrl-C (`cancel`).
fn verify_file(name: &str, report: &level::PackReport, cancel: &AtomicBool) -> game::Verified {
    use std::io::{IsTerminal, Write};
    let on_terminal = std::io::stderr().is_terminal();
    let verified =
        game::verify_solutions_within(report, game::MAX_VERIFY_WORK, cancel, |done, all| {
            if on_terminal {
                let mut err = std::io::stderr().lock();
                let _ = write!(err, "\r{name}: replaying stored solutions: {done} of {all}");
                let _ = err.flush();
            }
        });
    if on_terminal {
        // Clears the progress line.
        eprint!("\r\x1b[2K");
    }
    verified
}

/// `sokoshot serve`: serves until SIGTERM (status 0); 2 when it cannot start.
fn serve(options: &sokoshot::serve::Options) -> ExitCode {
    match sokoshot::serve::run(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("sokoshot serve: {err}");
            ExitCode::from(2)
        }
    }
}

/// `check --solve`: one line per loaded level with the solver's verdict: an error for no
/// solution, a warning when the limit came first, the solution's size otherwise. Returns how
/// many levels have no solution.
fn check_solve(
    name: &str,
    report: &level::PackReport,
    settings: &sokoshot_core::solve::Settings,
    cancel: &std::sync::atomic::AtomicBool,
) -> usize {
    use sokoshot_core::solve::Verdict;
    let line = solve_cmd::ProgressLine::new();
    let mut unsolvable = 0;
    for entry in report.levels.iter().filter(|e| e.is_valid()) {
        if cancel.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        let at = format!("{name}:{}:1: {}", entry.line, solve_cmd::level_name(entry));
        match solve_cmd::solve_entry(name, entry, settings, &line) {
            Ok(r) => match &r.verdict {
                Verdict::Solved { solution, .. } | Verdict::BestFound { solution, .. } => {
                    let c = solution.counters;
                    println!("{at}: solved: {}", figures(c.moves, c.pushes, c.shots));
                }
                Verdict::NoSolution => {
                    unsolvable += 1;
                    println!(
                        "{at}: no solution (all {} searched)",
                        count(r.positions, "position")
                    );
                }
                Verdict::GaveUp(_) => println!(
                    "{at}: {}: not proven solvable within {:.1} s ({})",
                    check::WARNING,
                    r.elapsed.as_secs_f64(),
                    count(r.positions, "position")
                ),
            },
            Err(err) => println!(
                "{at}: {}",
                check::warning(&format!("the solver cannot run: {err}"))
            ),
        }
    }
    unsolvable
}

/// `sokoshot edit`: the editor, until the author quits (status 0) or a signal ends it; 2
/// when it cannot start.
fn edit(options: &EditOptions) -> ExitCode {
    match sokoshot::tui::editor::run::edit(options) {
        Ok(Ending::Quit) => ExitCode::SUCCESS,
        Ok(Ending::Signal(signal)) => ExitCode::from(signal.exit_status()),
        Err(err) => {
            eprintln!("sokoshot: {}", visible_lines(&err.to_string()));
            ExitCode::from(2)
        }
    }
}

/// `sokoshot lab`: runs the lab until the user quits.
fn lab(options: LabOptions) -> ExitCode {
    match sokoshot::tui::lab_view::run(options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("sokoshot: lab: {err}");
            ExitCode::FAILURE
        }
    }
}

/// `sokoshot` and `sokoshot play`: the game, until the player quits (status 0) or a signal
/// ends it (128 + the signal's number, as a shell reports it); 2 when it cannot start.
fn play(options: &PlayOptions) -> ExitCode {
    match session::play(options) {
        Ok(Ending::Quit) => ExitCode::SUCCESS,
        Ok(Ending::Signal(signal)) => ExitCode::from(signal.exit_status()),
        Err(err) => {
            eprintln!("sokoshot: {err}");
            ExitCode::from(2)
        }
    }
}
