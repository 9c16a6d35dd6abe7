//! The solver: small unsolvable levels answered `no solution`, solutions that replay, the
//! optimizing searches, limits and the cancel flag. Position budgets, never wall-clock limits.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use sokoshot::game::replay;
use sokoshot::level::{Level, parse_pack};
use sokoshot::solve::{Limits, Optimize, Report, Settings, Stop, Verdict, solve_level};

const CAMPAIGN: &str = include_str!("../levels/campaign.xsb");
const MICROBAN: &str = include_str!("../levels/microban.xsb");
/// Enough positions for every level here; a search that needs more is a regression.
const BUDGET: u64 = 300_000;

fn level(text: &str) -> Level {
    text.parse().expect("test level parses")
}

fn pack_level(pack: &str, number: usize) -> Level {
    parse_pack(pack).into_pack().expect("pack loads").levels[number - 1].clone()
}

fn run(level: &Level, optimize: Optimize, positions: u64) -> Report {
    let settings = Settings {
        optimize,
        limits: Limits::positions(positions),
        ..Settings::default()
    };
    solve_level(level, &settings, None).expect("the solver runs")
}

/// Solves and checks the answer with the game's own replay, independently of the solver.
fn solved(level: &Level, optimize: Optimize) -> (String, u32, bool) {
    let report = run(level, optimize, BUDGET);
    let Verdict::Solved { solution, proven } = &report.verdict else {
        panic!("not solved: {:?}", report.verdict);
    };
    let end = replay(level, &solution.moves).expect("the solution replays");
    assert!(end.world.is_solved(), "{}", solution.moves);
    assert_eq!(end.world.counters(), solution.counters);
    (solution.moves.clone(), solution.counters.pushes, *proven)
}

#[test]
fn unsolvable_levels_are_answered_no_solution() {
    let cases = [
        ("box in a corner", "#####\n#$  #\n#  .#\n# @ #\n#####"),
        (
            "frozen pair against a wall",
            "######\n#.$$.#\n#    #\n# @  #\n######",
        ),
        (
            "two boxes that only one goal can take",
            "#######\n#  $$.#\n#.    #\n#  @  #\n#######",
        ),
        ("enemy walled in", "#########\n#@ $ .#E#\n#########"),
        ("too few shots", "#########\n#@ E E$.#\n#########\nShots: 1"),
        (
            "a box on a goal shields the enemy for good",
            "########\n#@  *E #\n########",
        ),
        (
            "the enemy hides behind a corner no shot turns",
            "#######\n#@ $.##\n#### E#\n#######",
        ),
    ];
    for (name, text) in cases {
        let report = run(&level(text), Optimize::Any, BUDGET);
        assert_eq!(report.verdict, Verdict::NoSolution, "{name}");
    }
}

#[test]
fn classic_levels_solve_and_replay() {
    for number in [1, 2, 3, 10, 20, 40, 60, 80, 100, 120, 140, 155] {
        let level = pack_level(MICROBAN, number);
        let (moves, _, proven) = solved(&level, Optimize::Any);
        assert!(
            !proven,
            "Microban {number}: any solution is not claimed optimal"
        );
        assert!(!moves.is_empty());
    }
}

#[test]
fn campaign_levels_with_shots_and_spinners_solve_and_replay() {
    // Shots, a bank off a slope, a shot limit, fixed bars, turning bars.
    for number in [10, 11, 18, 19, 21, 22, 23, 24, 25, 27, 28] {
        solved(&pack_level(CAMPAIGN, number), Optimize::Any);
    }
}

#[test]
fn fewest_pushes_is_proven_and_no_more_than_any_other_solution() {
    // (pack, level, pushes of a known solution: the move-optimal ones of replay_microban.rs
    // and the campaign's stored ones).
    let cases = [
        (MICROBAN, 1, 8),
        (MICROBAN, 2, 3),
        (MICROBAN, 4, 7),
        (CAMPAIGN, 1, 3),
        (CAMPAIGN, 5, 7),
        (CAMPAIGN, 19, 5),
        (CAMPAIGN, 21, 5),
    ];
    for (pack, number, known) in cases {
        let level = pack_level(pack, number);
        let (_, optimal, proven) = solved(&level, Optimize::Pushes);
        assert!(proven, "level {number}");
        let (_, any, _) = solved(&level, Optimize::Any);
        assert!(
            optimal <= any && optimal <= known,
            "level {number}: {optimal}"
        );
    }
    // A corridor: exactly two pushes, whatever the search.
    let (_, pushes, _) = solved(&level("#######\n#@ $ .#\n#######"), Optimize::Pushes);
    assert_eq!(pushes, 2);
}

