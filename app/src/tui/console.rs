//! The one seam between the front end and a terminal: inputs in, frames out.
//!
//! The game's and the lab's loops are written against [`Console`], never against a tty, so
//! the same loops run on the local terminal ([`Screen`]) and on an SSH channel (`serve`'s
//! console, which parses the client's bytes into the same crossterm events and turns them
//! into the same [`Input`]s, and sends each frame down the channel). What has no meaning on
//! one side is a no-op there: an SSH session cannot be stopped with Ctrl-Z, so its
//! [`Console::suspend`] does nothing.

use std::io;
use std::time::Duration;

use ratatui::Frame;

use super::terminal::{Input, Quit, Screen};

/// The wait of a loop with nothing to do but look at [`Console::quit_signal`] again: a
/// console that wakes by itself when a quit signal comes (the SSH console) may wait longer.
pub const IDLE_POLL: Duration = Duration::from_millis(250);

/// A terminal the front end runs on.
pub trait Console {
    /// Waits up to `wait` for something to happen and returns what did, in order (see
    /// [`Screen::read_input`]). A wait of [`IDLE_POLL`] or more is a loop's idle poll, which
    /// a console may stretch for as long as no input and no quit signal comes.
    ///
    /// # Errors
    /// When the terminal cannot be read.
    fn read_input(&mut self, wait: Duration) -> io::Result<Vec<Input>>;

    /// Draws one frame as a single synchronized update; only what changed is written.
    ///
    /// # Errors
    /// When the terminal cannot be written.
    fn draw(&mut self, render: impl FnOnce(&mut Frame)) -> io::Result<()>;

    /// Forgets what is on the screen so that the next frame is drawn in full.
    ///
    /// # Errors
    /// When the terminal cannot be written.
    fn invalidate(&mut self) -> io::Result<()>;

    /// Why the session must end now, if it must: a signal locally; over SSH a closed channel,
    /// a time limit or the server shutting down.
    fn quit_signal(&self) -> Option<Quit>;

    /// Asks the terminal to report the mouse (presses, drags, the wheel) as
    /// [`Input::Mouse`].
    ///
    /// # Errors
    /// When the terminal cannot be written.
    fn capture_mouse(&mut self) -> io::Result<()>;

    /// The columns and rows the last frame was drawn on.
    fn size(&self) -> (u16, u16);

    /// Writes one sequence that is not part of a frame (an OSC 52 copy to the clipboard).
    ///
    /// # Errors
    /// When the terminal cannot be written.
    fn write_command(&mut self, command: impl crossterm::Command) -> io::Result<()>;

    /// Stops the program until `fg` (Ctrl-Z), where that means something.
    ///
    /// # Errors
    /// When the terminal cannot be taken again.
    fn suspend(&mut self) -> io::Result<()>;
}

impl Console for Screen {
    fn read_input(&mut self, wait: Duration) -> io::Result<Vec<Input>> {
        Screen::read_input(self, wait)
    }

    fn draw(&mut self, render: impl FnOnce(&mut Frame)) -> io::Result<()> {
        Screen::draw(self, render)
    }

    fn invalidate(&mut self) -> io::Result<()> {
        Screen::invalidate(self)
    }

    fn quit_signal(&self) -> Option<Quit> {
        Screen::quit_signal(self)
    }

    fn capture_mouse(&mut self) -> io::Result<()> {
        Screen::capture_mouse(self)
    }

    fn size(&self) -> (u16, u16) {
        Screen::size(self)
    }

    fn write_command(&mut self, command: impl crossterm::Command) -> io::Result<()> {
        Screen::write_command(self, command)
    }

    fn suspend(&mut self) -> io::Result<()> {
        Screen::suspend(self)
    }
}
