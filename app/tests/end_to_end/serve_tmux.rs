//! `sokoshot serve` driven by the real OpenSSH client in tmux: each test starts its own server
//! on a free port (`--listen 127.0.0.1:0`, the port read from its first log line) with a
//! private data directory, makes client keys with `ssh-keygen`, and connects from its own
//! tmux server.

use crate::common::{PATIENCE, TWO_LEVELS};
use crate::tmux;

use std::fs;
use std::io::Read;
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use tmux::{Pane, TempDir, available};

mod make;
mod reliability;
mod scores;
mod store;

/// Whether tmux and the OpenSSH client (`ssh`, `ssh-keygen`, `ssh-keyscan`) can be run here;
/// see [`tmux::require`] for what happens when they cannot.
fn ssh_available() -> bool {
    available()
        && ["ssh", "ssh-keygen", "ssh-keyscan"].iter().all(|tool| {
            tmux::require(
                &format!("the OpenSSH client ({tool})"),
                &["sh", "-c", &format!("command -v {tool}")],
            )
        })
}

/// A running `sokoshot serve`, stopped with SIGTERM when dropped.
struct Server {
    child: Child,
    log: PathBuf,
    port: u16,
}

impl Server {
    /// A server keeping its players in the folder store (`players/` in the data directory),
    /// which the tests that look at players' files read.
    fn start(dir: &Path, args: &[&str]) -> Self {
        let folder = format!("folder:{}", dir.join("data/sokoshot/players").display());
        let mut all = vec!["--store", &folder];
        all.extend(args);
        Self::start_with(dir, &all)
    }

