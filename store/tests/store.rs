//! The database backends behind the core's store interface, SQLite and a private
//! PostgreSQL, through the same table of checks: everything the progress format carries is
//! kept, saves from two servers at once keep the best of both, the open-mode caps hold, the
//! Pasted pack is kept and capped, a save the store cannot take waits and is written once it
//! is back, and a `players/` folder of the text format is taken in whole.

mod support;

use std::fs;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

use sokoshot_core::level::parse_pack;
use sokoshot_core::store::players::{Player, Refused};
use sokoshot_core::store::progress::{Figures, Progress, Resume};
use sokoshot_core::store::records::scores::list;
use sokoshot_core::store::records::{
    self, Caps, Database, DbError, RecordStore, Tx, Value, import_folder,
};
use sokoshot_core::store::saves::{PlayerStore, SaveError, Saves};
use sokoshot_core::store::scores::{Board, LevelRef, NicknameError, Ranked, ScoreBoard};
use sokoshot_store::postgres::Postgres;
use sokoshot_store::sqlite::Sqlite;
use support::postgres::PrivatePostgres;

const HOME: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);

const CAPS: Caps = Caps {
    max_players: 1000,
    new_players_per_hour: 1000,
};

/// A progress text with every kind of line and field the format has, and some it does not
/// know (kept as they are).
const EVERYTHING: &str = "\
sokoshot-progress 1
set deadlock-warnings off
last 2 built-in:Campaign
pack built-in:Campaign
level 1 id=00000000000000aa moves=3 pushes=1 shots=0 by-moves=lrL hints=2 time=99
resume 2 id=00000000000000bb at=1700000000000000000 steps=l,r,L
future-line from a later version
";

fn key(n: &str) -> Player {
    Player::Key(format!("SHA256:{n}"))
}

fn figures(moves: u32) -> Figures {
    Figures {
        moves,
        pushes: 1,
        shots: 0,
    }
}

fn store(db: &Arc<dyn Database>) -> RecordStore {
    RecordStore::new(Arc::clone(db), CAPS)
}

fn everything_the_progress_format_carries_is_kept(db: Arc<dyn Database>) {
    let store = store(&db);
    let player = key("all");
    store.admit(&player, HOME).expect("room");
    let saves = store.saves(&player).expect("ok").expect("a key saves");
    let (wanted, problems) = Progress::parse_lenient(EVERYTHING).expect("a progress text");
    assert_eq!(problems.len(), 1, "the unknown line is kept, not read");
    saves.save(&wanted).expect("saved");
    let (loaded, warning) = store.saves(&player).expect("ok").expect("saves").load();
    assert_eq!(loaded, wanted);
    assert!(warning.is_some(), "the unknown line is reported as kept");
    let text = loaded.to_string();
    for part in [
        "set deadlock-warnings off",
        "hints=2",
        "time=99",
        "resume 2 id=00000000000000bb",
        "future-line from a later version",
    ] {
        assert!(text.contains(part), "{part} in\n{text}");
    }
}

