//! The built-in campaign (`levels/campaign.xsb`): it loads cleanly, every level fits a
//! terminal, every stored solution solves its level (and not one letter sooner), spinner
//! solutions do not hang on a single frame, no level falls to mashing one key or two keys in
//! turn (`l .`, `k space`, `l . .`, on the game's one clock), the levels
//! come in the five chapters, and they introduce one idea at a time.

use sokoshot_core::game::{
    self, Command, Dir, Move, Outcome, TICKS_PER_SECOND, Token, WAIT_TICKS, World,
};
use sokoshot_core::level::{Level, Tile, parse_pack};
use sokoshot_core::solve::{Limits, Optimize, Settings, Techniques, Verdict, solve_level};

/// The campaign as shipped.
const CAMPAIGN: &str = include_str!("../../../levels/campaign.xsb");

/// Terminal the game must fit: 80 columns at two columns per cell, 24 rows with a status line
/// above and below the board.
const TERMINAL_COLUMNS: i32 = 80;
const TERMINAL_ROWS: i32 = 24;
const COLUMNS_PER_CELL: i32 = 2;
const STATUS_ROWS: i32 = 2;

/// How far, in ticks, a spinner level's timeline may be shifted (every bar starting this much
/// earlier or later in its turn) with its stored solution still solving it: a fifth of a
/// second each way, so no step or shot has to land on one exact frame.
const TIMING_SLACK_TICKS: i32 = 12;

/// Levels each idea has to itself (mixed only with earlier ideas) before the next is
/// introduced.
const MIN_LEVELS_PER_IDEA: usize = 3;

/// The chapters, in order, as their `Chapter:` lines name them.
const CHAPTERS: [&str; 5] = ["Pushing", "Shooting", "Banking", "Spinners", "Mixed"];

/// The most a level may need of the solver's layouts, over those of the level before it in
/// its chapter (see levels/README.md).
const MAX_LAYOUT_RISE: u64 = 4;
/// The steps: each teaches, on a smaller board, the idea of the level that follows it (The
/// Pit the pit a box is lifted out of from below, before Twin Guards; Both Sides that a bar
/// standing still turns shots off each of its sides its own way, before Mirror Maze;
/// Escapement that a turning bar turns on while a shot flies, so the shot is fired a beat
/// early, before Turnstile; Guard Post and Overlook a way that a box closes and that opens
/// again, before Sentry and Lookout).
const STEPS: [&str; 5] = [
    "The Pit",
    "Both Sides",
    "Escapement",
    "Guard Post",
    "Overlook",
];
/// Positions the solver may look at on one level when the curve is measured: more than the
/// hardest level needs (Turnstile, about 690 000).
const CURVE_POSITIONS: u64 = 3_000_000;

/// The fewest levels in the campaign.
const MIN_LEVELS: usize = 30;

/// Key mashing: each key (a step or run key, space or `.`) pressed this many times in a row …
const MASH_PRESSES: usize = 120;
/// … two different keys pressed in turn this many times (each pair one turn) …
const MASH_PAIRS: usize = 60;
/// … and a step key followed by up to this many waits, as many turns.
const MASH_MOST_WAITS: usize = 4;

/// The ideas the campaign teaches, in the order it introduces them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Mechanic {
    Boxes,
    Enemies,
    Slopes,
    Spinners,
}

const MECHANICS: [Mechanic; 4] = [
    Mechanic::Boxes,
    Mechanic::Enemies,
    Mechanic::Slopes,
    Mechanic::Spinners,
];

impl Mechanic {
    fn appears_in(self, level: &Level) -> bool {
        match self {
            Self::Boxes => !level.boxes.is_empty(),
            Self::Enemies => !level.enemies.is_empty(),
            Self::Slopes => level.tiles.iter().any(|t| matches!(t, Tile::Slope(_))),
            Self::Spinners => !level.spinners.is_empty(),
        }
    }
}

fn campaign() -> Vec<Level> {
    let report = parse_pack(CAMPAIGN);
    let problems: Vec<String> = report
        .diagnostics()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(problems.is_empty(), "campaign.xsb: {problems:#?}");
    report.into_pack().expect("every level loads").levels
}

fn name(index: usize, level: &Level) -> String {
    format!(
        "level {} {:?}",
        index + 1,
        level.title.as_deref().unwrap_or("")
    )
}

fn solution(index: usize, level: &Level) -> &str {
    level
        .solution
        .as_deref()
        .unwrap_or_else(|| panic!("{} has no Solution: line", name(index, level)))
}

