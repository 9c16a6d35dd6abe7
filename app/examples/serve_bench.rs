//! Measures `sokoshot serve`: the server's memory for each of 100 idle sessions, its CPU and
//! the bytes it sends while they sit idle, and the bytes per frame of a flying shot (the same
//! 40×5 corridor as the local figure in `benches/README.md`).
//!
//! Build the binary first, in the same profile, then run the example:
//!
//! ```text
//! cargo build && cargo run --example serve_bench
//! ```
//!
//! Last, a client that stops reading while frames keep coming: the server's memory must not
//! grow (it skips frames instead), watched for 30 s.
//!
//! The server runs as a child process on 127.0.0.1 with a temporary data directory; the
//! clients are russh clients in this process, logged in as guests. Nothing leaves the machine.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::pin::Pin;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use russh::client::{self, KeyboardInteractiveAuthResponse};
use russh::keys::PublicKeyOrCertificate;
use russh::{ChannelMsg, Disconnect};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

#[path = "common/proc_stats.rs"]
mod proc_stats;
use proc_stats::{cpu_ticks, rss_kib, threads};

/// Idle sessions held open at once.
const SESSIONS: usize = 100;
/// How long the idle sessions are watched.
const IDLE: Duration = Duration::from_secs(10);

struct Client;

impl client::Handler for Client {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// Bytes read from a socket, as the wire carries them; while `paused` is set nothing is read,
/// as from a client whose process is stopped.
struct Counted {
    inner: TcpStream,
    read: Arc<AtomicU64>,
    paused: Arc<Pause>,
}

/// Stops a client reading its socket, and lets it read again.
#[derive(Default)]
struct Pause {
    on: AtomicBool,
    waker: Mutex<Option<Waker>>,
}

impl Pause {
    fn set(&self, on: bool) {
        self.on.store(on, Ordering::SeqCst);
        if !on && let Some(waker) = self.waker.lock().expect("waker").take() {
            waker.wake();
        }
    }
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        if self.paused.on.load(Ordering::SeqCst) {
            *self.paused.waker.lock().expect("waker") = Some(cx.waker().clone());
            return Poll::Pending;
        }
        let before = buf.filled().len();
        let polled = Pin::new(&mut self.inner).poll_read(cx, buf);
        let n = buf.filled().len() - before;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        polled
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// One logged-in session with a pty and a shell: its channel, the wire bytes read, and the
/// channel's data bytes read.
struct Session {
    handle: client::Handle<Client>,
    channel: russh::Channel<client::Msg>,
    wire: Arc<AtomicU64>,
    pause: Arc<Pause>,
}

async fn open(port: u16) -> Session {
    let wire = Arc::new(AtomicU64::new(0));
    let pause = Arc::new(Pause::default());
    let stream = TcpStream::connect(("127.0.0.1", port))
        .await
        .expect("connect");
    stream.set_nodelay(true).expect("nodelay");
    let counted = Counted {
        inner: stream,
        read: Arc::clone(&wire),
        paused: Arc::clone(&pause),
    };
    let config = Arc::new(client::Config::default());
    let mut handle = client::connect_stream(config, counted, Client)
        .await
        .expect("handshake");
    let auth = handle
        .authenticate_keyboard_interactive_start("bench", None)
        .await
        .expect("auth");
    assert!(matches!(auth, KeyboardInteractiveAuthResponse::Success));
    let channel = handle.channel_open_session().await.expect("session");
    channel
        .request_pty(false, "xterm-256color", 80, 24, 0, 0, &[])
        .await
        .expect("pty");
    channel.request_shell(false).await.expect("shell");
    Session {
        handle,
        channel,
        wire,
        pause,
    }
}

/// Reads the channel until `text` has appeared; returns the data read.
async fn read_until(channel: &mut russh::Channel<client::Msg>, text: &str) -> Vec<u8> {
    let mut seen = Vec::new();
    while !String::from_utf8_lossy(&seen).contains(text) {
        match tokio::time::timeout(Duration::from_secs(20), channel.wait()).await {
            Ok(Some(ChannelMsg::Data { data })) => seen.extend_from_slice(&data),
            Ok(Some(_)) => {}
            other => panic!(
                "waited for {text:?} ({other:?}); got {:?}",
                String::from_utf8_lossy(&seen)
            ),
        }
    }
    seen
}

/// Reads whatever the channel sends for `span`.
async fn read_for(channel: &mut russh::Channel<client::Msg>, span: Duration) -> Vec<u8> {
    let mut seen = Vec::new();
    let end = Instant::now() + span;
    while let Ok(Some(msg)) = tokio::time::timeout(
        end.saturating_duration_since(Instant::now()),
        channel.wait(),
    )
    .await
    {
        if let ChannelMsg::Data { data } = msg {
            seen.extend_from_slice(&data);
        }
    }
    seen
}

/// The server's process, killed when dropped (also when a step of the benchmark fails).
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn start_server(dir: &std::path::Path, levels: &std::path::Path) -> (Server, u16) {
    let bin = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.parent()?.join("sokoshot")))
        .filter(|bin| bin.exists())
        .expect("build the binary first: cargo build");
    let mut child = Command::new(bin)
        .args(["serve", "--listen", "127.0.0.1:0"])
        .args(["--max-sessions", "200", "--max-per-ip", "200"])
        .arg("--levels")
        .arg(levels)
        .env("XDG_DATA_HOME", dir.join("data"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("server starts");
    let stderr = child.stderr.take().expect("stderr");
    let mut lines = BufReader::new(stderr).lines();
    let first = lines.next().and_then(Result::ok).expect("first log line");
    let port = first
        .split("127.0.0.1:")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .and_then(|port| port.parse().ok())
        .expect("port");
    // Keep reading the log so the server never blocks on a full pipe.
    std::thread::spawn(move || for _ in lines {});
    (Server(child), port)
}

fn corridor() -> String {
    let wall = "#".repeat(40);
    let open = format!("#{}#", " ".repeat(38));
    format!(
        "Title: Corridor\n{wall}\n#$.{}#\n#@{}#\n{open}\n{wall}\n",
        " ".repeat(36),
        " ".repeat(37)
    )
}

#[tokio::main]
async fn main() {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("sokoshot-serve-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let levels = dir.join("corridor.xsb");
    std::fs::write(&levels, corridor()).expect("level");
    let (server, port) = start_server(&dir, &levels);
    let pid = server.0.id();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss_empty = rss_kib(pid);
    let threads_empty = threads(pid);

    let mut sessions = Vec::new();
    for _ in 0..SESSIONS {
        let mut session = open(port).await;
        read_until(&mut session.channel, "SSH").await;
        sessions.push(session);
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let rss_full = rss_kib(pid);
    let threads_full = threads(pid);
    let wire_before: u64 = sessions
        .iter()
        .map(|s| s.wire.load(Ordering::Relaxed))
        .sum();
    let cpu_before = cpu_ticks(pid);
    let idle_start = Instant::now();
    let mut idle_data = 0;
    for session in &mut sessions {
        idle_data += read_for(&mut session.channel, Duration::ZERO).await.len();
    }
    tokio::time::sleep(IDLE.saturating_sub(idle_start.elapsed())).await;
    for session in &mut sessions {
        idle_data += read_for(&mut session.channel, Duration::from_millis(1))
            .await
            .len();
    }
    let cpu_ticks_idle = cpu_ticks(pid) - cpu_before;
    let idle_secs = idle_start.elapsed().as_secs_f64();
    let wire_after: u64 = sessions
        .iter()
        .map(|s| s.wire.load(Ordering::Relaxed))
        .sum();
    for session in sessions {
        let _ = session
            .handle
            .disconnect(Disconnect::ByApplication, "", "")
            .await;
    }

    println!("{SESSIONS} idle sessions at 80x24, each on its menu:");
    println!(
        "  server RSS: {rss_empty} KiB with none, {rss_full} KiB with {SESSIONS} = {:.0} KiB per session",
        (rss_full.saturating_sub(rss_empty)) as f64 / SESSIONS as f64
    );
    println!("  server threads: {threads_empty} with none, {threads_full} with {SESSIONS}");
    println!(
        "  over {idle_secs:.1} s idle: {} ms of CPU ({:.2} % of one core), {} bytes on the wire, {idle_data} bytes of frames",
        cpu_ticks_idle * 10,
        cpu_ticks_idle as f64 / idle_secs,
        wire_after - wire_before,
    );

    // A flying shot in the corridor: step once, then fire and record until it has landed.
    let mut shot = open(port).await;
    read_until(&mut shot.channel, "SSH").await;
    shot.channel
        .data_bytes(&b"jj\r"[..])
        .await
        .expect("choose the corridor");
    read_until(&mut shot.channel, "Corridor").await;
    shot.channel.data_bytes(&b"l"[..]).await.expect("step");
    read_for(&mut shot.channel, Duration::from_millis(500)).await;
    let wire_start = shot.wire.load(Ordering::Relaxed);
    shot.channel.data_bytes(&b" "[..]).await.expect("fire");
    let stream = read_for(&mut shot.channel, Duration::from_millis(4500)).await;
    let wire = shot.wire.load(Ordering::Relaxed) - wire_start;
    let frames = stream.windows(8).filter(|w| *w == b"\x1b[?2026h").count();
    println!("one shot flying across the 40x5 corridor, 80x24, colour:");
    println!(
        "  {} bytes of frames in {frames} frames = {:.1} bytes/frame; {wire} bytes on the wire = {:.1} bytes/frame",
        stream.len(),
        stream.len() as f64 / frames.max(1) as f64,
        wire as f64 / frames.max(1) as f64,
    );
    let _ = shot
        .handle
        .disconnect(Disconnect::ByApplication, "", "")
        .await;

    stalled_client(port, pid).await;
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// How long the server's memory is watched while a client reads nothing.
const STALL: Duration = Duration::from_secs(30);

/// A client that stops reading while the lab animates at 300×100: the stream first fills what
/// lies between the server and the client (the channel window, the sockets' buffers), then
/// the server must skip frames rather than queue them. Prints the server's memory once that
/// has settled and again after [`STALL`].
async fn stalled_client(port: u16, pid: u32) {
    let mut stall = open(port).await;
    read_until(&mut stall.channel, "SSH").await;
    stall
        .channel
        .window_change(300, 100, 0, 0)
        .await
        .expect("resize");
    stall.channel.data_bytes(&b"l"[..]).await.expect("lab");
    read_until(&mut stall.channel, "disk-aabb").await;
    stall.channel.data_bytes(&b"s"[..]).await.expect("motion");
    // Frames now come at 60 Hz; a frame redraws only what changed, so the text is not
    // looked for.
    read_for(&mut stall.channel, Duration::from_secs(1)).await;
    stall.pause.set(true);
    tokio::time::sleep(Duration::from_secs(6)).await;
    let settled = rss_kib(pid);
    tokio::time::sleep(STALL).await;
    let later = rss_kib(pid);
    stall.pause.set(false);
    read_for(&mut stall.channel, Duration::from_millis(500)).await;
    println!("a client that stops reading while the lab animates at 300x100:");
    println!(
        "  server RSS {settled} KiB once the buffers are full, {later} KiB after {} s more ({:+} KiB)",
        STALL.as_secs(),
        i128::from(later) - i128::from(settled)
    );
    let _ = stall
        .handle
        .disconnect(Disconnect::ByApplication, "", "")
        .await;
}
