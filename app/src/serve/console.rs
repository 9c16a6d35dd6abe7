//! The front end's [`Console`] over an SSH channel: the client's keys, mouse and window size
//! come in as [`Incoming`] and leave as the same [`Input`]s the local terminal gives, and each frame goes out through an [`Outbox`] that a writer task
//! empties into the channel.
//!
//! The outbox is bounded: it holds at most [`MAX_QUEUED_BYTES`] (plus the one frame that
//! made it go over). When a client stops reading, the frames it has not taken are not piled
//! up: a frame that does not fit is skipped, the console remembers that the client's screen
//! is behind, and once the writer has emptied the outbox it asks for one full redraw, so the
//! client jumps to the latest frame. Server memory per session stays flat however long the
//! client stalls.
//!
//! A session ends when the client goes, when no key came for the idle timeout, when it has
//! lasted the longest session allowed, or when the server shuts down; [`SshConsole::end`]
//! says which, and the loops see it as a quit signal.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::io::{self, Write};
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use crossterm::cursor::{Hide, Show};
use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture, Event,
};
use crossterm::queue;
use crossterm::terminal::{
    BeginSynchronizedUpdate, Clear, ClearType, EndSynchronizedUpdate, EnterAlternateScreen,
    LeaveAlternateScreen,
};
use ratatui::backend::CrosstermBackend;
use ratatui::layout::Rect;
use ratatui::{Frame, Terminal, TerminalOptions, Viewport};

use super::pacer::{Pacer, thread_cpu};
use crate::tui::console::{Console, IDLE_POLL};
use crate::tui::terminal::{Input, MAX_INPUTS_PER_READ, Quit};

/// The most bytes of frames waiting for a client that is slow to read.
pub const MAX_QUEUED_BYTES: usize = 64 * 1024;

/// The largest terminal a session draws: a client's window beyond this is drawn in its
/// top-left corner (every cell costs memory on the server).
pub const MAX_COLS: u16 = 320;
/// See [`MAX_COLS`].
pub const MAX_ROWS: u16 = 120;

/// Clamps a client's window size to what a session draws.
#[must_use]
pub fn clamp_size(cols: u32, rows: u32) -> (u16, u16) {
    let clamp = |value: u32, max: u16| u16::try_from(value).unwrap_or(max).clamp(1, max);
    (clamp(cols, MAX_COLS), clamp(rows, MAX_ROWS))
}

/// What the connection passes to a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Incoming {
    /// A key, mouse or paste event from the client.
    Event(Event),
    /// The client's window changed size (already clamped).
    Resize(u16, u16),
    /// The client caught up after frames were skipped: draw everything again.
    Redraw,
    /// The client closed the channel.
    Closed,
    /// Nothing from the client: look at the session's end conditions again (the server is
    /// shutting down).
    Wake,
}

/// Why a session ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The player quit from the menu.
    Quit,
    /// The client closed the channel or the connection.
    ClientGone,
    /// No key for the idle timeout.
    Idle,
    /// The longest session allowed has passed.
    TooLong,
    /// The server is shutting down.
    Shutdown,
    /// The session hit an internal error.
    Failed,
}

impl End {
    /// What the player is told as the session ends.
    #[must_use]
    pub fn farewell(self) -> &'static str {
        match self {
            End::Quit | End::ClientGone => "thanks for playing.",
            End::Idle => "no key was pressed for a while, so the session was closed.",
            End::TooLong => "this session reached the longest time the server allows.",
            End::Shutdown => "the server is shutting down. Thanks for playing.",
            End::Failed => "the session hit an internal error and was closed; sorry.",
        }
    }

    /// A word for the server's log.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            End::Quit => "quit",
            End::ClientGone => "closed",
            End::Idle => "idle-timeout",
            End::TooLong => "session-limit",
            End::Shutdown => "shutdown",
            End::Failed => "failed",
        }
    }
}

/// Frames waiting for the writer task, bounded by [`MAX_QUEUED_BYTES`].
#[derive(Debug, Default)]
pub struct Outbox {
    state: Mutex<OutboxState>,
    /// Wakes the writer task when something was queued.
    pub notify: tokio::sync::Notify,
}

#[derive(Debug, Default)]
struct OutboxState {
    frames: VecDeque<Vec<u8>>,
    bytes: usize,
    /// A frame was skipped; the client needs a full redraw once the queue is empty.
    behind: bool,
    /// The session ended with this exit status; nothing more will be queued.
    done: Option<u32>,
    /// Frames skipped because the client was behind.
    skipped: u64,
    /// Frames put off because the session's frames cost more to draw than its share.
    deferred: u64,
}