/// Whether `moves` replays to a solved board (a replay error counts as not solved).
fn solves(level: &Level, moves: &str) -> bool {
    game::replay(level, moves).is_ok_and(|r| r.world.is_solved())
}

/// The moves as text again, one letter fewer at the end.
fn without_last_letter(moves: &str) -> String {
    let mut tokens: Vec<Token> = game::parse_moves(moves).expect("solution parses");
    if let Some(last) = tokens.last_mut() {
        last.count -= 1;
    }
    tokens
        .iter()
        .filter(|t| t.count > 0)
        .map(|t| match t.count {
            1 => t.letter.to_string(),
            n => format!("{n}{}", t.letter),
        })
        .collect()
}

/// The level with every bar `ticks` ticks further into its turn at the start.
fn shifted(level: &Level, ticks: i32) -> Level {
    let mut level = level.clone();
    for spinner in &mut level.spinners {
        spinner.angle += spinner.speed * ticks as f32 / TICKS_PER_SECOND as f32;
    }
    level
}

#[test]
fn the_campaign_loads_clean_with_at_least_30_titled_levels() {
    let levels = campaign();
    assert!(levels.len() >= MIN_LEVELS, "only {} levels", levels.len());
    let mut titles: Vec<&str> = Vec::new();
    for (i, level) in levels.iter().enumerate() {
        let title = level.title.as_deref().unwrap_or_default();
        assert!(!title.is_empty(), "level {} has no title", i + 1);
        assert!(
            !titles.contains(&title),
            "level {} repeats the title {title:?}",
            i + 1
        );
        titles.push(title);
    }
}

#[test]
fn every_level_prints_and_reads_back_the_same() {
    for (i, level) in campaign().iter().enumerate() {
        let again: Level = level
            .to_string()
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e}", name(i, level)));
        assert_eq!(&again, level, "{}", name(i, level));
    }
}

#[test]
fn every_level_fits_an_80_by_24_terminal() {
    for (i, level) in campaign().iter().enumerate() {
        assert!(
            level.width * COLUMNS_PER_CELL <= TERMINAL_COLUMNS,
            "{} is {} cells wide",
            name(i, level),
            level.width
        );
        assert!(
            level.height + STATUS_ROWS <= TERMINAL_ROWS,
            "{} is {} rows tall",
            name(i, level),
            level.height
        );
    }
}

#[test]
fn every_stored_solution_solves_its_level() {
    for (i, level) in campaign().iter().enumerate() {
        let moves = solution(i, level);
        match game::replay(level, moves) {
            Ok(end) => assert!(
                end.world.is_solved(),
                "{}: {moves} ends unsolved: {}",
                name(i, level),
                end.summary()
            ),
            Err(e) => panic!("{}: {moves}: {e}", name(i, level)),
        }
    }
}

#[test]
fn no_solution_solves_its_level_one_letter_sooner() {
    for (i, level) in campaign().iter().enumerate() {
        let short = without_last_letter(solution(i, level));
        assert!(
            !solves(level, &short),
            "{}: {short:?} already solves it",
            name(i, level)
        );
    }
}

#[test]
fn spinner_solutions_keep_working_when_the_bars_run_early_or_late() {
    let mut timed = 0;
    for (i, level) in campaign().iter().enumerate() {
        if level.spinners.iter().all(|s| s.speed == 0.0) {
            continue;
        }
        timed += 1;
        let moves = solution(i, level);
        for ticks in -TIMING_SLACK_TICKS..=TIMING_SLACK_TICKS {
            assert!(
                solves(&shifted(level, ticks), moves),
                "{}: {moves} fails with the bars {ticks} ticks along",
                name(i, level)
            );
        }
    }
    assert!(timed >= 3, "only {timed} levels with turning bars");
}

#[test]
fn every_mechanic_appears_in_at_least_three_levels() {
    let levels = campaign();
    for mechanic in MECHANICS {
        let count = levels.iter().filter(|l| mechanic.appears_in(l)).count();
        assert!(count >= 3, "{mechanic:?} appear in only {count} levels");
    }
}