fn two_servers_saving_at_once_keep_the_best_of_both(
    db: Arc<dyn Database>,
    other: Arc<dyn Database>,
) {
    let player = key("twoservers");
    store(&db).admit(&player, HOME).expect("room");
    let servers = [Arc::new(store(&db)), Arc::new(store(&other))];
    let threads: Vec<_> = (0..8_u32)
        .map(|n| {
            let server = Arc::clone(&servers[n as usize % 2]);
            let player = player.clone();
            std::thread::spawn(move || {
                let saves = server.saves(&player).expect("ok").expect("saves");
                for round in 0..10_u32 {
                    let mut progress = Progress::default();
                    progress.record("p", n as usize, u64::from(n), figures(100 - round - n));
                    progress.record("shared", 0, 99, figures(50 + n));
                    // One write per player at a time on a server: a save made meanwhile
                    // waits behind it, merged, and answers `Slow` at once.
                    match saves.save(&progress) {
                        Ok(_) | Err(SaveError::Slow) => {}
                        Err(err) => panic!("not saved: {err}"),
                    }
                }
                assert!(matches!(settle(&*saves), Some(Ok(()))));
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("no panic");
    }
    for server in &servers {
        assert_eq!(server.pending(), 0, "every write done");
    }
    let (loaded, _) = servers[0]
        .saves(&player)
        .expect("ok")
        .expect("saves")
        .load();
    for n in 0..8_u32 {
        let best = loaded
            .best("p", n as usize, u64::from(n))
            .expect("every save kept");
        assert_eq!(best.moves, 91 - n, "the lowest of level {n}");
    }
    assert_eq!(loaded.best("shared", 0, 99).map(|b| b.moves), Some(50));

    // A session that read the row saves in one statement while no one else wrote it; once
    // the other server has written it, its save reads the row again and keeps both.
    let here = servers[0].saves(&player).expect("ok").expect("saves");
    let there = servers[1].saves(&player).expect("ok").expect("saves");
    let _ = here.load();
    let _ = there.load();
    let mut mine = Progress::default();
    mine.record("late", 0, 1, figures(5));
    here.save(&mine).expect("saved");
    let mut theirs = Progress::default();
    theirs.record("late", 1, 2, figures(6));
    there.save(&theirs).expect("saved");
    let mut again = Progress::default();
    again.record("late", 2, 3, figures(7));
    let (merged, _) = here.save(&again).expect("saved");
    for (n, id) in [(0, 1), (1, 2), (2, 3)] {
        assert!(merged.best("late", n, id).is_some(), "level {n} kept");
    }
    assert_eq!(
        here.load().0,
        merged,
        "what the save answered is what is stored"
    );
}

fn the_open_mode_caps_hold(db: Arc<dyn Database>) {
    let caps = Caps {
        max_players: 3,
        new_players_per_hour: 2,
    };
    let store = RecordStore::new(Arc::clone(&db), caps);
    let other = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 2));
    let third = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 3));
    store.admit(&key("a"), HOME).expect("first");
    store.admit(&key("b"), HOME).expect("second");
    assert_eq!(store.admit(&key("c"), HOME), Err(Refused::Rate(2)));
    store
        .admit(&key("a"), HOME)
        .expect("a kept player is not new");
    // Another server on the same store counts the same address.
    let twin = RecordStore::new(Arc::clone(&db), caps);
    assert_eq!(twin.admit(&key("c"), HOME), Err(Refused::Rate(2)));
    twin.admit(&key("c"), other).expect("another address");
    for n in ["a", "b", "c"] {
        let saves = store.saves(&key(n)).expect("ok").expect("saves");
        let mut progress = Progress::default();
        progress.record("p", 0, 1, figures(5));
        saves.save(&progress).expect("saved");
    }
    assert_eq!(
        twin.admit(&key("d"), third),
        Err(Refused::Full(3)),
        "every place is held by a player who saved lately"
    );
    let fresh = RecordStore::new(Arc::clone(&db), caps);
    let (loaded, _) = fresh.saves(&key("a")).expect("ok").expect("saves").load();
    assert!(
        loaded.best("p", 0, 1).is_some(),
        "nobody who saved was forgotten"
    );
}

fn a_player_who_saved_nothing_makes_room(db: Arc<dyn Database>) {
    let caps = Caps {
        max_players: 2,
        new_players_per_hour: 100,
    };
    let store = RecordStore::new(Arc::clone(&db), caps);
    store.admit(&key("idle"), HOME).expect("first");
    store.admit(&key("keen"), HOME).expect("second");
    let saves = store.saves(&key("keen")).expect("ok").expect("saves");
    let mut progress = Progress::default();
    progress.record("p", 0, 1, figures(5));
    saves.save(&progress).expect("saved");
    // Opening a level writes the level played last and the game to resume: still nothing
    // saved.
    let idle = store.saves(&key("idle")).expect("ok").expect("saves");
    let mut opened = Progress::default();
    opened.set_last("p", 0);
    opened.set_resume("p", 1, Resume::fitted(0, 1, &["r".to_owned()]));
    idle.save(&opened).expect("saved");
    store
        .admit(&key("new"), HOME)
        .expect("the idle player's place");
    let (kept, _) = store
        .saves(&key("keen"))
        .expect("ok")
        .expect("saves")
        .load();
    assert!(kept.best("p", 0, 1).is_some());
}

