//! What the server examples share: a russh client logged in as a guest over a socket that
//! counts the bytes it reads (and can stop reading, as a stopped client does), the reads of
//! its channel, and the server run as a child process.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::pin::Pin;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use russh::client::{self, KeyboardInteractiveAuthResponse};
use russh::keys::PublicKeyOrCertificate;
use russh::{ChannelMsg, Disconnect};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

/// How long a read waits for text to appear before the example fails.
const PATIENCE: Duration = Duration::from_secs(60);

/// The client's handler: it takes any host key (the server is our own child).
pub struct Client;

impl client::Handler for Client {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// Stops a client reading its socket, and lets it read again.
#[derive(Default)]
pub struct Pause {
    on: AtomicBool,
    waker: Mutex<Option<Waker>>,
}

impl Pause {
    /// Stops (`true`) or resumes (`false`) the reads.
    pub fn set(&self, on: bool) {
        self.on.store(on, Ordering::SeqCst);
        if !on && let Some(waker) = self.waker.lock().expect("waker").take() {
            waker.wake();
        }
    }
}

/// Bytes read from a socket, as the wire carries them; while `paused` is set nothing is read,
/// as from a client whose process is stopped.
struct Counted {
    inner: TcpStream,
    read: Arc<AtomicU64>,
    paused: Arc<Pause>,
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
/// switch that stops its reads.
pub struct Session {
    pub handle: client::Handle<Client>,
    pub channel: russh::Channel<client::Msg>,
    pub wire: Arc<AtomicU64>,
    pub pause: Arc<Pause>,
}

impl Session {
    /// Logs in as a guest over `stream` and opens a `columns × rows` pty with a shell.
    pub async fn open(stream: TcpStream, size: (u32, u32)) -> Self {
        Self::open_as(stream, size, None).await
    }

    /// Logs in over `stream` with `key` (a player with a key, kept in the server's store),
    /// or as a guest without one, and opens a `columns × rows` pty with a shell.
    pub async fn open_as(
        stream: TcpStream,
        (columns, rows): (u32, u32),
        key: Option<Arc<russh::keys::PrivateKey>>,
    ) -> Self {
        let wire = Arc::new(AtomicU64::new(0));
        let pause = Arc::new(Pause::default());
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
        match key {
            Some(key) => {
                // An Ed25519 key: no RSA hash to choose.
                let auth = handle
                    .authenticate_publickey(
                        "bench",
                        russh::keys::PrivateKeyWithHashAlg::new(key, None),
                    )
                    .await
                    .expect("auth");
                assert!(auth.success(), "the server took the key: {auth:?}");
            }
            None => {
                let auth = handle
                    .authenticate_keyboard_interactive_start("bench", None)
                    .await
                    .expect("auth");
                assert!(matches!(auth, KeyboardInteractiveAuthResponse::Success));
            }
        }
        let channel = handle.channel_open_session().await.expect("session");
        channel
            .request_pty(false, "xterm-256color", columns, rows, 0, 0, &[])
            .await
            .expect("pty");
        channel.request_shell(false).await.expect("shell");
        Self {
            handle,
            channel,
            wire,
            pause,
        }
    }

    /// The wire bytes read so far.
    pub fn wire(&self) -> u64 {
        self.wire.load(Ordering::Relaxed)
    }

    /// Says goodbye.
    pub async fn close(self) {
        let _ = self
            .handle
            .disconnect(Disconnect::ByApplication, "", "")
            .await;
    }
}

/// The wire bytes `sessions` have read so far, together.
pub fn wire_total(sessions: &[Session]) -> u64 {
    sessions.iter().map(Session::wire).sum()
}

/// Reads the channel until `text` has appeared; returns the data read.
pub async fn read_until(channel: &mut russh::Channel<client::Msg>, text: &str) -> Vec<u8> {
    let mut seen = Vec::new();
    while !String::from_utf8_lossy(&seen).contains(text) {
        match tokio::time::timeout(PATIENCE, channel.wait()).await {
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

/// Reads whatever the channel sends for `span`; returns the data read.
pub async fn read_for(channel: &mut russh::Channel<client::Msg>, span: Duration) -> Vec<u8> {
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

/// The server's process (killed when dropped, also when a step of the example fails) and its
/// log lines so far.
pub struct Server {
    child: Child,
    pub port: u16,
    log: Arc<Mutex<Vec<String>>>,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    /// Starts `sokoshot serve ARGS` on a free port of 127.0.0.1, its data in `dir`.
    pub fn start(dir: &Path, args: &[&str]) -> Self {
        let bin = std::env::current_exe()
            .ok()
            .and_then(|exe| Some(exe.parent()?.parent()?.join("sokoshot")))
            .filter(|bin| bin.exists())
            .expect("build the binary first: cargo build");
        let mut child = Command::new(bin)
            .args(["serve", "--listen", "127.0.0.1:0"])
            .args(args)
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
        let log = Arc::new(Mutex::new(Vec::new()));
        let kept = Arc::clone(&log);
        // Keep reading the log so the server never blocks on a full pipe.
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                kept.lock().expect("log").push(line);
            }
        });
        Self { child, port, log }
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// The log lines so far.
    pub fn log(&self) -> Vec<String> {
        self.log.lock().expect("log").clone()
    }
}
