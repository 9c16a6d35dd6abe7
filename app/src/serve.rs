//! `sokoshot serve`: the game and the lab over SSH, for anyone with an `ssh` client.
//!
//! Each connection passes through these layers, in this order (the safety of the server reads
//! here, in one place):
//!
//! 1. **Admission** ([`limits`]): caps on connections still logging in, in all
//!    (`--max-startups`) and per address (`--max-startups-per-ip`), apart from the caps on
//!    sessions in all (`--max-sessions`) and per address (`--max-per-ip`); addresses that
//!    failed or were refused [`limits::MAX_FAILURES`] times in a minute are turned away before
//!    any cryptography. None of it can be held from outside: a full set of startups gives
//!    the oldest place of the address holding the most to a newcomer, and a full table of
//!    addresses forgets those with no connection open, least lately seen first. Refusals are
//!    logged at most [`limits::REFUSALS_LOGGED_PER_MINUTE`] times a minute per address.
//! 2. **Login** ([`handler`]): public keys (only those in `--authorized-keys` when it is
//!    given), or keyboard-interactive with no prompt as a guest when it is not; the session
//!    caps are checked again as the login is accepted. A connection that has not started a
//!    session within `--login-grace` of being accepted (banner, key exchange and login
//!    included) is closed, and its log line says `login-deadline`. A session that ends
//!    (however it ends) closes its connection, so its place is free at once.
//! 3. **Requests** ([`handler`]): one session channel with a pty and a shell; exec,
//!    subsystems, forwarding of every kind, agent, X11 and environment are refused.
//! 4. **Session** ([`session`], [`console`]): the menu, then the same game and lab as local
//!    play, on a thread of its own, behind the one console seam of the front end. Window
//!    sizes are capped ([`console::MAX_COLS`] × [`console::MAX_ROWS`]) and coalesced (the
//!    last one wins), input is rate limited, window changes included
//!    ([`handler::INPUT_RATE`]), a session stops at once when its client is gone, whatever
//!    it still had queued, the output queue is bounded ([`outbox::MAX_QUEUED_BYTES`])
//!    and drained at most at `--max-bytes-per-second` (a session past it skips frames),
//!    and a session ends after `--idle-timeout` without a key or `--max-session` in all.
//!    A session's frames are paced by what they cost to draw ([`pacer`]): it spends at most
//!    [`pacer::DRAW_SHARE`] of one core drawing, so an expensive board lowers its frame rate
//!    alone.
//!    A panic ends the session, not the server.
//! 5. **Log**: one line per connection on standard error: address, key fingerprint or
//!    `guest`, duration, bytes in and out (as counted on the socket), frames skipped for a
//!    client that was behind, frames put off by the pacer, window sizes taken, reads of input put
//!    off for a session past its share of a core ([`console::SESSION_CPU_SHARE`]), and how it
//!    ended.
//!
//! Signals are the server's: SIGTERM or SIGINT ends every session with a message and exits.
//! Keys are the session's: Ctrl-Z or Ctrl-C typed by a player reach only that session.
//! Nothing of the server's files is reachable beyond the built-in levels and `--levels`.
//! The host key and the players' progress live in the XDG data directory ([`host_key`],
//! [`players`]); who is kept there, at most `--max-players` with at most
//! `--new-players-per-hour` new ones per address, is the flood rule of [`players`].

pub mod console;
pub mod counted;
pub mod handler;
pub mod host_key;
pub mod input;
pub mod limits;
pub mod make;
pub mod menu;
pub mod outbox;
pub mod own;
pub mod pacer;
pub mod scores;
pub mod session;

pub use sokoshot_core::store::players;

use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::keys::PublicKey;
use russh::keys::ssh_key::AuthorizedKeys;
use russh::{MethodKind, MethodSet};
use thiserror::Error;
use tokio::net::{TcpListener, TcpStream};

use self::console::{End, Timeouts};
use self::counted::{Counted, Counts};
use self::handler::{Allowed, Handler, Record};
use self::limits::{Caps, Gate, Permit};
use self::players::Players;
use self::session::Shared;
use sokoshot_core::store::authorized_keys;
use sokoshot_core::store::packs::{FilePack, PackError, built_in_packs, file_pack};
use sokoshot_core::store::progress::data_dir;
use sokoshot_core::store::records::{self, DbError, RecordStore, import_folder};
use sokoshot_core::store::saves::PlayerStore;
use sokoshot_store::Spec;

