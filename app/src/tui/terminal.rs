//! Owning the terminal: raw mode, the alternate screen and bracketed paste on the way in, and a
//! sane terminal on every way out (return, error, panic, Ctrl-C, every signal that ends the
//! program), and around a stop (Ctrl-Z, SIGTSTP) as vim does it: restore, stop, and on
//! continuing take the terminal again and draw everything.
//!
//! The game and the lab share all of it through [`Screen`]: [`Screen::read_input`] waits for
//! keys, pastes and signals and hands them over in order, [`Screen::draw`] writes a frame,
//! [`Screen::suspend`] stops the program until `fg`.
//!
//! Limits:
//! - The area drawn is at most [`MAX_COLUMNS`] × [`MAX_ROWS`] cells, whatever the size of the
//!   terminal, so the memory the frame buffers take is bounded (about 95 bytes a cell).
//! - At most [`input::MAX_INPUTS_PER_READ`] inputs are read in one go; the rest wait, in order.
//! - A paste gives at most [`input::MAX_PASTE_KEYS`] keys.
//!
//! Reading: crossterm reads the terminal with level-triggered `poll(2)` (its `use-dev-tty`
//! reader), so every byte of a long paste is read in turn. Before asking crossterm, the screen
//! polls the terminal and the signal pipe itself: that is how a signal wakes the loop at once,
//! and how a terminal whose other end closed (a killed pane, a dropped connection) is seen at
//! once as [`Input::HangUp`] instead of being read as an endless end-of-file.

mod input;
mod signals;