#[test]
fn mechanics_are_introduced_one_at_a_time_and_mixed_at_the_end() {
    let levels = campaign();
    let first = |m: Mechanic| {
        levels
            .iter()
            .position(|l| m.appears_in(l))
            .unwrap_or_else(|| panic!("{m:?} never appear"))
    };
    let firsts: Vec<usize> = MECHANICS.iter().map(|&m| first(m)).collect();
    assert!(
        firsts.windows(2).all(|w| w[0] < w[1]),
        "first appearances {firsts:?} are not in the order {MECHANICS:?}"
    );
    // Each idea gets a few levels of its own before the next one arrives.
    for (pair, m) in firsts.windows(2).zip(MECHANICS) {
        assert!(
            pair[1] - pair[0] >= MIN_LEVELS_PER_IDEA,
            "{m:?} get only {} levels (from level {}) before the next idea",
            pair[1] - pair[0],
            pair[0] + 1
        );
    }
    let last = levels.last().expect("levels");
    assert!(
        MECHANICS.iter().all(|m| m.appears_in(last)),
        "the last level mixes every mechanic"
    );
}

/// A key a player might mash: a step key, a run key (`H J K L`), space (fire) or `.` (wait a
/// beat).
#[derive(Debug, Clone, Copy)]
enum Key {
    Step(Dir),
    Run(Dir),
    Fire,
    Wait,
}

/// The mashable keys with the names a player types them by.
const KEYS: [(&str, Key); 10] = [
    ("h", Key::Step(Dir::Left)),
    ("j", Key::Step(Dir::Down)),
    ("k", Key::Step(Dir::Up)),
    ("l", Key::Step(Dir::Right)),
    ("H", Key::Run(Dir::Left)),
    ("J", Key::Run(Dir::Down)),
    ("K", Key::Run(Dir::Up)),
    ("L", Key::Run(Dir::Right)),
    ("space", Key::Fire),
    (".", Key::Wait),
];

/// Whether pressing `keys` in order on the game's one clock (each key lets its own time pass,
/// as in play) solves the level at any point.
fn mashing_solves(level: &Level, keys: &[Key]) -> bool {
    let mut world = World::new(level).expect("campaign levels are playable");
    for &key in keys {
        let command = match key {
            Key::Step(dir) => Command::Step(dir),
            Key::Run(dir) => Command::Run(dir),
            Key::Fire => Command::Fire,
            Key::Wait => Command::Wait(WAIT_TICKS),
        };
        world.play(command).ok();
        if world.is_solved() {
            return true;
        }
    }
    false
}

/// Each key alone, pressed [`MASH_PRESSES`] times.
fn one_key_patterns() -> Vec<(String, Vec<Key>)> {
    KEYS.iter()
        .map(|&(name, key)| (format!("{name} × {MASH_PRESSES}"), vec![key; MASH_PRESSES]))
        .collect()
}

/// Two different keys in turn, either one first, [`MASH_PAIRS`] times: a step or run key with
/// space or `.`, space with `.`, and (see [`mashed`]) two step or run keys; and every step
/// key followed by two to [`MASH_MOST_WAITS`] waits, [`MASH_PAIRS`] times.
fn two_key_patterns() -> Vec<(String, Vec<Key>)> {
    let mut patterns = Vec::new();
    for &(first, a) in &KEYS {
        for &(second, b) in &KEYS {
            if first != second {
                patterns.push((
                    format!("({first} {second}) × {MASH_PAIRS}"),
                    [a, b].repeat(MASH_PAIRS),
                ));
            }
        }
    }
    for &(name, key) in KEYS.iter().filter(|(_, k)| matches!(k, Key::Step(_))) {
        for waits in 2..=MASH_MOST_WAITS {
            let mut unit = vec![key];
            unit.extend(std::iter::repeat_n(Key::Wait, waits));
            patterns.push((
                format!("({name} {waits}.) × {MASH_PAIRS}"),
                unit.repeat(MASH_PAIRS),
            ));
        }
    }
    patterns
}

/// Whether the pattern presses step and run keys and nothing else.
fn only_moves(keys: &[Key]) -> bool {
    keys.iter().all(|k| matches!(k, Key::Step(_) | Key::Run(_)))
}

/// The levels (with the pattern) that one of `patterns` solves. Two step or run keys in turn
/// count only on levels with a turning bar: there a step into a wall turns the player and
/// lets a step's time pass, a wait in disguise, while on other levels they are a plain walk
/// (the first level falls to `j l` and `J l` by design).
fn mashed(patterns: &[(String, Vec<Key>)]) -> Vec<String> {
    let mut mashed = Vec::new();
    for (i, level) in campaign().iter().enumerate() {
        let turning = level.spinners.iter().any(|s| s.speed != 0.0);
        for (pattern, keys) in patterns {
            if (turning || !only_moves(keys)) && mashing_solves(level, keys) {
                mashed.push(format!("{}: {pattern}", name(i, level)));
            }
        }
    }
    mashed
}

#[test]
fn no_level_falls_to_mashing_one_key() {
    let mashed = mashed(&one_key_patterns());
    assert!(mashed.is_empty(), "solved by mashing: {mashed:#?}");
}

