//! The event loop: wait for a key, a signal, a tick or a saved file, update the [`App`], and
//! draw a frame only when something changed.
//!
//! Time on the board passes only through the player's commands (see [`App`]): frames come at
//! 60 Hz only while a command's time is shown (a bar turning during a step, a shot flying), a
//! solution is watched or the solver works. Otherwise the loop blocks on input for up to
//! [`IDLE_WAIT`] and writes nothing to the terminal: with no key pressed nothing changes.
//! The level file is watched, read and parsed on a thread of its own (see [`Reloader`]), so a
//! slow or blocking file never holds up a key.

use std::io;
use std::time::{Duration, Instant};

use super::app::App;
use super::console::Console;
use super::sequences::copy_to_clipboard;
use super::terminal::{Input, Quit};
use sokoshot_core::store::folder::Folder;
use sokoshot_core::store::folder_watch::{FolderNews, FolderScan, FolderWatch};
use sokoshot_core::store::watch::{Reload, Reloader};

/// The simulation step: 1/60 s.
pub const TICK: Duration = Duration::from_nanos(1_000_000_000 / 60);

/// The longest the loop sleeps with nothing happening (signals wake it at once).
pub const IDLE_WAIT: Duration = crate::tui::console::IDLE_POLL;

/// At most this many ticks are run to catch up after a stall; beyond that the clock is let go.
const MAX_CATCH_UP: u32 = 6;

/// A level file being watched, and which of the app's packs it fills.
#[derive(Debug)]
pub struct Watched {
    /// The file's watcher thread.
    pub reloader: Reloader,
    /// The index of the pack it was read into.
    pub pack: usize,
}

/// How the loop ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The player quit.
    Quit,
    /// A signal asked the program to end, or the terminal went away.
    Signal(Quit),
}

/// Runs the game on `screen` (the local terminal or an SSH channel) until the player quits or
/// a signal arrives, then saves the game in play to resume.
///
/// # Errors
/// When reading the terminal or drawing to it fails, unless a quit signal explains it (a
/// terminal that hung up fails its reads and writes; that ends the game quietly).
pub fn run(
    screen: &mut impl Console,
    app: &mut App,
    watched: Option<Watched>,
    folder: Option<FolderWatch>,
) -> io::Result<Ending> {
    let ended = run_until_done(screen, app, watched, folder.as_ref())
        .or_else(|err| screen.quit_signal().map(Ending::Signal).ok_or(err));
    // However the loop ended (`q`, Ctrl-C, Ctrl-\, a signal, a terminal or connection gone,
    // an error), the position in the level is kept.
    app.save_resume();
    ended
}

fn run_until_done(
    screen: &mut impl Console,
    app: &mut App,
    watched: Option<Watched>,
    folder: Option<&FolderWatch>,
) -> io::Result<Ending> {
    let mut dirty = true;
    let mut next_tick = Instant::now() + TICK;
    loop {
        if let Some(signal) = screen.quit_signal() {
            return Ok(Ending::Signal(signal));
        }
        if app.should_quit() {
            return Ok(Ending::Quit);
        }
        if dirty {
            screen.draw(|frame| frame.render_widget(&*app, frame.area()))?;
            let (columns, rows) = screen.size();
            app.set_screen_size(columns, rows);
            dirty = false;
        }
        let wait = if app.is_animating() {
            next_tick.saturating_duration_since(Instant::now())
        } else {
            IDLE_WAIT
        };
        for input in screen.read_input(wait)? {
            let took = take_input(screen, input, |input| match input {
                Input::Key(key) => key_at(app, key, &mut next_tick, Instant::now()),
                Input::Mouse(mouse) => {
                    let ticked = catch_up(app, &mut next_tick, Instant::now());
                    app.handle_mouse(mouse) | ticked
                }
                Input::Paste(text) => paste(app, &text),
                _ => false,
            })?;
            match took {
                Ok(changed) => dirty |= changed,
                Err(ending) => return Ok(ending),
            }
            if app.should_quit() {
                return Ok(Ending::Quit);
            }
        }
        if let Some(text) = app.take_clipboard() {
            screen.write_command(copy_to_clipboard(&text))?;
        }
        let now = Instant::now();
        if app.is_animating() {
            dirty |= catch_up(app, &mut next_tick, now);
        } else {
            next_tick = now + TICK;
        }
        if let Some(watched) = &watched {
            while let Some(reload) = watched.reloader.take() {
                apply_reload(app, watched, reload);
                dirty = true;
            }
        }
        if let Some(folder) = folder {
            while let Some(news) = folder.take() {
                folder_news(app, news);
                dirty = true;
            }
        }
    }
}

/// Takes one input the way every loop does: suspending, quitting, redrawing and hanging up
/// are the same everywhere; a key, a click or a paste goes to `own`, which says whether the
/// screen changed. Returns whether the screen needs drawing, or how the loop ends.
///
/// # Errors
/// When the console cannot be suspended.
pub fn take_input(
    screen: &mut impl Console,
    input: Input,
    own: impl FnOnce(Input) -> bool,
) -> io::Result<Result<bool, Ending>> {
    Ok(match input {
        Input::Suspend => {
            screen.suspend()?;
            Ok(true)
        }
        Input::Quit => Err(Ending::Quit),
        Input::Redraw => Ok(true),
        Input::HangUp => Err(Ending::Signal(Quit::HANG_UP)),
        Input::Key(_) | Input::Mouse(_) | Input::Paste(_) => Ok(own(input)),
    })
}

/// Takes a paste (see [`App::handle_paste`]): never typed as keys. Returns whether the
/// screen needs drawing.
pub fn paste(app: &mut App, text: &str) -> bool {
    app.handle_paste(text);
    true
}

