//! What the test binaries share: the fixtures (`TWO_LEVELS`, [`PATIENCE`]), files in
//! folders of their own that go when the test ends ([`TestFile`]), and the one rule for a
//! test that needs a tool the machine may lack ([`require`]).

#![allow(dead_code)]

use std::ffi::OsStr;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

/// Two one-box levels, the second a step longer: a pack to play, resume and reload.
pub const TWO_LEVELS: &str = "\
Title: First push
#####
#@$.#
#####

Title: Second push
######
#@ $.#
######
";

/// A file named `name` holding `text`, alone in a temporary folder that is removed when the
/// value is dropped; it reads as its path.
pub struct TestFile {
    path: PathBuf,
    _dir: tempfile::TempDir,
}

impl TestFile {
    /// # Panics
    /// When the temporary folder or the file cannot be made.
    pub fn new(name: &str, text: &str) -> Self {
        let dir = tempfile::Builder::new()
            .prefix("sokoshot-test-")
            .tempdir()
            .expect("a temporary folder");
        let path = dir.path().join(name);
        std::fs::write(&path, text).expect("the test file is written");
        Self { path, _dir: dir }
    }
}

impl std::ops::Deref for TestFile {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<Path> for TestFile {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl AsRef<OsStr> for TestFile {
    fn as_ref(&self) -> &OsStr {
        self.path.as_os_str()
    }
}

/// How long to wait for something to appear before failing (liveness, not speed).
pub const PATIENCE: Duration = Duration::from_secs(20);

/// Whether `command` runs (`tool` names what is missing otherwise). When it does not: with
/// `CI` set the test fails saying so; without, the skip and its reason are written to the
/// terminal (past the test harness's capture, so the skip is never silent) and `false` is
/// returned for the test to end early.
///
/// # Panics
/// When the command cannot be run and `CI` is set.
pub fn require(tool: &str, command: &[&str]) -> bool {
    let ok = Command::new(command[0])
        .args(&command[1..])
        .output()
        .is_ok_and(|out| out.status.success());
    if ok {
        return true;
    }
    let test = std::thread::current().name().unwrap_or("a test").to_owned();
    assert!(
        std::env::var_os("CI").is_none(),
        "{test}: {tool} is not available, and CI is set (.ci/run installs what the tests need)"
    );
    let _ = writeln!(
        std::io::stderr().lock(),
        "SKIPPED {test}: {tool} is not available (.ci/run installs it; with CI set this fails)"
    );
    false
}

/// Makes a FIFO at `path` with `mkfifo`, through [`require`]: false (the test skips) where
/// it cannot be made and `CI` is not set.
pub fn make_fifo(path: &std::path::Path) -> bool {
    let path = path.to_string_lossy();
    require("mkfifo", &["mkfifo", &path])
}