    /// A server started with only `args` (its store the default one unless they say).
    fn start_with(dir: &Path, args: &[&str]) -> Self {
        let log = dir.join(format!("server-{}.log", args.len()));
        let _ = fs::remove_file(&log);
        let child = Command::new(env!("CARGO_BIN_EXE_sokoshot"))
            .arg("serve")
            .args(["--listen", "127.0.0.1:0"])
            .args(args)
            .env("XDG_DATA_HOME", dir.join("data"))
            .env("HOME", dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(fs::File::create(&log).expect("log file"))
            .spawn()
            .expect("server starts");
        let mut server = Self {
            child,
            log,
            port: 0,
        };
        let line = server.wait_for_log("listening on");
        let port = line
            .split("127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split(',').next())
            .and_then(|port| port.parse().ok())
            .expect("the log names the port");
        server.port = port;
        server
    }

    fn log_text(&self) -> String {
        fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Waits for a log line containing `text` and returns it.
    fn wait_for_log(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let log = self.log_text();
            if let Some(line) = log.lines().find(|line| line.contains(text)) {
                return line.to_owned();
            }
            assert!(
                start.elapsed() < PATIENCE,
                "waited for {text:?} in the server's log:\n{log}"
            );
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGTERM and waits for the server to exit; returns its exit code.
    fn terminate(&mut self) -> Option<i32> {
        signal(self.pid(), "TERM");
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.code();
            }
            assert!(start.elapsed() < PATIENCE, "the server did not stop");
            std::thread::sleep(Duration::from_millis(30));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn signal(pid: u32, name: &str) {
    let status = Command::new("kill")
        .args([&format!("-{name}"), &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success(), "kill -{name} {pid}");
}

/// Makes an ed25519 key pair at `dir/NAME` (and `NAME.pub`).
fn make_key(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    let status = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-C", name, "-f"])
        .arg(&path)
        .stdin(Stdio::null())
        .status()
        .expect("ssh-keygen runs");
    assert!(status.success());
    path
}

/// The options every client uses: no config files, no agent, a private known-hosts file.
fn ssh_options(dir: &Path, port: u16, key: Option<&Path>) -> Vec<String> {
    let mut args: Vec<String> = vec![
        "-F".into(),
        "/dev/null".into(),
        "-p".into(),
        port.to_string(),
        "-o".into(),
        "StrictHostKeyChecking=no".into(),
        "-o".into(),
        format!("UserKnownHostsFile={}", dir.join("known_hosts").display()),
        "-o".into(),
        "IdentityAgent=none".into(),
        "-o".into(),
        "LogLevel=ERROR".into(),
    ];
    match key {
        Some(key) => args.extend([
            "-o".into(),
            "IdentitiesOnly=yes".into(),
            "-i".into(),
            key.display().to_string(),
        ]),
        None => args.extend(["-o".into(), "PubkeyAuthentication=no".into()]),
    }
    args
}

fn quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// A tmux pane running an interactive `ssh -t` to the server, in a directory of its own.
fn connect(name: &str, dir: &Path, port: u16, key: Option<&Path>) -> Pane {
    let own = dir.join(format!("pane-{name}"));
    fs::create_dir_all(&own).expect("pane dir");
    let args: Vec<String> = ssh_options(dir, port, key)
        .iter()
        .map(|a| quote(a))
        .collect();
    let body = format!(
        "sh -c 'echo $$ > \"$0\"; exec \"$@\"' {pid} ssh -t {args} localhost\n\
         echo \"EXIT=$?\"\n\
         exec sleep 600\n",
        pid = quote(&own.join("game.pid").display().to_string()),
        args = args.join(" "),
    );
    Pane::start_script(name, &own, &body)
}

/// Runs `ssh ARGS` to completion (with no terminal), killing it if it outlives the patience.
fn run_ssh(dir: &Path, port: u16, key: Option<&Path>, extra: &[&str]) -> Output {
    let mut child = Command::new("ssh")
        .args(ssh_options(dir, port, key))
        .args(["-o", "BatchMode=yes"])
        .args(extra)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ssh runs");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > PATIENCE {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(30));
    }
    child.wait_with_output().expect("output")
}

#[test]
fn a_player_connects_solves_a_level_opens_the_lab_resizes_and_quits() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-play");
    let levels = dir.join("tiny.xsb");
    fs::write(&levels, TWO_LEVELS).expect("levels");
    let key = make_key(&dir.0, "player");
    let server = Server::start(&dir.0, &["--levels", &levels.display().to_string()]);
    let pane = connect("serve-play", &dir.0, server.port, Some(&key));
    let menu = pane.wait_for("sokoshot over SSH");
    assert!(menu.contains("Play tiny.xsb"), "{menu}");
    assert!(menu.contains("your progress is kept"), "{menu}");
    pane.keys(&["j", "j", "Enter"]);
    let screen = pane.wait_for("tiny.xsb 1/2");
    assert!(screen.contains("██@▴[]··██"), "{screen}");
    // Ctrl-Z is the session's key: it stops neither the server nor the game.
    pane.keys(&["C-z"]);
    pane.keys(&["l"]);
    let screen = pane.wait_for("Solved");
    assert!(screen.contains("Moves 1  Pushes 1  Shots 0"), "{screen}");
    let state = fs::read_to_string(format!("/proc/{}/stat", server.pid())).expect("stat");
    assert!(!state.contains(") T "), "the server was stopped: {state}");
    pane.keys(&["q"]);
    pane.wait_for("Open the collision lab");
    pane.keys(&["l"]);
    let lab = pane.wait_for("disk-aabb");
    let column = |screen: &str| {
        screen
            .lines()
            .find(|line| line.contains("disk-aabb"))
            .and_then(|line| line.chars().position(|c| c == '│'))
    };
    let before = column(&lab).expect("panel");
    pane.tmux(&["resize-window", "-t", "main", "-x", "100", "-y", "30"]);
    let start = Instant::now();
    loop {
        let screen = pane.screen();
        if column(&screen).is_some_and(|at| at == before + 20) {
            break;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "the lab did not follow the resize:\n{screen}"
        );
        std::thread::sleep(Duration::from_millis(30));
    }
    pane.keys(&["q"]);
    pane.wait_for("Open the collision lab");
    pane.keys(&["q"]);
    let end = pane.wait_for("EXIT=0");
    assert!(end.contains("sokoshot: thanks for playing."), "{end}");
    let line = server.wait_for_log(" quit");
    assert!(
        line.contains("SHA256:"),
        "the key's fingerprint is logged: {line}"
    );
    assert!(line.contains("in=") && line.contains("out="), "{line}");
    let players = dir.join("data/sokoshot/players");
    let homes: Vec<_> = fs::read_dir(&players)
        .expect("players")
        .filter_map(Result::ok)
        .collect();
    assert_eq!(homes.len(), 1, "one directory for the key");
    let progress = fs::read_to_string(homes[0].path().join("progress.txt")).expect("progress");
    assert!(progress.contains("moves=1 pushes=1"), "{progress}");
}

#[test]
fn a_guest_plays_without_a_key_and_nothing_is_saved() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-guest");
    let levels = dir.join("tiny.xsb");
    fs::write(&levels, TWO_LEVELS).expect("levels");
    let server = Server::start(&dir.0, &["--levels", &levels.display().to_string()]);
    let pane = connect("serve-guest", &dir.0, server.port, None);
    pane.wait_for("Playing as a guest");
    pane.keys(&["j", "j", "Enter"]);
    pane.wait_for("tiny.xsb 1/2");
    pane.keys(&["l"]);
    pane.wait_for("Solved");
    pane.keys(&["q"]);
    pane.wait_for("Open the collision lab");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    let line = server.wait_for_log(" quit");
    assert!(line.contains(" guest "), "{line}");
    assert!(
        !dir.join("data/sokoshot/players").exists()
            || fs::read_dir(dir.join("data/sokoshot/players"))
                .expect("dir")
                .next()
                .is_none()
    );
}

#[test]
fn a_command_is_refused() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-exec");
    let key = make_key(&dir.0, "player");
    let server = Server::start(&dir.0, &[]);
    let out = run_ssh(&dir.0, server.port, Some(&key), &["localhost", "ls"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(out.stdout.is_empty(), "nothing was run");
    assert!(stderr.contains("exec request failed"), "{stderr}");
    let out = run_ssh(
        &dir.0,
        server.port,
        Some(&key),
        &["-s", "localhost", "sftp"],
    );
    assert!(!out.status.success());
}

#[test]
fn port_forwarding_is_refused_both_ways() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-forward");
    let key = make_key(&dir.0, "player");
    let server = Server::start(&dir.0, &[]);
    // -R: the server refuses to listen for the client.
    let out = run_ssh(
        &dir.0,
        server.port,
        Some(&key),
        &[
            "-N",
            "-o",
            "ExitOnForwardFailure=yes",
            "-R",
            "127.0.0.1:0:127.0.0.1:9",
            "localhost",
        ],
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("forwarding failed"), "{stderr}");
    // -L: the client listens, but each connection through it is refused by the server.
    let local = std::net::TcpListener::bind("127.0.0.1:0").expect("free port");
    let local_port = local.local_addr().expect("addr").port();
    drop(local);
    // At the default log level, so that the client reports the refusal.
    let mut options = ssh_options(&dir.0, server.port, Some(&key));
    if let Some(at) = options.iter().position(|option| option == "LogLevel=ERROR") {
        options.drain(at - 1..=at);
    }
    let mut child = Command::new("ssh")
        .args(options)
        .args(["-o", "LogLevel=INFO", "-o", "BatchMode=yes", "-N", "-L"])
        .arg(format!("127.0.0.1:{local_port}:127.0.0.1:{}", server.port))
        .arg("localhost")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ssh -L runs");
    let start = Instant::now();
    let mut stream = loop {
        if let Ok(stream) = TcpStream::connect(("127.0.0.1", local_port)) {
            break stream;
        }
        assert!(start.elapsed() < PATIENCE, "ssh -L never listened");
        std::thread::sleep(Duration::from_millis(50));
    };
    stream.set_read_timeout(Some(PATIENCE)).expect("timeout");
    let mut got = Vec::new();
    let read = stream.read_to_end(&mut got);
    assert!(
        read.is_ok(),
        "the forwarded connection was closed: {read:?}"
    );
    assert!(
        got.is_empty(),
        "nothing came through: {:?}",
        String::from_utf8_lossy(&got)
    );
    let _ = child.kill();
    let out = child.wait_with_output().expect("output");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("administratively prohibited"), "{stderr}");
}

/// The host key's fingerprint as a client sees it.
fn scanned_fingerprint(dir: &Path, port: u16) -> String {
    let scan = Command::new("ssh-keyscan")
        .args(["-t", "ed25519", "-p", &port.to_string(), "127.0.0.1"])
        .output()
        .expect("ssh-keyscan runs");
    let keys = dir.join("scanned");
    fs::write(&keys, &scan.stdout).expect("scan saved");
    let out = Command::new("ssh-keygen")
        .arg("-lf")
        .arg(&keys)
        .output()
        .expect("ssh-keygen runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.split_whitespace()
        .find(|word| word.starts_with("SHA256:"))
        .unwrap_or_else(|| panic!("no fingerprint in {text:?}"))
        .to_owned()
}

#[test]
fn the_host_key_fingerprint_is_the_same_after_a_restart() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-hostkey");
    let mut first = Server::start(&dir.0, &[]);
    let seen = scanned_fingerprint(&dir.0, first.port);
    assert!(first.wait_for_log("listening").contains(&seen));
    assert_eq!(first.terminate(), Some(0));
    let mode = {
        use std::os::unix::fs::PermissionsExt;
        fs::metadata(dir.join("data/sokoshot/host_ed25519_key"))
            .expect("key kept")
            .permissions()
            .mode()
    };
    assert_eq!(mode & 0o777, 0o600);
    let second = Server::start(&dir.0, &["--max-sessions", "3"]);
    assert_eq!(scanned_fingerprint(&dir.0, second.port), seen);
}

#[test]
fn under_authorized_keys_a_listed_key_gets_in_and_another_is_refused() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-authorized");
    let listed = make_key(&dir.0, "listed");
    let other = make_key(&dir.0, "other");
    let allowed = dir.join("authorized_keys");
    fs::copy(listed.with_extension("pub"), &allowed).expect("authorized");
    let server = Server::start(
        &dir.0,
        &["--authorized-keys", &allowed.display().to_string()],
    );
    let out = run_ssh(&dir.0, server.port, Some(&other), &["-t", "localhost"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(stderr.contains("Permission denied"), "{stderr}");
    let guest = run_ssh(&dir.0, server.port, None, &["-t", "localhost"]);
    assert!(!guest.status.success(), "no guests under --authorized-keys");
    let pane = connect("serve-authorized", &dir.0, server.port, Some(&listed));
    pane.wait_for("your progress is kept");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

#[test]
fn the_per_address_cap_refuses_a_second_session() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-per-ip");
    let key = make_key(&dir.0, "player");
    let server = Server::start(&dir.0, &["--max-per-ip", "1"]);
    let pane = connect("serve-per-ip", &dir.0, server.port, Some(&key));
    pane.wait_for("sokoshot over SSH");
    let out = run_ssh(&dir.0, server.port, Some(&key), &["-t", "localhost"]);
    assert!(!out.status.success());
    assert!(
        server
            .wait_for_log("refused")
            .contains("this address already has 1 sessions")
    );
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

#[test]
fn an_idle_session_is_closed_with_a_message() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-idle");
    let key = make_key(&dir.0, "player");
    let server = Server::start(&dir.0, &["--idle-timeout", "2"]);
    let pane = connect("serve-idle", &dir.0, server.port, Some(&key));
    pane.wait_for("sokoshot over SSH");
    let end = pane.wait_for("EXIT=0");
    assert!(end.contains("no key was pressed for a while"), "{end}");
    assert!(server.wait_for_log("idle-timeout").contains("SHA256:"));
}

#[test]
fn sigterm_ends_every_session_with_a_message_and_the_server_exits() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-term");
    let key = make_key(&dir.0, "player");
    let mut server = Server::start(&dir.0, &[]);
    let pane = connect("serve-term", &dir.0, server.port, Some(&key));
    pane.wait_for("sokoshot over SSH");
    assert_eq!(server.terminate(), Some(0));
    let end = pane.wait_for("EXIT=");
    assert!(end.contains("the server is shutting down"), "{end}");
    assert!(server.log_text().contains("shutdown"));
}

#[test]
fn a_dropped_connection_ends_its_session_and_frees_its_place() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-dropped");
    let key = make_key(&dir.0, "player");
    let server = Server::start(&dir.0, &["--max-per-ip", "1"]);
    let first = connect("serve-dropped-1", &dir.0, server.port, Some(&key));
    first.wait_for("sokoshot over SSH");
    signal(first.game_pid(), "KILL");
    assert!(server.wait_for_log(" closed").contains("SHA256:"));
    let second = connect("serve-dropped-2", &dir.0, server.port, Some(&key));
    second.wait_for("sokoshot over SSH");
    second.keys(&["q"]);
    second.wait_for("EXIT=0");
}

/// Opens `per_address` TCP connections to the server from each of 127.0.0.2, 127.0.0.3, …
/// (`addresses` of them) that never log in: every other one sends an SSH version line and then
/// nothing, so that the server waits in its key exchange; the rest send nothing at all.
fn silent_connections(port: u16, addresses: u8, per_address: usize) -> Vec<TcpStream> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let mut streams = Vec::new();
    for host in 2..2 + addresses {
        for _ in 0..per_address {
            let stream = runtime.block_on(async {
                let socket = tokio::net::TcpSocket::new_v4().expect("socket");
                socket
                    .bind(std::net::SocketAddr::from(([127, 0, 0, host], 0)))
                    .expect("a loopback source address");
                socket
                    .connect(std::net::SocketAddr::from(([127, 0, 0, 1], port)))
                    .await
                    .expect("connects")
            });
            let mut stream = stream.into_std().expect("std stream");
            stream.set_nonblocking(false).expect("blocking");
            if streams.len() % 2 == 1 {
                std::io::Write::write_all(&mut stream, b"SSH-2.0-silent\r\n").expect("version");
            }
            streams.push(stream);
        }
    }
    streams
}

