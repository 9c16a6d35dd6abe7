//! The front end's [`Console`] over an SSH channel: the client's keys, mouse and window size
//! come in as [`Incoming`] and leave as the same [`Input`]s the local terminal gives, and each
//! frame goes out through the session's [`Outbox`], which a writer task empties into the
//! channel. A frame the client is too far behind to take is skipped (the outbox says when to
//! redraw in full), and a frame asked for sooner than the session's pacer allows is owed and
//! drawn when its pause is over ([`super::pacer`]).
//!
//! A session ends when the client goes, when no key came for the idle timeout, when it has
//! lasted the longest session allowed, or when the server shuts down; [`SshConsole::end`]
//! says which, and the loops see it as a quit signal. Between keys an idle session sleeps
//! until the nearest of its time limits; the server's shutdown wakes it as input.

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
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
use ratatui::layout::Rect;
use ratatui::{Frame, Terminal, TerminalOptions, Viewport};
use ratatui_crossterm::CrosstermBackend;

use super::outbox::{MAX_QUEUED_BYTES, Outbox};
use super::pacer::{Pacer, thread_cpu};
use crate::tui::console::{Console, IDLE_POLL};
use crate::tui::terminal::{Input, MAX_INPUTS_PER_READ, Quit};

/// The largest terminal a session draws: a client's window beyond this is drawn in its
/// top-left corner (every cell costs memory on the server).
pub const MAX_COLS: u16 = 320;
/// See [`MAX_COLS`].
pub const MAX_ROWS: u16 = 120;

/// The share of one core a session's thread may use on average: the keys it plays (waits and
/// steps on costly boards included), its animations and its drawing. A session past it reads
/// no more input until it is back under, so what a client can ask of the server is bounded
/// per second of its session, plus one key's worth (a count repeats at most
/// [`crate::tui::keys::MAX_REPEAT`] times).
pub const SESSION_CPU_SHARE: f64 = 0.25;

/// The CPU time a session may spend at once before it is held to [`SESSION_CPU_SHARE`].
pub const SESSION_CPU_BURST: Duration = Duration::from_secs(2);

/// The longest a held session sleeps before it looks at its end conditions again.
const HOLD_LOOK: Duration = Duration::from_millis(100);

/// A session's CPU time against its share: a bucket of [`SESSION_CPU_BURST`] filled at
/// [`SESSION_CPU_SHARE`] of a second per second, emptied by the CPU time the thread used.
#[derive(Debug, Clone)]
pub struct CpuBudget {
    share: f64,
    burst: f64,
    tokens: f64,
    cpu: Duration,
    at: Instant,
}

impl CpuBudget {
    /// A full bucket at `now`, the thread having used `cpu` so far.
    #[must_use]
    pub fn new(share: f64, burst: Duration, now: Instant, cpu: Duration) -> Self {
        let burst = burst.as_secs_f64();
        Self {
            share: share.clamp(1e-6, 1.0),
            burst,
            tokens: burst,
            cpu,
            at: now,
        }
    }

    /// Takes the CPU time used since the last look (the thread is at `cpu` at `now`); how
    /// long the session must wait before it does more.
    pub fn debt(&mut self, now: Instant, cpu: Duration) -> Duration {
        let spent = cpu.saturating_sub(self.cpu).as_secs_f64();
        let earned = now.saturating_duration_since(self.at).as_secs_f64() * self.share;
        self.cpu = self.cpu.max(cpu);
        self.at = now;
        self.tokens = (self.tokens + earned).min(self.burst) - spent;
        if self.tokens >= 0.0 {
            Duration::ZERO
        } else {
            Duration::from_secs_f64(-self.tokens / self.share)
        }
    }
}

/// Clamps a client's window size to what a session draws.
#[must_use]
pub fn clamp_size(cols: u32, rows: u32) -> (u16, u16) {
    let clamp = |value: u32, max: u16| u16::try_from(value).unwrap_or(max).clamp(1, max);
    (clamp(cols, MAX_COLS), clamp(rows, MAX_ROWS))
}

/// What the connection tells a session beside its input queue, so that neither a storm of
/// window changes nor a full queue can hold it back: the client's latest window size (window
/// changes are coalesced here, the last one wins, and at most one [`Incoming::Resize`] waits
/// in the queue) and whether the client is gone (the session stops at its next look,
/// whatever is still queued).
#[derive(Debug, Default)]
pub struct Client {
    size: std::sync::Mutex<Option<(u16, u16)>>,
    gone: AtomicBool,
}

impl Client {
    /// Notes the client's new window size (clamped); true when no change was waiting, that
    /// is, when the session must be told with an [`Incoming::Resize`].
    pub fn resized(&self, size: (u16, u16)) -> bool {
        self.size
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .replace(size)
            .is_none()
    }

    /// The latest window size not yet taken.
    pub fn take_size(&self) -> Option<(u16, u16)> {
        self.size
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take()
    }

    /// Notes that the client is gone.
    pub fn leave(&self) {
        self.gone.store(true, Ordering::SeqCst);
    }

    /// Whether the client is gone.
    #[must_use]
    pub fn is_gone(&self) -> bool {
        self.gone.load(Ordering::SeqCst)
    }
}

/// What the connection passes to a session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Incoming {
    /// A key, mouse or paste event from the client.
    Event(Event),
    /// The client's window changed size: its latest size is in the session's [`Client`].
    Resize,
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
    client: Arc<Client>,
    outbox: Arc<Outbox>,
    shutdown: Arc<AtomicBool>,
    timeouts: Timeouts,
    started: Instant,
    last_key: Instant,
    closed: bool,
    stale: bool,
    /// Inputs read but handed back (typed after the menu's choice), given out first.
    unread: Vec<Input>,
    pacer: Pacer,
    /// A frame was put off by the pacer and is still to be drawn.
    owed: bool,
    /// The session's CPU time against its share.
    budget: CpuBudget,
    /// Whether the player wants the mouse read (the menu's choice).
    pub mouse: bool,
}

