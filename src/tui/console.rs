//! The one seam between the front end and a terminal: events in, frames out.
//!
//! The game's and the lab's loops are written against [`Console`], never against a tty, so
//! the same loops run on the local terminal ([`Screen`], through crossterm) and on an SSH
//! channel (`serve`'s console, which parses the client's bytes into the same crossterm events
//! and sends each frame down the channel). The methods mirror crossterm's `event::poll` and
//! `event::read`, plus drawing a frame and asking whether the session must end.

use std::io;
use std::time::Duration;

use crossterm::event::{self, Event};
use ratatui::Frame;

use super::terminal::{Quit, Screen};

/// A terminal the front end runs on.
pub trait Console {
    /// Waits up to `timeout` for an input event; true when one is ready for [`Console::read`].
    ///
    /// # Errors
    /// When the terminal cannot be read.
    fn poll(&mut self, timeout: Duration) -> io::Result<bool>;

    /// The next input event (key, mouse, paste, resize), waiting for one if needed.
    ///
    /// # Errors
    /// When the terminal cannot be read.
    fn read(&mut self) -> io::Result<Event>;

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

    /// Why the session must end now, if it must (a signal locally; over SSH a closed channel,
    /// a timeout or the server shutting down, reported as [`Quit::HangUp`] or
    /// [`Quit::Terminate`]).
    fn quit_signal(&self) -> Option<Quit>;
}

impl Console for Screen {
    fn poll(&mut self, timeout: Duration) -> io::Result<bool> {
        event::poll(timeout)
    }

    fn read(&mut self) -> io::Result<Event> {
        event::read()
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
}
