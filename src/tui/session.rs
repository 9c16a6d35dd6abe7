//! Starting a game: read the packs (built in, or one file), find where to start (the level
//! asked for, or the one played last), take the terminal, run the loop, give it back.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};

use thiserror::Error;

use super::app::{App, Place, StartError};
use super::collection::{Collection, EMBEDDED};
use super::event_loop::{self, Ending, Watched};
use super::progress::{Progress, SaveFile};
use super::terminal::Screen;
use super::theme::Theme;
use super::watch::{Reloader, read_level_file};
use crate::level::{PackReport, parse_pack, parse_pack_bytes};

/// What to play and how.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PlayOptions {
    /// The pack file to play; `None` plays the built-in packs.
    pub file: Option<PathBuf>,
    /// The level to start at, 1-based; `None` resumes where the player left off.
    pub level: Option<usize>,
    /// Draw with ASCII only.
    pub ascii: bool,
}

/// Why a game could not be played.
#[derive(Debug, Error)]
pub enum PlayError {
    /// The pack file could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The pack file holds no level that can be played.
    #[error("{path} has no playable level:\n{problems}")]
    NoPlayableLevel {
        /// The file.
        path: PathBuf,
        /// Its problems, one per line as `FILE:LINE:COL: message`.
        problems: String,
    },
    /// `--level N` names no level of the pack.
    #[error("there is no level {asked}: {what} has {count} levels")]
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

/// The built-in packs, in order, with their valid levels.
#[must_use]
pub fn built_in_packs() -> Vec<Collection> {
    EMBEDDED
        .iter()
        .map(|pack| {
            Collection::built_in(pack.name, pack.credit, valid_levels(parse_pack(pack.text)))
        })
        .collect()
}

fn valid_levels(report: PackReport) -> Vec<crate::level::Level> {
    report
        .levels
        .into_iter()
        .filter_map(|level| level.result.ok())
        .collect()
}

/// Reads the pack at `path`: its playable levels, and a warning when some levels could not
/// be read (they are left out).
///
/// # Errors
/// When the file cannot be read or holds no playable level.
pub fn file_pack(path: &Path) -> Result<(Collection, Vec<u8>, Option<String>), PlayError> {
    let read_error = |source| PlayError::Read {
        path: path.to_owned(),
        source,
    };
    let bytes = read_level_file(path).map_err(read_error)?;
    let absolute = std::path::absolute(path).map_err(read_error)?;
    let report = parse_pack_bytes(&bytes);
    let name = path.display();
    let errors: Vec<String> = report
        .diagnostics()
        .into_iter()
        .filter(|d| d.is_error())
        .map(|d| format!("{name}:{d}"))
        .collect();
    let levels = valid_levels(report);
    if levels.is_empty() {
        return Err(PlayError::NoPlayableLevel {
            path: path.to_owned(),
            problems: errors.join("\n"),
        });
    }
    let warning = errors.first().map(|first| {
        format!(
            "{first} ({} problem(s); run `sokoshot check {name}`)",
            errors.len()
        )
    });
    Ok((Collection::from_file(absolute, levels), bytes, warning))
}

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

/// Plays until the player quits or a signal arrives.
///
/// # Errors
/// When not on a terminal, when the pack cannot be read, when the level asked for does not
/// exist, or when the terminal fails.
pub fn play(options: &PlayOptions) -> Result<Ending, PlayError> {
    let (packs, watched_bytes, mut warnings) = match &options.file {
        Some(path) => {
            let (pack, bytes, warning) = file_pack(path)?;
            (vec![pack], Some(bytes), warning.into_iter().collect())
        }
        None => (built_in_packs(), None, Vec::new()),
    };
    let save = SaveFile::from_env();
    let (progress, save_warning) = match &save {
        Some(save) => save.load(),
        None => (
            Progress::default(),
            Some("progress will not be saved: neither HOME nor XDG_DATA_HOME is set".to_owned()),
        ),
    };
    warnings.extend(save_warning);
    let first = packs.first();
    let last = first.and_then(|pack| progress.last(&pack.key));
    let start = start_place(&packs, options.level, last)?;
    // Checked after the file and the level number, so that those are reported as such
    // anywhere, and before anything is written: without a terminal nothing is touched.
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return Err(PlayError::NotATerminal);
    }
    let watched = match first.and_then(|pack| pack.file.clone()).zip(watched_bytes) {
        Some((path, bytes)) => Some(Watched {
            reloader: Reloader::spawn(path, &bytes)?,
            pack: 0,
        }),
        None => None,
    };
    let mut app = App::new(packs, start, progress, save, Theme::from_env(options.ascii))?;
    if !warnings.is_empty() {
        app.tell(warnings.join("; "), true);
    }
    let mut screen = Screen::start()?;
    let ending = event_loop::run(&mut screen, &mut app, watched)?;
    drop(screen);
    Ok(ending)
}