/// What the writer task should do next.
#[derive(Debug, PartialEq, Eq)]
pub enum Step {
    /// Send these bytes.
    Send(Vec<u8>),
    /// The session is over: send this exit status and close the channel.
    Close(u32),
    /// Nothing to do until notified.
    Wait,
}

impl Outbox {
    fn lock(&self) -> MutexGuard<'_, OutboxState> {
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Queues a frame unless the queue is over its bound; false when the frame was skipped.
    pub fn push(&self, frame: Vec<u8>) -> bool {
        let mut state = self.lock();
        if !state.frames.is_empty() && state.bytes + frame.len() > MAX_QUEUED_BYTES {
            state.behind = true;
            state.skipped += 1;
            return false;
        }
        state.bytes += frame.len();
        state.frames.push_back(frame);
        drop(state);
        self.notify.notify_one();
        true
    }

    /// Notes that a frame was skipped without being offered.
    pub fn mark_behind(&self) {
        let mut state = self.lock();
        state.behind = true;
        state.skipped += 1;
    }

    /// Notes that a frame was put off by the session's pacer.
    pub fn mark_deferred(&self) {
        self.lock().deferred += 1;
    }

    /// Frames put off so far because they cost more to draw than the session's share.
    #[must_use]
    pub fn deferred(&self) -> u64 {
        self.lock().deferred
    }

    /// Frames skipped so far because the client was behind.
    #[must_use]
    pub fn skipped(&self) -> u64 {
        self.lock().skipped
    }

    /// Queues the last bytes of a session (restoring the client's terminal) whatever the
    /// queue holds, and the exit status to close with.
    pub fn finish(&self, last: Vec<u8>, status: u32) {
        let mut state = self.lock();
        state.bytes += last.len();
        state.frames.push_back(last);
        state.done = Some(status);
        drop(state);
        self.notify.notify_one();
    }

    /// The writer's next step.
    pub fn next(&self) -> Step {
        let mut state = self.lock();
        if let Some(frame) = state.frames.pop_front() {
            state.bytes -= frame.len();
            return Step::Send(frame);
        }
        state.done.map_or(Step::Wait, Step::Close)
    }

    /// After a send: true (once) when the queue is empty and frames were skipped, that is,
    /// when the client should now get a full redraw.
    pub fn caught_up(&self) -> bool {
        let mut state = self.lock();
        if state.frames.is_empty() && state.behind && state.done.is_none() {
            state.behind = false;
            return true;
        }
        false
    }

    /// Bytes waiting now.
    #[must_use]
    pub fn queued_bytes(&self) -> usize {
        self.lock().bytes
    }
}

/// Where the terminal writes a frame before it goes to the outbox.
#[derive(Debug, Clone, Default)]
struct Sink(Rc<RefCell<Vec<u8>>>);

impl Sink {
    fn take(&self) -> Vec<u8> {
        std::mem::take(&mut *self.0.borrow_mut())
    }
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The time limits of one session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Timeouts {
    /// The longest time without a key before the session is closed.
    pub idle: Duration,
    /// The longest a session may last.
    pub session: Duration,
}

/// The front end's console on one SSH channel. It lives on the session's own thread.
pub struct SshConsole {
    terminal: Terminal<CrosstermBackend<Sink>>,
    sink: Sink,
    area: Rect,
    input: Receiver<Incoming>,
    outbox: Arc<Outbox>,
    shutdown: Arc<AtomicBool>,
    timeouts: Timeouts,
    started: Instant,
    last_key: Instant,
    closed: bool,
    stale: bool,
    pacer: Pacer,
    /// A frame was put off by the pacer and is still to be drawn.
    owed: bool,
    /// Whether the player wants the mouse read (the menu's choice).
    pub mouse: bool,
}

impl SshConsole {
    /// A console of `size` (columns, rows) reading `input` and writing to `outbox`; it takes
    /// the client's screen (alternate screen, hidden cursor) at once.
    ///
    /// # Errors
    /// Never in practice: the terminal writes to memory.
    pub fn new(
        size: (u16, u16),
        input: Receiver<Incoming>,
        outbox: Arc<Outbox>,
        shutdown: Arc<AtomicBool>,
        timeouts: Timeouts,
    ) -> io::Result<Self> {
        let area = Rect::new(0, 0, size.0, size.1);
        let sink = Sink::default();
        let mut terminal = Terminal::with_options(
            CrosstermBackend::new(sink.clone()),
            TerminalOptions {
                viewport: Viewport::Fixed(area),
            },
        )?;
        queue!(
            terminal.backend_mut(),
            EnterAlternateScreen,
            EnableBracketedPaste,
            Hide,
            Clear(ClearType::All)
        )?;
        let now = Instant::now();
        Ok(Self {
            terminal,
            sink,
            area,
            input,
            outbox,
            shutdown,
            timeouts,
            started: now,
            last_key: now,
            closed: false,
            stale: false,
            pacer: Pacer::default(),
            owed: false,
            mouse: true,
        })
    }