use std::io::{self, Stdout};
use std::os::fd::AsFd;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crossterm::cursor::Show;
use crossterm::event::{
    self, DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::execute;
use crossterm::terminal::{
    BeginSynchronizedUpdate, Clear, ClearType, EndSynchronizedUpdate, EnterAlternateScreen,
    LeaveAlternateScreen, disable_raw_mode, enable_raw_mode,
};
use ratatui::layout::Rect;
use ratatui::{Frame, Terminal, TerminalOptions, Viewport};
use ratatui_crossterm::CrosstermBackend;
use rustix::event::{PollFd, PollFlags, Timespec};

pub use input::{Input, MAX_INPUTS_PER_READ, MAX_PASTE_KEYS, paste_keys};
use signals::SCREEN_UP;
pub use signals::{QUIT_GRACE, QUIT_SIGNALS};

/// The widest area drawn; columns beyond it stay blank.
pub const MAX_COLUMNS: u16 = 640;
/// The tallest area drawn; rows beyond it stay blank.
pub const MAX_ROWS: u16 = 320;

/// How long crossterm is given to hand over an event once the terminal is known to be
/// readable (its reader cannot be asked without a timeout).
const READ_SLACK: Duration = Duration::from_millis(1);

/// The ratatui terminal the front end draws on.
pub type Term = Terminal<CrosstermBackend<Stdout>>;

/// A signal that asked the program to end, as caught by [`Screen`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quit(pub i32);

impl Quit {
    /// SIGHUP: the terminal went away.
    pub const HANG_UP: Self = Self(signal_hook::consts::SIGHUP);

    /// The exit status a shell gives a program ended by this signal: 128 + its number.
    #[must_use]
    pub fn exit_status(self) -> u8 {
        u8::try_from(128 + self.0).unwrap_or(u8::MAX)
    }
}

/// Whether the screen asked for mouse reports ([`Screen::capture_mouse`]): every way out
/// turns them off, and taking the terminal again after a stop turns them back on.
static MOUSE_WANTED: AtomicBool = AtomicBool::new(false);

/// The area drawn on a terminal of `columns` × `rows`: all of it up to
/// [`MAX_COLUMNS`] × [`MAX_ROWS`].
#[must_use]
pub fn drawn_area(columns: u16, rows: u16) -> Rect {
    Rect::new(0, 0, columns.min(MAX_COLUMNS), rows.min(MAX_ROWS))
}

/// The terminal in raw mode on the alternate screen; dropping it restores the terminal.
pub struct Screen {
    terminal: Term,
    /// Crossterm may hold events already read from the terminal: read them before waiting.
    pending: bool,
    /// Continued from outside while another process group holds the terminal (a SIGSTOP and
    /// a SIGCONT sent to the game): nothing is drawn, written or read until it is back in
    /// the foreground.
    background: bool,
    /// The area the last frame was drawn on.
    area: Rect,
}

impl Screen {
    /// Enters raw mode, the alternate screen and bracketed paste, and arranges for the terminal
    /// to be restored on panic and before any signal ends the program.
    ///
    /// # Errors
    /// When the terminal cannot be put in raw mode or a signal handler cannot be installed.
    pub fn start() -> io::Result<Self> {
        install_panic_hook();
        signals::watch(restore)?;
        enter()?;
        let out = io::stdout();
        let (columns, rows) = crossterm::terminal::size()?;
        let area = drawn_area(columns, rows);
        let viewport = Viewport::Fixed(area);
        let mut terminal =
            Terminal::with_options(CrosstermBackend::new(out), TerminalOptions { viewport })?;
        terminal.hide_cursor()?;
        terminal.clear()?;
        Ok(Self {
            terminal,
            pending: false,
            background: false,
            area,
        })
    }

    /// Draws one frame as a single synchronized update, on the terminal's current size (up to
    /// the limits). Only the cells that changed since the previous frame are written.
    ///
    /// # Errors
    /// When writing to the terminal fails.
    pub fn draw(&mut self, render: impl FnOnce(&mut Frame)) -> io::Result<()> {
        if self.background {
            return Ok(());
        }
        let (columns, rows) = crossterm::terminal::size()?;
        let area = drawn_area(columns, rows);
        if area != self.area {
            self.terminal.resize(area)?;
            self.terminal.clear()?;
            self.area = area;
        }
        execute!(self.terminal.backend_mut(), BeginSynchronizedUpdate)?;
        self.terminal.draw(render)?;
        execute!(self.terminal.backend_mut(), EndSynchronizedUpdate)
    }

    /// Writes one sequence that is not part of a frame (see [`super::sequences`]).
    ///
    /// # Errors
    /// When writing to the terminal fails.
    pub fn write_command(&mut self, command: impl crossterm::Command) -> io::Result<()> {
        if self.background {
            return Ok(());
        }
        execute!(self.terminal.backend_mut(), command)
    }

    /// Asks the terminal to report mouse presses, drags and the wheel (SGR encoding), as
    /// [`Input::Mouse`]. Every way out that restores the terminal turns the reports off.
    ///
    /// # Errors
    /// When writing to the terminal fails.
    pub fn capture_mouse(&mut self) -> io::Result<()> {
        MOUSE_WANTED.store(true, Ordering::SeqCst);
        execute!(self.terminal.backend_mut(), EnableMouseCapture)
    }

    /// Forgets what is on the screen so that the next frame is drawn in full.
    ///
    /// # Errors
    /// When writing to the terminal fails.
    pub fn invalidate(&mut self) -> io::Result<()> {
        self.terminal.clear()
    }

    /// The columns and rows the last frame was drawn on.
    #[must_use]
    pub fn size(&self) -> (u16, u16) {
        (self.area.width, self.area.height)
    }

    /// The signal that asked the program to end, if one has arrived.
    #[must_use]
    pub fn quit_signal(&self) -> Option<Quit> {
        signals::quit_signal().map(Quit)
    }

    /// The ratatui terminal, for size queries.
    #[must_use]
    pub fn terminal(&self) -> &Term {
        &self.terminal
    }

    /// Stops the program as Ctrl-Z does in a shell, with the terminal given back first; when
    /// the shell continues it (`fg`), takes the terminal again and forgets the screen so the
    /// next frame is drawn in full.
    ///
    /// # Errors
    /// When the terminal cannot be taken again.
    pub fn suspend(&mut self) -> io::Result<()> {
        restore();
        SCREEN_UP.store(false, Ordering::SeqCst);
        signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP)?;
        // Running again: the SIGCONT that woke us is handled here.
        signals::take_continued();
        enter()?;
        self.terminal.hide_cursor()?;
        self.invalidate()
    }

    /// Waits up to `wait` for something to happen and returns what did, in order: keys as
    /// typed, pastes, a stop asked for, a redraw after a resize or a continue, a hung-up
    /// terminal. Returns nothing after `wait` with nothing to say, or when a quit signal
    /// arrived (see [`Screen::quit_signal`]).
    ///
    /// # Errors
    /// When the terminal cannot be read.
    pub fn read_input(&mut self, wait: Duration) -> io::Result<Vec<Input>> {
        let mut inputs = self.signalled()?;
        if !inputs.is_empty() || self.quit_signal().is_some() {
            return Ok(inputs);
        }
        if self.background {
            // The terminal is another's: only a signal is waited for, and whether it was
            // given back (a shell's `fg` of a running job sends no signal) is looked at.
            if wait_for_signal(wait)? {
                signals::drain_wake();
                inputs = self.signalled()?;
            }
            if self.background && in_foreground() {
                return self.take_back();
            }
            return Ok(inputs);
        }
        if !self.pending {
            match wait_for_terminal(wait)? {
                Ready::Input => {}
                Ready::HungUp => return Ok(vec![Input::HangUp]),
                Ready::Woken => {
                    signals::drain_wake();
                    inputs = self.signalled()?;
                    if !inputs.is_empty() || self.quit_signal().is_some() {
                        return Ok(inputs);
                    }
                    // A resize: crossterm, which watches for it too, may hold keys it read.
                    inputs.push(Input::Redraw);
                }
                Ready::Nothing => return Ok(inputs),
            }
        }
        while inputs.len() < MAX_INPUTS_PER_READ && event::poll(READ_SLACK)? {
            inputs.extend(Input::from_event(event::read()?));
        }
        self.pending = inputs.len() >= MAX_INPUTS_PER_READ;
        Ok(inputs)
    }

    /// What the signals since the last look ask for: a stop (SIGTSTP), or, after a SIGCONT
    /// from outside, a terminal taken again and drawn in full.
    fn signalled(&mut self) -> io::Result<Vec<Input>> {
        if signals::take_suspend() {
            return Ok(vec![Input::Suspend]);
        }
        if signals::take_continued() {
            self.background = !in_foreground();
            if self.background {
                return Ok(Vec::new());
            }
            return self.take_back();
        }
        Ok(Vec::new())
    }

    /// Takes the terminal again after a SIGCONT and asks for a frame drawn in full. A SIGSTOP
    /// could not be caught, so the terminal was never given back: the modes the shell left
    /// are replaced whole, and the screen is cleared without asking the terminal anything.
    fn take_back(&mut self) -> io::Result<Vec<Input>> {
        self.background = false;
        disable_raw_mode()?;
        enter()?;
        self.terminal.hide_cursor()?;
        execute!(self.terminal.backend_mut(), Clear(ClearType::All))?;
        // Both buffers emptied: the next frame is written in full.
        self.terminal.swap_buffers();
        self.terminal.swap_buffers();
        Ok(vec![Input::Redraw])
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
        SCREEN_UP.store(false, Ordering::SeqCst);
        MOUSE_WANTED.store(false, Ordering::SeqCst);
    }
}