#[test]
fn no_level_falls_to_two_keys_pressed_in_turn() {
    let mashed = mashed(&two_key_patterns());
    assert!(mashed.is_empty(), "solved by two keys in turn: {mashed:#?}");
}

/// Waits a player following a level's route may make before one letter goes through.
const MOST_WAITS_A_LETTER: usize = 64;

/// A level's route: the letters of its stored solution `moves` that moved the player, pushed
/// or fired when the solution was played, without the waits and the turns (a step into a wall
/// that only turns the player is a wait in disguise).
fn route(level: &Level, moves: &str) -> Vec<Move> {
    let tokens: Vec<Token> = game::parse_moves(moves).expect("solution parses");
    let mut world = World::new(level).expect("campaign levels are playable");
    let mut route = Vec::new();
    for token in tokens {
        let letter = match token.letter {
            'l' | 'L' => Move::Step(Dir::Left),
            'u' | 'U' => Move::Step(Dir::Up),
            'r' | 'R' => Move::Step(Dir::Right),
            'd' | 'D' => Move::Step(Dir::Down),
            'f' | 'F' => Move::Fire,
            _ => Move::Wait,
        };
        for _ in 0..token.count {
            let played = match world.play_letter(letter) {
                Ok(Outcome::Pushed { .. }) => match letter {
                    Move::Step(dir) => Some(Move::Push(dir)),
                    other => Some(other),
                },
                Ok(Outcome::Moved { .. } | Outcome::Fired) => Some(letter),
                _ => None,
            };
            route.extend(played);
        }
    }
    route
}

/// Whether a player who knows `level`'s route (see [`route`]) but not its timing solves it: each letter pressed as soon as the last one went through and,
/// whenever it does not go through as written (a step turns or is refused, a push walks or is
/// refused), a beat waited (`.`) and the letter pressed again, up to [`MOST_WAITS_A_LETTER`]
/// times. A letter that does something else than written (a step that pushes, a push that
/// walks) is played, as the player pressed it, and the route goes on from there.
fn waiting_until_it_goes_through_solves(level: &Level, moves: &str) -> bool {
    let mut world = World::new(level).expect("campaign levels are playable");
    for letter in route(level, moves) {
        let mut waits = 0;
        loop {
            let outcome = world.play_letter(letter);
            if world.is_solved() {
                return true;
            }
            // Through as written, or moved otherwise (then played as pressed).
            let through = letter == Move::Fire
                || matches!(outcome, Ok(Outcome::Moved { .. } | Outcome::Pushed { .. }));
            if through || waits == MOST_WAITS_A_LETTER {
                break;
            }
            world.play_letter(Move::Wait).ok();
            waits += 1;
        }
    }
    world.is_solved()
}

/// The pattern "wait until the push goes through": on every level where a bar turns, the
/// route of the stored solution without its waits, waiting whenever a letter does not go
/// through, must not solve the level. Where bars only block, it would: waiting until the
/// cell ahead is free always works, since a bar comes round again and never moves a box.
#[test]
fn no_level_with_a_turning_bar_falls_to_waiting_until_the_push_goes_through() {
    let mut waited = Vec::new();
    let mut turning = 0;
    for (i, level) in campaign().iter().enumerate() {
        if level.spinners.iter().all(|s| s.speed == 0.0) {
            continue;
        }
        turning += 1;
        if waiting_until_it_goes_through_solves(level, solution(i, level)) {
            waited.push(name(i, level));
        }
    }
    assert!(turning >= 3, "only {turning} levels with turning bars");
    assert!(
        waited.is_empty(),
        "solved by waiting until it goes through: {waited:#?}"
    );
}

/// The pattern above is no straw man: on a level whose bar only blocks it solves the level
/// from the route alone (and without waits the route fails there).
#[test]
fn waiting_until_the_push_goes_through_solves_a_level_whose_bar_only_blocks() {
    let blocking: Level = "#########\n#@  #   #\n#   %   #\n# $    ##\n######.##\n     ###\n\
Spinner: 4,2 length=3 speed=45 angle=0\n"
        .parse()
        .expect("reads");
    let moves = "2d2R11w2R8wurD";
    assert!(solves(&blocking, moves), "the timed solution");
    let untimed: String = route(&blocking, moves)
        .into_iter()
        .map(Move::letter)
        .collect();
    assert!(
        !solves(&blocking, &untimed),
        "the route alone, without waits"
    );
    assert!(waiting_until_it_goes_through_solves(&blocking, moves));
}

