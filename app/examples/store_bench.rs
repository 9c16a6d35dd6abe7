//! Measures `sokoshot serve` with players who have keys, so that every session goes through
//! the store: how many idle players it holds with each backend, and what a slow store does to
//! the frames of the sessions playing meanwhile.
//!
//! Build the binary first, in the same profile, then run the example
//! (`benches/store_bench.sh` starts a private PostgreSQL and runs both backends):
//!
//! ```text
//! cargo build && cargo run --example store_bench -- capacity sqlite
//! cargo run --example store_bench -- capacity postgres://postgres@127.0.0.1:5432/postgres
//! cargo run --example store_bench -- slow postgres://postgres@127.0.0.1:5432/postgres
//! ```
//!
//! 1. **capacity STORE** (`sqlite`: serve's default store; or a PostgreSQL URL):
//!    `serve --max-sessions 1000 --max-per-ip 50 --store STORE`; 1,000 sessions, each a new
//!    player with an Ed25519 key of its own (admitted to the store, its progress loaded, the
//!    menu's solved counts read), log in from 20 loopback addresses (50 each, each address one
//!    after another, the addresses at once) and sit on their menus at 80×24. It reports the
//!    server's memory per session (the growth of `VmRSS`), its threads, its CPU time over
//!    10 s while they are idle (`/proc/PID/stat`) and the bytes the clients receive meanwhile.
//! 2. **slow URL** (PostgreSQL): the server reaches the database through a TCP proxy in this
//!    process that can hold every chunk the server sends to it for [`SLOW`], so that every
//!    query and its answer take 2 s more. `WATCHERS` sessions step up and down on a level
//!    every 100 ms (nothing they do touches the store) and `SAVERS` sessions solve a level and
//!    start it again, over and over (each solve saves the progress and enters the scores).
//!    For each key a client sends, the time until the end of the first frame that answers it
//!    (`ESC[?2026l`, the end of a synchronized update) is its frame latency. First 20 s with
//!    the proxy passing everything at once, then 60 s with every chunk held 2 s: the p50, p99
//!    and worst frame latency of the watchers and of the savers in each.
//!
//! The server runs as a child process with a temporary data directory; the clients are russh
//! clients in this process. Nothing leaves the machine.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use russh::ChannelMsg;
use russh::keys::{Algorithm, PrivateKey};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

#[path = "common/crowd.rs"]
mod crowd;
#[path = "common/proc_stats.rs"]
mod proc_stats;
#[path = "common/ssh_client.rs"]
mod ssh_client;
use crowd::{ADDRESSES, Empty, IDLE, SESSIONS, open_crowd, watch_idle};
use ssh_client::{Server, Session, connect_from, read_for, read_until};

/// What the slowed store adds to every chunk the server sends to it.
const SLOW: Duration = Duration::from_secs(2);
/// Sessions stepping while the store is slow.
const WATCHERS: usize = 8;
/// Sessions solving and saving while the store is slow.
const SAVERS: usize = 8;
/// The end of a synchronized update: the end of one frame.
const FRAME_END: &[u8] = b"\x1b[?2026l";
/// How long a frame is waited for before it counts as never drawn.
const FRAME_PATIENCE: Duration = Duration::from_secs(180);

/// The level both kinds of session play: `k`/`j` walk up and down without touching the box,
/// `l` pushes it home.
const LEVEL: &str = "Title: Walk or push\n######\n#    #\n#@$. #\n######\n";

/// A new player's key.
fn new_key() -> Arc<PrivateKey> {
    Arc::new(PrivateKey::random(&mut rand::rng(), Algorithm::Ed25519).expect("a key"))
}