/// What waiting on the terminal and the signal pipe found.
enum Ready {
    /// Something to read from the terminal.
    Input,
    /// The terminal's other end is closed.
    HungUp,
    /// A signal arrived.
    Woken,
    /// The time ran out.
    Nothing,
}

/// Polls standard input (the terminal) and the signal pipe for up to `wait`.
fn wait_for_terminal(wait: Duration) -> io::Result<Ready> {
    let stdin = io::stdin();
    let stdin = stdin.as_fd();
    let mut fds = vec![PollFd::from_borrowed_fd(stdin, PollFlags::IN)];
    if let Some(reader) = signals::wake_reader() {
        fds.push(PollFd::new(reader, PollFlags::IN));
    }
    let timeout = Timespec::try_from(wait).map_err(io::Error::other)?;
    match rustix::event::poll(&mut fds, Some(&timeout)) {
        Ok(_) => {}
        Err(rustix::io::Errno::INTR) => return Ok(Ready::Woken),
        Err(err) => return Err(err.into()),
    }
    let gone = PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL;
    if fds[0].revents().intersects(gone) {
        return Ok(Ready::HungUp);
    }
    if fds.get(1).is_some_and(|fd| !fd.revents().is_empty()) {
        return Ok(Ready::Woken);
    }
    if fds[0].revents().contains(PollFlags::IN) {
        return Ok(Ready::Input);
    }
    Ok(Ready::Nothing)
}

