//! The app's behaviour behind the screens: counts, undo, levels, overlays, progress and
//! reloading a pack.

use crate::support;

use crossterm::event::KeyCode;
use sokoshot::tui::app::{App, Place};
use sokoshot::tui::keys::Mode;
use sokoshot_core::store::collection::Collection;
use sokoshot_core::store::progress::Progress;
use support::{PLAIN, app, levels, press, press_code, render, rows};

const CORRIDOR: &str = "\
Title: Corridor
#########
#@     $.#
#########

Title: Enemy
#######
#@   E#
#######
";

fn moves(app: &App) -> u32 {
    app.world().counters().moves
}

fn hint_line(app: &App) -> String {
    rows(&render(app, 70, 5))[4].clone()
}

#[test]
fn a_count_repeats_a_step_and_stops_where_it_is_blocked() {
    let cases = [
        ("no count", "l", 1),
        ("three", "3l", 3),
        ("twelve stops at the wall after pushing", "12l", 6),
        ("count then undo twice", "4l2u", 2),
        ("esc forgets the count", "5~l", 1),
        ("a count into a wall only turns", "5k", 0),
    ];
    for (name, keys, want) in cases {
        let mut app = app(CORRIDOR, PLAIN);
        press(&mut app, "h");
        press(&mut app, keys);
        assert_eq!(moves(&app), want, "{name}");
        assert!(
            !hint_line(&app).starts_with("blocked"),
            "{name}: {}",
            hint_line(&app)
        );
    }
}

#[test]
fn runs_stop_before_a_box() {
    let mut app = app(CORRIDOR, PLAIN);
    press(&mut app, "L");
    assert_eq!(moves(&app), 5);
    assert_eq!(app.world().counters().pushes, 0);
}

#[test]
fn undo_redo_and_restart_are_keys() {
    let mut app = app(CORRIDOR, PLAIN);
    press(&mut app, "lll");
    press(&mut app, "u");
    assert_eq!(moves(&app), 2);
    // Ctrl-r comes as a control key, not a character.
    app.handle_key(crossterm::event::KeyEvent::new(
        crossterm::event::KeyCode::Char('r'),
        crossterm::event::KeyModifiers::CONTROL,
    ));
    assert_eq!(moves(&app), 3);
    press(&mut app, "r");
    assert_eq!(moves(&app), 0);
    press(&mut app, "u");
    assert_eq!(moves(&app), 3, "restart is undoable");
    press(&mut app, "uuuu");
    assert_eq!(hint_line(&app), "nothing to undo");
}

#[test]
fn solving_shows_the_panel_records_the_best_and_undo_hides_it() {
    let mut app = app(CORRIDOR, PLAIN);
    press(&mut app, "6l");
    assert_eq!(app.mode(), Mode::Solved);
    let best = app.best(Place { pack: 0, level: 0 }).expect("recorded");
    assert_eq!((best.moves, best.pushes), (6, 1));
    press(&mut app, "u");
    assert_eq!(app.mode(), Mode::Playing);
    assert!(!app.world().is_solved());
}

#[test]
fn a_shot_that_clears_the_last_enemy_solves_the_level_while_ticking() {
    let mut app = app(CORRIDOR, PLAIN);
    press(&mut app, "n ");
    // Facing up at the start: the shot goes into the wall above.
    while app.is_animating() {
        app.tick();
    }
    assert_eq!(app.mode(), Mode::Playing);
    press(&mut app, "l ");
    while app.is_animating() {
        app.tick();
    }
    assert_eq!(app.mode(), Mode::Solved);
    assert_eq!(app.world().counters().shots, 2);
}

#[test]
fn overlays_pause_the_world_and_esc_goes_back() {
    let mut app = app(CORRIDOR, PLAIN);
    press(&mut app, "nl ");
    assert!(app.is_animating());
    press(&mut app, "?");
    assert_eq!(app.mode(), Mode::Help);
    assert!(!app.is_animating(), "paused under help");
    press(&mut app, "~");
    assert_eq!(app.mode(), Mode::Playing);
    assert!(app.is_animating());
    while app.is_animating() {
        app.tick();
    }
    // On the Solved panel, help and the list come back to the panel.
    assert_eq!(app.mode(), Mode::Solved);
    press(&mut app, "?~");
    assert_eq!(app.mode(), Mode::Solved);
    press(&mut app, "g~");
    assert_eq!(app.mode(), Mode::Solved);
}

