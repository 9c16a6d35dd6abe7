//! The solver's contract on any board: the clock, the cancel flag and the budgets are looked
//! at after a bounded amount of work however big the board and however many the boxes, the
//! precomputed tables count against the memory limit, and the searches of the portfolio on
//! two threads give the answers they give on one. Bounded by work units and positions,
//! never by the clock (the wall-clock figures are in benches/README.md, from the big_room
//! example).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use sokoshot_core::game::replay;
use sokoshot_core::level::{Level, parse_pack};
use sokoshot_core::solve::{
    CHECK_WORK, Limits, Optimize, Report, Settings, Stop, Verdict, solve_level,
};

const MICROBAN: &str = include_str!("../../../levels/microban.xsb");
const CAMPAIGN: &str = include_str!("../../../levels/campaign.xsb");

/// The most work one step of a search on a board of `boxes` boxes and goals does between two
/// counts: one matching (boxes² × goals entries) and change.
fn largest_step(boxes: u64) -> u64 {
    boxes * boxes * boxes + 2 * boxes + 4 * 65_536 + 5 * 1024
}

/// An open room with a wall round the edge, `boxes` boxes on a lattice away from the walls
/// and as many goals beside them, the player in a corner.
fn room(width: usize, height: usize, boxes: usize) -> Level {
    let mut grid = vec![vec![' '; width]; height];
    for (y, row) in grid.iter_mut().enumerate() {
        for (x, cell) in row.iter_mut().enumerate() {
            if x == 0 || y == 0 || x == width - 1 || y == height - 1 {
                *cell = '#';
            }
        }
    }
    let columns = (width - 6) / 4;
    for k in 0..boxes {
        let (x, y) = (3 + (k % columns) * 4, 3 + (k / columns) * 4);
        grid[y][x] = '$';
        grid[y + 1][x + 2] = '.';
    }
    grid[1][1] = '@';
    let text: Vec<String> = grid.into_iter().map(|r| r.into_iter().collect()).collect();
    text.join("\n").parse().expect("the room parses")
}

fn solve_with(level: &Level, limits: Limits, threads: usize, optimize: Optimize) -> Report {
    let settings = Settings {
        optimize,
        limits,
        threads,
        ..Settings::default()
    };
    solve_level(level, &settings, None).expect("the solver runs")
}

#[test]
fn a_work_budget_stops_the_search_on_a_big_room_within_one_step_of_it() {
    // 150×110 with 120 boxes: one position costs millions of units here, so a look at the
    // limits every so many positions would come seconds apart.
    let level = room(150, 110, 120);
    let step = largest_step(120);
    for threads in [1, 2] {
        for budget in [1, 200_000, 5_000_000, 40_000_000] {
            let limits = Limits {
                work: Some(budget),
                ..Limits::default()
            };
            let report = solve_with(&level, limits, threads, Optimize::Any);
            assert_eq!(report.verdict, Verdict::GaveUp(Stop::Work), "{budget}");
            assert!(
                report.work <= budget + threads as u64 * (CHECK_WORK + step),
                "{threads} threads, budget {budget}: {} units done",
                report.work
            );
        }
    }
}

#[test]
fn a_set_cancel_flag_stops_a_search_on_a_big_room_at_its_first_look() {
    for (width, height, boxes) in [(150, 110, 60), (150, 110, 120), (250, 250, 128)] {
        let level = room(width, height, boxes);
        for optimize in [Optimize::Any, Optimize::Pushes] {
            let limits = Limits {
                cancel: Some(Arc::new(AtomicBool::new(true))),
                ..Limits::default()
            };
            let report = solve_with(&level, limits, 2, optimize);
            assert_eq!(report.verdict, Verdict::GaveUp(Stop::Cancelled));
            assert!(
                report.work <= 2 * (CHECK_WORK + largest_step(boxes as u64)),
                "{width}×{height}, {boxes} boxes: {} units before the first look",
                report.work
            );
        }
    }
}

#[test]
fn the_precomputed_tables_count_against_the_memory_limit() {
    // 128 goals over 62 000 cells: the distance tables alone take 31 MiB.
    let level = room(250, 250, 128);
    let limits = Limits {
        memory_bytes: 16 << 20,
        ..Limits::default()
    };
    let report = solve_with(&level, limits, 1, Optimize::Any);
    assert_eq!(report.verdict, Verdict::GaveUp(Stop::Memory));
    assert_eq!(report.positions, 0, "nothing searched");
}

fn pack_level(pack: &str, number: usize) -> Level {
    parse_pack(pack).into_pack().expect("pack loads").levels[number - 1].clone()
}

#[test]
fn two_threads_solve_what_one_does_and_prove_the_same_optimum() {
    let levels = [1, 2, 3, 10, 40, 80, 120, 155].map(|n| (n, pack_level(MICROBAN, n)));
    for (number, level) in &levels {
        let report = solve_with(level, Limits::positions(300_000), 2, Optimize::Any);
        let solution = report.solution().expect("solved");
        let end = replay(level, &solution.moves).expect("the solution replays");
        assert!(end.world.is_solved(), "Microban {number}");
    }
    for (number, level) in &levels[..4] {
        let pushes = |threads| {
            let report = solve_with(level, Limits::positions(300_000), threads, Optimize::Pushes);
            let Verdict::Solved { solution, proven } = report.verdict else {
                panic!("Microban {number}: {:?}", report.verdict);
            };
            assert!(proven, "Microban {number}");
            solution.counters.pushes
        };
        assert_eq!(pushes(2), pushes(1), "Microban {number}");
    }
    let lost = "#####\n#$  #\n#  .#\n# @ #\n#####".parse().expect("parses");
    for optimize in [Optimize::Any, Optimize::Pushes] {
        let report = solve_with(&lost, Limits::positions(1000), 2, optimize);
        assert_eq!(report.verdict, Verdict::NoSolution);
    }
}

#[test]
fn two_threads_prove_the_same_optimum_on_levels_with_shots_and_bars() {
    let campaign = parse_pack(CAMPAIGN)
        .into_pack()
        .expect("the campaign loads");
    for title in ["First Shot", "Bank and Push", "The Gate"] {
        let level = campaign
            .levels
            .iter()
            .find(|l| l.title.as_deref() == Some(title))
            .expect("a campaign level");
        let pushes = |threads| {
            let report = solve_with(level, Limits::positions(300_000), threads, Optimize::Pushes);
            let Verdict::Solved { solution, proven } = report.verdict else {
                panic!("{title}: {:?}", report.verdict);
            };
            assert!(proven, "{title}");
            assert!(replay(level, &solution.moves).unwrap().world.is_solved());
            solution.counters.pushes
        };
        assert_eq!(pushes(2), pushes(1), "{title}");
    }
}