/// How long a connection has to log in and start a session, from the moment it is
/// accepted, unless told otherwise.
pub const DEFAULT_LOGIN_GRACE: Duration = Duration::from_secs(30);
/// The most bytes of frames a second per session, unless told otherwise: a full redraw of
/// the largest screen (320×120, in colour) several times a second, hundreds of times what an
/// ordinary game sends.
pub const DEFAULT_MAX_BYTES_PER_SECOND: u64 = 256 * 1024;
/// The most connections logging in at once, unless told otherwise.
pub const DEFAULT_MAX_STARTUPS: u32 = 128;
/// The most connections logging in at once from one address, unless told otherwise.
pub const DEFAULT_MAX_STARTUPS_PER_IP: u32 = 8;

/// The SQLite file players are kept in unless `--store` says otherwise, in the data
/// directory.
pub const DEFAULT_STORE_FILE: &str = "store.sqlite";

/// The most memory one session may make the server hold, whatever its client sends: its
/// terminal's two buffers at the largest window, its frames' queue and one frame, its input
/// queue and one paste, and its thread's stack.
pub const SESSION_MEMORY_BOUND: u64 = 32 * 1024 * 1024;

/// How long sessions have to say goodbye when the server shuts down.
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(3);

pub use self::limits::REFUSALS_LOGGED_PER_MINUTE;
pub use sokoshot_core::store::authorized_keys::MAX_AUTHORIZED_KEYS_BYTES;

/// Where the server listens unless told otherwise: this machine only.
pub const DEFAULT_LISTEN: SocketAddr = SocketAddr::V4(std::net::SocketAddrV4::new(
    std::net::Ipv4Addr::LOCALHOST,
    2222,
));
/// The most sessions at once, unless told otherwise.
pub const DEFAULT_MAX_SESSIONS: u32 = 64;
/// The most sessions at once from one address, unless told otherwise.
pub const DEFAULT_MAX_PER_IP: u32 = 4;
/// How long a session may go without a key, unless told otherwise.
pub const DEFAULT_IDLE_TIMEOUT: Duration = Duration::from_secs(600);
/// How long a session may last in all, unless told otherwise.
pub const DEFAULT_MAX_SESSION: Duration = Duration::from_secs(4 * 3600);

/// How the server runs; the command line's `serve` options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// The address to listen on.
    pub listen: SocketAddr,
    /// The most sessions (logged-in connections) at once.
    pub max_sessions: usize,
    /// The most sessions at once from one address.
    pub max_per_ip: usize,
    /// The most connections logging in at once.
    pub max_startups: usize,
    /// The most connections logging in at once from one address.
    pub max_startups_per_ip: usize,
    /// How long a connection has to log in and start a session, from its acceptance.
    pub login_grace: Duration,
    /// The most bytes of frames a second one session sends.
    pub max_bytes_per_second: u64,
    /// Close a session after this long without a key.
    pub idle_timeout: Duration,
    /// Close a session after this long in all.
    pub max_session: Duration,
    /// Only these public keys may connect.
    pub authorized_keys: Option<PathBuf>,
    /// A level pack offered beside the built-in ones.
    pub levels: Option<PathBuf>,
    /// The most players whose progress is kept.
    pub max_players: usize,
    /// New players (keys with nothing kept) one address may make in an hour.
    pub new_players_per_hour: usize,
    /// Where players are kept; `None`: SQLite, [`DEFAULT_STORE_FILE`] in the data directory.
    pub store: Option<Spec>,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            listen: DEFAULT_LISTEN,
            max_sessions: DEFAULT_MAX_SESSIONS as usize,
            max_per_ip: DEFAULT_MAX_PER_IP as usize,
            max_startups: DEFAULT_MAX_STARTUPS as usize,
            max_startups_per_ip: DEFAULT_MAX_STARTUPS_PER_IP as usize,
            login_grace: DEFAULT_LOGIN_GRACE,
            max_bytes_per_second: DEFAULT_MAX_BYTES_PER_SECOND,
            idle_timeout: DEFAULT_IDLE_TIMEOUT,
            max_session: DEFAULT_MAX_SESSION,
            authorized_keys: None,
            levels: None,
            max_players: players::MAX_PLAYERS,
            new_players_per_hour: players::DEFAULT_NEW_PLAYERS_PER_HOUR,
            store: None,
        }
    }
}