#[test]
fn next_and_previous_go_across_packs_and_stop_at_the_ends() {
    let packs = vec![
        Collection::built_in("A", "a", levels(CORRIDOR)),
        Collection::built_in("B", "b", levels(CORRIDOR)),
    ];
    let start = Place { pack: 0, level: 1 };
    let mut app = App::new(packs, start, Progress::default(), None, PLAIN).expect("starts");
    press(&mut app, "n");
    assert_eq!(app.place(), Place { pack: 1, level: 0 });
    press(&mut app, "p");
    assert_eq!(app.place(), Place { pack: 0, level: 1 });
    press(&mut app, "pp");
    assert_eq!(app.place(), Place { pack: 0, level: 0 });
    assert_eq!(hint_line(&app), "this is the first level");
    press(&mut app, "nnnn");
    assert_eq!(app.place(), Place { pack: 1, level: 1 });
    assert_eq!(hint_line(&app), "that was the last level");
}

#[test]
fn the_level_list_opens_at_the_level_in_play_and_digits_pick_a_number() {
    let packs = vec![Collection::built_in("A", "a", levels(CORRIDOR))];
    let start = Place { pack: 0, level: 1 };
    let mut app = App::new(packs, start, Progress::default(), None, PLAIN).expect("starts");
    press(&mut app, "g");
    assert_eq!(app.mode(), Mode::LevelList);
    press(&mut app, "1");
    press(&mut app, "l");
    assert_eq!(app.place(), Place { pack: 0, level: 0 });
    assert_eq!(app.mode(), Mode::Playing);
}

#[test]
fn a_number_typed_in_the_level_list_starts_over_where_it_would_name_no_level() {
    let one = "#####\n#@$.#\n#####\n";
    let pack = vec![one; 30].join("\n");
    let packs = vec![Collection::built_in("A", "a", levels(&pack))];
    let mut app = App::new(
        packs,
        Place { pack: 0, level: 0 },
        Progress::default(),
        None,
        PLAIN,
    )
    .expect("starts");
    let cases = [
        ("one digit", "7", 7),
        ("two digits", "27", 27),
        (
            "a number past the last level starts over from its last digit",
            "2712",
            12,
        ),
        ("the last level", "30", 30),
        ("a digit that would go past starts the number over", "45", 5),
    ];
    for (name, digits, level) in cases {
        press(&mut app, "g");
        assert_eq!(app.mode(), Mode::LevelList, "{name}");
        press(&mut app, digits);
        press_code(&mut app, KeyCode::Enter);
        assert_eq!(
            app.place(),
            Place {
                pack: 0,
                level: level - 1
            },
            "{name}"
        );
    }
}

#[test]
fn a_solve_with_a_run_into_a_box_on_the_way_is_kept_and_replays() {
    let mut app = app("#####\n#@$.#\n#####\n", PLAIN);
    // A run beside a box a step would push is refused (a turn there would not replay).
    press(&mut app, "L");
    assert_eq!(moves(&app), 0);
    press(&mut app, "l");
    assert!(app.world().is_solved());
    assert_eq!(app.saved_solution_replays(app.place()), Some(true));
}

#[test]
fn a_start_place_that_does_not_exist_falls_back_to_the_first_level() {
    let packs = vec![Collection::built_in("A", "a", levels(CORRIDOR))];
    let start = Place { pack: 3, level: 9 };
    let app = App::new(packs, start, Progress::default(), None, PLAIN).expect("starts");
    assert_eq!(app.place(), Place { pack: 0, level: 0 });
    let empty = App::new(Vec::new(), start, Progress::default(), None, PLAIN);
    assert!(empty.is_err());
}

