//! The `sokoshot` command line: parses the arguments, runs one mode, prints, and returns
//! the exit status. The work is done by the library.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use sokoshot::lab::SceneId;
use sokoshot::level;

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
        Some(Command::Lab { scene }) => lab(scene.unwrap_or(SceneId::DiskAabb)),
        None => {
            println!(
                "sokoshot {}: this build can check level files: `sokoshot check FILE...`, and open the collision lab: `sokoshot lab [SCENE]` (see --help)",
                env!("CARGO_PKG_VERSION")
            );
            ExitCode::SUCCESS
        }
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