/// A session of a new player with a key, from `from`, at 80×24, on its menu, their
/// progress kept in the store (the example fails if the server refused to keep it).
async fn open_player(from: Ipv4Addr, port: u16) -> Session {
    let mut session =
        Session::open_as(connect_from(from, port).await, (80, 24), Some(new_key())).await;
    let menu = read_until(&mut session.channel, "kept").await;
    assert!(
        !String::from_utf8_lossy(&menu).contains("not kept"),
        "the server keeps the player's progress: {}",
        String::from_utf8_lossy(&menu)
    );
    session
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let dir = std::env::temp_dir().join(format!("sokoshot-store-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    match (args.first().map(String::as_str), args.get(1)) {
        (Some("capacity"), Some(store)) => capacity(&dir, store).await,
        (Some("slow"), Some(url)) if url.starts_with("postgres") => slow(&dir, url).await,
        _ => eprintln!(
            "usage: store_bench capacity sqlite|postgres://…  |  store_bench slow postgres://…"
        ),
    }
    let _ = std::fs::remove_dir_all(&dir);
}

async fn capacity(dir: &Path, store: &str) {
    let per_address = SESSIONS / ADDRESSES;
    let mut args = vec![
        "--max-sessions".to_owned(),
        SESSIONS.to_string(),
        "--max-per-ip".to_owned(),
        per_address.to_string(),
        "--max-players".to_owned(),
        (SESSIONS * 10).to_string(),
        "--new-players-per-hour".to_owned(),
        (per_address * 2).to_string(),
    ];
    if store != "sqlite" {
        args.extend(["--store".to_owned(), store.to_owned()]);
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let server = Server::start(dir, &args);
    let (pid, port) = (server.pid(), server.port);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let empty = Empty::of(pid);
    let (mut sessions, opened) =
        open_crowd(ADDRESSES, per_address, move |from| open_player(from, port)).await;
    let idle = watch_idle(pid, empty, &mut sessions, Duration::from_secs(3), IDLE).await;
    let kept = server
        .log()
        .iter()
        .filter(|line| line.contains("store") || line.contains("error"))
        .take(3)
        .cloned()
        .collect::<Vec<_>>();
    println!(
        "{SESSIONS} idle players with keys (store: {store}) from {ADDRESSES} loopback addresses at 80x24, each on its menu (opened in {:.1} s):",
        opened.as_secs_f64()
    );
    idle.print("");
    println!("  log lines naming the store: {kept:?}");
    for session in sessions {
        session.close().await;
    }
}

/// A TCP proxy to `target` that holds every chunk a client sends for `delay` (in ms, read as
/// each chunk arrives), in order; answers pass at once. Returns its port.
async fn proxy(target: SocketAddr, delay: Arc<AtomicU64>) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("proxy port");
    let port = listener.local_addr().expect("address").port();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let delay = Arc::clone(&delay);
            tokio::spawn(async move {
                let Ok(server) = TcpStream::connect(target).await else {
                    return;
                };
                let _ = client.set_nodelay(true);
                let _ = server.set_nodelay(true);
                let (mut client_read, mut client_write) = client.into_split();
                let (mut server_read, mut server_write) = server.into_split();
                let (send, mut held) = tokio::sync::mpsc::unbounded_channel::<(Instant, Vec<u8>)>();
                tokio::spawn(async move {
                    let mut buf = vec![0; 64 * 1024];
                    while let Ok(n) = client_read.read(&mut buf).await {
                        if n == 0 {
                            break;
                        }
                        let due =
                            Instant::now() + Duration::from_millis(delay.load(Ordering::SeqCst));
                        if send.send((due, buf[..n].to_vec())).is_err() {
                            break;
                        }
                    }
                });
                tokio::spawn(async move {
                    while let Some((due, bytes)) = held.recv().await {
                        tokio::time::sleep_until(due.into()).await;
                        if server_write.write_all(&bytes).await.is_err() {
                            break;
                        }
                    }
                    let _ = server_write.shutdown().await;
                });
                let _ = tokio::io::copy(&mut server_read, &mut client_write).await;
            });
        }
    });
    port
}

/// Sends `key` and waits for the end of the first frame after it (and for `text` in what is
/// read, when given). Returns the time that took, or `None` when no frame came in
/// [`FRAME_PATIENCE`].
async fn frame_after(session: &mut Session, key: &[u8], text: Option<&str>) -> Option<Duration> {
    let sent = Instant::now();
    session.channel.data_bytes(key.to_vec()).await.expect("key");
    let mut seen = Vec::new();
    loop {
        let left = FRAME_PATIENCE.checked_sub(sent.elapsed())?;
        match tokio::time::timeout(left, session.channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => {
                seen.extend_from_slice(&data);
                let framed = seen.windows(FRAME_END.len()).any(|w| w == FRAME_END);
                let found = text.is_none_or(|t| String::from_utf8_lossy(&seen).contains(t));
                if framed && found {
                    return Some(sent.elapsed());
                }
            }
            Ok(Some(_)) => {}
            _ => return None,
        }
    }
}

/// What one phase measured: frame latencies of the watchers and of the savers, and the
/// frames that never came.
#[derive(Default)]
struct Phase {
    watchers: Vec<Duration>,
    savers: Vec<Duration>,
    missed: usize,
}

fn summary(name: &str, mut all: Vec<Duration>) -> String {
    if all.is_empty() {
        return format!("{name}: no frame");
    }
    all.sort();
    let at = |q: f64| all[((all.len() as f64 * q).ceil() as usize).clamp(1, all.len()) - 1];
    format!(
        "{name}: {} frames, p50 {:.1} ms, p99 {:.1} ms, worst {:.1} ms",
        all.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3
    )
}