/// Reads what the server sent so far; false once the server has closed the connection.
fn still_open(stream: &mut TcpStream) -> bool {
    stream.set_nonblocking(true).expect("nonblocking");
    let mut buffer = [0; 4096];
    let open = loop {
        match stream.read(&mut buffer) {
            Ok(0) => break false,
            Ok(_) => {}
            Err(err) if err.kind() == std::io::ErrorKind::WouldBlock => break true,
            Err(_) => break false,
        }
    };
    stream.set_nonblocking(false).expect("blocking");
    open
}

/// Waits (up to the patience) for the server to close the connection.
fn closed_by_server(stream: &mut TcpStream) -> bool {
    stream.set_read_timeout(Some(PATIENCE)).expect("timeout");
    let mut buffer = [0; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return true,
            Ok(_) => {}
            Err(err)
                if matches!(
                    err.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return false;
            }
            Err(_) => return true,
        }
    }
}

#[test]
fn connections_that_never_log_in_are_closed_at_the_login_deadline_and_take_no_player_place() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-silent");
    let key = make_key(&dir.0, "player");
    let grace = 10;
    let server = Server::start(&dir.0, &["--login-grace", &grace.to_string()]);
    // 64 connections from 16 addresses: as many as the default session cap.
    let mut silent = silent_connections(server.port, 16, 4);
    let opened = Instant::now();
    let pane = connect("serve-silent", &dir.0, server.port, Some(&key));
    pane.wait_for("sokoshot over SSH");
    assert!(
        opened.elapsed() < Duration::from_secs(grace),
        "the player logged in only after the deadline; the test proves nothing"
    );
    for (n, stream) in silent.iter_mut().enumerate() {
        assert!(still_open(stream), "silent connection {n} was closed early");
    }
    for (n, stream) in silent.iter_mut().enumerate() {
        assert!(
            closed_by_server(stream),
            "silent connection {n} is still open {:.1}s after it was opened",
            opened.elapsed().as_secs_f64()
        );
    }
    let start = Instant::now();
    loop {
        let log = server.log_text();
        let late = log
            .lines()
            .filter(|line| line.contains("login-deadline"))
            .count();
        if late == 64 {
            break;
        }
        assert!(
            start.elapsed() < PATIENCE,
            "{late} of 64 connections logged as closed at the login deadline:\n{log}"
        );
        std::thread::sleep(Duration::from_millis(30));
    }
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
}

