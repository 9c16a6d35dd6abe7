//! Owning the terminal: raw mode and the alternate screen on the way in, and a sane terminal
//! on every way out (return, error, panic, Ctrl-C, SIGINT, SIGTERM, SIGHUP).
//!
//! Frames are written through [`Screen::draw`], which wraps each one in a synchronized update
//! so that a remote terminal never shows half a frame, and counts the bytes it writes so that
//! idle screens can be shown to cost nothing.

use std::cell::Cell;
use std::io::{self, Stdout, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::Once;
use std::sync::atomic::{AtomicUsize, Ordering};

use crossterm::cursor::Show;
use crossterm::execute;
use crossterm::terminal::{
    BeginSynchronizedUpdate, EndSynchronizedUpdate, EnterAlternateScreen, LeaveAlternateScreen,
    disable_raw_mode, enable_raw_mode,
};
use ratatui::backend::CrosstermBackend;
use ratatui::{Frame, Terminal};

/// A writer that counts every byte that passes through it.
#[derive(Debug)]
pub struct CountingWriter<W> {
    inner: W,
    count: Rc<Cell<u64>>,
}

impl<W> CountingWriter<W> {
    /// Wraps `inner`, adding what it writes to `count`.
    pub fn new(inner: W, count: Rc<Cell<u64>>) -> Self {
        Self { inner, count }
    }
}

impl<W: Write> Write for CountingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.count.set(self.count.get() + n as u64);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// The ratatui terminal the front end draws on.
pub type Term = Terminal<CrosstermBackend<CountingWriter<Stdout>>>;

/// A signal that asks the program to end, as caught by [`Screen`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quit {
    /// SIGINT (Ctrl-C from outside raw mode, or `kill -INT`).
    Interrupt,
    /// SIGTERM.
    Terminate,
    /// SIGHUP: the terminal went away (a dropped SSH connection).
    HangUp,
}

/// The terminal in raw mode on the alternate screen; dropping it restores the terminal.
pub struct Screen {
    terminal: Term,
    bytes: Rc<Cell<u64>>,
    signal: Arc<AtomicUsize>,
}

impl Screen {
    /// Enters raw mode and the alternate screen, and arranges for the terminal to be restored
    /// on panic and for SIGINT, SIGTERM and SIGHUP to be reported by [`Screen::quit_signal`]
    /// instead of killing the program with the terminal still raw.
    ///
    /// # Errors
    /// When the terminal cannot be put in raw mode or a signal handler cannot be installed.
    pub fn start() -> io::Result<Self> {
        install_panic_hook();
        let signal = Arc::new(AtomicUsize::new(0));
        for sig in [
            signal_hook::consts::SIGINT,
            signal_hook::consts::SIGTERM,
            signal_hook::consts::SIGHUP,
        ] {
            // `sig` is a small positive number, so the cast cannot lose anything.
            signal_hook::flag::register_usize(sig, Arc::clone(&signal), sig as usize)?;
        }
        enable_raw_mode()?;
        let bytes = Rc::new(Cell::new(0));
        let mut out = CountingWriter::new(io::stdout(), Rc::clone(&bytes));
        if let Err(err) = execute!(out, EnterAlternateScreen) {
            restore();
            return Err(err);
        }
        let mut terminal = Terminal::new(CrosstermBackend::new(out))?;
        terminal.hide_cursor()?;
        terminal.clear()?;
        Ok(Self {
            terminal,
            bytes,
            signal,
        })
    }

    /// Draws one frame as a single synchronized update. Only the cells that changed since the
    /// previous frame are written.
    ///
    /// # Errors
    /// When writing to the terminal fails.
    pub fn draw(&mut self, render: impl FnOnce(&mut Frame)) -> io::Result<()> {
        execute!(self.terminal.backend_mut(), BeginSynchronizedUpdate)?;
        self.terminal.draw(render)?;
        execute!(self.terminal.backend_mut(), EndSynchronizedUpdate)
    }

    /// Forgets what is on the screen so that the next frame is drawn in full.
    ///
    /// # Errors
    /// When writing to the terminal fails.
    pub fn invalidate(&mut self) -> io::Result<()> {
        self.terminal.clear()
    }

    /// Bytes written to the terminal since [`Screen::start`].
    #[must_use]
    pub fn bytes_written(&self) -> u64 {
        self.bytes.get()
    }

    /// The signal that asked the program to end, if one has arrived.
    #[must_use]
    pub fn quit_signal(&self) -> Option<Quit> {
        let sig = i32::try_from(self.signal.load(Ordering::Relaxed)).ok()?;
        match sig {
            signal_hook::consts::SIGINT => Some(Quit::Interrupt),
            signal_hook::consts::SIGTERM => Some(Quit::Terminate),
            signal_hook::consts::SIGHUP => Some(Quit::HangUp),
            _ => None,
        }
    }

    /// The ratatui terminal, for size queries.
    #[must_use]
    pub fn terminal(&self) -> &Term {
        &self.terminal
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        restore();
    }
}

/// Puts the terminal back as the shell expects it: cooked mode with echo, the main screen, a
/// visible cursor. Errors are ignored: the terminal may already be gone (SIGHUP), and there is
/// nothing better to do on the way out.
pub fn restore() {
    let _ = disable_raw_mode();
    let mut out = io::stdout();
    let _ = execute!(out, EndSynchronizedUpdate, LeaveAlternateScreen, Show);
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