/// One session's part of a phase: steps up and down (a watcher) or solves and starts again
/// (a saver) until `end`. Gives the session back with its frame latencies and frames missed.
async fn play(mut session: Session, saver: bool, end: Instant) -> (Session, Vec<Duration>, usize) {
    let (mut got, mut missed, mut up) = (Vec::new(), 0, true);
    while Instant::now() < end {
        let keys: &[(&[u8], Option<&str>)] = if saver {
            &[(b"l", Some("Solved")), (b"r", None)]
        } else if up {
            &[(b"k", None)]
        } else {
            &[(b"j", None)]
        };
        up = !up;
        for (key, text) in keys {
            match frame_after(&mut session, key, *text).await {
                Some(took) => got.push(took),
                None => missed += 1,
            }
            // The rest of the move's frames, and a pause before the next key.
            read_for(&mut session.channel, Duration::from_millis(100)).await;
        }
    }
    (session, got, missed)
}

/// Runs the watchers and the savers for `span`; gives them back with what was measured.
async fn phase(
    watchers: Vec<Session>,
    savers: Vec<Session>,
    span: Duration,
) -> (Vec<Session>, Vec<Session>, Phase) {
    let end = Instant::now() + span;
    let watching: Vec<_> = watchers
        .into_iter()
        .map(|session| tokio::spawn(play(session, false, end)))
        .collect();
    let saving: Vec<_> = savers
        .into_iter()
        .map(|session| tokio::spawn(play(session, true, end)))
        .collect();
    let mut result = Phase::default();
    let (mut watchers, mut savers) = (Vec::new(), Vec::new());
    for task in watching {
        let (session, got, missed) = task.await.expect("a watcher");
        watchers.push(session);
        result.watchers.extend(got);
        result.missed += missed;
    }
    for task in saving {
        let (session, got, missed) = task.await.expect("a saver");
        savers.push(session);
        result.savers.extend(got);
        result.missed += missed;
    }
    (watchers, savers, result)
}

async fn slow(dir: &Path, url: &str) {
    let (before_host, after_host) = url.split_once('@').expect("postgres://USER@HOST:PORT/DB");
    let (host_port, db) = after_host.split_once('/').expect("a database in the URL");
    let target: SocketAddr = host_port.parse().expect("HOST:PORT as 127.0.0.1:5432");
    let delay = Arc::new(AtomicU64::new(0));
    let port = proxy(target, Arc::clone(&delay)).await;
    let through = format!("{before_host}@127.0.0.1:{port}/{db}");
    let level = dir.join("walk.xsb");
    std::fs::write(&level, LEVEL).expect("level");
    let server = Server::start(
        dir,
        &[
            "--store",
            &through,
            "--max-per-ip",
            "64",
            "--new-players-per-hour",
            "1000",
            "--levels",
            &level.display().to_string(),
        ],
    );
    let port = server.port;
    let mut watchers = Vec::new();
    let mut savers = Vec::new();
    for n in 0..WATCHERS + SAVERS {
        let mut session = open_player(Ipv4Addr::LOCALHOST, port).await;
        // The third entry of the menu: the `--levels` pack.
        session
            .channel
            .data_bytes(&b"jj\r"[..])
            .await
            .expect("open the level");
        read_until(&mut session.channel, "walk.xsb").await;
        read_for(&mut session.channel, Duration::from_millis(200)).await;
        if n < WATCHERS {
            watchers.push(session);
        } else {
            savers.push(session);
        }
    }
    let (watchers, savers, fast) = phase(watchers, savers, Duration::from_secs(20)).await;
    delay.store(SLOW.as_millis() as u64, Ordering::SeqCst);
    let (watchers, savers, slowed) = phase(watchers, savers, Duration::from_secs(60)).await;
    delay.store(0, Ordering::SeqCst);
    println!(
        "{WATCHERS} sessions stepping every 100 ms and {SAVERS} solving and saving, store {url} through a proxy:"
    );
    for (name, result) in [
        ("store at full speed, 20 s", fast),
        ("every chunk to the store held 2 s, 60 s", slowed),
    ] {
        println!("  {name}:");
        println!("    {}", summary("stepping sessions", result.watchers));
        println!(
            "    {}",
            summary("saving sessions (the solve and the restart)", result.savers)
        );
        println!(
            "    frames not drawn within {} s: {}",
            FRAME_PATIENCE.as_secs(),
            result.missed
        );
    }
    let pending: Vec<String> = server
        .log()
        .iter()
        .filter(|line| line.contains("unreachable") || line.contains("waiting progress"))
        .take(5)
        .cloned()
        .collect();
    println!("  log lines about waiting saves (first 5): {pending:?}");
    for session in watchers.into_iter().chain(savers) {
        session.close().await;
    }
}
