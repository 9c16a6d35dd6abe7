//! Printing a level and reading it back gives the same level, for generated levels with
//! every kind of tile, thing and setting.

use proptest::prelude::*;
use sokoshot_core::level::{Level, Pos, Slope, Spinner, Tile};

/// What an inner cell of a generated board holds.
#[derive(Debug, Clone, Copy)]
enum Cell {
    Floor,
    Wall,
    Slope(Slope),
    Hub,
    Enemy,
}

fn cell() -> impl Strategy<Value = Cell> {
    prop_oneof![
        12 => Just(Cell::Floor),
        2 => Just(Cell::Wall),
        1 => prop_oneof![
            Just(Slope::TopLeft),
            Just(Slope::TopRight),
            Just(Slope::BottomLeft),
            Just(Slope::BottomRight)
        ]
        .prop_map(Cell::Slope),
        1 => Just(Cell::Hub),
        1 => Just(Cell::Enemy),
    ]
}

/// One line of text as a setting value: no surrounding blanks, no line break.
fn words() -> impl Strategy<Value = String> {
    "[A-Za-z0-9'!?(),.][A-Za-z0-9'!?(),. ]{0,20}[A-Za-z0-9'!?().]"
}

fn comment() -> impl Strategy<Value = String> {
    prop_oneof![
        words(),
        prop::collection::vec(prop_oneof![words(), Just(String::new())], 1..4).prop_map(
            |mut lines| {
                lines.insert(0, "first".into());
                lines.push("last".into());
                lines.join("\n")
            }
        ),
    ]
}

fn spinner_numbers() -> impl Strategy<Value = (f32, f32, f32)> {
    (
        prop_oneof![Just(Spinner::DEFAULT_LENGTH), 0.01f32..=1000.0],
        prop_oneof![Just(Spinner::DEFAULT_SPEED), -1.0e6f32..1.0e6],
        prop_oneof![Just(0.0f32), -720.0f32..720.0],
    )
}

/// Everything a level's text says besides its board.
#[derive(Debug, Clone)]
struct Extras {
    title: Option<String>,
    author: Option<String>,
    comments: Vec<String>,
    shot_limit: Option<u32>,
    solution: Option<String>,
    unknown: Vec<(String, String)>,
}

fn extras() -> impl Strategy<Value = Extras> {
    (
        prop::option::of(words()),
        prop::option::of(words()),
        prop::collection::vec(comment(), 0..3),
        prop::option::of(any::<u32>()),
        prop::option::of("[lurdLURDfw0-9]{1,40}"),
        prop::collection::vec(
            ("X[a-z]{1,8}", prop_oneof![words(), Just(String::new())]),
            0..3,
        ),
    )
        .prop_map(
            |(title, author, comments, shot_limit, solution, unknown)| Extras {
                title,
                author,
                comments,
                shot_limit,
                solution,
                unknown,
            },
        )
}

prop_compose! {
    /// A level walled all round, with random inner cells, boxes, goals and settings.
    fn level()(w in 3i32..14, h in 3i32..10)(
        w in Just(w),
        h in Just(h),
        cells in prop::collection::vec(cell(), (w * h) as usize),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..8),
        goal_picks in prop::collection::vec(any::<prop::sample::Index>(), 8),
        on_goal in prop::collection::vec(any::<bool>(), 8),
        numbers in prop::collection::vec(spinner_numbers(), 0..6),
        extras in extras(),
    ) -> Level {
        build(w, h, &cells, &picks, &goal_picks, &on_goal, &numbers, extras)
    }
}

/// Lays out a level from generated parts.
#[allow(clippy::too_many_arguments)]
fn build(
    w: i32,
    h: i32,
    cells: &[Cell],
    picks: &[prop::sample::Index],
    goal_picks: &[prop::sample::Index],
    on_goal: &[bool],
    numbers: &[(f32, f32, f32)],
    extras: Extras,
) -> Level {
    let border = |x: i32, y: i32| x == 0 || y == 0 || x == w - 1 || y == h - 1;
    let mut tiles = vec![Tile::Floor; (w * h) as usize];
    let mut enemies = Vec::new();
    let mut free = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let i = (y * w + x) as usize;
            if border(x, y) {
                tiles[i] = Tile::Wall;
                continue;
            }
            match cells[i] {
                Cell::Floor => free.push(Pos::new(x, y)),
                Cell::Wall => tiles[i] = Tile::Wall,
                Cell::Slope(s) => tiles[i] = Tile::Slope(s),
                Cell::Hub => tiles[i] = Tile::Hub,
                Cell::Enemy => enemies.push(Pos::new(x, y)),
            }
        }
    }
    if free.is_empty() {
        free.push(Pos::new(1, 1));
        tiles[(w + 1) as usize] = Tile::Floor;
        enemies.retain(|e| *e != Pos::new(1, 1));
    }
    let player = picks[0].get(&free).to_owned();
    let mut boxes = Vec::new();
    for pick in &picks[1..] {
        let p = *pick.get(&free);
        if p != player && !boxes.contains(&p) {
            boxes.push(p);
        }
    }
    // As many goals as boxes: under its box, or at a free cell picked further on.
    for (k, &b) in boxes.iter().enumerate() {
        let at = if on_goal[k] {
            b
        } else {
            *goal_picks[k].get(&free)
        };
        let tile = &mut tiles[(at.y * w + at.x) as usize];
        *tile = Tile::Goal;
    }
    boxes.sort_unstable();
    enemies.sort_unstable();
    let mut spinners = Vec::new();
    for y in 0..h {
        for x in 0..w {
            if tiles[(y * w + x) as usize] == Tile::Hub {
                let mut s = Spinner::at(Pos::new(x, y));
                if let Some(&(length, speed, angle)) = numbers.get(spinners.len()) {
                    // A bar is at most as long as the board's longer side.
                    (s.length, s.speed, s.angle) = (length.min(w.max(h) as f32), speed, angle);
                }
                spinners.push(s);
            }
        }
    }
    Level {
        title: extras.title,
        author: extras.author,
        comments: extras.comments,
        chapter: None,
        width: w,
        height: h,
        tiles,
        player,
        boxes,
        enemies,
        spinners,
        shot_limit: extras.shot_limit,
        solution: extras.solution,
        more_solutions: Vec::new(),
        unknown_settings: extras.unknown,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Print → parse gives the level back whenever it is playable, and printing again gives
    /// the same text; when it is not playable, the reason is about play, not about reading.
    #[test]
    fn print_then_parse_gives_the_same_level(level in level()) {
        let text = level.to_string();
        match text.parse::<Level>() {
            Ok(again) => {
                prop_assert_eq!(&again, &level, "text:\n{}", text);
                prop_assert_eq!(again.to_string(), text);
            }
            Err(e) => {
                use sokoshot_core::level::LevelError::*;
                let play_problem = matches!(
                    e.error,
                    BoxGoalMismatch { .. } | NothingToDo | AlreadySolved | UnreachableBox | UnreachableGoal
                );
                prop_assert!(play_problem, "{}\n{}", e, text);
            }
        }
    }
}

/// The generator makes playable levels often enough for the property to mean something.
#[test]
fn most_generated_levels_are_playable() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = level();
    let total = 400;
    let mut ok = 0;
    for _ in 0..total {
        let level = strategy.new_tree(&mut runner).expect("a level").current();
        ok += usize::from(level.to_string().parse::<Level>().is_ok());
    }
    assert!(
        ok * 2 > total,
        "only {ok} of {total} generated levels are playable"
    );
}