/// Runs `sokoshot serve` that is expected to refuse to start; returns its exit code and
/// standard error, or fails if it is still running after the patience.
fn serve_refusing(dir: &Path) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_sokoshot"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("HOME", dir)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("server starts");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > PATIENCE {
            let _ = child.kill();
            panic!("serve neither started nor refused to");
        }
        std::thread::sleep(Duration::from_millis(30));
    }
    let out = child.wait_with_output().expect("output");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_fifo_or_a_short_rsa_key_at_the_host_key_path_is_refused_at_once() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-bad-host-key");
    let key_dir = dir.0.join("data").join("sokoshot");
    fs::create_dir_all(&key_dir).expect("data dir");
    let path = key_dir.join("host_ed25519_key");
    let made = Command::new("mkfifo").arg(&path).status().expect("mkfifo");
    assert!(made.success());
    let (code, err) = serve_refusing(&dir.0);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    fs::remove_file(&path).expect("fifo removed");
    let status = Command::new("ssh-keygen")
        .args(["-q", "-t", "rsa", "-b", "1024", "-N", "", "-f"])
        .arg(&path)
        .stdin(Stdio::null())
        .status()
        .expect("ssh-keygen runs");
    assert!(status.success());
    let (code, err) = serve_refusing(&dir.0);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("1024 bits is too weak"), "{err}");
}

