//! Owning the terminal: raw mode and the alternate screen on the way in, and a sane terminal
//! on every way out (return, error, panic, Ctrl-C, SIGINT, SIGTERM, SIGHUP).
//!
//! Frames are written through [`Screen::draw`], which wraps each one in a synchronized update
//! so that a remote terminal never shows half a frame, and counts the bytes it writes so that
//! idle screens can be shown to cost nothing.
//!
//! Signals are caught by a watcher thread. It records the signal for the event loop, which
//! polls [`Screen::quit_signal`] between events and ends in its own good time. When the
//! terminal is gone, though, the loop may never get there: crossterm 0.29 spins forever
//! reading end-of-file from a closed tty. So if the screen is still up [`QUIT_GRACE`] after
//! the signal, the watcher restores what it can and ends the process itself.

use std::cell::Cell;
use std::io::{self, Stdout, Write};
use std::rc::Rc;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::{Duration, Instant};

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

/// How long the event loop has, after a quit signal, to end on its own before the signal
/// watcher restores the terminal and ends the process.
pub const QUIT_GRACE: Duration = Duration::from_secs(1);

/// The last quit signal caught (0 for none).
static SIGNAL: AtomicI32 = AtomicI32::new(0);
/// Whether a [`Screen`] is up, that is, whether the terminal is raw and needs restoring.
static SCREEN_UP: AtomicBool = AtomicBool::new(false);

/// The terminal in raw mode on the alternate screen; dropping it restores the terminal.
pub struct Screen {
    terminal: Term,
    bytes: Rc<Cell<u64>>,
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
        watch_signals()?;
        enable_raw_mode()?;
        SCREEN_UP.store(true, Ordering::SeqCst);
        let bytes = Rc::new(Cell::new(0));
        let mut out = CountingWriter::new(io::stdout(), Rc::clone(&bytes));
        if let Err(err) = execute!(out, EnterAlternateScreen) {
            restore();
            return Err(err);
        }
        let mut terminal = Terminal::new(CrosstermBackend::new(out))?;
        terminal.hide_cursor()?;
        terminal.clear()?;
        Ok(Self { terminal, bytes })
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

    /// Writes one sequence that is not part of a frame (see [`super::sequences`]).
    ///
    /// # Errors
    /// When writing to the terminal fails.
    pub fn write_command(&mut self, command: impl crossterm::Command) -> io::Result<()> {
        execute!(self.terminal.backend_mut(), command)
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
        match SIGNAL.load(Ordering::SeqCst) {
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
        SCREEN_UP.store(false, Ordering::SeqCst);
    }
}

/// Starts, once per process, the thread that catches SIGINT, SIGTERM and SIGHUP: it records
/// the signal for [`Screen::quit_signal`] and, if a screen is still up [`QUIT_GRACE`] later,
/// restores the terminal and exits with the shell's status for that signal (128 + its number).
fn watch_signals() -> io::Result<()> {
    static STARTED: AtomicBool = AtomicBool::new(false);
    if STARTED.swap(true, Ordering::SeqCst) {
        return Ok(());
    }
    let mut signals = signal_hook::iterator::Signals::new([
        signal_hook::consts::SIGINT,
        signal_hook::consts::SIGTERM,
        signal_hook::consts::SIGHUP,
    ])?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for sig in signals.forever() {
                SIGNAL.store(sig, Ordering::SeqCst);
                let deadline = Instant::now() + QUIT_GRACE;
                while SCREEN_UP.load(Ordering::SeqCst) && Instant::now() < deadline {
                    std::thread::sleep(Duration::from_millis(10));
                }
                if SCREEN_UP.load(Ordering::SeqCst) {
                    restore();
                    std::process::exit(128 + sig);
                }
            }
        })?;
    Ok(())
}

/// Puts the terminal back as the shell expects it: cooked mode with echo, the main screen, a
/// visible cursor. Errors are ignored: the terminal may already be gone (SIGHUP), and there is
/// nothing better to do on the way out.
pub fn restore() {
    let _ = disable_raw_mode();
    let mut out = io::stdout();
    let _ = execute!(
        out,
        EndSynchronizedUpdate,
        super::sequences::ClickReporting(false),
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
