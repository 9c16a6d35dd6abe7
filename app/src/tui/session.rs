//! Starting a game: read the packs (built in, or one file, or a folder, by the core's
//! [`packs`](sokoshot_core::store::packs)), find where to start (the level asked for, or the
//! one played last), take the terminal, run the loop, give it back. A folder of packs is read
//! on a thread behind a screen that says so ([`event_loop::wait_for_folder`]): the first
//! frame never waits for it, and `q` quits while it is read.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::app::{Place, StartError};
use super::event_loop::{self, Ending, Waited, Watched};
use super::hint::HintBudget;
use super::opening::{Feel, Opening};
use super::terminal::Screen;
use super::theme::Theme;
use crate::words::session;
use sokoshot_core::store::collection::Collection;
use sokoshot_core::store::folder;
use sokoshot_core::store::folder::Folder;
use sokoshot_core::store::folder_watch::{FolderScan, FolderWatch};
use sokoshot_core::store::packs::{
    FilePack, PackError, built_in_packs, folder_warnings, packs_folder, read_file, scan_if_there,
};
use sokoshot_core::store::progress::SaveFile;
use sokoshot_core::store::watch::Reloader;

/// What to play and how.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayOptions {
    /// The pack file or folder of packs to play; `None` plays the built-in packs, then the
    /// player's folder of packs ([`packs_folder`]).
    pub file: Option<PathBuf>,
    /// The level to start at, 1-based; `None` resumes where the player left off.
    pub level: Option<usize>,
    /// Draw with ASCII only.
    pub ascii: bool,
    /// Leave the mouse to the terminal (no clicks to walk and push; text can be selected).
    pub no_mouse: bool,
    /// Positions a hint may search, with no time limit; `None` for the default budget.
    pub hint_positions: Option<u64>,
}