#[test]
fn a_player_s_position_is_kept_when_the_client_is_killed_and_at_the_idle_timeout() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-keep");
    let levels = dir.join("long.xsb");
    fs::write(&levels, "#########\n#@  $  .#\n#########\n").expect("levels");
    let key = make_key(&dir.0, "player");
    let server = Server::start(
        &dir.0,
        &[
            "--levels",
            &levels.display().to_string(),
            "--idle-timeout",
            "4",
        ],
    );
    // A killed client.
    let first = connect("serve-keep-1", &dir.0, server.port, Some(&key));
    first.wait_for("sokoshot over SSH");
    first.keys(&["j", "j", "Enter"]);
    first.wait_for("Moves 0");
    first.keys(&["l"]);
    first.wait_for("Moves 1");
    signal(first.game_pid(), "KILL");
    server.wait_for_log(" closed");
    // The idle timeout.
    let second = connect("serve-keep-2", &dir.0, server.port, Some(&key));
    second.wait_for("sokoshot over SSH");
    second.keys(&["j", "j", "Enter"]);
    let screen = second.wait_for("Moves 1");
    assert!(screen.contains("resumed where you left off"), "{screen}");
    second.keys(&["l"]);
    second.wait_for("Moves 2");
    let end = second.wait_for("EXIT=0");
    assert!(end.contains("no key was pressed for a while"), "{end}");
    let third = connect("serve-keep-3", &dir.0, server.port, Some(&key));
    third.wait_for("sokoshot over SSH");
    third.keys(&["j", "j", "Enter"]);
    let screen = third.wait_for("Moves 2");
    assert!(screen.contains("resumed where you left off"), "{screen}");
    third.keys(&["q"]);
}

