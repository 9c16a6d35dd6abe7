//! The signals the terminal front end catches, and the pipe that wakes the event loop when one
//! arrives.
//!
//! One thread, started once per process, takes every signal in [`QUIT_SIGNALS`], SIGTSTP,
//! SIGCONT and SIGWINCH. It records what arrived in atomics and writes a byte to a pipe that
//! [`super::Screen::read_input`] polls along with the terminal, so the loop reacts at once. For a
//! quit signal it also gives the loop [`QUIT_GRACE`] to end on its own; if a screen is still up
//! after that, it restores the terminal itself and ends the process with the shell's status for
//! the signal (128 + its number).

use std::io::{self, Read, Write};
use std::os::unix::net::UnixStream;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::time::{Duration, Instant};

use signal_hook::consts::{
    SIGABRT, SIGALRM, SIGCONT, SIGHUP, SIGINT, SIGPIPE, SIGPROF, SIGQUIT, SIGTERM, SIGTSTP,
    SIGUSR1, SIGUSR2, SIGVTALRM, SIGWINCH, SIGXCPU, SIGXFSZ,
};

/// Every catchable signal whose default action ends the program: each one restores the
/// terminal before the program ends. (SIGKILL cannot be caught; SIGSEGV, SIGILL and SIGFPE
/// are faults, not requests, and keep their default action.)
pub const QUIT_SIGNALS: &[i32] = &[
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGABRT, SIGPIPE, SIGALRM, SIGVTALRM,
    SIGPROF, SIGXCPU, SIGXFSZ,
];

/// How long the event loop has, after a quit signal, to end on its own before the signal
/// watcher restores the terminal and ends the process.
pub const QUIT_GRACE: Duration = Duration::from_secs(1);

/// The last quit signal caught (0 for none).
static SIGNAL: AtomicI32 = AtomicI32::new(0);
/// Whether a screen is up, that is, whether the terminal is raw and needs restoring.
pub(super) static SCREEN_UP: AtomicBool = AtomicBool::new(false);
/// A SIGTSTP arrived and the program has not stopped for it yet.
static SUSPEND: AtomicBool = AtomicBool::new(false);
/// A SIGCONT arrived: the terminal may have been changed while the program was stopped.
static CONTINUED: AtomicBool = AtomicBool::new(false);
/// The two ends of the wake pipe: the watcher writes, the event loop polls and drains.
static WAKE: OnceLock<(UnixStream, UnixStream)> = OnceLock::new();

/// The quit signal caught, if any.
pub fn quit_signal() -> Option<i32> {
    match SIGNAL.load(Ordering::SeqCst) {
        0 => None,
        signal => Some(signal),
    }
}

/// Takes a pending SIGTSTP.
pub fn take_suspend() -> bool {
    SUSPEND.swap(false, Ordering::SeqCst)
}

/// Takes a pending SIGCONT.
pub fn take_continued() -> bool {
    CONTINUED.swap(false, Ordering::SeqCst)
}

/// The end of the wake pipe the event loop polls, once the watcher runs.
pub fn wake_reader() -> Option<&'static UnixStream> {
    WAKE.get().map(|(reader, _)| reader)
}

/// Empties the wake pipe (it is non-blocking).
pub fn drain_wake() {
    if let Some(mut reader) = wake_reader() {
        let mut sink = [0_u8; 64];
        while matches!(reader.read(&mut sink), Ok(n) if n > 0) {}
    }
}

fn wake() {
    if let Some((_, writer)) = WAKE.get() {
        // A full pipe already wakes the loop; nothing is lost by a failed write.
        let _ = (&*writer).write(&[1]);
    }
}

/// Starts, once per process, the thread that catches the signals (see the module header).
pub fn watch(restore: fn()) -> io::Result<()> {
    static STARTED: AtomicBool = AtomicBool::new(false);
    if STARTED.swap(true, Ordering::SeqCst) {
        return Ok(());
    }
    let (reader, writer) = UnixStream::pair()?;
    reader.set_nonblocking(true)?;
    writer.set_nonblocking(true)?;
    let _ = WAKE.set((reader, writer));
    let mut wanted = QUIT_SIGNALS.to_vec();
    wanted.extend([SIGTSTP, SIGCONT, SIGWINCH]);
    let mut signals = signal_hook::iterator::Signals::new(wanted)?;
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                match signal {
                    SIGTSTP => SUSPEND.store(true, Ordering::SeqCst),
                    SIGCONT => CONTINUED.store(true, Ordering::SeqCst),
                    SIGWINCH => {}
                    quit => {
                        SIGNAL.store(quit, Ordering::SeqCst);
                        wake();
                        end_if_stuck(quit, restore);
                    }
                }
                wake();
            }
        })?;
    Ok(())
}

/// Waits [`QUIT_GRACE`] for the screen to come down; if it is still up, restores the terminal
/// and ends the process.
fn end_if_stuck(signal: i32, restore: fn()) {
    let deadline = Instant::now() + QUIT_GRACE;
    while SCREEN_UP.load(Ordering::SeqCst) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    if SCREEN_UP.load(Ordering::SeqCst) {
        restore();
        std::process::exit(128 + signal);
    }
}
