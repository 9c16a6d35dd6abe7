//! The `sokoshot` command line: parses the arguments, runs one mode, prints, and returns
//! the exit status. The work is done by the library.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, anyhow, bail};
use clap::{Parser, Subcommand};
use sokoshot::lab::SceneId;
use sokoshot::{game, level};

/// A terminal puzzle game where Sokoban meets bank shots.
#[derive(Debug, Parser)]
#[command(version, about)]
struct Cli {
    /// What to do; without one, say what this build can do.
    #[command(subcommand)]
    command: Option<Command>,
}

/// The modes of the binary.
#[derive(Debug, Subcommand)]
enum Command {
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
        None => {
            println!(
                "sokoshot {}: this build can check level files (`sokoshot check FILE...`), replay a solution (`sokoshot replay FILE --moves TEXT`) and open the collision lab (`sokoshot lab [SCENE]`); see --help",
                env!("CARGO_PKG_VERSION")
            );
            ExitCode::SUCCESS
        }
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
    if verify_solutions {
        eprintln!(
            "sokoshot: --verify-solutions: this build has no game rules yet, so stored solutions are not replayed"
        );
    }
    let mut unreadable = false;
    let mut invalid = false;
    for path in files {
        let name = path.display().to_string();
        match level::check_file(path) {
            Ok(report) => {
                for diagnostic in report.diagnostics() {
                    println!("{name}:{diagnostic}");
                }
                println!("{}", level::summary(&name, &report));
                invalid |= !report.is_valid();
            }
            Err(err) => {
                eprintln!("sokoshot: {name}: cannot read: {err}");
                unreadable = true;
            }
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