#[test]
fn sigterm_while_a_hint_runs_keeps_that_session_s_log_line() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-term-hint");
    // A wide room with many boxes: a hint here searches for a while.
    let mut level = String::from("####################\n");
    level.push_str("#@                 #\n");
    for _ in 0..6 {
        level.push_str("#  $ $ $ $ $ $ $   #\n#  . . . . . . .   #\n");
    }
    level.push_str("####################\n");
    let levels = dir.join("room.xsb");
    fs::write(&levels, level).expect("levels");
    let key = make_key(&dir.0, "player");
    let mut server = Server::start(&dir.0, &["--levels", &levels.display().to_string()]);
    let pane = connect("serve-term-hint", &dir.0, server.port, Some(&key));
    pane.wait_for("sokoshot over SSH");
    pane.keys(&["j", "j", "Enter"]);
    pane.wait_for("room.xsb");
    pane.keys(&["i"]);
    assert_eq!(server.terminate(), Some(0));
    let log = server.log_text();
    assert!(
        log.lines()
            .any(|line| line.contains("SHA256:") && line.ends_with(" shutdown")),
        "the session's line is in the log:\n{log}"
    );
}

#[test]
fn a_session_s_frames_are_held_to_its_byte_rate_and_skipped_past_it() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-rate");
    let key = make_key(&dir.0, "player");
    let rate = 8192;
    let server = Server::start(&dir.0, &["--max-bytes-per-second", &rate.to_string()]);
    let pane = connect("serve-rate", &dir.0, server.port, Some(&key));
    pane.wait_for("sokoshot over SSH");
    // A large window and a moving lab scene: far more than 8 KiB of frames a second.
    pane.tmux(&["resize-window", "-t", "main", "-x", "300", "-y", "100"]);
    pane.keys(&["l"]);
    pane.wait_for("disk-aabb");
    pane.keys(&["s"]);
    pane.wait_for("motion on");
    std::thread::sleep(Duration::from_secs(3));
    pane.keys(&["q"]);
    pane.wait_for("Open the collision lab");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    let line = server.wait_for_log(" quit");
    let field = |name: &str| -> f64 {
        line.split_whitespace()
            .find_map(|word| word.strip_prefix(name))
            .and_then(|value| value.trim_end_matches('B').parse().ok())
            .unwrap_or_else(|| panic!("{name} in {line}"))
    };
    let (out, skipped) = (field("out="), field("skipped="));
    let secs = line
        .split_whitespace()
        .find_map(|word| word.strip_suffix('s')?.parse::<f64>().ok())
        .expect("duration");
    // Frames at the rate, a second's burst, and the SSH framing and key exchange on top.
    let most = 2.0 * (f64::from(rate) * (secs + 1.0)) + 16_384.0;
    assert!(
        out <= most,
        "{out} bytes out in {secs} s, more than {most}: {line}"
    );
    assert!(skipped > 0.0, "frames past the rate are skipped: {line}");
}