impl SshConsole {
    /// A console of `size` (columns, rows) reading `input` (and `client`'s window size and
    /// presence) and writing to `outbox`; it takes the client's screen (alternate screen,
    /// hidden cursor) at once.
    ///
    /// # Errors
    /// Never in practice: the terminal writes to memory.
    pub fn new(
        size: (u16, u16),
        (input, client): (Receiver<Incoming>, Arc<Client>),
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
            client,
            outbox,
            shutdown,
            timeouts,
            started: now,
            last_key: now,
            closed: false,
            stale: false,
            unread: Vec::new(),
            pacer: Pacer::default(),
            owed: false,
            budget: CpuBudget::new(SESSION_CPU_SHARE, SESSION_CPU_BURST, now, thread_cpu()),
            mouse: true,
        })
    }

    /// Why the session must end now, if it must.
    #[must_use]
    pub fn end(&self) -> Option<End> {
        let now = Instant::now();
        if self.closed || self.client.is_gone() {
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

    /// Hands back inputs read but not used (typed after the menu's choice), for the next
    /// read to give out first, in order.
    pub fn unread(&mut self, inputs: Vec<Input>) {
        self.unread.extend(inputs);
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
            Incoming::Resize => {
                if let Some((cols, rows)) = self.client.take_size() {
                    self.area = Rect::new(0, 0, cols, rows);
                    self.terminal.resize(self.area)?;
                    self.outbox.mark_resized();
                    out.push(Input::Redraw);
                }
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
        if self.client.is_gone() {
            // Whatever is still queued was sent by a client that is gone: none of it is done.
            self.closed = true;
        }
        if self.closed {
            return Ok(vec![Input::HangUp]);
        }
        if !self.unread.is_empty() {
            return Ok(std::mem::take(&mut self.unread));
        }
        let mut out = Vec::new();
        let now = Instant::now();
        let debt = self.budget.debt(now, thread_cpu());
        if !debt.is_zero() {
            // Past its share of a core: no input is read (nor work done) until it is paid,
            // looking now and then at whether the session must end.
            self.outbox.mark_held();
            std::thread::sleep(debt.min(HOLD_LOOK));
            if self.client.is_gone() {
                self.closed = true;
                out.push(Input::HangUp);
            }
            return Ok(out);
        }
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
        while out.len() < MAX_INPUTS_PER_READ && !self.closed && !self.client.is_gone() {
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
    fn a_session_past_its_share_of_a_core_waits_until_it_is_paid() {
        let start = Instant::now();
        let second = Duration::from_secs(1);
        let mut budget = CpuBudget::new(0.25, Duration::from_secs(2), start, Duration::ZERO);
        assert_eq!(
            budget.debt(start, Duration::from_secs(2)),
            Duration::ZERO,
            "the burst"
        );
        // One more second of work at once: four seconds of waiting at a quarter of a core.
        let owed = budget.debt(start, 3 * second);
        assert_eq!(owed, 4 * second);
        assert_eq!(budget.debt(start + 4 * second, 3 * second), Duration::ZERO);
        // Steady work at the share goes on without a wait, however long.
        let mut cpu = 3 * second;
        for n in 1..=100 {
            cpu += second / 4;
            let now = start + 4 * second + n * second;
            assert_eq!(budget.debt(now, cpu), Duration::ZERO, "second {n}");
        }
    }

    /// A session that worked past its share reads nothing queued until it is paid, and a
    /// session whose client is gone stops at its next look, whatever is still queued.
    #[test]
    fn a_held_session_reads_no_input_and_a_gone_client_stops_it_at_once() {
        let (send, input) = std::sync::mpsc::sync_channel(16);
        let client = Arc::new(Client::default());
        let timeouts = Timeouts {
            idle: Duration::from_secs(600),
            session: Duration::from_secs(600),
        };
        let mut console = SshConsole::new(
            (80, 24),
            (input, Arc::clone(&client)),
            Arc::default(),
            Arc::new(AtomicBool::new(false)),
            timeouts,
        )
        .expect("console");
        let key = || {
            Incoming::Event(Event::Key(crossterm::event::KeyEvent::from(
                crossterm::event::KeyCode::Char('.'),
            )))
        };
        send.send(key()).expect("sent");
        // Work past the burst: the thread's own CPU time.
        let cpu = thread_cpu();
        let mut spin = 0u64;
        while thread_cpu().saturating_sub(cpu) < SESSION_CPU_BURST + Duration::from_millis(100) {
            spin = std::hint::black_box(spin.wrapping_add(1));
        }
        assert_eq!(console.read_input(Duration::ZERO).expect("reads"), vec![]);
        assert!(console.end().is_none());
        // The client goes: the key still queued is never played.
        client.leave();
        send.send(key()).expect("sent");
        let read = console.read_input(Duration::ZERO).expect("reads");
        assert_eq!(read, vec![Input::HangUp]);
        assert_eq!(console.end(), Some(End::ClientGone));
    }

    #[test]
    fn window_changes_are_coalesced_the_last_one_wins() {
        let client = Client::default();
        assert!(client.resized((100, 30)), "the first change is told");
        for n in 0..1000 {
            assert!(!client.resized((80 + n % 7, 24)), "the rest wait with it");
        }
        assert!(!client.resized((120, 40)));
        assert_eq!(client.take_size(), Some((120, 40)));
        assert_eq!(client.take_size(), None);
        assert!(client.resized((90, 20)), "told again once taken");
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
