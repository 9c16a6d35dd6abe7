//! Verified scores end to end, through the stock OpenSSH client: a player with a key solves
//! the campaign's first level by their keys and enters its tables; a second player who pastes
//! the same solution sees the first player's entry and is not listed; `sokoshot scores`
//! prints the entry with the player's fingerprint, 4 moves and 3 pushes. On one SQLite store,
//! and on two servers sharing one PostgreSQL.

use std::path::Path;
use std::process::Command;

use super::{Server, connect, make_key};
use crate::tmux::TempDir;

/// The key's fingerprint as the server names it (`SHA256:…`).
fn fingerprint(key: &Path) -> String {
    let out = Command::new("ssh-keygen")
        .arg("-lf")
        .arg(key.with_extension("pub"))
        .output()
        .expect("ssh-keygen runs");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.split_whitespace()
        .find(|word| word.starts_with("SHA256:"))
        .expect("a fingerprint")
        .to_owned()
}

/// `sokoshot scores ARGS`: its standard output.
fn scores(dir: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_sokoshot"))
        .arg("scores")
        .args(args)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("HOME", dir)
        .output()
        .expect("sokoshot scores runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The first player solves First Push by keys (`d3R`: 4 moves, 3 pushes) on `first`; the
/// second pastes the same solution on `second` and sees the first one's entry.
fn solve_and_paste(dir: &Path, name: &str, first: u16, second: u16) -> (String, String) {
    let solver = make_key(dir, "solver");
    let paster = make_key(dir, "paster");
    let pane = connect(&format!("{name}-1"), dir, first, Some(&solver));
    pane.wait_for("sokoshot over SSH");
    pane.keys(&["Enter"]);
    pane.wait_for("First Push");
    pane.keys(&["j", "l", "l", "l"]);
    let screen = pane.wait_for("Entered in the scores.");
    let short = &fingerprint(&solver)[..15];
    assert!(screen.contains(short), "{screen}");
    pane.keys(&["q"]);
    pane.wait_for("Open the collision lab");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");

    let other = connect(&format!("{name}-2"), dir, second, Some(&paster));
    other.wait_for("Choose a nickname for the scores");
    // A nickname too long is refused, saying why.
    other.keys(&["n"]);
    other.wait_for("Type a nickname");
    other.keys(&["a"; 17]);
    other.keys(&["Enter"]);
    other.wait_for("a nickname is at most 16 characters (this one has 17)");
    other.keys(&["n"]);
    other.keys(&["P", "a", "t", "Enter"]);
    other.wait_for("You are Pat in the scores now.");
    other.wait_for("Nickname: Pat");
    other.keys(&["Enter"]);
    other.wait_for("First Push");
    other.paste("dRRR");
    let screen = other.wait_for("Not entered in the scores: moves were pasted");
    assert!(screen.contains(short), "the first player's entry: {screen}");
    assert!(screen.contains("You have no entry here yet"), "{screen}");
    other.keys(&["q"]);
    other.wait_for("Open the collision lab");
    other.keys(&["q"]);
    other.wait_for("EXIT=0");
    (fingerprint(&solver), fingerprint(&paster))
}

fn assert_listed(listing: &str, solver: &str, paster: &str) {
    let entries: Vec<&str> = listing.lines().skip(1).collect();
    assert_eq!(entries.len(), 2, "one entry in each table:\n{listing}");
    for (line, table) in entries.iter().zip(["moves", "pushes"]) {
        let fields: Vec<&str> = line.split('\t').collect();
        assert_eq!(
            fields[..9],
            [
                "built-in:Campaign",
                "1",
                table,
                "1",
                "-",
                solver,
                "4",
                "3",
                "0"
            ],
            "{line}"
        );
    }
    assert!(!listing.contains(paster), "{listing}");
}

#[test]
fn two_players_on_one_sqlite_store_see_each_others_scores() {
    if !super::ssh_available() {
        return;
    }
    let dir = TempDir::new("scores-sqlite");
    let server = Server::start_with(&dir.0, &[]);
    let (solver, paster) = solve_and_paste(&dir.0, "scores-sqlite", server.port, server.port);
    let listing = scores(&dir.0, &[]);
    assert_listed(&listing, &solver, &paster);
    let store = format!(
        "sqlite:{}",
        dir.join("data/sokoshot/store.sqlite").display()
    );
    assert_eq!(
        scores(&dir.0, &["--store", &store, "campaign", "1"]),
        listing
    );
    let other_level = scores(&dir.0, &["--store", &store, "Campaign", "2"]);
    assert_eq!(
        other_level.lines().count(),
        1,
        "the header alone:\n{other_level}"
    );
}

#[test]
fn two_servers_on_one_postgres_show_one_players_score_to_another() {
    let Some((pg, dir, _)) = super::store::with_postgres("scores-pg") else {
        return;
    };
    let store = pg.url();
    let one_dir = dir.join("one");
    let two_dir = dir.join("two");
    for own in [&one_dir, &two_dir] {
        std::fs::create_dir_all(own).expect("a server's folder");
    }
    let one = Server::start_with(&one_dir, &["--store", &store]);
    let two = Server::start_with(&two_dir, &["--store", &store]);
    let (solver, paster) = solve_and_paste(&dir.0, "scores-pg", one.port, two.port);
    let listing = scores(&dir.0, &["--store", &store]);
    assert_listed(&listing, &solver, &paster);
}

/// The keys that play `letters` (the replay alphabet) in the game: `h j k l` for steps and
/// pushes, `Space` for a shot, `.` for a wait.
fn keys_for(letters: &str) -> Vec<&'static str> {
    use sokoshot_core::game::{Dir, Move, parse_moves};
    let mut keys = Vec::new();
    for token in parse_moves(letters).expect("the solver's letters read") {
        let key = match token.action {
            Move::Step(dir) | Move::Push(dir) => match dir {
                Dir::Left => "h",
                Dir::Down => "j",
                Dir::Up => "k",
                Dir::Right => "l",
            },
            Move::Fire => "Space",
            Move::Wait => ".",
        };
        keys.extend(std::iter::repeat_n(key, token.count as usize));
    }
    keys
}

/// A player with a key picks today's daily level from the menu and solves it by their keys
/// (the solver's solution, typed): the Solved panel shows the streak and the player's entry,
/// `c` copies a result line that names the date, the figures and the streak and nothing of
/// the board (OSC 52, which the pane's tmux takes into a buffer), and `sokoshot scores` lists
/// the result in the level's tables and in the day's.
#[test]
fn a_player_solves_todays_daily_level_and_sees_the_streak_and_the_result_line() {
    use sokoshot_core::game::replay;
    use sokoshot_core::solve::{Limits, Settings, Verdict, solve_level};
    use sokoshot_core::store::packs::built_in_packs;
    use sokoshot_core::store::progress::Figures;
    use sokoshot_core::store::scores::{daily_pick, date, result_line, today};
    if !super::ssh_available() {
        return;
    }
    let day = today();
    let packs = built_in_packs();
    let (pack, level) = daily_pick(day, &packs).expect("a daily level");
    let board = &packs[pack].levels[level];
    let settings = Settings {
        limits: Limits {
            time: Some(std::time::Duration::from_secs(60)),
            ..Limits::default()
        },
        ..Settings::default()
    };
    let solution = match solve_level(board, &settings, None)
        .expect("solvable")
        .verdict
    {
        Verdict::Solved { solution, .. } | Verdict::BestFound { solution, .. } => solution,
        other => panic!("no solution for today's level ({pack} {level}): {other:?}"),
    };
    let end = replay(board, &solution.moves).expect("replays");
    assert!(end.world.is_solved());
    let counted = end.world.counters();
    let figures = Figures {
        moves: counted.moves,
        pushes: counted.pushes,
        shots: counted.shots,
    };

    let dir = TempDir::new("scores-daily");
    let server = Server::start_with(&dir.0, &[]);
    let key = make_key(&dir.0, "daily");
    let pane = connect("scores-daily", &dir.0, server.port, Some(&key));
    // The pane's tmux takes the game's OSC 52 into a buffer.
    pane.tmux(&["set-option", "-g", "set-clipboard", "on"]);
    pane.wait_for("sokoshot over SSH");
    let daily_item = format!("> Play today's level: {} {}", packs[pack].name, level + 1);
    for _ in 0..30 {
        if pane.screen().contains(&daily_item) {
            break;
        }
        pane.keys(&["j"]);
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    pane.wait_for(&daily_item);
    pane.keys(&["Enter"]);
    pane.wait_for("Moves 0");
    for chunk in keys_for(&solution.moves).chunks(40) {
        pane.keys(chunk);
    }
    let screen = pane.wait_for("Today's daily level: streak 1. c copies your result.");
    let short = &fingerprint(&key)[..15];
    assert!(screen.contains(short), "the player's entry: {screen}");
    pane.keys(&["c"]);
    pane.wait_for("your daily result is copied");
    let want = result_line(day, figures, 1);
    let start = std::time::Instant::now();
    let copied = loop {
        let buffer = pane.tmux(&["show-buffer"]);
        if buffer.contains("sokoshot daily") || start.elapsed() > crate::common::PATIENCE {
            break buffer;
        }
        std::thread::sleep(std::time::Duration::from_millis(30));
    };
    assert_eq!(copied.trim_end(), want);
    assert!(
        !copied.contains('#')
            && !copied
                .to_lowercase()
                .contains(&solution.moves.to_lowercase()),
        "no board, no moves: {copied}"
    );
    pane.keys(&["q"]);
    pane.wait_for("sokoshot over SSH");
    pane.keys(&["q"]);
    pane.wait_for("EXIT=0");
    if today() != day {
        // The day turned while the test ran: the day's tables are another day's.
        return;
    }
    let listing = scores(&dir.0, &[]);
    let player = fingerprint(&key);
    let figures_text = format!("{}\t{}\t{}", figures.moves, figures.pushes, figures.shots);
    for table in [
        "moves".to_owned(),
        "pushes".to_owned(),
        format!("daily {} moves", date(day)),
        format!("daily {} pushes", date(day)),
    ] {
        let want = format!(
            "{}\t{}\t{table}\t1\t-\t{player}\t{figures_text}\t",
            packs[pack].key,
            level + 1
        );
        assert!(
            listing.lines().any(|line| line.starts_with(&want)),
            "{want:?} in:\n{listing}"
        );
    }
}