/// Logs in with `key` in a pane named `name`, reads the menu and quits; the menu's screen.
fn log_in_once(name: &str, dir: &Path, port: u16, key: &Path) -> String {
    let pane = connect(name, dir, port, Some(key));
    let screen = pane.wait_for("Quit  (q)");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    screen
}

/// The players' directories kept by a server whose data directory is under `dir`.
fn player_homes(dir: &Path) -> usize {
    fs::read_dir(dir.join("data/sokoshot/players")).map_or(0, |entries| entries.count())
}

#[test]
fn open_mode_new_players_per_address_are_limited_by_the_flag_and_each_refusal_is_logged() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-newcomers");
    let server = Server::start(&dir.0, &["--new-players-per-hour", "2"]);
    for n in 0..2 {
        let key = make_key(&dir.0, &format!("fresh{n}"));
        let screen = log_in_once(&format!("serve-new-{n}"), &dir.0, server.port, &key);
        assert!(screen.contains("your progress is kept"), "{screen}");
    }
    assert_eq!(player_homes(&dir.0), 2);
    let key = make_key(&dir.0, "fresh2");
    let screen = log_in_once("serve-new-2", &dir.0, server.port, &key);
    assert!(
        screen.contains("progress is not kept: this address made 2 new players this hour"),
        "{screen}"
    );
    assert_eq!(player_homes(&dir.0), 2, "no directory for the third key");
    let line = server.wait_for_log("refused: this address made 2 new players");
    assert!(line.contains("127.0.0.1 new player SHA256:"), "{line}");
    // A kept player is not new: the first key still gets in with its progress kept.
    let screen = log_in_once("serve-new-again", &dir.0, server.port, &dir.join("fresh0"));
    assert!(screen.contains("your progress is kept"), "{screen}");
}

#[test]
fn open_mode_a_flood_of_fresh_keys_never_forgets_a_player_who_saved_lately() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-flood");
    let levels = dir.join("long.xsb");
    fs::write(
        &levels,
        "#####\n#@$.#\n#####\n\n#########\n#@  $  .#\n#########\n",
    )
    .expect("levels");
    let server = Server::start(
        &dir.0,
        &[
            "--levels",
            &levels.display().to_string(),
            "--max-players",
            "3",
            "--new-players-per-hour",
            "100",
        ],
    );
    // A real player solves a level and quits: that is saved (opening a level is not).
    let real = make_key(&dir.0, "real");
    let pane = connect("serve-flood-real", &dir.0, server.port, Some(&real));
    pane.wait_for("sokoshot over SSH");
    pane.keys(&["j", "j", "Enter"]);
    pane.wait_for("Moves 0");
    pane.keys(&["l"]);
    pane.wait_for("Solved");
    pane.keys(&["q"]);
    pane.wait_for("Open the collision lab");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    // A flood of fresh keys that save nothing: each takes the place of another one.
    for n in 0..6 {
        let key = make_key(&dir.0, &format!("fresh{n}"));
        let screen = log_in_once(&format!("serve-flood-{n}"), &dir.0, server.port, &key);
        assert!(screen.contains("your progress is kept"), "{screen}");
    }
    assert_eq!(player_homes(&dir.0), 3);
    let log = server.log_text();
    let forgotten: Vec<&str> = log.lines().filter(|l| l.contains(" forgotten ")).collect();
    assert_eq!(forgotten.len(), 4, "{log}");
    assert!(
        forgotten.iter().all(|l| l.contains("(nothing saved)")),
        "{log}"
    );
    // Once every place is held by someone who solved something, a new key is refused and
    // told why.
    let homes = dir.join("data/sokoshot/players");
    for home in fs::read_dir(&homes).expect("homes") {
        let progress = home.expect("home").path().join("progress.txt");
        let text = fs::read_to_string(&progress).unwrap_or_default();
        if !text.contains("\nlevel ") {
            let solved = "sokoshot-progress 1\npack built-in:Microban\n\
                          level 1 id=6f1d0a3b9c2e4d58 moves=33 pushes=8 shots=0\n";
            fs::write(&progress, solved).expect("saved");
        }
    }
    let late = make_key(&dir.0, "late");
    let screen = log_in_once("serve-flood-late", &dir.0, server.port, &late);
    assert!(
        screen.contains("progress is not kept: all 3 places are held"),
        "{screen}"
    );
    server.wait_for_log("refused: all 3 places are held by players who saved lately");
    // The real player comes back to what they solved.
    let again = connect("serve-flood-again", &dir.0, server.port, Some(&real));
    again.wait_for("sokoshot over SSH");
    let screen = again.wait_for("long.xsb  1/2");
    assert!(screen.contains("your progress is kept"), "{screen}");
    again.keys(&["q"]);
}