#[test]
fn reloading_an_unchanged_level_keeps_the_game_and_a_changed_one_starts_over() {
    let mut app = app(CORRIDOR, PLAIN);
    press(&mut app, "nll");
    // The first level changed, the one in play did not.
    let edited = CORRIDOR.replace("#@     $.#", "#@    $ .#");
    app.replace_levels(0, levels(&edited));
    assert_eq!(moves(&app), 2);
    assert_eq!(hint_line(&app), "reloaded Test");
    // Now the level in play changes.
    let edited = edited.replace("#@   E#", "#@  E #");
    app.replace_levels(0, levels(&edited));
    assert_eq!(moves(&app), 0);
    assert_eq!(hint_line(&app), "reloaded Test: level 2 starts over");
    // A pack that lost the level in play goes to its last level.
    app.replace_levels(0, levels("#####\n#@$.#\n#####\n"));
    assert_eq!(app.place(), Place { pack: 0, level: 0 });
}

#[test]
fn a_broken_reload_shows_the_error_and_the_level_stays_playable() {
    let mut app = app(CORRIDOR, PLAIN);
    press(&mut app, "l");
    app.reload_failed("pack.xsb:3:2: level 1: two players".to_owned());
    assert_eq!(hint_line(&app), "pack.xsb:3:2: level 1: two players");
    press(&mut app, "l");
    assert_eq!(moves(&app), 2, "still playable");
    assert_eq!(
        hint_line(&app),
        "pack.xsb:3:2: level 1: two players",
        "the error stays until the file reads cleanly"
    );
    app.replace_levels(0, levels(CORRIDOR));
    assert_eq!(hint_line(&app), "reloaded Test");
}

#[test]
fn the_start_is_the_level_asked_for_else_the_last_played_else_the_first() {
    use sokoshot::tui::session::start_place;
    let packs = vec![
        Collection::built_in("A", "a", levels(CORRIDOR)),
        Collection::built_in("B", "b", levels(CORRIDOR)),
    ];
    let at = |pack, level| Some(Place { pack, level });
    let cases = [
        ("asked", Some(2), None, at(0, 1)),
        (
            "asked wins over last",
            Some(1),
            Some(("built-in:B", 1)),
            at(0, 0),
        ),
        ("asked beyond the pack", Some(3), None, None),
        ("asked zero", Some(0), None, None),
        ("last played", None, Some(("built-in:B", 1)), at(1, 1)),
        ("last level gone", None, Some(("built-in:B", 7)), at(0, 0)),
        ("last pack gone", None, Some(("built-in:C", 0)), at(0, 0)),
        ("nothing", None, None, at(0, 0)),
    ];
    for (name, asked, last, want) in cases {
        let got = start_place(&packs, asked, last).ok();
        assert_eq!(got, want, "{name}");
    }
}

#[test]
fn terminal_too_small_ignores_movement_keys() {
    let mut app = app(CORRIDOR, PLAIN);
    app.set_screen_size(10, 3);
    assert!(app.board_hidden());
    press(&mut app, "l5lLnu ");
    assert_eq!(moves(&app), 0, "nothing moved behind the message");
    assert_eq!(app.place(), Place { pack: 0, level: 0 }, "no level change");
    press(&mut app, "?");
    assert_eq!(app.mode(), Mode::Help, "help still opens");
    press(&mut app, "~");
    app.set_screen_size(80, 24);
    press(&mut app, "l");
    assert_eq!(moves(&app), 1, "keys act again once the board shows");
}

#[test]
fn a_count_over_the_limit_is_cut_with_a_clear_message() {
    let mut app = app(CORRIDOR, PLAIN);
    press(&mut app, "9999h");
    let hint = hint_line(&app);
    assert!(
        hint.contains("at most 100 times: 9999 was cut to 100"),
        "{hint}"
    );
    assert_eq!(moves(&app), 0);
}

#[test]
fn a_count_of_shots_is_cut_to_the_limit() {
    let mut app = app("#####\n#@ E#\n#   #\n#####\n", PLAIN);
    press(&mut app, "j");
    press(&mut app, "9999 ");
    assert_eq!(
        app.world().counters().shots,
        sokoshot::tui::keys::MAX_REPEAT,
        "one shot per repeat, no more"
    );
}

