//! Starting the editor: `sokoshot edit FILE [--level N]` on the local terminal, and `e` in
//! the game, which opens the level in play (a built-in level as a copy saved into the
//! player's folder of packs). The loop waits for input, takes the proof's news while it
//! runs, and draws a frame only when something changed.

use std::io::{self, IsTerminal};
use std::path::{Path, PathBuf};
use std::time::Duration;

use super::EditorApp;
use crate::tui::console::Console;
use crate::tui::event_loop::{Ending, IDLE_WAIT, TICK, take_input};
use crate::tui::sequences::copy_to_clipboard;
use crate::tui::terminal::{Input, Screen};
use crate::tui::theme::Theme;
use sokoshot_core::edit::{OpenError, Opened, PackFile, Sketch, open, open_matching};
use sokoshot_core::level::Level;
use sokoshot_core::store::collection::Collection;
use sokoshot_core::store::packs::packs_folder;

/// How often the loop looks for the proof's news while it runs.
const PROOF_LOOK: Duration = Duration::from_millis(100);

/// What to edit and how.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EditOptions {
    /// The pack file (made when saved if it is not there).
    pub file: PathBuf,
    /// The level, 1-based (the first if none; one after the last adds a level).
    pub level: Option<usize>,
    /// Draw with ASCII only.
    pub ascii: bool,
    /// Leave the mouse to the terminal.
    pub no_mouse: bool,
}

/// Why the editor could not start.
#[derive(Debug, thiserror::Error)]
pub enum EditStartError {
    /// The level could not be opened.
    #[error(transparent)]
    Open(#[from] OpenError),
    /// Standard input or output is not a terminal.
    #[error("the editor draws on a terminal: run it with standard input and output on one")]
    NotATerminal,
    /// The terminal could not be used.
    #[error("terminal: {0}")]
    Terminal(#[from] io::Error),
}

/// `sokoshot edit`: edits until the author quits or a signal arrives.
///
/// # Errors
/// When the level cannot be opened, or the terminal cannot be used.
pub fn edit(options: &EditOptions) -> Result<Ending, EditStartError> {
    let opened = open(&options.file, options.level)?;
    if !io::stdin().is_terminal() || !io::stdout().is_terminal() {
        return Err(EditStartError::NotATerminal);
    }
    let mut editor = EditorApp::new(opened, Theme::from_env(options.ascii));
    editor.set_mouse(!options.no_mouse);
    let mut screen = Screen::start()?;
    if !options.no_mouse {
        screen.capture_mouse()?;
    }
    let ending = run(&mut screen, &mut editor)?;
    drop(screen);
    Ok(ending)
}

/// Runs the editor on `screen` until the author quits or the console asks to end.
///
/// # Errors
/// When the console cannot be read or written, unless a quit signal explains it.
pub fn run(screen: &mut impl Console, editor: &mut EditorApp) -> io::Result<Ending> {
    let result = run_until_done(screen, editor);
    result.or_else(|err| screen.quit_signal().map(Ending::Signal).ok_or(err))
}

fn run_until_done(screen: &mut impl Console, editor: &mut EditorApp) -> io::Result<Ending> {
    let mut dirty = true;
    loop {
        if let Some(signal) = screen.quit_signal() {
            return Ok(Ending::Signal(signal));
        }
        if editor.should_quit() {
            return Ok(Ending::Quit);
        }
        if dirty {
            screen.draw(|frame| frame.render_widget(&*editor, frame.area()))?;
            let (columns, rows) = screen.size();
            editor.set_screen_size(columns, rows);
            dirty = false;
        }
        // As play's loop: frames at 60 Hz only while the level tried is moving; otherwise
        // the loop sleeps until a key (or looks at the proof now and then).
        let wait = match (editor.is_animating(), editor.is_trying()) {
            (true, true) => TICK,
            (true, false) => PROOF_LOOK,
            (false, _) => IDLE_WAIT,
        };
        for input in screen.read_input(wait)? {
            let took = take_input(screen, input, |input| match input {
                Input::Key(key) => editor.handle_key(key),
                Input::Mouse(mouse) => editor.handle_mouse(mouse),
                Input::Paste(text) => editor.paste(&text),
                _ => false,
            })?;
            match took {
                Ok(changed) => dirty |= changed,
                Err(ending) => return Ok(ending),
            }
            if editor.should_quit() {
                return Ok(Ending::Quit);
            }
        }
        if let Some(text) = editor.take_clipboard() {
            screen.write_command(copy_to_clipboard(&text))?;
        }
        if editor.is_animating() {
            dirty |= editor.tick();
        }
    }
}

/// Opens the level in play in `pack` for `e` in the game: in its file, or, for a built-in
/// level, as a copy to be saved into the player's folder of packs.
///
/// # Errors
/// A message for the player when the level's file cannot be read or no longer holds it, or
/// when there is no folder of packs to save a copy in.
pub fn open_in_play(pack: &Collection, index: usize, level: &Level) -> Result<Opened, String> {
    if let Some(path) = &pack.file {
        return open_matching(path, level).map_err(|e| e.to_string());
    }
    let dir =
        packs_folder().ok_or("a copy cannot be saved: neither HOME nor XDG_DATA_HOME is set")?;
    let name: String = format!("{}-{}", pack.name, index + 1)
        .chars()
        .map(|c| if c == '/' || c.is_control() { '_' } else { c })
        .collect();
    let file = PackFile::new_in(&dir, &name);
    let note = format!(
        "a copy of built-in level {}: Ctrl-s saves it as {}",
        index + 1,
        shown(file.path())
    );
    Ok(Opened {
        file,
        sketch: Sketch::from(level),
        note: Some(note),
    })
}

fn shown(path: &Path) -> String {
    sokoshot_core::level::visible(&path.display().to_string()).into_owned()
}
