//! The `sokoshot` command line: parses the arguments, runs one mode, and returns the exit
//! status. The work is done by the library.

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use sokoshot::lab::SceneId;

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
        Some(Command::Lab { scene }) => lab(scene.unwrap_or(SceneId::DiskAabb)),
        None => {
            println!(
                "sokoshot {}: this build has the collision lab: `sokoshot lab [SCENE]` (see --help)",
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