/// Why a game could not be played.
#[derive(Debug, Error)]
pub enum PlayError {
    /// The pack file or folder could not be read, or holds no playable level.
    #[error(transparent)]
    Pack(#[from] PackError),
    /// `--level N` names no level of the pack.
    #[error("there is no level {asked}: {what} has {}", crate::words::count(*.count, "level"))]
    NoSuchLevel {
        /// The level asked for, 1-based.
        asked: usize,
        /// The pack's name.
        what: String,
        /// How many levels it has.
        count: usize,
    },
    /// No level could be started.
    #[error(transparent)]
    Start(#[from] StartError),
    /// Standard input or output is not a terminal.
    #[error("the game draws on a terminal: run it with standard input and output on one")]
    NotATerminal,
    /// The terminal could not be used.
    #[error("terminal: {0}")]
    Terminal(#[from] std::io::Error),
}

/// What the folder's watcher starts from: the folder, the files read, the files played
/// (with what each takes of the folder's bound).
fn folder_state(dir: &Path, found: &folder::Folder) -> FolderState {
    (dir.to_path_buf(), found.files.clone(), found.spent.clone())
}

/// The folder of packs watched for new files: its path, the files read, those played.
type FolderState = (PathBuf, Vec<PathBuf>, Vec<(PathBuf, folder::Spent)>);

/// Where to start: the level asked for (1-based, in the first pack), or the level played
/// last in these packs, or the first level.
///
/// # Errors
/// When the level asked for is not in the first pack.
pub fn start_place(
    packs: &[Collection],
    asked: Option<usize>,
    last: Option<(&str, usize)>,
) -> Result<Place, PlayError> {
    if let Some(asked) = asked {
        let first = packs.first();
        let count = first.map_or(0, |pack| pack.levels.len());
        return match asked.checked_sub(1).filter(|&i| i < count) {
            Some(level) => Ok(Place { pack: 0, level }),
            None => Err(PlayError::NoSuchLevel {
                asked,
                what: first.map_or_else(String::new, |pack| pack.name.clone()),
                count,
            }),
        };
    }
    let resumed = last.and_then(|(key, level)| {
        let pack = packs.iter().position(|p| p.key == key)?;
        (level < packs[pack].levels.len()).then_some(Place { pack, level })
    });
    Ok(resumed.unwrap_or(Place { pack: 0, level: 0 }))
}

/// Plays until the player quits or a signal arrives. A file with no playable level opens
/// on a screen that shows its problems and waits for the author to save a fix.
///
/// # Errors
/// When not on a terminal, when the pack cannot be read (or, without a terminal, has no
/// playable level), when the level asked for does not exist, or when the terminal fails.
pub fn play(options: &PlayOptions) -> Result<Ending, PlayError> {
    let on_terminal = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    let mut screen = None;
    let mut reloader = None;
    // The folder of packs watched for new files: its path, the files read, those played.
    let mut watch_folder: Option<FolderState> = None;
    let (packs, watched_bytes, mut warnings) = match &options.file {
        Some(path) if path.is_dir() => {
            let found = if on_terminal {
                match read_folder(&mut screen, path)? {
                    Ok(found) => found,
                    Err(ending) => return Ok(ending),
                }
            } else {
                folder::scan(path)
            };
            watch_folder = Some(folder_state(path, &found));
            if found.packs.is_empty() {
                return Err(PackError::no_playable_level(path, &found.problems).into());
            }
            let warnings = folder_warnings(&found);
            (found.packs, None, warnings)
        }
        Some(path) => {
            let mut read = read_file(path)?;
            if read.levels.is_empty() {
                if !on_terminal {
                    return Err(PackError::no_playable_level(path, &read.errors).into());
                }
                let started = screen.insert(Screen::start()?);
                let watching =
                    reloader.insert(Reloader::spawn(read.absolute.clone(), &read.bytes)?);
                let problems = waiting_problems(path, &read.errors);
                match event_loop::wait_for_levels(started, watching, problems)? {
                    Waited::Levels(levels) => read.levels = levels,
                    Waited::Ended(ending) => return Ok(ending),
                }
                read.errors.clear();
            }
            let FilePack {
                pack,
                bytes,
                warning,
            } = read.into_pack(path);
            (vec![pack], Some(bytes), warning.into_iter().collect())
        }
        None => {
            let mut packs = built_in_packs();
            let mut warnings = Vec::new();
            if let Some(dir) = packs_folder() {
                let found = if on_terminal && dir.is_dir() {
                    match read_folder(&mut screen, &dir)? {
                        Ok(found) => found,
                        Err(ending) => return Ok(ending),
                    }
                } else {
                    scan_if_there(&dir)
                };
                warnings = folder_warnings(&found);
                watch_folder = Some(folder_state(&dir, &found));
                packs.extend(found.packs);
            }
            (packs, None, warnings)
        }
    };
    let save = SaveFile::from_env();
    if save.is_none() {
        warnings.push(session::progress_not_kept(
            "neither HOME nor XDG_DATA_HOME is set",
        ));
    }
    let opening = Opening::read(packs, save);
    warnings.extend(opening.warning().map(str::to_owned));
    let first = opening.packs().first();
    let last = first.and_then(|pack| opening.progress().last(&pack.key));
    let start = match start_place(opening.packs(), options.level, last) {
        // The levels came in a fix saved while waiting: start at the first.
        Err(_) if screen.is_some() => Place { pack: 0, level: 0 },
        other => other?,
    };
    // Checked after the file and the level number, so that those are reported as such
    // anywhere, and before anything is written: without a terminal nothing is touched.
    if !on_terminal {
        return Err(PlayError::NotATerminal);
    }
    let reloader = match (
        reloader,
        first.and_then(|pack| pack.file.clone()).zip(watched_bytes),
    ) {
        (Some(reloader), _) => Some(reloader),
        (None, Some((path, bytes))) => Some(Reloader::spawn(path, &bytes)?),
        (None, None) => None,
    };
    let watched = reloader.map(|reloader| Watched { reloader, pack: 0 });
    let feel = Feel {
        theme: Theme::from_env(options.ascii),
        mouse: !options.no_mouse,
        hints: options.hint_positions.map(HintBudget::positions),
    };
    let mut app = opening.open(start, feel)?;
    app.allow_editing();
    if !warnings.is_empty() {
        app.tell(warnings.join("; "), true);
    }
    let mut screen = match screen {
        Some(screen) => screen,
        None => Screen::start()?,
    };
    if !options.no_mouse {
        screen.capture_mouse()?;
    }
    let folder = match watch_folder {
        Some((dir, files, loaded)) => Some(FolderWatch::spawn(dir, &files, &loaded)?),
        None => None,
    };
    let ending = event_loop::run(&mut screen, &mut app, watched, folder)?;
    drop(screen);
    Ok(ending)
}

/// The folder of packs at `dir`, read on a thread behind a screen that says so (the
/// terminal taken first if it is not yet), so that the first frame comes before the folder
/// is read and `q` quits at once; or how the game ended meanwhile.
fn read_folder(
    screen: &mut Option<Screen>,
    dir: &Path,
) -> Result<Result<Folder, Ending>, PlayError> {
    let started = match screen {
        Some(started) => started,
        None => screen.insert(Screen::start()?),
    };
    let scan = FolderScan::spawn(dir.to_path_buf())?;
    Ok(event_loop::wait_for_folder(started, &scan, dir)?)
}

/// The most problems listed on the waiting screen.
const MAX_WAITING_PROBLEMS: usize = 20;

/// What the waiting screen says is wrong with the file at `path`.
fn waiting_problems(path: &Path, errors: &[String]) -> String {
    let mut lines: Vec<String> = errors.iter().take(MAX_WAITING_PROBLEMS).cloned().collect();
    if errors.len() > MAX_WAITING_PROBLEMS {
        lines.push(format!(
            "… and {} more",
            errors.len() - MAX_WAITING_PROBLEMS
        ));
    }
    if lines.is_empty() {
        lines.push(format!("{}: no level in the file", path.display()));
    }
    lines.join("\n")
}