#[test]
fn server_hints_run_one_at_a_time_per_player_and_a_waiting_one_says_where_it_stands() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-hint-line");
    // Microban 153, the goal corridor: the solver needs millions of positions (about 6 s on
    // two idle cores), so a served hint gives up here at its 2 s.
    let level = "#############\n#.# @#  #   #\n#.#$$   # $ #\n#.#  # $#   #\n#.# $#  # $##\n\
                 #.#  # $#  #\n#.# $#  # $#\n#..  # $   #\n#..  #  #  #\n############\n";
    let levels = dir.join("room.xsb");
    fs::write(&levels, level).expect("levels");
    let key = make_key(&dir.0, "player");
    let server = Server::start(&dir.0, &["--levels", &levels.display().to_string()]);
    // The same player in two sessions: their second hint waits for their first, although
    // the server's pool has a place free.
    let panes: Vec<Pane> = (0..2)
        .map(|n| {
            let pane = connect(
                &format!("serve-hint-line-{n}"),
                &dir.0,
                server.port,
                Some(&key),
            );
            pane.wait_for("sokoshot over SSH");
            pane.keys(&["j", "j", "Enter"]);
            pane.wait_for("Moves 0");
            pane
        })
        .collect();
    panes[0].keys(&["i"]);
    panes[0].wait_for("hint: thinking");
    panes[1].keys(&["i"]);
    panes[1].wait_for("hint queued: 1st in line");
    // Its turn comes once the first is answered, and it gets its own 2 s.
    panes[0].wait_for("no hint found in time");
    panes[1].wait_for("no hint found in time");
    for pane in &panes {
        pane.keys(&["q"]);
        pane.wait_for("Open the collision lab");
        pane.keys(&["q"]);
        pane.wait_for("EXIT=0");
    }
}

#[test]
fn a_pasted_move_and_a_snapshot_are_kept_for_the_player_over_ssh() {
    if !ssh_available() {
        return;
    }
    let dir = TempDir::new("serve-snapshot");
    let levels = dir.join("long.xsb");
    fs::write(&levels, "#########\n#@  $  .#\n#       #\n#########\n").expect("levels");
    let key = make_key(&dir.0, "player");
    let server = Server::start(&dir.0, &["--levels", &levels.display().to_string()]);
    let first = connect("serve-snapshot-1", &dir.0, server.port, Some(&key));
    first.wait_for("sokoshot over SSH");
    first.keys(&["j", "j", "Enter"]);
    first.wait_for("Moves 0");
    // A paste over SSH is played as moves, not typed as keys.
    first.paste("2r");
    first.wait_for("pasted moves: played 2 letters");
    first.keys(&["m"]);
    first.wait_for("snapshot 1 kept");
    first.keys(&["j"]);
    first.wait_for("Moves 3");
    first.keys(&["q"]);
    first.wait_for("Open the collision lab");
    first.keys(&["q"]);
    first.wait_for("EXIT=0");
    let second = connect("serve-snapshot-2", &dir.0, server.port, Some(&key));
    second.wait_for("sokoshot over SSH");
    second.keys(&["j", "j", "Enter"]);
    second.wait_for("Moves 3");
    second.keys(&["M"]);
    let screen = second.wait_for("Snapshots");
    assert!(screen.contains("1  2 moves, 0 pushes"), "{screen}");
    second.keys(&["Enter"]);
    let screen = second.wait_for("back at snapshot 1");
    assert!(screen.contains("Moves 2"), "{screen}");
    second.keys(&["q"]);
}
