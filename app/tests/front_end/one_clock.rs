//! One clock for play, replay, the solver and hints, through the App as a player drives it:
//! frames alone move nothing, each key's world is the one a replay of the keys so far
//! reaches, every campaign level's stored solution typed as keys solves it and is kept as a
//! solution that replays, a resumed level comes back with its clock, and following only the
//! hints solves every campaign level with shots or spinners, also after a hinted shot is
//! skipped. Hint searches are bounded by positions, never by time.

use crate::support;

use sokoshot::tui::app::{App, MAX_REPLAY_WORK, Place};
use sokoshot::tui::hint::HintBudget;
use sokoshot::tui::keys::Mode;
use sokoshot_core::game::{Dir, Move, WAIT_TICKS, World, parse_moves, replay};
use sokoshot_core::level::{Level, parse_pack};
use sokoshot_core::store::collection::{Collection, EMBEDDED};
use sokoshot_core::store::progress::{Progress, Resume, SaveFile, level_id};
use support::{PLAIN, press, rows};

/// Positions one hint may look at: enough for every campaign level, and answers repeat.
const HINT_POSITIONS: u64 = 2_000_000;

/// The most hints one level is followed for.
const MAX_HINTS: usize = 200;

fn built_in() -> Vec<Collection> {
    EMBEDDED
        .iter()
        .map(|pack| {
            let levels = parse_pack(pack.text).into_pack().expect("reads").levels;
            Collection::built_in(pack.name, pack.credit, levels)
        })
        .collect()
}

fn campaign() -> Vec<Level> {
    built_in()[0].levels.to_vec()
}

/// A fresh, empty folder for one test, removed when it is dropped.
fn temp_dir() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

fn app_at(level: usize, progress: Progress, save: Option<SaveFile>) -> App {
    App::new(built_in(), Place { pack: 0, level }, progress, save, PLAIN).expect("playable")
}

fn dir_key(dir: Dir) -> char {
    match dir {
        Dir::Left => 'h',
        Dir::Down => 'j',
        Dir::Up => 'k',
        Dir::Right => 'l',
    }
}

/// The key a player types for a letter of a solution: `l u r d` (and pushes) as
/// `h k l j`, `f` as space, `w` as `.`.
fn key_of(letter: Move) -> char {
    match letter {
        Move::Step(dir) | Move::Push(dir) => dir_key(dir),
        Move::Fire => ' ',
        Move::Wait => '.',
    }
}

fn spelled_out(solution: &str) -> Vec<Move> {
    parse_moves(solution)
        .expect("stored solutions parse")
        .iter()
        .flat_map(|t| std::iter::repeat_n(t.action, t.count as usize))
        .collect()
}

/// Lets the frames run until nothing is left to show.
fn settle(app: &mut App) {
    for _ in 0..10_000 {
        if !app.is_animating() {
            return;
        }
        app.tick();
    }
    panic!("still animating after 10 000 frames");
}

fn turning(level: &Level) -> bool {
    level.spinners.iter().any(|s| s.speed != 0.0)
}

#[test]
fn with_no_key_pressed_nothing_moves_and_a_wait_turns_the_bar() {
    let levels = campaign();
    let spinner = levels
        .iter()
        .position(turning)
        .expect("the campaign has a level whose bar turns");
    let mut app = app_at(spinner, Progress::default(), None);
    let before = app.world().state().clone();
    let bars: Vec<_> = app.world().spinner_bars().to_vec();
    assert!(!app.is_animating(), "nothing to show before a key");
    for _ in 0..600 {
        app.tick();
    }
    assert_eq!(
        app.world().state(),
        &before,
        "ten seconds of frames move nothing"
    );
    press(&mut app, ".");
    assert_eq!(
        app.world().elapsed_ticks(),
        before.tick + u64::from(sokoshot_core::game::WAIT_TICKS),
        "a wait lets one beat pass"
    );
    assert_ne!(
        app.world().spinner_bars(),
        bars.as_slice(),
        "the bar turned"
    );
    assert_eq!(app.world().counters().moves, 0, "a wait is no move");
    // The beat is shown turning, then everything stands still.
    let mut frames = 0;
    while app.is_animating() {
        app.tick();
        frames += 1;
        assert!(frames <= 100, "the showing ends");
    }
    assert_eq!(
        frames, 16,
        "a frame a tick, and the last one ends the showing"
    );
    assert_eq!(app.shown_world().state(), app.world().state());
    press(&mut app, "3.");
    assert_eq!(
        app.world().elapsed_ticks(),
        before.tick + 4 * u64::from(sokoshot_core::game::WAIT_TICKS),
        "`3.` waits three beats"
    );
    press(&mut app, "u");
    assert_eq!(
        app.world().elapsed_ticks(),
        before.tick + 3 * u64::from(sokoshot_core::game::WAIT_TICKS),
        "each beat of a count is one undo step"
    );
}

