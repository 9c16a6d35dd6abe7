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
//! grow (it skips frames instead), watched for 30 s, and the session's log line says how many
//! frames were skipped. (This watch is too long for `cargo test`; it lives here.)
//!
//! The server runs as a child process on 127.0.0.1 with a temporary data directory; the
//! clients are russh clients in this process, logged in as guests. Nothing leaves the machine.

use std::path::PathBuf;
use std::time::Duration;

use tokio::net::TcpStream;

#[path = "common/crowd.rs"]
mod crowd;
#[path = "common/proc_stats.rs"]
mod proc_stats;
#[path = "common/ssh_client.rs"]
mod ssh_client;
use crowd::{Empty, watch_idle};
use proc_stats::rss_kib;
use ssh_client::{Server, Session, read_for, read_until};

/// Idle sessions held open at once.
const SESSIONS: usize = 100;
/// How long the idle sessions are watched.
const IDLE: Duration = Duration::from_secs(10);

/// A logged-in session at 80×24 from 127.0.0.1.
async fn open(port: u16) -> Session {
    let stream = TcpStream::connect(("127.0.0.1", port))
        .await
        .expect("connect");
    Session::open(stream, (80, 24)).await
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
    let levels = levels.display().to_string();
    let server = Server::start(
        &dir,
        &[
            "--max-sessions",
            "200",
            "--max-per-ip",
            "200",
            "--levels",
            &levels,
        ],
    );
    let (pid, port) = (server.pid(), server.port);
    tokio::time::sleep(Duration::from_millis(500)).await;
    let empty = Empty::of(pid);

    let mut sessions = Vec::new();
    for _ in 0..SESSIONS {
        let mut session = open(port).await;
        read_until(&mut session.channel, "SSH").await;
        sessions.push(session);
    }
    let idle = watch_idle(pid, empty, &mut sessions, Duration::from_secs(2), IDLE).await;
    for session in sessions {
        session.close().await;
    }

    println!("{SESSIONS} idle sessions at 80x24, each on its menu:");
    idle.print("");

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
    let wire_start = shot.wire();
    shot.channel.data_bytes(&b" "[..]).await.expect("fire");
    let stream = read_for(&mut shot.channel, Duration::from_millis(4500)).await;
    let wire = shot.wire() - wire_start;
    let frames = stream.windows(8).filter(|w| *w == b"\x1b[?2026h").count();
    println!("one shot flying across the 40x5 corridor, 80x24, colour:");
    println!(
        "  {} bytes of frames in {frames} frames = {:.1} bytes/frame; {wire} bytes on the wire = {:.1} bytes/frame",
        stream.len(),
        stream.len() as f64 / frames.max(1) as f64,
        wire as f64 / frames.max(1) as f64,
    );
    shot.close().await;

    stalled_client(&server).await;
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

/// How long the server's memory is watched while a client reads nothing.
const STALL: Duration = Duration::from_secs(30);

/// A client that stops reading while the lab animates at 300×100: the stream first fills what
/// lies between the server and the client (the channel window, the sockets' buffers), then
/// the server must skip frames rather than queue them. Prints the server's memory once that
/// has settled and again after [`STALL`].
async fn stalled_client(server: &Server) {
    let (pid, port) = (server.pid(), server.port);
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
    stall.counts.pause(true);
    tokio::time::sleep(Duration::from_secs(6)).await;
    let settled = rss_kib(pid);
    tokio::time::sleep(STALL).await;
    let later = rss_kib(pid);
    stall.counts.pause(false);
    read_for(&mut stall.channel, Duration::from_millis(500)).await;
    println!("a client that stops reading while the lab animates at 300x100:");
    println!(
        "  server RSS {settled} KiB once the buffers are full, {later} KiB after {} s more ({:+} KiB)",
        STALL.as_secs(),
        i128::from(later) - i128::from(settled)
    );
    stall.close().await;
    // The session's log line says how many frames the server skipped for it.
    for _ in 0..100 {
        let log = server.log();
        if let Some(line) = log.iter().rev().find(|line| line.contains("skipped=")) {
            println!("  its log line: {line}");
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