#[test]
fn a_blocked_message_goes_when_the_enemy_that_blocked_is_shot() {
    let mut app = app("#######\n#@E $.#\n#######\n", PLAIN);
    // The first press turns to face the enemy, the second is refused by it.
    press(&mut app, "ll");
    let hint = hint_line(&app);
    assert!(hint.contains("an enemy is in the way"), "{hint}");
    // The shot lands within the command: the enemy is gone, and so is the message.
    press(&mut app, " ");
    assert!(app.world().enemies().is_empty(), "the shot took the enemy");
    let hint = hint_line(&app);
    assert!(!hint.contains("enemy"), "the stale message is gone: {hint}");
    press(&mut app, "l");
    assert_eq!(moves(&app), 1, "the way is free");
}

#[test]
fn a_key_typed_while_a_shot_flies_is_judged_after_the_ticks_due() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use sokoshot::tui::event_loop::{TICK, key_at};
    use std::time::Instant;
    let mut app = app("######\n#@E  #\n# $. #\n######\n", PLAIN);
    let key = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
    let start = Instant::now();
    let mut next_tick = start + TICK;
    key_at(&mut app, key('l'), &mut next_tick, start);
    key_at(&mut app, key(' '), &mut next_tick, start);
    // The shot's whole time passed with the command: the world in play holds the hit, the
    // board still shows the shot on its way.
    assert!(app.world().enemies().is_empty(), "the shot has hit");
    assert_eq!(app.shown_world().enemies().len(), 1, "shown on its way");
    assert!(app.is_animating());
    // A key typed before the shot is shown landing is judged on the world after the hit.
    key_at(&mut app, key('l'), &mut next_tick, start + TICK * 2);
    assert_eq!(
        moves(&app),
        1,
        "the step was judged on the world after the hit"
    );
    assert!(!hint_line(&app).contains("enemy"), "{}", hint_line(&app));
}

/// A bar three cells long lying along the row of its hub and turning at 90° a second; the
/// player stands two cells left of the hub, then a box stands two cells left of another, then
/// the player stands above a box that the bar lies over.
const TURNING_BAR: &str = "\
#######
#     #
#@ % E#
#     #
#######
Spinner: 3,2 length=3 speed=90

########
#      #
#@$ % .#
#      #
########
Spinner: 4,2 length=3 speed=90

#######
# @   #
# $%  #
#    .#
#######
Spinner: 3,2 length=3 speed=90
";

/// The line below the board of a five-row level.
fn bottom_line(app: &App) -> String {
    rows(&render(app, 70, 10))[9].clone()
}