/// The solver's layouts for `level`, searched for the fewest pushes on one thread within
/// [`CURVE_POSITIONS`]: the measure of levels/README.md's table.
fn layouts(index: usize, level: &Level) -> u64 {
    let settings = Settings {
        optimize: Optimize::Pushes,
        limits: Limits::positions(CURVE_POSITIONS),
        techniques: Techniques::measure(),
        ..Settings::default()
    };
    let report = solve_level(level, &settings, None).expect("the solver runs");
    assert!(
        matches!(report.verdict, Verdict::Solved { proven: true, .. }),
        "{}: {:?}",
        name(index, level),
        report.verdict
    );
    // The figures of levels/README.md's table, shown with `--nocapture`.
    eprintln!(
        "{}: {} positions, {} layouts",
        name(index, level),
        report.positions,
        report.layouts
    );
    report.layouts
}

/// Each chapter rises level by level, and no level needs more than [`MAX_LAYOUT_RISE`] times
/// the layouts of the level before it in its chapter, counted by the solver's positions (it
/// proves every level's fewest pushes). A step (see [`STEPS`]) stands apart: it teaches on a
/// smaller board the idea of the test after it, so it may need fewer layouts than the level
/// before it, and the rise goes on from the level before it to the test; but it needs no
/// more than its test, and its test no more than [`MAX_LAYOUT_RISE`] times the step. It
/// solves all the levels, about half a minute in the test build on one core; it runs with
/// the rest, since a solver change can move the measure (a stronger deadlock test in the
/// full-state search once broke the curve unseen while this test ran only on request).
#[test]
fn every_chapter_rises_and_no_level_needs_over_4x_the_layouts_before_it() {
    let levels = campaign();
    let titles: Vec<&str> = levels
        .iter()
        .map(|l| l.title.as_deref().unwrap_or(""))
        .collect();
    for step in STEPS {
        assert!(
            titles.contains(&step),
            "the step {step:?} is in the campaign"
        );
    }
    let mut broken = Vec::new();
    let mut before: Option<u64> = None;
    let mut step: Option<u64> = None;
    for (i, level) in levels.iter().enumerate() {
        let now = layouts(i, level);
        if level.chapter.is_some() {
            before = None;
        }
        if STEPS.contains(&titles[i]) {
            step = Some(now);
            continue;
        }
        if let Some(before) = before
            && (now < before || now > MAX_LAYOUT_RISE * before)
        {
            broken.push(format!("{}: {now} layouts after {before}", name(i, level)));
        }
        if let Some(step) = step.take()
            && (now < step || now > MAX_LAYOUT_RISE * step)
        {
            broken.push(format!(
                "{}: {now} layouts after its step's {step}",
                name(i, level)
            ));
        }
        before = Some(now);
    }
    assert!(broken.is_empty(), "the curve breaks: {broken:#?}");
}

#[test]
fn the_campaign_comes_in_five_chapters_each_opening_with_its_chapter_line() {
    let levels = campaign();
    let starts: Vec<(usize, &str)> = levels
        .iter()
        .enumerate()
        .filter_map(|(i, l)| l.chapter.as_deref().map(|c| (i, c)))
        .collect();
    let names: Vec<&str> = starts.iter().map(|&(_, c)| c).collect();
    assert_eq!(names, CHAPTERS, "the chapters in order");
    assert_eq!(starts[0].0, 0, "the first level opens the first chapter");
    let ends = starts.iter().skip(1).map(|&(i, _)| i).chain([levels.len()]);
    for (&(start, chapter), end) in starts.iter().zip(ends) {
        assert!(
            end - start >= MIN_LEVELS_PER_IDEA,
            "chapter {chapter:?} has only {} levels",
            end - start
        );
    }
}

#[test]
fn the_chapter_key_is_read_printed_back_and_known_to_check() {
    let text = "Title: Opening\nChapter: Pushing\n#####\n#@$.#\n#####\n";
    let report = parse_pack(text);
    assert!(
        report.diagnostics().is_empty(),
        "{:?}",
        report.diagnostics()
    );
    let level = &report.into_pack().expect("reads").levels[0];
    assert_eq!(level.chapter.as_deref(), Some("Pushing"));
    let again: Level = level.to_string().parse().expect("reads back");
    assert_eq!(again.chapter.as_deref(), Some("Pushing"));
    let twice = parse_pack("Chapter: A\nChapter: B\n#####\n#@$.#\n#####\n");
    assert_eq!(
        twice.diagnostics().len(),
        1,
        "a second Chapter: line is reported"
    );
}