#[test]
fn after_every_key_the_world_is_the_one_a_replay_of_the_keys_so_far_reaches() {
    for (i, level) in campaign().iter().enumerate() {
        if !turning(level) && level.enemies.is_empty() {
            continue;
        }
        let mut app = app_at(i, Progress::default(), None);
        let solution = level.solution.as_deref().expect("stored solution");
        let letters = spelled_out(solution);
        let mut typed = String::new();
        for (n, &letter) in letters.iter().enumerate() {
            press(&mut app, &key_of(letter).to_string());
            typed.push(letter.letter());
            let end = replay(level, &typed).expect("the stored solution replays");
            assert_eq!(
                app.world().state(),
                end.world.state(),
                "level {}, letter {}",
                i + 1,
                n + 1
            );
            // What is shown ends exactly there.
            settle(&mut app);
            assert_eq!(
                app.shown_world().state(),
                app.world().state(),
                "level {}, letter {}: the showing ends at the world in play",
                i + 1,
                n + 1
            );
        }
    }
}

#[test]
fn every_campaign_solution_typed_as_keys_solves_it_live_and_is_kept_as_a_solution_that_replays() {
    let dir = temp_dir();
    let path = dir.path().join("progress.txt");
    let packs = built_in();
    let key = packs[0].key.clone();
    for (i, level) in campaign().iter().enumerate() {
        let name = format!("level {} {}", i + 1, level.title.as_deref().unwrap_or(""));
        let (progress, _) = SaveFile::at(path.clone()).load();
        let mut app = app_at(i, progress, Some(SaveFile::at(path.clone())));
        assert_eq!(app.place().level, i, "{name}");
        let solution = level.solution.as_deref().expect("stored solution");
        for letter in spelled_out(solution) {
            press(&mut app, &key_of(letter).to_string());
        }
        settle(&mut app);
        assert!(app.world().is_solved(), "{name}: typed as keys it solves");
        assert_eq!(app.mode(), Mode::Solved, "{name}");
        let (saved, warning) = SaveFile::at(path.clone()).load();
        assert_eq!(warning, None, "{name}");
        let kept = saved
            .kept(&key, level_id(level))
            .and_then(|k| k.by_moves.clone())
            .unwrap_or_else(|| panic!("{name}: the progress file keeps the solution"));
        let end = replay(level, &kept.letters).expect("the kept solution replays");
        assert!(end.world.is_solved(), "{name}: {}", kept.letters);
        assert_eq!(end.world.state(), app.world().state(), "{name}: exactly");
        assert_eq!(
            app.saved_solution_replays(Place { pack: 0, level: i }),
            Some(true),
            "{name}: the level list marks it"
        );
    }
}

#[test]
fn a_resumed_level_comes_back_at_the_same_position_and_clock() {
    let levels = campaign();
    for (i, level) in levels.iter().enumerate() {
        if !turning(level) {
            continue;
        }
        let name = format!("level {}", i + 1);
        let dir = temp_dir();
        let path = dir.path().join("progress.txt");
        let mut app = app_at(i, Progress::default(), Some(SaveFile::at(path.clone())));
        let letters = spelled_out(level.solution.as_deref().expect("stored solution"));
        // Half the solution, a wait, a run and an undo: then quit.
        for &letter in &letters[..letters.len() / 2] {
            press(&mut app, &key_of(letter).to_string());
        }
        press(&mut app, "2.");
        press(&mut app, "u");
        let state = app.world().state().clone();
        press(&mut app, "q");
        assert!(app.should_quit());
        let (progress, _) = SaveFile::at(path.clone()).load();
        let again = app_at(i, progress, None);
        assert_eq!(again.world().state(), &state, "{name}: position and clock");
    }
}

