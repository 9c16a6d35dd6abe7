//! One player's session: a thread of its own running the menu, then the same game and lab as
//! local play on an [`SshConsole`], and the task that carries its frames to the channel.
//!
//! The thread blocks on its input like the local loops block on the tty, so an idle session
//! costs a sleeping thread (its stack is [`SESSION_STACK`]) and no CPU beyond a wake-up every
//! quarter second. A panic in a session ends that session with a message, never the server.
//! A write to the client that has not gone through after [`MAX_STALL`] ends the connection.
//! Frames go out at most at the session's byte rate (`--max-bytes-per-second`, a burst of a
//! second's worth): a session whose frames cost more waits, its queue fills, and it skips to
//! its latest frame, so an expensive board lowers that session's frame rate, not the
//! server's.

use std::io;
use std::net::IpAddr;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize};
use std::sync::mpsc::{Receiver, SyncSender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::ChannelId;
use russh::server::Handle;

use super::console::{Client, End, Incoming, SshConsole, Timeouts};
use super::limits::Permit;
use super::menu::{self, Choice, Look, Menu};
use super::outbox::{Outbox, Step};
use super::own::{self, OwnChoice};
use super::players::Player;
use super::scores;
use crate::tui::console::Console;
use crate::tui::event_loop;
use crate::tui::hint::{HintBudget, HintPool};
use crate::tui::lab_view::{self, Palette};
use crate::tui::opening::{Feel, Opening};
use crate::tui::theme::Theme;
use crate::words::session as words;
use sokoshot_core::lab::SceneId;
use sokoshot_core::store::collection::Collection;
use sokoshot_core::store::progress::level_id;
use sokoshot_core::store::saves::PlayerStore;

/// The stack of a session's thread.
pub const SESSION_STACK: usize = 1024 * 1024;

/// The longest a frame may wait for the client to take it before the connection is dropped.
pub const MAX_STALL: Duration = Duration::from_secs(60);

/// How long a client has to close its connection after its session's channel is closed
/// (the OpenSSH client does so at once) before the server ends it (one that keeps it open,
/// as OpenSSH's `ControlPersist` does). The session's place is freed before.
pub const CLOSE_GRACE: Duration = Duration::from_secs(2);

/// The server's hint searches: at most two at once across every session, 256 MiB between
/// them, one per player and one per address, first asked first served, so however many players ask, hints cost
/// the server two cores' worth at most.
pub static HINT_POOL: HintPool = HintPool::new(2, 256 << 20);

/// What one hint may cost in a server session: a fifth of local play's, so that a full
/// server cannot be made to search for long, run in [`HINT_POOL`] for `owner` (one player:
/// their hints run one at a time) from `address` (one address's hints, whoever asks, run one
/// at a time). One thread and 2 s from the start of its search: at most
/// 2 s of one core, however large the level, since the solver looks at its clock after a
/// bounded amount of work.
#[must_use]
pub fn hint_budget(owner: u64, address: u64) -> HintBudget {
    HintBudget {
        positions: 400_000,
        time: Some(Duration::from_secs(2)),
        pool: Some(&HINT_POOL),
        threads: 1,
        owner,
        address,
    }
}

/// The address a player's hints count under in the pool: the address as the admission
/// counts it (an IPv4 address, an IPv6 /64), never 0.
pub(super) fn hint_address(peer: IpAddr) -> u64 {
    let mut hasher = std::hash::DefaultHasher::new();
    std::hash::Hash::hash(&super::limits::address_key(peer), &mut hasher);
    std::hash::Hasher::finish(&hasher) | 1
}

/// The owner of a player's hints in the pool: their key's, so that all their sessions count
/// as one; a guest's session is an owner of its own.
pub(super) fn hint_owner(player: &Player) -> u64 {
    static GUESTS: AtomicU64 = AtomicU64::new(1 << 63);
    match player {
        Player::Key(fingerprint) => {
            let mut hasher = std::hash::DefaultHasher::new();
            std::hash::Hash::hash(fingerprint, &mut hasher);
            std::hash::Hasher::finish(&hasher) >> 1
        }
        Player::Guest => GUESTS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
    }
}

/// What every session shares: the levels, where progress goes, and the server's state.
#[derive(Debug)]
pub struct Shared {
    /// The packs offered, parsed once at start.
    pub packs: Vec<Collection>,
    /// Where keyed players' progress is kept; `None` when there is no data directory.
    pub players: Option<Box<dyn PlayerStore>>,
    /// Set when the server is shutting down.
    pub shutdown: Arc<AtomicBool>,
    /// Changes once as the server shuts down, to wake every session (an idle one sleeps until
    /// its own time limits otherwise).
    pub wake: tokio::sync::watch::Sender<bool>,
    /// The sessions' time limits.
    pub timeouts: Timeouts,
    /// The most bytes of frames a second one session sends.
    pub max_bytes_per_second: u64,
    /// Sessions started whose connection has not yet written its log line: the server waits
    /// for them on shutdown, so that no session goes unlogged.
    pub unlogged: AtomicUsize,
}

/// What a session starts with, from the client's pty and shell requests.
#[derive(Debug)]
pub struct Start {
    /// The window size, clamped.
    pub size: (u16, u16),
    /// The client's `TERM`.
    pub term: String,
    /// Who is playing.
    pub player: Player,
    /// Where the player connects from.
    pub peer: IpAddr,
    /// The client's input.
    pub input: Receiver<Incoming>,
    /// The client's window size and presence, beside its input.
    pub client: Arc<Client>,
    /// Where frames go.
    pub outbox: Arc<Outbox>,
}

/// Starts the session's thread; `done` gets why it ended, and the session's place
/// (`permit`) is freed as it ends, before its connection is.
///
/// # Errors
/// When the thread cannot be started.
pub fn spawn(
    shared: Arc<Shared>,
    start: Start,
    done: Arc<Mutex<Option<End>>>,
    permit: Arc<Permit>,
) -> io::Result<()> {
    std::thread::Builder::new()
        .name("session".into())
        .stack_size(SESSION_STACK)
        .spawn(move || {
            let end = run(&shared, start);
            *done
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(end);
            permit.release();
        })?;
    Ok(())
}

fn run(shared: &Shared, start: Start) -> End {
    let outbox = Arc::clone(&start.outbox);
    let mut console = match SshConsole::new(
        start.size,
        (start.input, start.client),
        start.outbox,
        Arc::clone(&shared.shutdown),
        shared.timeouts,
    ) {
        Ok(console) => console,
        Err(_) => {
            outbox.finish(Vec::new(), 1);
            return End::Failed;
        }
    };
    let result = catch_unwind(AssertUnwindSafe(|| {
        body(
            &mut console,
            shared,
            (&start.player, start.peer),
            &start.term,
        )
    }));
    let end = match result {
        Ok(Ok(end)) => end,
        Ok(Err(_)) => console.end().unwrap_or(End::ClientGone),
        Err(_) => End::Failed,
    };
    console.finish(end);
    end
}

fn body(
    console: &mut SshConsole,
    shared: &Shared,
    (player, peer): (&Player, IpAddr),
    term: &str,
) -> io::Result<End> {
    let names: Vec<String> = shared.packs.iter().map(|pack| pack.name.clone()).collect();
    let key = match player {
        Player::Key(fingerprint) => Some(fingerprint.as_str()),
        Player::Guest => None,
    };
    let mut menu = Menu::new(&names, Look::for_term(term), key);
    let refused = admit(shared, player, peer).or_else(|| unsaveable(shared, player));
    if let Some(why) = &refused {
        menu.not_kept(why);
    }
    let board = scores::board_of(shared, player, refused.is_none());
    scores::offer(&mut menu, shared, board.as_deref());
    let ids: Vec<Vec<u64>> = shared
        .packs
        .iter()
        .map(|pack| pack.levels.iter().map(level_id).collect())
        .collect();
    loop {
        if refused.is_none() {
            menu.set_solved(&solved_counts(shared, player, &ids));
            menu.offer_levels(super::make::own_levels(shared, player));
        } else {
            menu.offer_levels(0);
        }
        let (choice, typed_ahead) = menu::run(console, &mut menu)?;
        console.unread(typed_ahead);
        if let Some(end) = console.end() {
            return Ok(end);
        }
        match choice {
            Choice::Quit => return Ok(End::Quit),
            Choice::Lab => {
                let look = menu.look;
                let palette = Palette {
                    color: look.color,
                    ascii: look.ascii,
                };
                let options = lab_view::Options {
                    scene: SceneId::DiskAabb,
                    ascii: look.ascii,
                    mouse: look.mouse,
                };
                console.mouse = look.mouse;
                lab_view::run_on(console, options, palette)?;
                console.release_mouse()?;
            }
            Choice::Make => {
                super::make::make_level(
                    console,
                    shared,
                    (player, peer),
                    refused.as_deref(),
                    menu.look,
                )?;
            }
            Choice::Own(pack) => {
                if own_levels(console, shared, (player, peer), pack, menu.look)? {
                    return Ok(End::Quit);
                }
            }
            Choice::Pack(pack) => {
                let kept = if refused.is_none() {
                    player
                } else {
                    &Player::Guest
                };
                let start = (pack, None, peer);
                play(console, shared, kept, refused.as_deref(), start, menu.look)?;
            }
            Choice::Daily(pack, level) => {
                let kept = if refused.is_none() {
                    player
                } else {
                    &Player::Guest
                };
                let start = (pack, Some(level), peer);
                play(console, shared, kept, refused.as_deref(), start, menu.look)?;
            }
            Choice::Nickname => scores::take_nickname(&mut menu, board.as_deref()),
        }
        if let Some(end) = console.end() {
            return Ok(end);
        }
        console.invalidate()?;
    }
}

/// "Play your levels": the list of the player's own levels (the pack `pack` when played),
/// and what is chosen there, until the player goes back to the menu or the session ends;
/// whether the player ended it there.
fn own_levels(
    console: &mut SshConsole,
    shared: &Shared,
    (player, peer): (&Player, IpAddr),
    pack: usize,
    look: Look,
) -> io::Result<bool> {
    let Some(Ok(Some(saves))) = shared.players.as_ref().map(|store| store.saves(player)) else {
        return Ok(false);
    };
    let mut selected = 0;
    loop {
        let choice = own::run(console, &saves, selected)?;
        if console.end().is_some() {
            return Ok(false);
        }
        match choice {
            OwnChoice::Back => return Ok(false),
            OwnChoice::Quit => return Ok(true),
            OwnChoice::Play(level) => {
                selected = level;
                play(
                    console,
                    shared,
                    player,
                    None,
                    (pack, Some(level), peer),
                    look,
                )?;
            }
            OwnChoice::Edit(level) => {
                selected = level;
                let saves = Arc::clone(&saves);
                super::make::edit_level(console, saves, level, (player, peer), look)?;
            }
        }
        if console.end().is_some() {
            return Ok(false);
        }
        console.invalidate()?;
    }
}

/// How many levels of each pack `player` solved (`ids` are each pack's levels'
/// fingerprints); none for a guest or when the store cannot be read.
fn solved_counts(shared: &Shared, player: &Player, ids: &[Vec<u64>]) -> Vec<(usize, usize)> {
    let Some(Ok(Some(saves))) = shared.players.as_ref().map(|store| store.saves(player)) else {
        return Vec::new();
    };
    let (progress, _) = saves.load();
    shared
        .packs
        .iter()
        .zip(ids)
        .map(|(pack, ids)| (progress.solved_count(&pack.key, ids), ids.len()))
        .collect()
}

/// Takes a keyed player into the store by the flood rule; why their progress is not kept,
/// when it is not (logged with the address).
fn admit(shared: &Shared, player: &Player, peer: IpAddr) -> Option<String> {
    let players = shared.players.as_ref()?;
    let refused = players.admit(player, peer).err()?;
    eprintln!(
        "sokoshot serve: {peer} new player {} refused: {refused}",
        player.name()
    );
    Some(refused.to_string())
}

/// Why a kept player's progress cannot be saved now, when it cannot (their files are past
/// the cap, or the store cannot give their saves), so that the menu says so rather than
/// that it is kept.
fn unsaveable(shared: &Shared, player: &Player) -> Option<String> {
    let store = shared.players.as_ref()?;
    let err = store.saves(player).err()?;
    eprintln!(
        "sokoshot serve: player {} plays unsaved: {err}",
        player.name()
    );
    Some(err.to_string())
}

fn play(
    console: &mut SshConsole,
    shared: &Shared,
    player: &Player,
    refused: Option<&str>,
    (pack, level, peer): (usize, Option<usize>, IpAddr),
    look: Look,
) -> io::Result<()> {
    let saving = shared.players.as_ref().map(|players| players.saves(player));
    let (save, unsaved) = match saving {
        Some(Ok(save)) => (save, false),
        Some(Err(err)) => {
            eprintln!(
                "sokoshot serve: player {} plays unsaved: {err}",
                player.name()
            );
            (None, true)
        }
        None => (None, matches!(player, Player::Key(_))),
    };
    let opening = Opening::read_from(shared.packs.clone(), save);
    if pack >= opening.packs().len() {
        // The player's own levels, gone since the menu was drawn.
        return Ok(());
    }
    let unreadable = opening.warning().is_some();
    let start = match level {
        Some(level) => crate::tui::app::Place { pack, level },
        None => opening.resume_in(pack),
    };
    let feel = Feel {
        theme: Theme {
            ascii: look.ascii,
            color: look.color,
        },
        mouse: look.mouse,
        hints: Some(hint_budget(hint_owner(player), hint_address(peer))),
    };
    let Ok(mut app) = opening.open(start, feel) else {
        return Ok(());
    };
    console.mouse = look.mouse;
    console.capture_mouse()?;
    match (unreadable, player, refused) {
        (_, _, Some(why)) => app.tell(words::progress_not_kept(why), true),
        _ if unsaved => app.tell("your progress cannot be saved on this server now", true),
        // The details name the server's files; the player is told what it means for them.
        (true, _, _) => app.tell(
            "your saved progress could not be read; starting afresh",
            true,
        ),
        (false, Player::Guest, _) => {
            app.tell(words::GUEST, false);
        }
        (false, Player::Key(_), _) => {}
    }
    let ended = event_loop::run(console, &mut app, None, None);
    console.release_mouse()?;
    ended.map(|_| ())
}

/// A byte rate with a burst of one second's worth: how long to wait before sending more.
#[derive(Debug)]
struct Rate {
    per_second: f64,
    tokens: f64,
    at: Instant,
}

impl Rate {
    fn new(bytes_per_second: u64) -> Self {
        let per_second = bytes_per_second as f64;
        Self {
            per_second,
            tokens: per_second,
            at: Instant::now(),
        }
    }

    /// Takes `bytes` at `now`; the wait before they may go out.
    fn take(&mut self, bytes: usize, now: Instant) -> Duration {
        let elapsed = now.saturating_duration_since(self.at).as_secs_f64();
        self.at = now;
        self.tokens = (self.tokens + elapsed * self.per_second).min(self.per_second);
        self.tokens -= bytes as f64;
        if self.tokens >= 0.0 {
            Duration::ZERO
        } else {
            Duration::from_secs_f64(-self.tokens / self.per_second)
        }
    }
}

/// Carries the session's frames to the channel until the session ends, then sends its exit
/// status, closes the channel and, after [`CLOSE_GRACE`], ends the connection (for a client
/// that would keep it open, as OpenSSH's `ControlPersist` does); wakes
/// the session once when `shutdown` changes. Asks the session for a full redraw (through
/// `input`) when the client caught up after frames were skipped.
pub async fn pump(
    outbox: Arc<Outbox>,
    handle: Handle,
    channel: ChannelId,
    input: SyncSender<Incoming>,
    bytes_per_second: u64,
    mut shutdown: tokio::sync::watch::Receiver<bool>,
) {
    let mut rate = Rate::new(bytes_per_second);
    let mut woken = false;
    loop {
        match outbox.next() {
            Step::Send(frame) => {
                let wait = rate.take(frame.len(), Instant::now());
                if !wait.is_zero() {
                    tokio::time::sleep(wait).await;
                }
                let sent = tokio::time::timeout(MAX_STALL, handle.data(channel, frame)).await;
                if !matches!(sent, Ok(Ok(()))) {
                    let _ = input.try_send(Incoming::Closed);
                    let _ = handle
                        .disconnect(
                            russh::Disconnect::ByApplication,
                            "the client stopped reading".into(),
                            String::new(),
                        )
                        .await;
                    return;
                }
                if outbox.caught_up() {
                    let _ = input.try_send(Incoming::Redraw);
                }
            }
            Step::Close(status) => {
                let _ = handle.exit_status_request(channel, status).await;
                let _ = handle.eof(channel).await;
                let _ = handle.close(channel).await;
                tokio::time::sleep(CLOSE_GRACE).await;
                let _ = handle
                    .disconnect(
                        russh::Disconnect::ByApplication,
                        "the session ended".into(),
                        String::new(),
                    )
                    .await;
                return;
            }
            Step::Wait if woken => outbox.notify.notified().await,
            Step::Wait => tokio::select! {
                () = outbox.notify.notified() => {}
                _ = shutdown.changed() => {
                    woken = true;
                    let _ = input.try_send(Incoming::Wake);
                }
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_levels_pack_is_held_once_for_all_sessions() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("pack.xsb");
        std::fs::write(&path, "#####\n#@$.#\n#####\n\n######\n#@ $.#\n######\n").expect("pack");
        let pack = sokoshot_core::store::packs::file_pack(&path)
            .expect("read")
            .pack;
        let packs = vec![pack];
        let first = Opening::read(packs.clone(), None);
        let second = Opening::read(packs.clone(), None);
        assert!(Arc::ptr_eq(&first.packs()[0].levels, &packs[0].levels));
        assert!(Arc::ptr_eq(&second.packs()[0].levels, &packs[0].levels));
    }

    #[test]
    fn frames_past_the_byte_rate_wait_their_turn() {
        let start = Instant::now();
        let mut rate = Rate::new(1000);
        assert_eq!(rate.take(600, start), Duration::ZERO);
        assert_eq!(rate.take(400, start), Duration::ZERO, "a second's burst");
        assert_eq!(rate.take(500, start), Duration::from_millis(500));
        // Half a second later the debt is paid; the burst never grows past a second's worth.
        let later = start + Duration::from_secs(10);
        assert_eq!(rate.take(1000, later), Duration::ZERO);
        assert_eq!(rate.take(100, later), Duration::from_millis(100));
    }
}