#[test]
fn a_step_or_push_refused_by_a_turning_bar_says_so_until_the_bar_turns_past() {
    use sokoshot::tui::app::{BAR_IN_THE_WAY, BAR_IN_THE_WAY_OF_THE_BOX, BAR_OVER_THE_BOX};
    use sokoshot_core::level::Pos;
    let cases = [
        (
            "a step",
            0,
            "l",
            Pos::new(2, 2),
            Pos::new(3, 2),
            BAR_IN_THE_WAY,
        ),
        (
            "a push",
            1,
            "l",
            Pos::new(3, 2),
            Pos::new(4, 2),
            BAR_IN_THE_WAY_OF_THE_BOX,
        ),
        (
            "a push of a box under the bar",
            2,
            "j",
            Pos::new(2, 2),
            Pos::new(3, 2),
            BAR_OVER_THE_BOX,
        ),
    ];
    for (name, level, key, cell, hub, text) in cases {
        let mut app = app(TURNING_BAR, PLAIN);
        app.go_to(Place { pack: 0, level });
        assert!(
            app.world().barred(cell),
            "{name}: the bar starts over {cell:?}"
        );
        // The first press only turns the player to face the bar; the second is refused, and
        // the answer says first that nothing moved, then names the bar by its hub, whose
        // cell it is over, and the key that lets the bar turn.
        let lead = if text == BAR_IN_THE_WAY {
            "no step"
        } else {
            "no push"
        };
        for _ in 0..2 {
            press(&mut app, key);
            assert_eq!(moves(&app), 0, "{name}");
            assert!(
                bottom_line(&app).contains(&format!("{lead}: the bar of hub ◆◆ {text}")),
                "{name}: {}",
                bottom_line(&app)
            );
            // The mark is on the hub of the bar, in the board's rows (the fourth is the
            // board's third: the status line and a blank tip row are above it).
            let screen = rows(&render(&app, 70, 10));
            let marked: Vec<usize> = screen
                .iter()
                .enumerate()
                .filter(|(_, row)| row.contains("◆◆"))
                .map(|(i, _)| i)
                .collect();
            assert_eq!(
                marked.len(),
                2,
                "{name}: the board's mark and the message's: {screen:#?}"
            );
            let row = &screen[marked[0]];
            let column = row.chars().take_while(|&c| c != '◆').count();
            let left = row.chars().take_while(|&c| c != '█').count();
            assert_eq!((column - left) / 2, hub.x as usize, "{name}: {screen:#?}");
        }
        assert!(text.contains(". waits a beat"), "{name}: {text}");
        // Frames alone turn nothing: the bar stands until a key lets time pass.
        for _ in 0..240 {
            app.tick();
        }
        assert!(app.world().barred(cell), "{name}: the bar stood still");
        assert!(bottom_line(&app).contains(text), "{name}: the answer stays");
        let mut waits = 0;
        while app.world().barred(cell) {
            press(&mut app, ".");
            waits += 1;
            assert!(waits < 16, "{name}: the bar never turned past");
        }
        let hint = bottom_line(&app);
        assert!(!hint.contains("bar"), "{name}: gone with the bar: {hint}");
        press(&mut app, key);
        assert_eq!(moves(&app), 1, "{name}: the way is free now");
    }
}

#[test]
fn a_wall_message_on_a_level_with_a_turning_bar_stays_until_the_next_key() {
    let mut app = app(TURNING_BAR, PLAIN);
    press(&mut app, "kk");
    assert!(bottom_line(&app).contains("a wall is in the way"));
    for _ in 0..30 {
        app.tick();
    }
    let hint = bottom_line(&app);
    assert!(hint.contains("a wall is in the way"), "{hint}");
}

/// A bar stands across the only line of fire at first and turns out of it later.
const SHOOTING_WINDOW: &str = "\
#########
####%####
#F     E#
# #######
#@#
###
Spinner: 4,1 length=3 speed=30 angle=90
Shots: 1
";

#[test]
fn a_hint_whose_next_step_is_a_wait_says_how_long_in_a_players_words() {
    use sokoshot::tui::hint::HintBudget;
    let mut app = app(SHOOTING_WINDOW, PLAIN);
    app.set_hint_budget(HintBudget::positions(200_000));
    let start = app.world().elapsed_ticks();
    press(&mut app, "i");
    // The answer comes from a thread of its own: tick (as the game does) until it is in.
    for _ in 0..20_000 {
        if !app.hint_pending() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
        app.tick();
    }
    assert_eq!(
        app.world().elapsed_ticks(),
        start,
        "time stood still while the hint was worked out"
    );
    // How long is said as the keys that wait: `.` a beat each, or a count of them.
    let hint = rows(&render(&app, 80, 10))[9].clone();
    let keys = hint
        .strip_prefix("hint: ")
        .and_then(|rest| rest.split(" (").next())
        .unwrap_or_else(|| panic!("a hint: {hint}"));
    let words: Vec<&str> = keys.split(' ').collect();
    assert_eq!(words.last(), Some(&"space"), "{hint}");
    assert!(
        words[..words.len() - 1].iter().all(|w| *w == "."
            || w.strip_suffix('.')
                .is_some_and(|n| n.parse::<u32>().is_ok())),
        "only waits before the shot: {hint}"
    );
}

#[test]
fn esc_and_a_key_typed_together_close_the_help_and_then_take_the_key() {
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    let mut app = app("#####\n#@  #\n# $.#\n#####\n", PLAIN);
    press(&mut app, "?");
    assert_eq!(app.mode(), Mode::Help);
    // What a terminal (or tmux, within its escape-time) sends for Esc then `l`.
    app.handle_key(KeyEvent::new(KeyCode::Char('l'), KeyModifiers::ALT));
    assert_eq!(app.mode(), Mode::Playing, "the Esc closed the help");
    assert_eq!(moves(&app), 1, "and the `l` was a step");
}

