//! The solver: small unsolvable levels answered `no solution`, solutions that replay, the
//! optimizing searches, limits and the cancel flag. Position budgets, never wall-clock limits.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use sokoshot_core::game::replay;
use sokoshot_core::level::{Level, parse_pack};
use sokoshot_core::solve::{Limits, Optimize, Report, Settings, Stop, Verdict, solve_level};

const CAMPAIGN: &str = include_str!("../../../levels/campaign.xsb");
const MICROBAN: &str = include_str!("../../../levels/microban.xsb");
/// Enough positions for every level here; a search that needs more is a regression.
const BUDGET: u64 = 300_000;

fn level(text: &str) -> Level {
    text.parse().expect("test level parses")
}

fn pack_level(pack: &str, number: usize) -> Level {
    parse_pack(pack).into_pack().expect("pack loads").levels[number - 1].clone()
}

/// The campaign level with this title.
fn campaign(title: &str) -> Level {
    parse_pack(CAMPAIGN)
        .into_pack()
        .expect("the campaign loads")
        .levels
        .into_iter()
        .find(|l| l.title.as_deref() == Some(title))
        .unwrap_or_else(|| panic!("no campaign level {title:?}"))
}

/// The pushes of a level's stored solution.
fn stored_pushes(level: &Level) -> u32 {
    let moves = level.solution.as_deref().expect("a stored solution");
    sokoshot_core::game::parse_moves(moves)
        .expect("it parses")
        .iter()
        .filter(|t| matches!(t.action, sokoshot_core::game::Move::Push(_)))
        .map(|t| t.count)
        .sum()
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
    let titles = [
        "First Shot",
        "Bump to Aim",
        "Bank and Push",
        "Round and Round",
        "Both Sides",
        "The Gate",
        "Clockwork",
        "Mirror Maze",
        "Crossfire",
        "Relay",
    ];
    for title in titles {
        solved(&campaign(title), Optimize::Any);
    }
}

#[test]
fn fewest_pushes_is_proven_and_no_more_than_any_other_solution() {
    // Microban levels with the pushes of the move-optimal solutions of replay_microban.rs,
    // and campaign levels with their stored solutions.
    let mut cases: Vec<(String, Level, u32)> = [(1, 8), (2, 3), (4, 7)]
        .into_iter()
        .map(|(n, pushes)| (format!("Microban {n}"), pack_level(MICROBAN, n), pushes))
        .collect();
    for title in ["First Push", "Storeroom", "Bank and Push", "The Gate"] {
        let level = campaign(title);
        let known = stored_pushes(&level);
        cases.push((title.to_owned(), level, known));
    }
    for (name, level, known) in cases {
        let (_, optimal, proven) = solved(&level, Optimize::Pushes);
        assert!(proven, "{name}");
        let (_, any, _) = solved(&level, Optimize::Any);
        assert!(optimal <= any && optimal <= known, "{name}: {optimal}");
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
    let mut world = sokoshot_core::game::World::new(&level).unwrap();
    sokoshot_core::game::play_moves(&mut world, "rddL").unwrap();
    let settings = Settings {
        limits: Limits::positions(BUDGET),
        ..Settings::default()
    };
    let report = sokoshot_core::solve::solve(&world, &settings, None).unwrap();
    let solution = report.solution().expect("solved");
    let mut by_actions = world.clone();
    sokoshot_core::game::play_moves(&mut world, &solution.moves).unwrap();
    assert!(world.is_solved());
    // The same solution as one action per letter, as a hint hands it out.
    let actions = solution.actions();
    assert_eq!(actions.len(), solution.moves.len());
    for action in actions {
        let dir = match action {
            sokoshot_core::game::Move::Step(dir) | sokoshot_core::game::Move::Push(dir) => dir,
            other => panic!("a classic level needs no {other:?}"),
        };
        by_actions
            .apply(sokoshot_core::game::Command::Step(dir))
            .expect("each action plays");
    }
    assert!(by_actions.is_solved());
}

/// Layouts count where the boxes and enemies stood, leaving out the player and the clock:
/// the same room searched by pushes and searched step by step (a standing bar makes the
/// solver play it letter by letter) looks at the same few layouts, though the step-by-step
/// search looks at many more positions.
#[test]
fn layouts_leave_out_the_player_so_both_searches_count_alike() {
    let by_pushes = level("##########\n#@  $   .#\n#        #\n######## #\n       ###\n");
    let by_steps =
        level("##########\n#@  $   .#\n#        #\n########%#\n       ###\nSpinner: 8,3 speed=0\n");
    let mut counts = Vec::new();
    for (name, level) in [("by pushes", &by_pushes), ("by steps", &by_steps)] {
        let report = run(level, Optimize::Pushes, BUDGET);
        assert!(matches!(report.verdict, Verdict::Solved { .. }), "{name}");
        assert!(
            (1..=report.positions).contains(&report.layouts),
            "{name}: {} layouts of {} positions",
            report.layouts,
            report.positions
        );
        counts.push((report.positions, report.layouts));
    }
    let ((push_positions, push_layouts), (step_positions, step_layouts)) = (counts[0], counts[1]);
    assert!(
        step_positions > 4 * step_layouts,
        "step by step, many positions share a layout: {counts:?}"
    );
    // Four pushes to the goal; a search may look at a few layouts off the shortest line.
    assert!(push_layouts <= 12 && step_layouts <= 12, "{counts:?}");
    assert!(push_positions <= step_positions, "{counts:?}");
}