fn the_pasted_pack_is_kept_and_capped(db: Arc<dyn Database>) {
    let store = store(&db);
    let player = key("paster");
    store.admit(&player, HOME).expect("room");
    let saves = store.saves(&player).expect("ok").expect("saves");
    let levels = |text: &str| -> Vec<_> {
        parse_pack(text)
            .levels
            .into_iter()
            .filter_map(|entry| entry.result.ok())
            .collect()
    };
    saves
        .add_pasted(&levels("#####\n#@$.#\n#####\n"))
        .expect("kept");
    saves
        .add_pasted(&levels("######\n#@ $.#\n######\n"))
        .expect("kept");
    assert_eq!(saves.pasted().len(), 2);
    let big = format!("#####\n#@$.#\n#####\nTitle: {}\n", "x".repeat(5 << 20));
    let err = saves.add_pasted(&levels(&big));
    assert!(err.is_err(), "past the player's bytes: {err:?}");
    assert_eq!(saves.pasted().len(), 2, "nothing written past the cap");
}

/// A database that can be made unreachable, or slow (each transaction held `held_ms`
/// before it runs), around a real one.
#[derive(Debug)]
struct Flaky {
    db: Arc<dyn Database>,
    down: AtomicBool,
    held_ms: AtomicU64,
}

impl Database for Flaky {
    fn describe(&self) -> String {
        self.db.describe()
    }

    fn transaction(
        &self,
        work: &mut dyn FnMut(&mut dyn Tx) -> Result<(), DbError>,
    ) -> Result<(), DbError> {
        if self.down.load(Ordering::SeqCst) {
            return Err(DbError::Unreachable("switched off".into()));
        }
        std::thread::sleep(Duration::from_millis(self.held_ms.load(Ordering::SeqCst)));
        self.db.transaction(work)
    }
}

fn a_save_the_store_cannot_take_waits_and_is_written_when_it_is_back(db: Arc<dyn Database>) {
    let flaky = Arc::new(Flaky {
        db,
        down: AtomicBool::new(false),
        held_ms: AtomicU64::new(0),
    });
    let store = RecordStore::new(Arc::clone(&flaky) as Arc<dyn Database>, CAPS);
    let player = key("patient");
    store.admit(&player, HOME).expect("room");
    let saves = store.saves(&player).expect("ok").expect("saves");
    flaky.down.store(true, Ordering::SeqCst);
    let mut progress = Progress::default();
    progress.record("p", 0, 1, figures(9));
    let err = saves.save(&progress).expect_err("the store is down");
    assert!(matches!(err, SaveError::Pending), "{err}");
    assert_eq!(
        err.to_string(),
        "progress not saved yet: the store is unreachable; retrying"
    );
    let mut more = Progress::default();
    more.record("p", 1, 2, figures(4));
    assert!(matches!(saves.save(&more), Err(SaveError::Pending)));
    drop(saves); // the player quits
    assert_eq!(store.pending(), 1, "one player's saves wait, merged");
    flaky.down.store(false, Ordering::SeqCst);
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while store.pending() > 0 && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(store.pending(), 0, "written once the store is back");
    let fresh = RecordStore::new(Arc::clone(&flaky.db), CAPS);
    let (loaded, _) = fresh.saves(&player).expect("ok").expect("saves").load();
    assert!(loaded.best("p", 0, 1).is_some() && loaded.best("p", 1, 2).is_some());
}

