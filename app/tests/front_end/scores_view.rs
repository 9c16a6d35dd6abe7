//! Verified scores in the game: a solve by the player's own keys enters the level's tables
//! in a real store (SQLite in a temporary folder) and the Solved panel shows them; pasted
//! moves and hints keep a solve out; `s` opens the tables, or in local play the player's own
//! best. Snapshots at 80×24 without colour (`NO_COLOR`) and in `--ascii`.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;

use sokoshot::tui::app::{App, Place};
use sokoshot::tui::theme::Theme;
use sokoshot_core::store::collection::Collection;
use sokoshot_core::store::players::Player;
use sokoshot_core::store::progress::{Figures, Progress, level_id};
use sokoshot_core::store::records::{self, Caps, RecordStore};
use sokoshot_core::store::saves::PlayerStore;
use sokoshot_core::store::scores::{Board, LevelRef, Table};
use sokoshot_store::sqlite::Sqlite;

use crate::support::{PLAIN, levels, press, render, rows};

const LEVEL: &str = "Title: Three pushes\n#######\n#@$  .#\n#######\n";

const ASCII: Theme = Theme {
    ascii: true,
    color: false,
};

struct Server {
    _dir: tempfile::TempDir,
    store: RecordStore,
}

fn server() -> Server {
    let dir = tempfile::tempdir().expect("temp dir");
    let db: Arc<dyn records::Database> =
        Arc::new(Sqlite::open(&dir.path().join("store.sqlite")).expect("opens"));
    records::open(&*db).expect("schema");
    let store = RecordStore::new(
        db,
        Caps {
            max_players: 100,
            new_players_per_hour: 100,
        },
    );
    Server { _dir: dir, store }
}

fn player(name: &str) -> Player {
    Player::Key(format!(
        "SHA256:{name}AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"
    ))
}

fn pack() -> Collection {
    Collection::built_in("Test", "Tester", levels(LEVEL))
}

fn level_ref() -> LevelRef {
    let pack = pack();
    LevelRef {
        pack: pack.key.clone(),
        level: 0,
        id: level_id(&pack.levels[0]),
    }
}

/// Others' results, entered as their own games would have.
fn others(server: &Server) {
    let home = IpAddr::V4(Ipv4Addr::LOCALHOST);
    for (name, nickname, moves, pushes) in [
        ("ann", Some("ann"), 2, 2),
        ("bob", None, 6, 4),
        ("cat", Some("cat.burglar"), 3, 4),
    ] {
        let who = player(name);
        server.store.admit(&who, home).expect("room");
        let board = server
            .store
            .saves(&who)
            .expect("ok")
            .expect("saves")
            .scores()
            .expect("a database keeps scores");
        if let Some(nickname) = nickname {
            board.set_nickname(nickname).expect("free");
        }
        let figures = Figures {
            moves,
            pushes,
            shots: 0,
        };
        board.record(&level_ref(), figures, None).expect("kept");
    }
}

fn app_for(server: &Server, name: &str, theme: Theme) -> App {
    let who = player(name);
    server
        .store
        .admit(&who, IpAddr::V4(Ipv4Addr::LOCALHOST))
        .expect("room");
    let saves = server.store.saves(&who).expect("ok");
    App::saving_to(
        vec![pack()],
        Place { pack: 0, level: 0 },
        Progress::default(),
        saves,
        theme,
    )
    .expect("a playable level")
}

/// Presses `keys` and lets the game show them to the end (the Solved panel comes then), and
/// the solver's proof of the fewest pushes, which runs off the game's thread, come in.
fn play(app: &mut App, keys: &str) {
    press(app, keys);
    for _ in 0..100_000 {
        if !app.is_animating() {
            break;
        }
        app.tick();
        std::thread::sleep(std::time::Duration::from_micros(100));
    }
    assert!(!app.is_thinking(), "the proof came in");
}