    /// Why the session must end now, if it must.
    #[must_use]
    pub fn end(&self) -> Option<End> {
        let now = Instant::now();
        if self.closed {
            Some(End::ClientGone)
        } else if self.shutdown.load(Ordering::SeqCst) {
            Some(End::Shutdown)
        } else if now.duration_since(self.last_key) >= self.timeouts.idle {
            Some(End::Idle)
        } else if now.duration_since(self.started) >= self.timeouts.session {
            Some(End::TooLong)
        } else {
            None
        }
    }

    /// How long from `now` until the idle timeout or the session limit, whichever is first.
    fn until_end(&self, now: Instant) -> Duration {
        let idle = (self.last_key + self.timeouts.idle).saturating_duration_since(now);
        let session = (self.started + self.timeouts.session).saturating_duration_since(now);
        idle.min(session)
    }

    /// Gives the client its terminal back (main screen, cursor, no mouse reports), says why
    /// the session ended, and closes the channel with exit status 0.
    pub fn finish(mut self, end: End) {
        let out = self.terminal.backend_mut();
        let _ = queue!(
            out,
            EndSynchronizedUpdate,
            DisableMouseCapture,
            DisableBracketedPaste,
            Show,
            LeaveAlternateScreen
        );
        let _ = write!(out, "sokoshot: {}\r\n", end.farewell());
        let _ = out.flush();
        let last = self.sink.take();
        self.outbox.finish(last, u32::from(end == End::Failed));
    }

    /// Stops the client's mouse reports (after the lab), so its own selection works again.
    ///
    /// # Errors
    /// Never in practice: the terminal writes to memory.
    pub fn release_mouse(&mut self) -> io::Result<()> {
        queue!(self.terminal.backend_mut(), DisableMouseCapture)
    }

    /// Draws a frame into the outbox, unless the client is behind.
    fn draw_now(&mut self, render: impl FnOnce(&mut Frame)) -> io::Result<()> {
        if self.outbox.queued_bytes() >= MAX_QUEUED_BYTES {
            // The client is not reading: skip this frame, redraw in full when it catches up.
            self.stale = true;
            self.outbox.mark_behind();
            return Ok(());
        }
        if std::mem::take(&mut self.stale) {
            self.invalidate()?;
        }
        queue!(self.terminal.backend_mut(), BeginSynchronizedUpdate)?;
        self.terminal.draw(render)?;
        let out = self.terminal.backend_mut();
        queue!(out, EndSynchronizedUpdate)?;
        out.flush()?;
        let frame = self.sink.take();
        if !self.outbox.push(frame) {
            self.stale = true;
        }
        Ok(())
    }

    /// Takes one thing from the connection, adding what it means for the loops to `out`.
    fn take(&mut self, incoming: Incoming, out: &mut Vec<Input>) -> io::Result<()> {
        match incoming {
            Incoming::Event(event) => {
                self.last_key = Instant::now();
                out.extend(Input::from_event(event));
            }
            Incoming::Resize(cols, rows) => {
                self.area = Rect::new(0, 0, cols, rows);
                self.terminal.resize(self.area)?;
                out.push(Input::Redraw);
            }
            Incoming::Redraw => {
                self.stale = true;
                out.push(Input::Redraw);
            }
            Incoming::Closed => {
                self.closed = true;
                out.push(Input::HangUp);
            }
            Incoming::Wake => {}
        }
        Ok(())
    }
}

impl Console for SshConsole {
    fn read_input(&mut self, wait: Duration) -> io::Result<Vec<Input>> {
        if self.closed {
            return Ok(vec![Input::HangUp]);
        }
        let mut out = Vec::new();
        let now = Instant::now();
        // An idle poll sleeps until this session's own time limits, or input: the server's
        // shutdown comes as input too, so an idle session never wakes for nothing.
        let wait = if wait >= IDLE_POLL {
            self.until_end(now).max(wait)
        } else {
            wait
        };
        // A frame put off by the pacer is drawn once its pause is over.
        let wait = if self.owed {
            wait.min(self.pacer.wait(now))
        } else {
            wait
        };
        match self.input.recv_timeout(wait) {
            Ok(incoming) => self.take(incoming, &mut out)?,
            Err(RecvTimeoutError::Timeout) => {
                if self.owed && self.pacer.wait(Instant::now()).is_zero() {
                    self.owed = false;
                    out.push(Input::Redraw);
                }
                return Ok(out);
            }
            Err(RecvTimeoutError::Disconnected) => self.take(Incoming::Closed, &mut out)?,
        }
        while out.len() < MAX_INPUTS_PER_READ && !self.closed {
            match self.input.try_recv() {
                Ok(incoming) => self.take(incoming, &mut out)?,
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => self.take(Incoming::Closed, &mut out)?,
            }
        }
        Ok(out)
    }

