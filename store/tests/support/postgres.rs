//! A private PostgreSQL for tests: a fresh cluster in a temporary folder (initdb and pg_ctl,
//! as the `postgres` user when run as root), on a free port of 127.0.0.1, stopped and
//! removed when dropped. Where PostgreSQL is missing the rule is the tests' usual one: with
//! `CI` set the test fails saying so (`.ci/run` installs it); without, the skip is written to
//! the terminal and `None` is returned.

#![allow(dead_code)]

use std::io::Write as _;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Where Debian keeps PostgreSQL's server programs.
const BIN: &str = "/usr/lib/postgresql/15/bin";

/// A PostgreSQL cluster of the test's own.
pub struct PrivatePostgres {
    dir: tempfile::TempDir,
    port: u16,
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).trim() == "0")
}

/// Runs a PostgreSQL program, as `postgres` when this is root (the server refuses root).
fn run(program: &str, args: &[&str]) -> Output {
    let path = Path::new(BIN).join(program);
    let mut command = if is_root() {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(&path);
        command
    } else {
        Command::new(&path)
    };
    command
        .args(args)
        .output()
        .unwrap_or_else(|err| panic!("{}: {err}", path.display()))
}

fn check(what: &str, out: &Output) {
    assert!(
        out.status.success(),
        "{what} failed: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

impl PrivatePostgres {
    /// Makes and starts a cluster; `None` (the test skips) where PostgreSQL is missing and
    /// `CI` is not set.
    ///
    /// # Panics
    /// When PostgreSQL is missing and `CI` is set, or the cluster cannot be made or started.
    #[must_use]
    pub fn start() -> Option<Self> {
        let initdb = Path::new(BIN).join("initdb");
        if !initdb.exists() {
            let test = std::thread::current().name().unwrap_or("a test").to_owned();
            assert!(
                std::env::var_os("CI").is_none(),
                "{test}: PostgreSQL ({}) is not available, and CI is set (.ci/run installs \
                 what the tests need)",
                initdb.display()
            );
            let _ = writeln!(
                std::io::stderr().lock(),
                "SKIPPED {test}: PostgreSQL is not available (.ci/run installs it; with CI set \
                 this fails)"
            );
            return None;
        }
        let dir = tempfile::Builder::new()
            .prefix("sokoshot-pg")
            .tempdir()
            .expect("temp dir");
        if is_root() {
            let out = Command::new("chown")
                .args(["postgres:postgres"])
                .arg(dir.path())
                .output()
                .expect("chown");
            check("chown", &out);
        }
        let data = dir.path().join("data");
        let out = run(
            "initdb",
            &[
                "-D",
                &data.to_string_lossy(),
                "-A",
                "trust",
                "-U",
                "postgres",
                "--no-sync",
            ],
        );
        check("initdb", &out);
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let pg = Self { dir, port };
        pg.start_again();
        Some(pg)
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// Starts the cluster again (after [`PrivatePostgres::stop`]), waiting until it serves.
    ///
    /// # Panics
    /// When it does not start.
    pub fn start_again(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
            self.port,
            self.dir.path().display()
        );
        let log = self.dir.path().join("log");
        let out = run(
            "pg_ctl",
            &[
                "start",
                "-w",
                "-D",
                &self.data().to_string_lossy(),
                "-o",
                &options,
                "-l",
                &log.to_string_lossy(),
            ],
        );
        check("pg_ctl start", &out);
    }

    /// Stops the cluster at once (connections are cut).
    pub fn stop(&self) {
        let out = run(
            "pg_ctl",
            &[
                "stop",
                "-w",
                "-m",
                "immediate",
                "-D",
                &self.data().to_string_lossy(),
            ],
        );
        check("pg_ctl stop", &out);
    }

    /// The URL of its `postgres` database.
    #[must_use]
    pub fn url(&self) -> String {
        self.url_of("postgres")
    }

    /// The URL of its database `name`.
    #[must_use]
    pub fn url_of(&self, name: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{name}", self.port)
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        let _ = run(
            "pg_ctl",
            &[
                "stop",
                "-m",
                "immediate",
                "-D",
                &self.data().to_string_lossy(),
            ],
        );
    }
}
