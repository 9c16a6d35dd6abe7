//! What the server examples share: a russh client logged in as a guest over a socket that
//! counts the bytes it reads (and can stop reading, as a stopped client does), the reads of
//! its channel, and the server run as a child process.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use russh::client::{self, KeyboardInteractiveAuthResponse};
use russh::keys::PublicKeyOrCertificate;
use russh::{ChannelMsg, Disconnect};
use sokoshot::serve::counted::{Counted, Counts};
use tokio::net::{TcpSocket, TcpStream};

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

/// A TCP connection to the server on `port` from the loopback address `from`.
pub async fn connect_from(from: Ipv4Addr, port: u16) -> TcpStream {
    let socket = TcpSocket::new_v4().expect("socket");
    socket
        .bind(SocketAddr::from((from, 0)))
        .expect("bind a loopback address");
    socket
        .connect(SocketAddr::from((Ipv4Addr::LOCALHOST, port)))
        .await
        .expect("connect")
}

/// One logged-in session with a pty and a shell: its channel, and its socket's bytes with
/// the switch that stops its reads.
pub struct Session {
    pub handle: client::Handle<Client>,
    pub channel: russh::Channel<client::Msg>,
    pub counts: Arc<Counts>,
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
        let counts = Arc::new(Counts::default());
        stream.set_nodelay(true).expect("nodelay");
        let counted = Counted::new(stream, Arc::clone(&counts));
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
            counts,
        }
    }

    /// The wire bytes read so far.
    pub fn wire(&self) -> u64 {
        self.counts.read()
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