/// Waits up to `wait` for a signal on the wake pipe; whether one came.
fn wait_for_signal(wait: Duration) -> io::Result<bool> {
    let Some(reader) = signals::wake_reader() else {
        std::thread::sleep(wait);
        return Ok(false);
    };
    let mut fds = [PollFd::new(reader, PollFlags::IN)];
    let timeout = Timespec::try_from(wait).map_err(io::Error::other)?;
    match rustix::event::poll(&mut fds, Some(&timeout)) {
        Ok(_) => Ok(!fds[0].revents().is_empty()),
        Err(rustix::io::Errno::INTR) => Ok(true),
        Err(err) => Err(err.into()),
    }
}

/// Whether the game's process group holds the terminal (true when there is no terminal to
/// ask).
fn in_foreground() -> bool {
    rustix::termios::tcgetpgrp(io::stdin())
        .map_or(true, |group| group == rustix::process::getpgrp())
}

/// Takes the terminal: raw mode, the alternate screen, bracketed paste.
fn enter() -> io::Result<()> {
    enable_raw_mode()?;
    SCREEN_UP.store(true, Ordering::SeqCst);
    let mut out = io::stdout();
    if let Err(err) = execute!(out, EnterAlternateScreen, EnableBracketedPaste) {
        restore();
        return Err(err);
    }
    if MOUSE_WANTED.load(Ordering::SeqCst) {
        execute!(out, EnableMouseCapture)?;
    }
    Ok(())
}

/// Puts the terminal back as the shell expects it: cooked mode with echo, the main screen, a
/// visible cursor, no bracketed paste. Errors are ignored: the terminal may already be gone
/// (SIGHUP), and there is nothing better to do on the way out.
pub fn restore() {
    let _ = disable_raw_mode();
    let mut out = io::stdout();
    if MOUSE_WANTED.load(Ordering::SeqCst) {
        let _ = execute!(out, DisableMouseCapture);
    }
    let _ = execute!(
        out,
        EndSynchronizedUpdate,
        DisableBracketedPaste,
        LeaveAlternateScreen,
        Show
    );
}

fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_drawn_area_is_capped_for_huge_terminals() {
        let cases = [
            ("80x24", (80, 24), (80, 24)),
            ("10000x10000", (10_000, 10_000), (MAX_COLUMNS, MAX_ROWS)),
            ("wide only", (u16::MAX, 30), (MAX_COLUMNS, 30)),
            ("empty", (0, 0), (0, 0)),
        ];
        for (name, (w, h), (want_w, want_h)) in cases {
            let area = drawn_area(w, h);
            assert_eq!((area.width, area.height), (want_w, want_h), "{name}");
        }
    }

    #[test]
    fn exit_status_is_128_plus_the_signal() {
        assert_eq!(Quit::HANG_UP.exit_status(), 129);
        assert_eq!(Quit(signal_hook::consts::SIGUSR1).exit_status(), 138);
        assert_eq!(Quit(signal_hook::consts::SIGQUIT).exit_status(), 131);
    }
}
