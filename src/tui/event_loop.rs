//! The event loop: wait for a key, a signal, a tick or a saved file, update the [`App`], and
//! draw a frame only when something changed.
//!
//! The world is ticked at 60 Hz only while something moves (a shot flies, a bar turns) and the
//! board is on screen. Otherwise the loop blocks on input for up to [`IDLE_WAIT`], waking only
//! to look for a quit signal and a saved level file, and writes nothing to the terminal.

use std::io;
use std::time::{Duration, Instant};

use crossterm::event::{self, Event, KeyEventKind};

use super::app::App;
use super::sequences::copy_to_clipboard;
use super::terminal::{Quit, Screen};
use super::watch::{Change, Watcher};
use crate::level::parse_pack_bytes;

/// The simulation step: 1/60 s.
pub const TICK: Duration = Duration::from_nanos(1_000_000_000 / 60);

/// The longest the loop sleeps with nothing happening, so a signal is seen within it.
pub const IDLE_WAIT: Duration = Duration::from_millis(250);

/// At most this many ticks are run to catch up after a stall; beyond that the clock is let go.
const MAX_CATCH_UP: u32 = 6;

/// A level file being watched, and which of the app's packs it fills.
#[derive(Debug)]
pub struct Watched {
    /// The file.
    pub watcher: Watcher,
    /// The index of the pack it was read into.
    pub pack: usize,
}

/// How the loop ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The player quit.
    Quit,
    /// A signal asked the program to end.
    Signal(Quit),
}

/// Runs the game on `screen` until the player quits or a signal arrives.
///
/// # Errors
/// When reading the terminal or drawing to it fails, unless a quit signal explains it (a
/// terminal that hung up fails its reads and writes; that ends the game quietly).
pub fn run(screen: &mut Screen, app: &mut App, watched: Option<Watched>) -> io::Result<Ending> {
    run_until_done(screen, app, watched)
        .or_else(|err| screen.quit_signal().map(Ending::Signal).ok_or(err))
}

fn run_until_done(
    screen: &mut Screen,
    app: &mut App,
    mut watched: Option<Watched>,
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
            dirty = false;
        }
        let now = Instant::now();
        let mut wait = if app.is_animating() {
            next_tick.saturating_duration_since(now)
        } else {
            IDLE_WAIT
        };
        if let Some(watched) = &watched {
            wait = wait.min(watched.watcher.time_to_poll(now));
        }
        if event::poll(wait)? {
            dirty |= drain_events(app)?;
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
        if let Some(watched) = &mut watched
            && let Some(change) = watched.watcher.poll(now)
        {
            reload(app, watched, change);
            dirty = true;
        }
    }
}

/// Handles every event already waiting. Returns whether the screen needs drawing.
fn drain_events(app: &mut App) -> io::Result<bool> {
    let mut dirty = false;
    loop {
        match event::read()? {
            Event::Key(key) if key.kind != KeyEventKind::Release => dirty |= app.handle_key(key),
            Event::Mouse(mouse) => dirty |= app.handle_mouse(mouse),
            Event::Resize(..) => dirty = true,
            _ => {}
        }
        if app.should_quit() || !event::poll(Duration::ZERO)? {
            return Ok(dirty);
        }
    }
}

/// Runs the ticks that are due. Returns whether any ran.
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

/// Applies a change of the watched file: new levels if it reads cleanly, otherwise the first
/// error on the status line while the level in play carries on.
fn reload(app: &mut App, watched: &Watched, change: Change) {
    let name = watched.watcher.path().display().to_string();
    match change {
        Change::Unreadable(why) => app.reload_failed(why),
        Change::Saved(bytes) => match parse_pack_bytes(&bytes).into_pack() {
            Ok(pack) if pack.levels.is_empty() => app.reload_failed(format!("{name}: no level")),
            Ok(pack) => app.replace_levels(watched.pack, pack.levels),
            Err(errors) => {
                let more = match errors.len() {
                    0 | 1 => String::new(),
                    n => format!(" (and {} more)", n - 1),
                };
                let first = errors.first().map(ToString::to_string).unwrap_or_default();
                app.reload_failed(format!("{name}:{first}{more}"));
            }
        },
    }
}