/// The player `name` back on the server: their progress as the store holds it, the game
/// saved to resume included.
fn app_back(server: &Server, name: &str) -> App {
    let saves = server.store.saves(&player(name)).expect("ok");
    let (progress, warning) = saves.as_ref().expect("saves").load();
    assert_eq!(warning, None);
    App::saving_to(
        vec![pack()],
        Place { pack: 0, level: 0 },
        progress,
        saves,
        PLAIN,
    )
    .expect("a playable level")
}

fn text(app: &App) -> String {
    rows(&render(app, 80, 24)).join("\n")
}

#[test]
fn a_solve_by_keys_enters_both_tables_and_the_panel_shows_them() {
    let server = server();
    others(&server);
    for (name, theme) in [
        ("solved_scores_no_color", PLAIN),
        ("solved_scores_ascii", ASCII),
    ] {
        let mut app = app_for(&server, "me", theme);
        play(&mut app, "lll");
        insta::assert_snapshot!(name, text(&app));
    }
    let mut app = app_for(&server, "me", PLAIN);
    play(&mut app, "s");
    insta::assert_snapshot!("scores_view_no_color", text(&app));
    let mut app = app_for(&server, "me", ASCII);
    play(&mut app, "s");
    insta::assert_snapshot!("scores_view_ascii", text(&app));
    let seen = server
        .store
        .saves(&player("ann"))
        .expect("ok")
        .expect("saves")
        .scores()
        .expect("scores")
        .standings(&level_ref(), Board::AllTime)
        .expect("read");
    let me = seen
        .top(Table::Moves)
        .iter()
        .find(|r| r.entry.fingerprint.starts_with("SHA256:me"))
        .expect("listed");
    assert_eq!(
        (me.place, me.entry.figures.moves),
        (2, 3),
        "after ann's 2 moves"
    );
    let ann = seen.mine(Table::Pushes).map(|r| r.place);
    assert_eq!(ann, Some(1), "each player sees their own place");
}

#[test]
fn pasted_moves_and_hints_keep_a_solve_out_of_the_tables() {
    let server = server();
    others(&server);
    let mut app = app_for(&server, "paster", PLAIN);
    app.handle_paste("RRR");
    play(&mut app, "");
    let shown = text(&app);
    assert!(
        shown.contains("Not entered in the scores: moves were pasted on this level."),
        "{shown}"
    );
    assert!(!shown.contains("SHA256:paster"), "{shown}");
    let mut app = app_for(&server, "hinted", PLAIN);
    app.set_hint_budget(sokoshot::tui::hint::HintBudget::positions(10_000));
    play(&mut app, "i");
    play(&mut app, "lll");
    let shown = text(&app);
    assert!(
        shown.contains("Not entered in the scores: a hint was given"),
        "{shown}"
    );
}