#[test]
fn fewest_moves_matches_the_known_move_optimal_solutions() {
    // Move-optimal lengths from the independent breadth-first search in replay_microban.rs.
    for (number, moves) in [(1, 33), (2, 16), (4, 23), (5, 25)] {
        let level = pack_level(MICROBAN, number);
        let report = run(&level, Optimize::Moves, BUDGET);
        let Verdict::Solved { solution, proven } = report.verdict else {
            panic!("Microban {number}: {:?}", report.verdict);
        };
        assert!(proven);
        assert_eq!(solution.counters.moves, moves, "Microban {number}");
    }
}

#[test]
fn a_position_budget_stops_the_search_and_says_so() {
    let report = run(&pack_level(MICROBAN, 153), Optimize::Any, 1000);
    assert_eq!(report.verdict, Verdict::GaveUp(Stop::Positions));
    assert!(report.positions <= 1001);
}

#[test]
fn an_optimizing_search_cut_short_gives_the_best_found_not_proven() {
    // The fast search needs few positions; proving the optimum of this one needs many more.
    let level = pack_level(MICROBAN, 138);
    let report = run(&level, Optimize::Pushes, 50_000);
    match report.verdict {
        Verdict::BestFound { solution, stop } => {
            assert_eq!(stop, Stop::Positions);
            assert!(replay(&level, &solution.moves).unwrap().world.is_solved());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_set_cancel_flag_stops_the_search_at_once() {
    let flag = Arc::new(AtomicBool::new(true));
    let settings = Settings {
        limits: Limits {
            cancel: Some(Arc::clone(&flag)),
            ..Limits::default()
        },
        ..Settings::default()
    };
    let report = solve_level(&pack_level(MICROBAN, 153), &settings, None).unwrap();
    assert_eq!(report.verdict, Verdict::GaveUp(Stop::Cancelled));
}

#[test]
fn a_cancel_from_another_thread_stops_a_running_search() {
    let flag = Arc::new(AtomicBool::new(false));
    let settings = Settings {
        limits: Limits {
            cancel: Some(Arc::clone(&flag)),
            ..Limits::default()
        },
        ..Settings::default()
    };
    let level = pack_level(MICROBAN, 153);
    let worker = std::thread::spawn(move || solve_level(&level, &settings, None).unwrap());
    // The search reports progress only by its result; setting the flag at any moment ends it.
    flag.store(true, std::sync::atomic::Ordering::Relaxed);
    let report = worker.join().unwrap();
    assert!(
        matches!(
            report.verdict,
            Verdict::GaveUp(Stop::Cancelled) | Verdict::Solved { .. }
        ),
        "{:?}",
        report.verdict
    );
}

#[test]
fn a_memory_limit_too_small_for_the_search_gives_up_instead_of_growing() {
    let settings = Settings {
        limits: Limits {
            memory_bytes: 256 * 1024,
            ..Limits::default()
        },
        ..Settings::default()
    };
    let report = solve_level(&pack_level(MICROBAN, 153), &settings, None).unwrap();
    assert_eq!(report.verdict, Verdict::GaveUp(Stop::Memory));
}

#[test]
fn solving_from_a_world_in_play_gives_moves_that_finish_it() {
    let level = pack_level(MICROBAN, 2);
    let mut world = sokoshot::game::World::new(&level).unwrap();
    sokoshot::game::play_moves(&mut world, "rddL").unwrap();
    let settings = Settings {
        limits: Limits::positions(BUDGET),
        ..Settings::default()
    };
    let report = sokoshot::solve::solve(&world, &settings, None).unwrap();
    let solution = report.solution().expect("solved");
    let mut by_actions = world.clone();
    sokoshot::game::play_moves(&mut world, &solution.moves).unwrap();
    assert!(world.is_solved());
    // The same solution as one action per letter, as a hint hands it out.
    let actions = solution.actions();
    assert_eq!(actions.len(), solution.moves.len());
    for action in actions {
        let dir = match action {
            sokoshot::game::Move::Step(dir) | sokoshot::game::Move::Push(dir) => dir,
            other => panic!("a classic level needs no {other:?}"),
        };
        by_actions
            .apply(sokoshot::game::Command::Step(dir))
            .expect("each action plays");
    }
    assert!(by_actions.is_solved());
}