/// Handles a key that arrived at `now`, after the frames due by then (the key is judged on the
/// world in play, which already holds the last command's whole time). Returns whether the
/// screen needs drawing.
pub fn key_at(
    app: &mut App,
    key: crossterm::event::KeyEvent,
    next_tick: &mut Instant,
    now: Instant,
) -> bool {
    let ticked = catch_up(app, next_tick, now);
    let handled = app.handle_key(key);
    if !app.is_animating() {
        *next_tick = now + TICK;
    }
    ticked | handled
}

/// Runs the frames that are due. Returns whether any ran.
fn catch_up(app: &mut App, next_tick: &mut Instant, now: Instant) -> bool {
    let mut ran = 0;
    while *next_tick <= now && app.is_animating() {
        app.tick();
        *next_tick += TICK;
        ran += 1;
        if ran == MAX_CATCH_UP {
            *next_tick = now + TICK;
        }
    }
    ran > 0
}

/// Applies what the watcher found: new levels, or the error that keeps them out while the
/// level in play carries on.
fn apply_reload(app: &mut App, watched: &Watched, reload: Reload) {
    match reload {
        Reload::Levels(levels) => app.replace_levels(watched.pack, levels),
        Reload::Failed(why) => app.reload_failed(why),
    }
}

/// Takes in what changed in the folder of packs.
pub fn folder_news(app: &mut App, news: FolderNews) {
    match news {
        FolderNews::Added(pack) => app.add_pack(pack),
        FolderNews::Changed(pack) => app.update_pack(pack),
        FolderNews::Removed(file) => app.remove_pack_file(&file),
        FolderNews::Failed(file, problem) => app.pack_failed(&file, problem),
    }
}

/// How waiting for a playable level ended.
#[derive(Debug)]
pub enum Waited {
    /// The file was saved with these levels, all valid.
    Levels(Vec<sokoshot_core::level::Level>),
    /// The player quit, or a signal ended the program, before that.
    Ended(Ending),
}

/// Shows why the level file cannot be played (`problems`) until the author saves a version
/// that can be, or the player quits (`q`, Esc, Ctrl-C, Ctrl-\).
///
/// # Errors
/// When reading the terminal or drawing to it fails, unless a quit signal explains it.
pub fn wait_for_levels(
    screen: &mut impl Console,
    reloader: &Reloader,
    problems: String,
) -> io::Result<Waited> {
    let mut problems = problems;
    let mut dirty = true;
    let ended = |ending| Ok(Waited::Ended(ending));
    loop {
        if let Some(signal) = screen.quit_signal() {
            return ended(Ending::Signal(signal));
        }
        if dirty {
            let view = super::view::Waiting {
                problems: &problems,
            };
            let drawn = screen.draw(|frame| frame.render_widget(view, frame.area()));
            if let Err(err) = drawn {
                return screen
                    .quit_signal()
                    .map_or(Err(err), |s| ended(Ending::Signal(s)));
            }
            dirty = false;
        }
        for input in screen.read_input(IDLE_WAIT)? {
            match input {
                Input::Key(key) if is_quit_key(key) => return ended(Ending::Quit),
                Input::Quit => return ended(Ending::Quit),
                Input::HangUp => return ended(Ending::Signal(Quit::HANG_UP)),
                Input::Suspend => {
                    screen.suspend()?;
                    dirty = true;
                }
                Input::Redraw => dirty = true,
                Input::Key(_) | Input::Paste(_) | Input::Mouse(_) => {}
            }
        }
        while let Some(reload) = reloader.take() {
            match reload {
                Reload::Levels(levels) => return Ok(Waited::Levels(levels)),
                Reload::Failed(why) => {
                    problems = why;
                    dirty = true;
                }
            }
        }
    }
}

/// How often the reading screen looks whether the folder has been read.
const READING_POLL: Duration = Duration::from_millis(50);

/// Shows that the folder of packs at `dir` is being read until `scan` has read it (the
/// folder), or the player quits (`q`, Esc, Ctrl-C, Ctrl-\) or a signal arrives (the ending):
/// quitting does not wait for the file being read.
///
/// # Errors
/// When reading the terminal or drawing to it fails, unless a quit signal explains it.
pub fn wait_for_folder(
    screen: &mut impl Console,
    scan: &FolderScan,
    dir: &std::path::Path,
) -> io::Result<Result<Folder, Ending>> {
    let mut dirty = true;
    loop {
        if let Some(signal) = screen.quit_signal() {
            return Ok(Err(Ending::Signal(signal)));
        }
        if dirty {
            let view = super::view::Reading { dir };
            let drawn = screen.draw(|frame| frame.render_widget(view, frame.area()));
            if let Err(err) = drawn {
                return screen
                    .quit_signal()
                    .map_or(Err(err), |s| Ok(Err(Ending::Signal(s))));
            }
            dirty = false;
        }
        for input in screen.read_input(READING_POLL)? {
            match input {
                Input::Key(key) if is_quit_key(key) => return Ok(Err(Ending::Quit)),
                Input::Quit => return Ok(Err(Ending::Quit)),
                Input::HangUp => return Ok(Err(Ending::Signal(Quit::HANG_UP))),
                Input::Suspend => {
                    screen.suspend()?;
                    dirty = true;
                }
                Input::Redraw => dirty = true,
                Input::Key(_) | Input::Paste(_) | Input::Mouse(_) => {}
            }
        }
        if let Some(found) = scan.take() {
            return Ok(Ok(found));
        }
    }
}

/// `q`, Esc or Ctrl-C.
fn is_quit_key(key: crossterm::event::KeyEvent) -> bool {
    use crossterm::event::{KeyCode, KeyModifiers};
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    matches!(key.code, KeyCode::Char('q') | KeyCode::Esc)
        || (ctrl && key.code == KeyCode::Char('c'))
}
