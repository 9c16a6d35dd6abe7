//! The `sokoshot` command line: parses the arguments, runs one mode, prints, and returns
//! the exit status. The work is done by the library.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, anyhow, bail};
use clap::{Parser, Subcommand};
use sokoshot::game;
use sokoshot::lab::SceneId;
use sokoshot::level::{self, Diagnostic};
use sokoshot::tui::event_loop::Ending;
use sokoshot::tui::session::{self, PlayOptions};
use sokoshot::tui::terminal::Quit;

/// A terminal puzzle game where Sokoban meets bank shots.
///
/// With no command, plays the built-in levels, resuming where you left off.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    /// What to do; without one, play the built-in levels.
    #[command(subcommand)]
    command: Option<Command>,
    /// Draw with ASCII characters only (for terminals or fonts without block and braille
    /// characters). Colours follow NO_COLOR.
    #[arg(long)]
    ascii: bool,
    /// Leave the mouse to the terminal: no clicking to walk and push, and text on screen can
    /// be selected as usual.
    #[arg(long)]
    no_mouse: bool,
}

/// The modes of the binary.
#[derive(Debug, Subcommand)]
enum Command {
    /// Play a level pack (XSB text), resuming where you left off; saving the file in an
    /// editor reloads it while you play.
    Play {
        /// The level file to play.
        file: PathBuf,
        /// Start at this level (1-based) instead of where you left off.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        level: Option<u32>,
        /// Draw with ASCII characters only. Colours follow NO_COLOR.
        #[arg(long)]
        ascii: bool,
        /// Leave the mouse to the terminal: no clicking to walk and push, and text on screen
        /// can be selected as usual.
        #[arg(long)]
        no_mouse: bool,
    },
    /// Check level files: one line per problem as FILE:LINE:COL, then a summary per file.
    ///
    /// Exits 0 when every level is valid, 1 when any is not, 2 when a file cannot be read.
    Check {
        /// The level files (XSB packs) to check.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Also replay each level's stored `Solution:` and report any that does not solve it.
        #[arg(long)]
        verify_solutions: bool,
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
        /// The scene to start on: disk-aabb (the default), disk-obb, obb-obb, disk-triangle
        /// or slope.
        scene: Option<SceneId>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Check {
            files,
            verify_solutions,
        }) => check(&files, verify_solutions),
        Some(Command::Replay { file, level, moves }) => replay(&file, level, &moves),
        Some(Command::Lab { scene }) => lab(scene.unwrap_or(SceneId::DiskAabb)),
        Some(Command::Play {
            file,
            level,
            ascii,
            no_mouse,
        }) => play(&PlayOptions {
            file: Some(file),
            level: level.and_then(|n| usize::try_from(n).ok()),
            ascii: ascii || cli.ascii,
            no_mouse: no_mouse || cli.no_mouse,
        }),
        None => play(&PlayOptions {
            file: None,
            level: None,
            ascii: cli.ascii,
            no_mouse: cli.no_mouse,
        }),
    }
}

/// `sokoshot replay`: the final board and result line, and the exit status.
fn replay(file: &Path, number: usize, moves: &str) -> ExitCode {
    match run_replay(file, number, moves) {
        Ok(result) => {
            print!("{result}");
            if result.world.is_solved() {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            }
        }
        Err(err) => {
            eprintln!("sokoshot: {err:#}");
            ExitCode::from(2)
        }
    }
}

/// Loads level `number` (1-based) of `file` and plays `moves` on it.
fn run_replay(file: &Path, number: usize, moves: &str) -> anyhow::Result<game::Replay> {
    let name = file.display().to_string();
    let report = level::check_file(file).with_context(|| format!("{name}: cannot read"))?;
    if let Some(problem) = report.file_diagnostics.iter().find(|d| d.is_error()) {
        bail!("{name}:{problem}");
    }
    let count = report.levels.len();
    let entry = number
        .checked_sub(1)
        .and_then(|i| report.levels.get(i))
        .ok_or_else(|| {
            anyhow!("{name} has {count} level(s); --level {number} is not one of them")
        })?;
    let level = entry.result.as_ref().map_err(|errors| {
        let lines: Vec<String> = errors.iter().map(|d| format!("{name}:{d}")).collect();
        anyhow!("level {number} does not load:\n{}", lines.join("\n"))
    })?;
    game::replay(level, moves).with_context(|| format!("{name}, level {number}"))
}

/// `sokoshot check`: every problem of every file, a summary per file, and the exit status.
fn check(files: &[PathBuf], verify_solutions: bool) -> ExitCode {
    let mut unreadable = false;
    let mut invalid = false;
    for path in files {
        let name = path.display().to_string();
        let report = match level::check_file(path) {
            Ok(report) => report,
            Err(err) => {
                eprintln!("sokoshot: {name}: cannot read: {err}");
                unreadable = true;
                continue;
            }
        };
        let mut diagnostics: Vec<Diagnostic> = report.diagnostics().into_iter().cloned().collect();
        let replays = verify_solutions.then(|| game::verify_solutions(&report));
        if let Some((_, failures)) = &replays {
            diagnostics.extend(failures.iter().cloned());
            diagnostics.sort_by_key(|d| (d.line, d.col));
            invalid |= !failures.is_empty();
        }
        for diagnostic in &diagnostics {
            println!("{name}:{diagnostic}");
        }
        let mut summary = level::summary(&name, &report);
        if let Some((replayed, failures)) = replays {
            let noun = if replayed == 1 {
                "solution"
            } else {
                "solutions"
            };
            summary.push_str(&format!(
                "; {replayed} stored {noun} replayed, {} failed",
                failures.len()
            ));
        }
        println!("{summary}");
        invalid |= !report.is_valid();
    }
    if unreadable {
        ExitCode::from(2)
    } else if invalid {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// `sokoshot lab`: runs the lab until the user quits.
fn lab(scene: SceneId) -> ExitCode {
    match sokoshot::tui::lab_view::run(scene) {
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
        Ok(Ending::Signal(signal)) => ExitCode::from(match signal {
            Quit::HangUp => 129,
            Quit::Interrupt => 130,
            Quit::Terminate => 143,
        }),
        Err(err) => {
            eprintln!("sokoshot: {err}");
            ExitCode::from(2)
        }
    }
}