/// Why the server could not run.
#[derive(Debug, Error)]
pub enum ServeError {
    /// Neither `XDG_DATA_HOME` nor `HOME` says where to keep the host key.
    #[error("no data directory for the host key: set HOME or XDG_DATA_HOME")]
    NoDataDir,
    /// The host key could not be read or made.
    #[error("host key: {0}")]
    HostKey(#[from] host_key::HostKeyError),
    /// The authorized keys file could not be used.
    #[error("{path}: {why}")]
    AuthorizedKeys {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        why: String,
    },
    /// The levels file could not be used.
    #[error(transparent)]
    Levels(#[from] PackError),
    /// The store of players could not be opened (the message names it).
    #[error("store: {0}")]
    Store(#[from] DbError),
    /// The address could not be listened on, or the runtime could not start.
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// Runs the server until SIGTERM or SIGINT.
///
/// # Errors
/// When the host key, the authorized keys or the levels cannot be had, or the address cannot
/// be listened on.
pub fn run(options: &Options) -> Result<(), ServeError> {
    let dir = data_dir(std::env::var_os("XDG_DATA_HOME"), std::env::var_os("HOME"))
        .ok_or(ServeError::NoDataDir)?;
    let key = host_key::load_or_create(&dir)?;
    let allowed = match &options.authorized_keys {
        Some(path) => Some(Arc::new(read_authorized_keys(path)?)),
        None => None,
    };
    let mut packs = built_in_packs();
    if let Some(path) = &options.levels {
        let FilePack { pack, warning, .. } = file_pack(path)?;
        if let Some(warning) = warning {
            eprintln!("sokoshot serve: {warning}");
        }
        // The server's own pack comes after the campaign and Microban, before the harder
        // shipped sets, so that its place in the menu stays where it was.
        packs.insert(2.min(packs.len()), pack);
    }
    let players = open_store(options, &dir)?;
    let shared = Arc::new(Shared {
        packs,
        players: Some(players),
        shutdown: Arc::new(AtomicBool::new(false)),
        wake: tokio::sync::watch::channel(false).0,
        timeouts: Timeouts {
            idle: options.idle_timeout,
            session: options.max_session,
        },
        max_bytes_per_second: options.max_bytes_per_second,
        unlogged: AtomicUsize::new(0),
    });
    let methods = if allowed.is_some() {
        MethodSet::from(&[MethodKind::PublicKey][..])
    } else {
        MethodSet::from(&[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..])
    };
    let fingerprint = host_key::fingerprint(&key);
    let config = Arc::new(russh::server::Config {
        methods,
        auth_rejection_time: Duration::from_millis(300),
        auth_rejection_time_initial: Some(Duration::ZERO),
        keys: vec![key],
        inactivity_timeout: None,
        keepalive_interval: None,
        max_auth_attempts: 6,
        nodelay: true,
        ..Default::default()
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()?;
    let served = runtime.block_on(serve(
        options,
        config,
        Arc::clone(&shared),
        allowed,
        &fingerprint,
    ));
    // The store is dropped last, outside the runtime: PostgreSQL's driver closes its
    // connections with blocking calls that may not run inside it.
    drop(runtime);
    drop(shared);
    served.map_err(ServeError::Io)
}

/// Opens the store of players `--store` names (SQLite in the data directory `dir` by
/// default); a database's first start takes in the folder store of earlier versions
/// (`players/` in `dir`, left in place).
fn open_store(options: &Options, dir: &Path) -> Result<Box<dyn PlayerStore>, ServeError> {
    let spec = options
        .store
        .clone()
        .unwrap_or_else(|| Spec::Sqlite(dir.join(DEFAULT_STORE_FILE)));
    let Some(db) = sokoshot_store::open(&spec)? else {
        let Spec::Folder(folder) = spec else {
            unreachable!("only the folder store has no database")
        };
        return Ok(Box::new(
            Players::with_cap(folder, options.max_players)
                .new_players_per_hour(options.new_players_per_hour),
        ));
    };
    let folder = dir.join("players");
    if let Some(imported) = import_folder(&*db, &folder)? {
        if imported.players > 0 {
            eprintln!(
                "sokoshot serve: {} taken into {} from {} (left in place)",
                sokoshot_core::words::count(imported.players, "player"),
                db.describe(),
                folder.display()
            );
        }
        for skipped in imported.skipped {
            eprintln!("sokoshot serve: not imported: {skipped}");
        }
    }
    let caps = records::Caps {
        max_players: options.max_players,
        new_players_per_hour: options.new_players_per_hour,
    };
    Ok(Box::new(RecordStore::new(db, caps)))
}

/// Reads the public keys of an `authorized_keys` file. Lines with options are refused, since
/// the server would not honour them.
fn read_authorized_keys(path: &Path) -> Result<Vec<PublicKey>, ServeError> {
    let fail = |why: String| ServeError::AuthorizedKeys {
        path: path.to_owned(),
        why,
    };
    let text = authorized_keys::read(path).map_err(|err| fail(err.to_string()))?;
    let mut keys = Vec::new();
    for entry in AuthorizedKeys::new(&text) {
        let entry = entry.map_err(|err| fail(format!("cannot read a key: {err}")))?;
        if !entry.config_opts().is_empty() {
            return Err(fail(format!(
                "key options ({}) are not supported; list bare keys",
                entry.config_opts().as_str()
            )));
        }
        keys.push(entry.public_key().clone());
    }
    if keys.is_empty() {
        return Err(fail("no key in the file".into()));
    }
    Ok(keys)
}

async fn serve(
    options: &Options,
    config: Arc<russh::server::Config>,
    shared: Arc<Shared>,
    allowed: Allowed,
    fingerprint: &str,
) -> io::Result<()> {
    let listener = TcpListener::bind(options.listen).await?;
    eprintln!(
        "sokoshot serve: listening on {}, host key {fingerprint}",
        listener.local_addr()?
    );
    let gate = Gate::new(Caps {
        sessions: options.max_sessions,
        per_address: options.max_per_ip,
        startups: options.max_startups,
        startups_per_address: options.max_startups_per_ip,
    });
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    let mut int = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt())?;
    let mut hup = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup())?;
    loop {
        tokio::select! {
            accepted = listener.accept() => {
                let Ok((stream, peer)) = accepted else { continue };
                // Admitted here, in the order the connections came, not in their tasks'.
                let Some(permit) = admit(&gate, stream, peer) else { continue };
                let context = Connection {
                    config: Arc::clone(&config),
                    shared: Arc::clone(&shared),
                    allowed: allowed.clone(),
                    gate: Arc::clone(&gate),
                    login_grace: options.login_grace,
                };
                tokio::spawn(context.run(permit, peer));
            }
            _ = term.recv() => break,
            _ = int.recv() => break,
            // The server's own terminal went away; it carries on.
            _ = hup.recv() => {}
        }
    }
    drop(listener);
    eprintln!(
        "sokoshot serve: shutting down {}",
        crate::words::count(gate.sessions(), "session")
    );
    shared.shutdown.store(true, Ordering::SeqCst);
    shared.wake.send_replace(true);
    let deadline = Instant::now() + SHUTDOWN_GRACE;
    while (gate.sessions() > 0 || shared.unlogged.load(Ordering::SeqCst) > 0)
        && Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let waiting = match &shared.players {
        Some(store) if store.pending() > 0 => {
            eprintln!(
                "sokoshot serve: waiting at most {} s for the progress of {} to reach the store",
                sokoshot_core::store::records::SHUTDOWN_WAIT.as_secs(),
                crate::words::count(store.pending(), "player")
            );
            // The sessions have ended: nothing else is left for the runtime to run.
            tokio::task::block_in_place(|| {
                store.finish(sokoshot_core::store::records::SHUTDOWN_WAIT)
            })
        }
        _ => 0,
    };
    if waiting > 0 {
        eprintln!(
            "sokoshot serve: the progress of {} could not be written to the store and is lost",
            crate::words::count(waiting, "player")
        );
    }
    Ok(())
}

/// Admits a new connection through the gate, or logs (at the gate's rate) why not and drops
/// it: the permit and the stream when admitted.
fn admit(gate: &Arc<Gate>, stream: TcpStream, peer: SocketAddr) -> Option<(Permit, TcpStream)> {
    let now = Instant::now();
    match gate.admit(peer.ip(), now) {
        Ok(permit) => Some((permit, stream)),
        Err(refusal) => {
            drop(stream);
            match gate.may_log(peer.ip(), now) {
                Some(0) => eprintln!("sokoshot serve: {peer} refused: {refusal}"),
                Some(unlogged) => eprintln!(
                    "sokoshot serve: {peer} refused: {refusal} ({} from this address not logged)",
                    crate::words::count(unlogged, "more refusal")
                ),
                None => {}
            }
            None
        }
    }
}

/// What a connection's task needs.
struct Connection {
    config: Arc<russh::server::Config>,
    shared: Arc<Shared>,
    allowed: Allowed,
    gate: Arc<Gate>,
    login_grace: Duration,
}

impl Connection {
    async fn run(self, (permit, stream): (Permit, TcpStream), peer: SocketAddr) {
        let begun = Instant::now();
        let eviction = permit.eviction();
        let counts = Arc::new(Counts::default());
        let Ok((stream, cutter)) = cuttable(stream) else {
            eprintln!("sokoshot serve: {peer} closed: the socket could not be set up");
            return;
        };
        let stream = Counted::new(stream, Arc::clone(&counts));
        let record = Arc::new(Record::default());
        let handler = Handler::new(
            Arc::clone(&self.shared),
            Arc::clone(&record),
            self.allowed.clone(),
            permit,
        )
        .from(peer.ip());
        let run = async {
            match russh::server::run_stream(self.config, stream, handler).await {
                Ok(session) => session.await.err().map(|err| err.to_string()),
                Err(err) => Some(err.to_string()),
            }
        };
        tokio::pin!(run);
        let deadline = tokio::time::Instant::from_std(begun + self.login_grace);
        let mut late = false;
        let mut evicted = false;
        let outcome = tokio::select! {
            outcome = &mut run => outcome,
            () = eviction.wait() => {
                // Its startup place was given to a connection from an address holding fewer.
                evicted = true;
                let _ = cutter.shutdown(std::net::Shutdown::Both);
                run.await
            }
            () = tokio::time::sleep_until(deadline) => {
                if !record.started.load(Ordering::SeqCst) {
                    // Whatever stage it is at (the banner, the key exchange, the login), the
                    // socket is shut: the connection's task then reads its end and stops.
                    late = true;
                    let _ = cutter.shutdown(std::net::Shutdown::Both);
                }
                run.await
            }
        };
        let player = record
            .player
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone();
        if player.is_none() || late || evicted {
            self.gate.failed(peer.ip(), Instant::now());
        }
        let end = wait_for_end(&record.end, record.started.load(Ordering::SeqCst)).await;
        let refused = record
            .refused
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .take();
        let how = match (end, refused, player.is_some(), &outcome) {
            (Some(end), _, _, _) => end.word().to_owned(),
            (None, _, _, _) if late => "login-deadline".to_owned(),
            (None, _, _, _) if evicted => "evicted".to_owned(),
            (None, Some(refusal), _, _) => format!("refused: {refusal}"),
            (None, None, false, _) => "not-logged-in".to_owned(),
            (None, None, true, Some(err)) => format!("error: {err}"),
            (None, None, true, None) => "no-session".to_owned(),
        };
        let (skipped, deferred, resized, held) = record
            .outbox
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .as_ref()
            .map_or((0, 0, 0, 0), |outbox| {
                let resized = outbox.resized();
                (outbox.skipped(), outbox.deferred(), resized, outbox.held())
            });
        eprintln!(
            "sokoshot serve: {peer} {} {:.1}s in={}B out={}B skipped={skipped} deferred={deferred} resized={resized} held={held} {how}",
            player.as_ref().map_or("-", |p| p.name()),
            begun.elapsed().as_secs_f64(),
            counts.read(),
            counts.written(),
        );
        if record.started.load(Ordering::SeqCst) {
            self.shared.unlogged.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

/// Waits (briefly) for a started session's thread to say how it ended.
async fn wait_for_end(end: &Mutex<Option<End>>, started: bool) -> Option<End> {
    for _ in 0..100 {
        let seen = *end
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if seen.is_some() || !started {
            return seen;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    None
}

/// The socket for the SSH session, and a second handle on it that can shut it whatever the
/// session is waiting for.
fn cuttable(stream: TcpStream) -> io::Result<(TcpStream, std::net::TcpStream)> {
    let stream = stream.into_std()?;
    let cutter = stream.try_clone()?;
    Ok((TcpStream::from_std(stream)?, cutter))
}