/// A saved game on a costly board (hundreds of spinners, thousands of waits) is played again
/// only as far as the replay's work bound: opening it costs a bounded amount, and the player
/// is told where it stopped.
#[test]
fn resuming_a_long_game_on_a_costly_board_stops_at_the_work_bound() {
    let mut text = String::from(
        "##########################################\n#@ $. ####################################\n",
    );
    text.push_str(&"#".repeat(42));
    text.push('\n');
    for row in 0..40 {
        let cells: String = (0..40)
            .map(|col| {
                if row % 2 == 1 && col % 2 == 1 {
                    '%'
                } else {
                    ' '
                }
            })
            .collect();
        text.push_str(&format!("#{cells}#\n"));
    }
    text.push_str(&"#".repeat(42));
    text.push('\n');
    let level = parse_pack(&text).into_pack().expect("reads").levels[0].clone();
    assert!(level.spinners.len() >= 400, "{}", level.spinners.len());
    let pack = Collection::built_in("Costly", "", vec![level.clone()]);
    let total = 20_000;
    let mut progress = Progress::default();
    progress.set_resume(
        &pack.key,
        level_id(&level),
        Resume {
            index: 0,
            at: 1,
            steps: vec!["w".to_owned(); total],
            cut: 0,
            own: Some(true),
        },
    );
    let app = App::new(
        vec![pack],
        Place { pack: 0, level: 0 },
        progress,
        None,
        PLAIN,
    )
    .expect("playable");
    let shown = rows(&support::render(&app, 200, 60)).join("\n");
    assert!(
        shown.contains("the rest would take too long to play again"),
        "{shown}"
    );
    let parts = 1 + level.spinners.len() as u64;
    let most = MAX_REPLAY_WORK / (u64::from(WAIT_TICKS) * parts) + 1;
    assert!(
        app.world().elapsed_ticks() <= most * u64::from(WAIT_TICKS),
        "{} ticks played",
        app.world().elapsed_ticks()
    );
}

/// The hint on screen, as the words of its keys (`kll`, `space`, `.`, `4.`).
fn hint_words(app: &App) -> Option<Vec<String>> {
    let shown = rows(&support::render(app, 400, 40));
    let line = shown.iter().find_map(|row| row.strip_prefix("hint: "))?;
    if line.starts_with("thinking") {
        return None;
    }
    let keys = line.split(" (").next().unwrap_or_default();
    Some(keys.split(' ').map(str::to_owned).collect())
}

/// Asks for a hint and waits (a bounded number of frames) for its answer: the words of its
/// keys, or the whole bottom line when it is not a hint.
fn ask_hint(app: &mut App) -> Result<Vec<String>, String> {
    press(app, "i");
    for _ in 0..600_000 {
        if !app.hint_pending() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_micros(100));
        app.tick();
    }
    hint_words(app).ok_or_else(|| {
        let shown = rows(&support::render(app, 400, 40));
        shown.join("\n")
    })
}

/// Types the keys of one word of a hint.
fn type_word(app: &mut App, word: &str) {
    match word {
        "space" => press(app, " "),
        _ => press(app, word),
    }
}

/// The hints asked for on one level and the keys typed for each, in order.
type Followed = Vec<Vec<String>>;

/// Follows only the hints on campaign level `index` from the position `start` reaches (keys
/// typed first), until it is solved. Returns the hints followed.
fn follow_hints(index: usize, start: &[String]) -> Result<Followed, String> {
    let mut app = app_at(index, Progress::default(), None);
    app.set_hint_budget(HintBudget::positions(HINT_POSITIONS));
    for word in start {
        type_word(&mut app, word);
    }
    let mut followed = Vec::new();
    for _ in 0..MAX_HINTS {
        if app.world().is_solved() {
            return Ok(followed);
        }
        let words = ask_hint(&mut app)?;
        for word in &words {
            type_word(&mut app, word);
        }
        followed.push(words);
    }
    Err(format!("not solved after {MAX_HINTS} hints"))
}

