//! Driving the real `sokoshot` binary in a private tmux server, as a player would, and
//! looking at the terminal it leaves behind.

#![allow(dead_code)]

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

pub use crate::common::PATIENCE;

/// Whether tmux can be run here. When it cannot, the test fails if `CI` is set (CI installs
/// tmux, so a missing one is a broken machine) and is otherwise skipped with the reason printed.
pub fn available() -> bool {
    require("tmux", &["tmux", "-V"])
}

pub use crate::common::require;

/// A fresh temporary directory for one test (by `tempfile`), removed when dropped; `.0` is
/// its path.
pub struct TempDir(pub PathBuf, tempfile::TempDir);

impl TempDir {
    /// Makes `sokoshot-NAME-…` under the system's temporary directory.
    pub fn new(name: &str) -> Self {
        let dir = tempfile::Builder::new()
            .prefix(&format!("sokoshot-{name}-"))
            .tempdir()
            .expect("temp dir");
        Self(dir.path().to_path_buf(), dir)
    }

    /// A path inside the directory.
    pub fn join(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

/// A tmux server of our own with one 80×24 pane running `sokoshot ARGS`, then a shell line
/// that prints `EXIT=status` and keeps the pane open for inspection.
pub struct Pane {
    socket: String,
    /// Where the game's process id is written.
    pid_file: PathBuf,
}

fn shell_quote(text: &str) -> String {
    format!("'{}'", text.replace('\'', r"'\''"))
}

/// The shell lines that give a test's pane its own HOME and XDG_DATA_HOME in `dir`, name the
/// binary as `$SOKOSHOT` (and export `more`, e.g. ` PS1='$ '`), and turn NO_COLOR off.
fn environment(dir: &Path, more: &str) -> String {
    format!(
        "export HOME={home} XDG_DATA_HOME={data} SOKOSHOT={bin}{more}\nunset NO_COLOR\n",
        home = shell_quote(&dir.display().to_string()),
        data = shell_quote(&dir.join("data").display().to_string()),
        bin = shell_quote(env!("CARGO_BIN_EXE_sokoshot")),
    )
}

impl Pane {
    /// Starts `sokoshot ARGS` in a new tmux server, with HOME and XDG_DATA_HOME in `dir`.
    pub fn start(name: &str, dir: &Path, args: &[&str]) -> Self {
        let pid_file = dir.join("game.pid");
        let quoted: Vec<String> = args.iter().map(|a| shell_quote(a)).collect();
        let body = format!(
            "sh -c 'echo $$ > \"$0\"; exec \"$@\"' {pid} \"$SOKOSHOT\" {args}\n\
             echo \"EXIT=$?\"\n\
             exec sleep 600\n",
            pid = shell_quote(&pid_file.display().to_string()),
            args = quoted.join(" "),
        );
        Self::start_script(name, dir, &body)
    }

    /// Runs the shell script `body` in a new tmux server, after setting HOME and
    /// XDG_DATA_HOME in `dir` and `$SOKOSHOT` to the binary. The script should write the
    /// game's process id to `dir/game.pid`.
    pub fn start_script(name: &str, dir: &Path, body: &str) -> Self {
        let script_path = dir.join("run.sh");
        fs::write(&script_path, format!("{}{body}", environment(dir, ""))).expect("script written");
        Self::open(
            name,
            dir,
            &format!("sh {}", shell_quote(&script_path.display().to_string())),
        )
    }

    /// Starts an interactive shell with job control (bash, no start-up files) in a new tmux
    /// server, with HOME and XDG_DATA_HOME in `dir` and `$SOKOSHOT` naming the binary, and
    /// waits for its prompt (`$`). Commands are typed with [`Pane::keys`].
    pub fn shell(name: &str, dir: &Path) -> Self {
        let rc_path = dir.join("shellrc");
        fs::write(&rc_path, environment(dir, " PS1='$ '")).expect("rc written");
        let pane = Self::open(
            name,
            dir,
            &format!(
                "bash --noprofile --rcfile {} -i",
                shell_quote(&rc_path.display().to_string())
            ),
        );
        pane.wait_for("$");
        pane
    }

    /// A new tmux server of this test's own, with one 80×24 pane running `command`.
    fn open(name: &str, dir: &Path, command: &str) -> Self {
        let pane = Self {
            socket: format!("sokoshot-test-{name}-{}", std::process::id()),
            pid_file: dir.join("game.pid"),
        };
        pane.tmux(&[
            "-f",
            "/dev/null",
            "new-session",
            "-d",
            "-x",
            "80",
            "-y",
            "24",
            "-s",
            "main",
            command,
        ]);
        pane
    }

    /// Pastes `text` into the pane as a terminal does, in bracketed-paste markers when the
    /// program asked for them.
    pub fn paste(&self, text: &str) {
        let name = "test-paste";
        self.tmux(&["set-buffer", "-b", name, "--", text]);
        self.tmux(&["paste-buffer", "-p", "-d", "-b", name, "-t", "main"]);
    }

    /// The process id of the pane's first child (the program an interactive shell runs).
    pub fn shell_child(&self) -> u32 {
        let shell: u32 = self.format("#{pane_pid}").parse().expect("a pane pid");
        let start = Instant::now();
        loop {
            let children = fs::read_to_string(format!("/proc/{shell}/task/{shell}/children"))
                .unwrap_or_default();
            if let Some(pid) = children
                .split_whitespace()
                .next()
                .and_then(|p| p.parse().ok())
            {
                return pid;
            }
            assert!(start.elapsed() < PATIENCE, "the shell started nothing");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Runs a tmux command on this server and returns what it printed.
    pub fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs");
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// What the pane shows now.
    pub fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-t", "main"])
    }

    /// Types keys (tmux key names, e.g. `l`, `Escape`, `C-c`).
    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "main"];
        args.extend(keys);
        self.tmux(&args);
    }

    /// Waits until the screen contains `text`, and returns the screen.
    pub fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < PATIENCE,
                "waited for {text:?}; the screen shows:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(30));
        }
    }

    /// A tmux format value of the pane, e.g. `#{alternate_on}`.
    pub fn format(&self, format: &str) -> String {
        self.tmux(&["display-message", "-p", "-t", "main", format])
            .trim()
            .to_owned()
    }

    /// The game's process id.
    pub fn game_pid(&self) -> u32 {
        let start = Instant::now();
        loop {
            if let Some(pid) = fs::read_to_string(&self.pid_file)
                .ok()
                .and_then(|text| text.trim().parse().ok())
            {
                return pid;
            }
            assert!(start.elapsed() < PATIENCE, "the game never started");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// `stty -a` of the pane's terminal.
    pub fn stty(&self) -> String {
        let tty = self.format("#{pane_tty}");
        let out = Command::new("stty")
            .args(["-a", "-F", &tty])
            .output()
            .expect("stty runs");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Asserts what a shell expects of its terminal: cooked mode with echo, the main screen,
    /// a visible cursor.
    pub fn assert_sane(&self, context: &str) {
        let stty = self.stty();
        let words: Vec<&str> = stty.split_whitespace().collect();
        for flag in ["icanon", "echo", "isig", "icrnl", "opost"] {
            assert!(words.contains(&flag), "{context}: `{flag}` is off:\n{stty}");
        }
        assert_eq!(
            self.format("#{alternate_on}"),
            "0",
            "{context}: still on the alternate screen"
        );
        assert_eq!(
            self.format("#{cursor_flag}"),
            "1",
            "{context}: the cursor is hidden"
        );
    }

    /// Asserts that the pane shows the main screen with a visible cursor (what a shell prompt
    /// needs; the prompt's own line editor sets the terminal modes it wants).
    pub fn assert_main_screen(&self, context: &str) {
        assert_eq!(
            self.format("#{alternate_on}"),
            "0",
            "{context}: still on the alternate screen"
        );
        assert_eq!(
            self.format("#{cursor_flag}"),
            "1",
            "{context}: the cursor is hidden"
        );
    }

    /// Asserts that the game has the terminal: raw mode, alternate screen, hidden cursor.
    pub fn assert_raw(&self, context: &str) {
        let stty = self.stty();
        let words: Vec<&str> = stty.split_whitespace().collect();
        for flag in ["-icanon", "-echo"] {
            assert!(
                words.contains(&flag),
                "{context}: expected `{flag}`:\n{stty}"
            );
        }
        assert_eq!(
            self.format("#{alternate_on}"),
            "1",
            "{context}: not on the alternate screen"
        );
        assert_eq!(
            self.format("#{cursor_flag}"),
            "0",
            "{context}: the cursor shows"
        );
    }
}

impl Drop for Pane {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .output();
    }
}

/// Bytes the process has written (to the terminal or anywhere), from `/proc/PID/io`.
pub fn bytes_written(pid: u32) -> Option<u64> {
    let io = fs::read_to_string(format!("/proc/{pid}/io")).ok()?;
    io.lines()
        .find_map(|line| line.strip_prefix("wchar:"))
        .and_then(|n| n.trim().parse().ok())
}