    fn draw(&mut self, render: impl FnOnce(&mut Frame)) -> io::Result<()> {
        let started = Instant::now();
        if !self.pacer.ready(started) {
            // The last frame cost more than this session's share: this one waits.
            self.owed = true;
            self.outbox.mark_deferred();
            return Ok(());
        }
        self.owed = false;
        let cpu = thread_cpu();
        let drawn = self.draw_now(render);
        self.pacer.drew(started, thread_cpu().saturating_sub(cpu));
        drawn
    }

    fn invalidate(&mut self) -> io::Result<()> {
        // `Terminal::clear` would ask the server's own tty where the cursor is; resizing to
        // the same area clears the client's screen and forgets the previous frame instead.
        self.terminal.resize(self.area)
    }

    fn quit_signal(&self) -> Option<Quit> {
        match self.end()? {
            End::Shutdown => Some(Quit(signal_hook::consts::SIGTERM)),
            _ => Some(Quit::HANG_UP),
        }
    }

    fn capture_mouse(&mut self) -> io::Result<()> {
        if self.mouse {
            queue!(self.terminal.backend_mut(), EnableMouseCapture)?;
        }
        Ok(())
    }

    fn size(&self) -> (u16, u16) {
        (self.area.width, self.area.height)
    }

    /// The sequence goes out at once (a copy to the clipboard passes through SSH untouched;
    /// the client's terminal decides whether to honour it).
    fn write_command(&mut self, command: impl crossterm::Command) -> io::Result<()> {
        queue!(self.terminal.backend_mut(), command)?;
        self.terminal.backend_mut().flush()?;
        self.outbox.push(self.sink.take());
        Ok(())
    }

    /// Ctrl-Z stops nothing on the server: the keys are the session's, the signals the
    /// server's. (The OpenSSH client stops itself with `~` Ctrl-Z.)
    fn suspend(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_outbox_skips_frames_past_its_bound_and_asks_for_one_redraw_when_emptied() {
        let outbox = Outbox::default();
        let big = vec![b'x'; MAX_QUEUED_BYTES / 2 + 1];
        assert!(outbox.push(big.clone()), "the first frame always fits");
        assert!(
            !outbox.push(big.clone()),
            "a second one would pass the bound"
        );
        assert!(outbox.queued_bytes() <= MAX_QUEUED_BYTES + big.len());
        assert_eq!(outbox.next(), Step::Send(big));
        assert!(outbox.caught_up(), "empty after a skip: redraw");
        assert!(!outbox.caught_up(), "only once");
        assert_eq!(outbox.next(), Step::Wait);
    }

    #[test]
    fn a_frame_larger_than_the_bound_still_goes_out_alone() {
        let outbox = Outbox::default();
        assert!(outbox.push(vec![0; 2 * MAX_QUEUED_BYTES]));
        assert!(!outbox.push(vec![0; 1]));
    }

    #[test]
    fn the_last_bytes_go_out_even_when_the_queue_is_full_then_the_channel_closes() {
        let outbox = Outbox::default();
        outbox.push(vec![0; MAX_QUEUED_BYTES]);
        outbox.finish(b"bye".to_vec(), 0);
        assert!(matches!(outbox.next(), Step::Send(_)));
        assert_eq!(outbox.next(), Step::Send(b"bye".to_vec()));
        assert_eq!(outbox.next(), Step::Close(0));
    }

    #[test]
    fn window_sizes_are_clamped_to_the_cap_and_never_zero() {
        let cases = [
            ("ordinary", (80, 24), (80, 24)),
            ("huge", (10_000, 10_000), (MAX_COLS, MAX_ROWS)),
            ("beyond u16", (u32::MAX, 70_000), (MAX_COLS, MAX_ROWS)),
            ("zero", (0, 0), (1, 1)),
        ];
        for (name, (cols, rows), want) in cases {
            assert_eq!(clamp_size(cols, rows), want, "{name}");
        }
    }
}