/// Every campaign level with enemies or bars is solved by following only the hints; and on
/// a level with enemies, typing the hints again up to the last one that ends in a shot, that
/// one without its shot, and then following only the hints solves it too. (The last hinted
/// shot keeps the second search short; Lookout's test below skips its first.)
#[test]
fn following_only_the_hints_solves_every_campaign_level_with_shots_or_spinners() {
    let levels = campaign();
    let with = |l: &Level| !l.enemies.is_empty() || !l.spinners.is_empty();
    assert!(levels.iter().filter(|l| with(l)).count() > 10);
    for (i, level) in levels.iter().enumerate().filter(|(_, l)| with(l)) {
        let followed = follow_hints(i, &[]).unwrap_or_else(|why| panic!("level {}: {why}", i + 1));
        if level.enemies.is_empty() {
            continue;
        }
        let last_shot = followed
            .iter()
            .rposition(|words| words.last().is_some_and(|w| w == "space"))
            .unwrap_or_else(|| panic!("level {}: a hint fires", i + 1));
        let mut typed: Vec<String> = followed[..=last_shot].concat();
        typed.pop();
        if let Err(why) = follow_hints(i, &typed) {
            panic!(
                "level {}, hinted shot {} skipped: {why}",
                i + 1,
                last_shot + 1
            );
        }
    }
}

/// Level 37, Lookout: `r`, then the hints typed one by one; the hint that ends in a shot is
/// typed without the space. The next hint is worked out from the position as it is (the
/// shot not fired), and following the hints from there solves the level.
#[test]
fn lookout_a_hint_after_a_skipped_shot_plans_from_the_position_as_it_is() {
    let levels = campaign();
    let lookout = levels
        .iter()
        .position(|l| l.title.as_deref() == Some("Lookout"))
        .expect("the campaign has Lookout");
    assert_eq!(lookout, 36, "Lookout is level 37");
    let mut app = app_at(lookout, Progress::default(), None);
    app.set_hint_budget(HintBudget::positions(HINT_POSITIONS));
    press(&mut app, "r");
    let mut skipped_at = None;
    for asked in 0..MAX_HINTS {
        if app.world().is_solved() {
            break;
        }
        let words = ask_hint(&mut app).unwrap_or_else(|line| panic!("hint {asked}: {line}"));
        if skipped_at.is_none() && words.last().is_some_and(|w| w == "space") {
            for word in &words[..words.len() - 1] {
                type_word(&mut app, word);
            }
            skipped_at = Some(app.world().state().clone());
            // The next hint starts from here, with the shot still to fire.
            let next = ask_hint(&mut app).unwrap_or_else(|line| panic!("after the skip: {line}"));
            assert!(
                next.iter().any(|w| w == "space") || app.world().enemies().is_empty(),
                "the shot skipped is planned again: {next:?}"
            );
            for word in &next {
                type_word(&mut app, word);
            }
            continue;
        }
        for word in &words {
            type_word(&mut app, word);
        }
    }
    assert!(skipped_at.is_some(), "a hinted shot was skipped");
    assert!(app.world().is_solved(), "the hints solved Lookout");
}

/// The world `World::play` leaves after each key equals the one [`replay`] reaches: pinned
/// once more on a level made for it, where the bar's turn decides whether a step passes.
#[test]
fn a_step_that_a_bar_refuses_live_is_refused_in_replay_too() {
    let text = "#######\n#     #\n#@ % .#\n#  $  #\n#######\nSpinner: 3,2 length=3 speed=90\n";
    let levels = support::levels(text);
    let level = &levels[0];
    let mut app = support::app(text, PLAIN);
    let keys = "lll.l..ll";
    press(&mut app, keys);
    let mut typed = String::new();
    let mut world = World::new(level).expect("plays");
    for c in keys.chars() {
        let letter = match c {
            'l' => Move::Step(Dir::Right),
            _ => Move::Wait,
        };
        if world.play_letter(letter).is_ok() {
            typed.push(letter.letter());
        }
    }
    assert_eq!(app.world().state(), world.state());
    let end = replay(level, &typed).expect("replays");
    assert_eq!(end.world.state(), app.world().state());
}