#[test]
fn a_game_resumed_after_a_quit_enters_the_tables_only_when_all_of_it_was_the_players_keys() {
    use sokoshot_core::store::progress::Resume;
    let server = server();
    // One push by keys, a quit (the game saved to resume), back, two pushes more.
    let mut app = app_for(&server, "keys", PLAIN);
    play(&mut app, "l");
    app.save_resume();
    let mut app = app_back(&server, "keys");
    play(&mut app, "ll");
    let shown = text(&app);
    assert!(shown.contains("Entered in the scores."), "{shown}");
    assert!(shown.contains("SHA256:keysAAAA"), "{shown}");
    // A push pasted before the quit keeps the game out after it.
    let mut app = app_for(&server, "paster", PLAIN);
    app.handle_paste("R");
    play(&mut app, "");
    app.save_resume();
    let mut app = app_back(&server, "paster");
    play(&mut app, "ll");
    let shown = text(&app);
    assert!(
        shown.contains("Not entered in the scores: help came before a save on this level."),
        "{shown}"
    );
    assert!(!shown.contains("SHA256:paster"), "{shown}");
    // A hint before the quit, the same.
    let mut app = app_for(&server, "hinted", PLAIN);
    app.set_hint_budget(sokoshot::tui::hint::HintBudget::positions(10_000));
    play(&mut app, "i");
    play(&mut app, "l");
    app.save_resume();
    let mut app = app_back(&server, "hinted");
    play(&mut app, "ll");
    assert!(
        text(&app).contains("Not entered in the scores: help came before a save"),
        "{}",
        text(&app)
    );
    // A save older than the mark (no `own=`) is not known to be the player's keys alone.
    let who = player("old");
    server
        .store
        .admit(&who, IpAddr::V4(Ipv4Addr::LOCALHOST))
        .expect("room");
    let saves = server.store.saves(&who).expect("ok").expect("saves");
    let mut progress = Progress::default();
    let old_line = format!("resume 1 id={:016x} at=1 steps=R", level_ref().id);
    let (id, resume) = Resume::parse(old_line.strip_prefix("resume ").expect("keyword"))
        .expect("an old save reads");
    assert_eq!(resume.own, None);
    progress.set_resume(&pack().key, id, resume);
    saves.save(&progress).expect("saved");
    let mut app = app_back(&server, "old");
    play(&mut app, "ll");
    let shown = text(&app);
    assert!(
        shown.contains("Not entered in the scores: resumed from an old save on this level."),
        "{shown}"
    );
}

#[test]
fn the_store_and_the_solver_answer_after_the_key_not_during_it() {
    let server = server();
    others(&server);
    let mut app = app_for(&server, "patient", PLAIN);
    press(&mut app, "s");
    assert!(
        app.is_thinking(),
        "the tables and the proof are asked off the game's thread"
    );
    let shown = text(&app);
    assert!(
        shown.contains("Asking the store for the scores…"),
        "{shown}"
    );
    assert!(!shown.contains("The solver proved"), "{shown}");
    play(&mut app, "");
    let shown = text(&app);
    assert!(
        shown.contains("The solver proved the fewest pushes: 3 pushes."),
        "{shown}"
    );
    assert!(shown.contains("cat.burglar"), "{shown}");
}

#[test]
fn in_local_play_s_shows_the_players_own_best() {
    let mut app = crate::support::app(LEVEL, PLAIN);
    play(&mut app, "lll");
    play(&mut app, "~s");
    insta::assert_snapshot!("scores_view_local", text(&app));
}

#[test]
fn s_on_today_s_daily_level_shows_the_day_s_tables_too() {
    use sokoshot_core::store::scores::{daily_pick, date, today};
    let server = server();
    let packs = sokoshot_core::store::packs::built_in_packs();
    let (pack, level) = daily_pick(today(), &packs).expect("a daily level");
    let who = player("daily");
    server
        .store
        .admit(&who, IpAddr::V4(Ipv4Addr::LOCALHOST))
        .expect("room");
    let mut app = App::saving_to(
        packs,
        Place { pack, level },
        Progress::default(),
        server.store.saves(&who).expect("ok"),
        PLAIN,
    )
    .expect("a playable level");
    play(&mut app, "s");
    let shown = rows(&render(&app, 100, 40)).join("\n");
    let heading = format!("Today's daily level: the tables of {} (UTC)", date(today()));
    assert!(shown.contains(&heading), "{shown}");
    assert_eq!(
        shown
            .matches("No one has entered a score on this level yet.")
            .count(),
        2,
        "{shown}"
    );
    // Any other level is not the daily one.
    let mut other = App::saving_to(
        sokoshot_core::store::packs::built_in_packs(),
        Place {
            pack,
            level: (level + 1) % 10,
        },
        Progress::default(),
        server.store.saves(&who).expect("ok"),
        PLAIN,
    )
    .expect("a playable level");
    play(&mut other, "s");
    assert!(!rows(&render(&other, 100, 40)).join("\n").contains("daily"));
}