/// Two players on the corridor who asked `pool` for a hint, in turn, while another player's
/// search holds its one place: (that place, the first, the second).
fn two_in_line(
    pool: &'static sokoshot::tui::hint::HintPool,
) -> (sokoshot::tui::hint::pool::Place, App, App) {
    use sokoshot::tui::hint::HintBudget;
    use std::sync::atomic::AtomicBool;
    let budget = |owner| HintBudget {
        positions: 1000,
        time: None,
        pool: Some(pool),
        threads: 1,
        owner,
        address: 0,
    };
    let ticket = pool.join(99).expect("room");
    let held = pool
        .wait_turn(ticket, &AtomicBool::new(false))
        .expect("the place");
    let mut first = app(CORRIDOR, PLAIN);
    first.set_hint_budget(budget(1));
    let mut second = app(CORRIDOR, PLAIN);
    second.set_hint_budget(budget(2));
    press(&mut first, "i");
    press(&mut second, "i");
    (held, first, second)
}

/// Ticks both players' games (as the game does) until neither waits for a hint.
fn until_answered(first: &mut App, second: &mut App) {
    for _ in 0..20_000 {
        if !first.hint_pending() && !second.hint_pending() {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
        first.tick();
        second.tick();
    }
    panic!("the hints never came");
}

#[test]
fn a_server_hint_waiting_its_turn_says_where_it_stands_in_line() {
    use sokoshot::tui::hint::HintPool;
    static LINE: HintPool = HintPool::new(1, 1 << 20);
    let screen = |app: &App| rows(&render(app, 70, 10)).join("\n");
    let (held, mut first, mut second) = two_in_line(&LINE);
    assert!(
        screen(&first).contains("hint queued: 1st in line"),
        "{}",
        screen(&first)
    );
    assert!(
        screen(&second).contains("hint queued: 2nd in line"),
        "{}",
        screen(&second)
    );
    drop(held);
    until_answered(&mut first, &mut second);
    for app in [&first, &second] {
        assert!(screen(app).contains("hint: "), "{}", screen(app));
        assert!(!screen(app).contains("queued"), "{}", screen(app));
    }
}

#[test]
fn a_hint_asked_again_and_again_keeps_its_one_search_and_its_place_in_line() {
    use sokoshot::tui::hint::HintPool;
    static LINE: HintPool = HintPool::new(1, 1 << 20);
    let (held, mut eager, mut patient) = two_in_line(&LINE);
    // The first presses `i` a hundred times more: a search asked afresh would leave the line
    // and join it again behind the second.
    press(&mut eager, &"i".repeat(100));
    assert_eq!(LINE.waiting(), 2, "one search waits for each player");
    assert_eq!(eager.hint_place(), Some(1));
    assert_eq!(patient.hint_place(), Some(2));
    // Once the position changes, `i` asks for the hint of the new one, at the back of the line.
    press(&mut eager, "l");
    press(&mut eager, "i");
    assert_eq!(LINE.waiting(), 2);
    assert_eq!(patient.hint_place(), Some(1));
    assert_eq!(eager.hint_place(), Some(2));
    drop(held);
    until_answered(&mut eager, &mut patient);
    assert_eq!(
        eager.hints_used(),
        1,
        "one hint shown for the position it was asked at"
    );
}

/// A wait where nothing moves with time says so, instead of passing unseen; where a bar
/// turns, it says nothing of the kind.
#[test]
fn a_wait_where_nothing_moves_with_time_says_so() {
    use sokoshot::tui::app::NOTHING_TURNS;
    let mut plain = app(CORRIDOR, PLAIN);
    press(&mut plain, ".");
    assert!(
        bottom_line(&plain).contains(NOTHING_TURNS),
        "{}",
        bottom_line(&plain)
    );
    let mut turning = app(TURNING_BAR, PLAIN);
    press(&mut turning, ".");
    assert!(!bottom_line(&turning).contains(NOTHING_TURNS));
}