/// What became of `saves`' writes in the background, waited for (30 s at most).
fn settle(saves: &dyn Saves) -> Option<Result<(), SaveError>> {
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let settled = saves.settled();
        if settled.is_some() || std::time::Instant::now() > deadline {
            return settled;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A store holding each transaction 1 s (four times `SAVE_WAIT`): a save answers `Slow`
/// instead of holding the game, a save made meanwhile waits behind it at once, and both are
/// written in the background; the game is then told it settled.
fn a_slow_store_never_holds_a_save_for_long(db: Arc<dyn Database>) {
    let flaky = Arc::new(Flaky {
        db,
        down: AtomicBool::new(false),
        held_ms: AtomicU64::new(0),
    });
    let store = RecordStore::new(Arc::clone(&flaky) as Arc<dyn Database>, CAPS);
    let player = key("slowly");
    store.admit(&player, HOME).expect("room");
    let saves = store.saves(&player).expect("ok").expect("saves");
    assert!(records::SAVE_WAIT * 4 <= Duration::from_secs(1));
    flaky.held_ms.store(1000, Ordering::SeqCst);
    let mut progress = Progress::default();
    progress.record("p", 0, 1, figures(9));
    let err = saves.save(&progress).expect_err("still being written");
    assert!(matches!(err, SaveError::Slow), "{err}");
    assert_eq!(
        err.to_string(),
        "progress is being saved: the store is slow"
    );
    assert!(saves.settled().is_none(), "not settled while it is written");
    let mut more = Progress::default();
    more.record("p", 1, 2, figures(4));
    assert!(
        matches!(saves.save(&more), Err(SaveError::Slow)),
        "behind the write under way"
    );
    assert_eq!(store.pending(), 1, "one player's saves under way");
    flaky.held_ms.store(0, Ordering::SeqCst);
    let settled = settle(&*saves);
    assert!(matches!(settled, Some(Ok(()))), "{settled:?}");
    assert_eq!(store.pending(), 0);
    let fresh = RecordStore::new(Arc::clone(&flaky.db), CAPS);
    let (loaded, _) = fresh.saves(&player).expect("ok").expect("saves").load();
    assert!(loaded.best("p", 0, 1).is_some() && loaded.best("p", 1, 2).is_some());
}

/// Saves still being written count against the bound on what the server holds for the
/// store, and a server that stops waits for them (bounded) instead of losing them.
fn saves_being_written_are_bounded_and_waited_for_at_shutdown(db: Arc<dyn Database>) {
    let flaky = Arc::new(Flaky {
        db,
        down: AtomicBool::new(false),
        held_ms: AtomicU64::new(0),
    });
    let mut first = Progress::default();
    first.record("p", 0, 1, figures(9));
    let held = first.to_string().len();
    let store =
        RecordStore::with_pending_bound(Arc::clone(&flaky) as Arc<dyn Database>, CAPS, held + 16);
    let (one, two) = (key("in-flight"), key("over-the-bound"));
    for player in [&one, &two] {
        store.admit(player, HOME).expect("room");
    }
    let saves_one = store.saves(&one).expect("ok").expect("saves");
    let saves_two = store.saves(&two).expect("ok").expect("saves");
    flaky.held_ms.store(600, Ordering::SeqCst);
    let err = saves_one.save(&first).expect_err("still being written");
    assert!(matches!(err, SaveError::Slow), "{err}");
    let mut second = Progress::default();
    second.record("q", 3, 7, figures(12));
    let err = saves_two
        .save(&second)
        .expect_err("the write under way holds the bytes");
    assert!(
        matches!(&err, SaveError::Failed { why, .. } if why.contains("already wait")),
        "{err}"
    );
    drop(saves_one); // the player quits while the save is written
    assert_eq!(store.pending(), 1);
    assert_eq!(
        store.finish(records::SHUTDOWN_WAIT),
        0,
        "written before stopping"
    );
    flaky.held_ms.store(0, Ordering::SeqCst);
    let fresh = RecordStore::new(Arc::clone(&flaky.db), CAPS);
    let (loaded, _) = fresh.saves(&one).expect("ok").expect("saves").load();
    assert!(
        loaded.best("p", 0, 1).is_some(),
        "the save in flight is kept"
    );
    saves_two.save(&second).expect("room again once written");
}

/// A `players/` folder as the folder store writes it, with a Pasted pack, a game to resume,
/// a setting, hints and unknown fields; and one player whose progress is not a progress file.
fn folder_of_today(dir: &std::path::Path) -> Vec<(Player, Progress)> {
    let players = sokoshot_core::store::players::Players::new(dir.to_owned());
    let mut kept = Vec::new();
    for (n, text) in [
        ("one", EVERYTHING),
        ("two", "sokoshot-progress 1\nset theme dark\n"),
    ] {
        let player = key(n);
        let file = players.save_file(&player).expect("ok").expect("a file");
        fs::write(file.path(), text).expect("written");
        kept.push((player, file.load().0));
    }
    let one = players.save_file(&key("one")).expect("ok").expect("file");
    sokoshot_core::store::pasted::add_pasted(
        &sokoshot_core::store::pasted::pasted_path(one.path()),
        &parse_pack("#####\n#@$.#\n#####\n")
            .levels
            .into_iter()
            .filter_map(|e| e.result.ok())
            .collect::<Vec<_>>(),
    )
    .expect("pasted");
    let broken = players
        .save_file(&key("broken"))
        .expect("ok")
        .expect("file");
    fs::write(broken.path(), "not a progress file\n").expect("written");
    kept
}

fn a_players_folder_is_taken_in_whole_once(db: Arc<dyn Database>) {
    let temp = tempfile::tempdir().expect("temp dir");
    let folder = temp.path().join("players");
    let wanted = folder_of_today(&folder);
    let imported = import_folder(&*db, &folder)
        .expect("ok")
        .expect("first time");
    assert_eq!(imported.players, 3);
    assert_eq!(imported.skipped.len(), 1, "{:?}", imported.skipped);
    assert!(imported.skipped[0].contains("not a progress file"));
    assert_eq!(import_folder(&*db, &folder).expect("ok"), None, "once only");
    let store = store(&db);
    for (player, progress) in wanted {
        let saves = store.saves(&player).expect("ok").expect("saves");
        assert_eq!(saves.load().0, progress, "{player:?}");
    }
    let one = store.saves(&key("one")).expect("ok").expect("saves");
    assert_eq!(one.pasted().len(), 1, "the Pasted pack came along");
    let text = one.load().0.to_string();
    assert!(text.contains("resume 2") && text.contains("set deadlock-warnings off"));
    assert!(text.contains("hints=2") && text.contains("time=99"));
    assert!(text.contains("future-line from a later version"));
    assert_eq!(fs::read_dir(&folder).expect("left in place").count(), 3);
}

fn level(n: usize) -> LevelRef {
    LevelRef {
        pack: "built-in:Campaign".into(),
        level: n,
        id: 0xabc0 + n as u64,
    }
}

fn fig(moves: u32, pushes: u32, shots: u32) -> Figures {
    Figures {
        moves,
        pushes,
        shots,
    }
}

fn board_of(store: &RecordStore, player: &Player) -> Arc<dyn ScoreBoard> {
    store.admit(player, HOME).expect("room");
    store
        .saves(player)
        .expect("ok")
        .expect("a key saves")
        .scores()
        .expect("a database keeps scores")
}

fn names(ranked: &[Ranked]) -> Vec<(usize, String)> {
    ranked.iter().map(|r| (r.place, r.entry.name())).collect()
}

/// Two servers record for three players; each table ranks by its own order, a player keeps
/// their best in each, a day's tables are the day's own, and places are the same whoever
/// asks.
fn scores_rank_across_servers_and_keep_each_best(db: Arc<dyn Database>) {
    let one = store(&db);
    let two = store(&db);
    let ann = board_of(&one, &key("ann"));
    let bob = board_of(&two, &key("bob"));
    let cat = board_of(&one, &key("cat"));
    ann.record(&level(0), fig(10, 4, 0), None).expect("kept");
    bob.record(&level(0), fig(8, 6, 0), Some(20_000))
        .expect("kept");
    cat.record(&level(0), fig(12, 3, 1), None).expect("kept");
    // A worse result keeps nothing; a better one by pushes only changes that table.
    ann.record(&level(0), fig(11, 4, 0), None).expect("kept");
    ann.record(&level(0), fig(14, 3, 0), None).expect("kept");
    bob.set_nickname("Bob").expect("free");
    let seen = ann.standings(&level(0), Board::AllTime).expect("read");
    assert_eq!(
        names(&seen.by_moves),
        vec![
            (1, "Bob".to_owned()),
            (2, "SHA256:ann".to_owned()),
            (3, "SHA256:cat".to_owned())
        ]
    );
    assert_eq!(
        names(&seen.by_pushes),
        vec![
            (1, "SHA256:cat".to_owned()),
            (2, "SHA256:ann".to_owned()),
            (3, "Bob".to_owned())
        ],
        "pushes tie at 3: cat's 12 moves beat ann's 14"
    );
    let mine = seen.mine_by_moves.expect("ann is listed");
    assert_eq!((mine.place, mine.entry.figures), (2, fig(10, 4, 0)));
    assert_eq!(seen.players, 3);
    let from_other_server = store(&db)
        .saves(&key("cat"))
        .expect("ok")
        .expect("saves")
        .scores()
        .expect("scores")
        .standings(&level(0), Board::AllTime)
        .expect("read");
    assert_eq!(from_other_server.mine_by_pushes.map(|r| r.place), Some(1));
    assert_eq!(from_other_server.mine_by_moves.map(|r| r.place), Some(3));
    let day = bob.standings(&level(0), Board::Day(20_000)).expect("read");
    assert_eq!(names(&day.by_moves), vec![(1, "Bob".to_owned())]);
    assert_eq!(bob.daily_days().expect("read"), vec![20_000]);
    assert!(
        ann.standings(&level(1), Board::AllTime)
            .expect("read")
            .by_moves
            .is_empty()
    );
    let listed = list(&*db, Some("campaign"), Some(0)).expect("listed");
    assert_eq!(listed.len(), 8, "3 + 3 all time, 1 + 1 for the day");
    assert!(
        list(&*db, Some("Microban"), None)
            .expect("listed")
            .is_empty()
    );
}

/// A nickname is held once whatever its case, also by players racing for it on two servers.
fn nicknames_are_held_once(db: Arc<dyn Database>) {
    let one = store(&db);
    let ann = board_of(&one, &key("n-ann"));
    let bob = board_of(&one, &key("n-bob"));
    assert_eq!(ann.set_nickname(" Alice "), Ok("Alice".to_owned()));
    assert_eq!(
        bob.set_nickname("alice"),
        Err(NicknameError::Taken("alice".into()))
    );
    assert_eq!(
        ann.set_nickname("ALICE"),
        Ok("ALICE".to_owned()),
        "one's own"
    );
    assert_eq!(ann.nickname(), Ok(Some("ALICE".to_owned())));
    assert!(matches!(
        bob.set_nickname("x\u{202e}y"),
        Err(NicknameError::Direction(_))
    ));
    assert_eq!(bob.nickname(), Ok(None));
    let stores = [Arc::new(store(&db)), Arc::new(store(&db))];
    let racers: Vec<_> = (0..8)
        .map(|n| {
            let server = Arc::clone(&stores[n % 2]);
            std::thread::spawn(move || {
                board_of(&server, &key(&format!("racer{n}"))).set_nickname("winner")
            })
        })
        .collect();
    let results: Vec<_> = racers
        .into_iter()
        .map(|t| t.join().expect("no panic"))
        .collect();
    assert_eq!(
        results.iter().filter(|r| r.is_ok()).count(),
        1,
        "{results:?}"
    );
    assert!(
        results
            .iter()
            .all(|r| r.is_ok() || matches!(r, Err(NicknameError::Taken(_))))
    );
}

/// A player forgotten to make room takes their entries with them.
fn a_forgotten_player_takes_their_scores(db: Arc<dyn Database>) {
    let caps = Caps {
        max_players: 2,
        new_players_per_hour: 100,
    };
    let store = RecordStore::new(Arc::clone(&db), caps);
    let idle = board_of(&store, &key("f-idle"));
    idle.record(&level(3), fig(5, 2, 0), None).expect("kept");
    let keen = board_of(&store, &key("f-keen"));
    keen.record(&level(3), fig(6, 2, 0), None).expect("kept");
    let saves = store.saves(&key("f-keen")).expect("ok").expect("saves");
    let mut progress = Progress::default();
    progress.record("p", 0, 1, figures(5));
    saves.save(&progress).expect("saved");
    store
        .admit(&key("f-new"), HOME)
        .expect("the idle player's place");
    let seen = keen.standings(&level(3), Board::AllTime).expect("read");
    assert_eq!(names(&seen.by_moves), vec![(1, "SHA256:f-keen".to_owned())]);
}

type Check = fn(Arc<dyn Database>);

/// Many players saving at once share statements (`records::batch`: more players than one
/// statement takes, and than writers run at once), and every save is kept: also those whose
/// row another server wrote after this one read it, which are read again and merged.
fn many_players_saving_at_once_each_keep_their_save(db: Arc<dyn Database>) {
    let count = records::batch::MAX_ROWS * records::batch::MAX_WRITERS / 2 + 22;
    let here = Arc::new(store(&db));
    let elsewhere = store(&db);
    let players: Vec<Player> = (0..count).map(|n| key(&format!("crowd{n}"))).collect();
    let saves: Vec<Arc<dyn Saves>> = players
        .iter()
        .map(|player| {
            here.admit(player, HOME).expect("room");
            let saves = here.saves(player).expect("ok").expect("saves");
            let _ = saves.load();
            saves
        })
        .collect();
    for (n, player) in players.iter().enumerate().step_by(10) {
        let mut theirs = Progress::default();
        theirs.record("elsewhere", n, 1, figures(9));
        let saves = elsewhere.saves(player).expect("ok").expect("saves");
        saves.save(&theirs).expect("saved");
    }
    let barrier = Arc::new(std::sync::Barrier::new(count));
    let threads: Vec<_> = saves
        .iter()
        .enumerate()
        .map(|(n, saves)| {
            let (saves, barrier) = (Arc::clone(saves), Arc::clone(&barrier));
            std::thread::spawn(move || {
                let mut mine = Progress::default();
                mine.record("crowd", n, 2, figures(n as u32 + 1));
                barrier.wait();
                match saves.save(&mine) {
                    Ok(_) | Err(SaveError::Slow) => {}
                    Err(err) => panic!("player {n} not saved: {err}"),
                }
                assert!(matches!(settle(&*saves), Some(Ok(()))), "player {n}");
            })
        })
        .collect();
    for thread in threads {
        thread.join().expect("no panic");
    }
    for (n, player) in players.iter().enumerate() {
        let (stored, _) = elsewhere.saves(player).expect("ok").expect("saves").load();
        let mine = stored.best("crowd", n, 2).map(|best| best.moves);
        assert_eq!(mine, Some(n as u32 + 1), "player {n}'s save");
        if n % 10 == 0 {
            assert!(
                stored.best("elsewhere", n, 1).is_some(),
                "player {n}: the other server's save kept beside it"
            );
        }
    }
}

const CHECKS: &[(&str, Check)] = &[
    (
        "everything kept",
        everything_the_progress_format_carries_is_kept,
    ),
    ("caps", the_open_mode_caps_hold),
    ("room", a_player_who_saved_nothing_makes_room),
    ("pasted", the_pasted_pack_is_kept_and_capped),
    (
        "retry",
        a_save_the_store_cannot_take_waits_and_is_written_when_it_is_back,
    ),
    ("slow", a_slow_store_never_holds_a_save_for_long),
    (
        "shutdown",
        saves_being_written_are_bounded_and_waited_for_at_shutdown,
    ),
    ("import", a_players_folder_is_taken_in_whole_once),
    ("scores", scores_rank_across_servers_and_keep_each_best),
    ("nicknames", nicknames_are_held_once),
    ("forgotten", a_forgotten_player_takes_their_scores),
    ("crowd", many_players_saving_at_once_each_keep_their_save),
];

/// Makes `db` a store of version 1 with one player, as an earlier sokoshot left it.
fn as_version_1(db: &dyn Database) {
    db.transaction(&mut |tx| {
        tx.batch(records::SCHEMA[0])?;
        tx.batch("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)")?;
        records::set_meta(tx, "schema", "1")?;
        tx.execute(
            "INSERT INTO players (fingerprint, created, seen, progress, bytes) \
             VALUES ($1, 1, 1, $2, 10)",
            &[
                Value::Text("SHA256:old".into()),
                Value::Text(EVERYTHING.into()),
            ],
        )?;
        Ok(())
    })
    .expect("a version 1 store");
}

/// A version 1 store is upgraded in place at start: its players keep their progress and may
/// take a nickname and enter the tables.
fn a_version_1_store_is_upgraded_in_place(db: Arc<dyn Database>) {
    records::open(&*db).expect("upgraded");
    db.transaction(&mut |tx| {
        assert_eq!(
            records::meta(tx, "schema")?,
            Some(records::SCHEMA.len().to_string())
        );
        Ok(())
    })
    .expect("read");
    let store = store(&db);
    let old = key("old");
    let saves = store.saves(&old).expect("ok").expect("saves");
    let (wanted, _) = Progress::parse_lenient(EVERYTHING).expect("a progress text");
    assert_eq!(saves.load().0, wanted, "kept through the upgrade");
    let board = board_of(&store, &old);
    board.set_nickname("veteran").expect("free");
    board.record(&level(0), fig(4, 3, 0), None).expect("kept");
    let seen = board.standings(&level(0), Board::AllTime).expect("read");
    assert_eq!(names(&seen.by_moves), vec![(1, "veteran".to_owned())]);
    records::open(&*db).expect("opening again changes nothing");
}

fn sqlite_at(path: &std::path::Path) -> Arc<dyn Database> {
    let db: Arc<dyn Database> = Arc::new(Sqlite::open(path).expect("opens"));
    records::open(&*db).expect("schema");
    db
}

#[test]
fn sqlite_upgrades_version_1_in_place() {
    let temp = tempfile::tempdir().expect("temp dir");
    let db: Arc<dyn Database> =
        Arc::new(Sqlite::open(&temp.path().join("v1.sqlite")).expect("opens"));
    as_version_1(&*db);
    a_version_1_store_is_upgraded_in_place(db);
}

#[test]
fn postgres_upgrades_version_1_in_place() {
    let Some(pg) = PrivatePostgres::start() else {
        return;
    };
    let db: Arc<dyn Database> = Arc::new(Postgres::connect(&pg.url()).expect("connects"));
    as_version_1(&*db);
    a_version_1_store_is_upgraded_in_place(db);
}

#[test]
fn sqlite_passes_every_check() {
    let temp = tempfile::tempdir().expect("temp dir");
    for (n, (name, check)) in CHECKS.iter().enumerate() {
        eprintln!("sqlite: {name}");
        check(sqlite_at(&temp.path().join(format!("{n}.sqlite"))));
    }
    let path = temp.path().join("twoservers.sqlite");
    two_servers_saving_at_once_keep_the_best_of_both(sqlite_at(&path), sqlite_at(&path));
}

fn postgres_database(pg: &PrivatePostgres, name: &str) -> Arc<dyn Database> {
    let mut admin = postgres::Client::connect(&pg.url(), postgres::NoTls).expect("connects");
    admin
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .expect("a database");
    let url = pg.url_of(name);
    let db: Arc<dyn Database> = Arc::new(Postgres::connect(&url).expect("connects"));
    records::open(&*db).expect("schema");
    db
}

#[test]
fn postgres_passes_every_check() {
    let Some(pg) = PrivatePostgres::start() else {
        return;
    };
    for (n, (name, check)) in CHECKS.iter().enumerate() {
        eprintln!("postgres: {name}");
        check(postgres_database(&pg, &format!("check{n}")));
    }
    let one = postgres_database(&pg, "twoservers");
    let url = pg.url_of("twoservers");
    let two: Arc<dyn Database> = Arc::new(Postgres::connect(&url).expect("connects"));
    records::open(&*two).expect("the schema is there already");
    two_servers_saving_at_once_keep_the_best_of_both(one, two);
}

#[test]
fn postgres_stopped_and_started_again_loses_no_save() {
    let Some(pg) = PrivatePostgres::start() else {
        return;
    };
    let db: Arc<dyn Database> = Arc::new(Postgres::connect(&pg.url()).expect("connects"));
    records::open(&*db).expect("schema");
    let store = store(&db);
    let player = key("through");
    store.admit(&player, HOME).expect("room");
    let saves = store.saves(&player).expect("ok").expect("saves");
    pg.stop();
    let mut progress = Progress::default();
    progress.record("p", 0, 1, figures(9));
    // The pool tries to connect for up to its timeout (2 s), longer than a save is waited
    // for: the save goes on in the background and then waits for the store.
    let saved = saves.save(&progress);
    assert!(
        matches!(saved, Err(SaveError::Pending | SaveError::Slow)),
        "{saved:?}"
    );
    let settled = settle(&*saves);
    if matches!(saved, Err(SaveError::Slow)) {
        assert!(
            matches!(settled, Some(Err(SaveError::Pending))),
            "{settled:?}"
        );
    }
    drop(saves);
    pg.start_again();
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while store.pending() > 0 && std::time::Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert_eq!(store.pending(), 0);
    let (loaded, _) = store.saves(&player).expect("ok").expect("saves").load();
    assert!(loaded.best("p", 0, 1).is_some());
}

#[test]
fn an_unreachable_store_is_named_at_start() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let url = format!("postgres://sokoshot:secret@127.0.0.1:{port}/players");
    let err = sokoshot_store::open(&url.parse().expect("a store")).expect_err("nobody there");
    let text = err.to_string();
    assert!(
        text.contains(&format!("postgres://sokoshot:***@127.0.0.1:{port}/players")),
        "{text}"
    );
    assert!(!text.contains("secret"), "{text}");
    assert!(matches!(err, DbError::Unreachable(_)));
}
