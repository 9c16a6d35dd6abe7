//! Known solutions of Microban levels replay to solved; the same solutions cut short before
//! their last push do not. Plus the replay timeline and its error cases.

use sokoshot_core::game::{
    Dir, Move, ReplayError, STEP_TICKS, Token, WAIT_TICKS, World, parse_moves, replay,
};
use sokoshot_core::level::{Level, parse_pack};

const MICROBAN: &str = include_str!("../../../levels/microban.xsb");

fn microban(number: usize) -> Level {
    let pack = parse_pack(MICROBAN).into_pack().expect("Microban loads");
    pack.levels[number - 1].clone()
}

fn level(text: &str) -> Level {
    text.parse().expect("test level parses")
}

/// Solutions found by a breadth-first search written apart from this crate (move-optimal).
const SOLUTIONS: &[(usize, &str)] = &[
    (1, "dlUrrrdLullddrUluRuulDrddrruLdlUU"),
    (2, "rddLruulDuullddR"),
    (3, "ruuLLLulDrrrrddlUruLLLddllluurRDrdLuuurDD"),
    (4, "ullDLdRuurrdLLrrddlUruL"),
    (5, "LuRllDrdRdrruuLLdlUddlluR"),
    (9, "urrDulldRdRluurDrDDlUruLdlUruL"),
];

#[test]
fn known_microban_solutions_replay_to_solved() {
    for &(number, moves) in SOLUTIONS {
        let r = replay(&microban(number), moves).unwrap_or_else(|e| panic!("{number}: {e}"));
        assert!(r.world.is_solved(), "Microban {number}");
        let c = r.world.counters();
        assert_eq!(
            c.moves as usize,
            moves.len(),
            "Microban {number}: every letter a move"
        );
        let pushes = moves.chars().filter(char::is_ascii_uppercase).count();
        assert_eq!(c.pushes as usize, pushes, "Microban {number}");
        assert_eq!(
            r.summary(),
            format!(
                "solved: yes  moves {}  pushes {pushes}  shots 0",
                moves.len()
            ),
        );
    }
}

#[test]
fn the_same_solutions_cut_short_before_their_last_push_do_not_solve() {
    for &(number, moves) in SOLUTIONS {
        let last_push = moves.rfind(|c: char| c.is_ascii_uppercase()).unwrap();
        let r = replay(&microban(number), &moves[..last_push]).unwrap();
        assert!(!r.world.is_solved(), "Microban {number}");
        assert!(r.summary().starts_with("solved: no"));
    }
}

#[test]
fn run_length_counts_repeat_the_letter() {
    let spelled = replay(&microban(1), "dlUrrrdLullddrUluRuulDrddrruLdlUU").unwrap();
    let counted = replay(&microban(1), "dlU3rdLu2l2drUluR2ulDr2d2ruLdl2U").unwrap();
    assert_eq!(spelled.world.state(), counted.world.state());
}

#[test]
fn the_timeline_is_fixed_steps_six_ticks_waits_fifteen_fire_until_settled() {
    // The parser wants something to do: a box next to its goal, out of the way.
    let room = "#######\n#     #\n#  @  #\n#$.   #\n#######";
    let cases: &[(&str, &str, u64)] = &[
        ("one step", "r", u64::from(STEP_TICKS)),
        ("a turn against nothing moves", "u", u64::from(STEP_TICKS)),
        ("a wait", "w", u64::from(WAIT_TICKS)),
        (
            "a step and three counted steps",
            "r3l",
            4 * u64::from(STEP_TICKS),
        ),
        (
            "a turn against a wall lets time pass, a step refused while facing it none",
            "u2luu",
            4 * u64::from(STEP_TICKS),
        ),
        (
            "fire into the top wall",
            "f",
            // From y = 2.5 the shot's edge meets the wall's face at y = 1 after
            // (1.5 - 0.15) / 0.2 = 6.75 ticks.
            7,
        ),
    ];
    for &(name, moves, ticks) in cases {
        let r = replay(&level(room), moves).unwrap();
        assert_eq!(r.world.elapsed_ticks(), ticks, "{name}");
        assert!(!r.world.has_shots_in_flight(), "{name}");
    }
}

#[test]
fn a_bank_shot_solution_replays() {
    let text = "\
#######
#F  E #
#     #
#@    #
#######
Shots: 1";
    let r = replay(&level(text), "f").unwrap();
    assert!(r.world.is_solved());
    assert_eq!(r.summary(), "solved: yes  moves 0  pushes 0  shots 1");
    assert_eq!(
        replay(&level(text), "ff").unwrap_err(),
        ReplayError::OutOfShots { at: 2, limit: 1 }
    );
}

#[test]
fn spinner_levels_replay_the_same_way_every_time() {
    // The bar turns about (5, 2) at 90°/s; lying along the row it keeps the player out of
    // (4, 2), standing up it lets the player in.
    let text = "\
#########
#       #
#@   %  #
#$.     #
#########
Spinner: 5,2 length=3 speed=90 angle=0";
    let hurried = replay(&level(text), "rrr").unwrap();
    assert_eq!(hurried.world.player(), sokoshot_core::level::Pos::new(3, 2));
    assert_eq!(
        hurried.world.counters().moves,
        2,
        "the third step meets the bar at 18°"
    );
    let patient = replay(&level(text), "wwwwrrr").unwrap();
    assert_eq!(patient.world.player(), sokoshot_core::level::Pos::new(4, 2));
    assert_eq!(
        patient.world.counters().moves,
        3,
        "at 108° the way is clear"
    );
    let again = replay(&level(text), "wwwwrrr").unwrap();
    assert_eq!(again.world.state(), patient.world.state());
    assert_eq!(again.world.spinner_bars(), patient.world.spinner_bars());
}

#[test]
fn bad_solutions_are_errors_naming_the_letter() {
    let corridor = "#######\n#@ $ .#\n#######";
    let cases: &[(&str, &str, ReplayError)] = &[
        (
            "upper case that does not push",
            "R",
            ReplayError::NoPush { letter: 'R', at: 1 },
        ),
        (
            "lower case that pushes",
            "rr",
            ReplayError::UnexpectedPush { letter: 'r', at: 2 },
        ),
        (
            "upper case into a wall",
            "U",
            ReplayError::NoPush { letter: 'U', at: 1 },
        ),
        (
            "a letter that is no move",
            "rx",
            ReplayError::UnknownLetter { letter: 'x', at: 2 },
        ),
        (
            "upper-case F is not fire",
            "F",
            ReplayError::UnknownLetter { letter: 'F', at: 1 },
        ),
        (
            "a count with no letter",
            "r12",
            ReplayError::BadCount { at: 2 },
        ),
        ("a zero count", "0r", ReplayError::BadCount { at: 1 }),
        (
            "a huge count",
            "99999999999r",
            ReplayError::BadCount { at: 1 },
        ),
    ];
    for (name, moves, expected) in cases {
        let err = replay(&level(corridor), moves).unwrap_err();
        assert_eq!(&err, expected, "{name}");
    }
    let message = replay(&level(corridor), "rR r").unwrap_err().to_string();
    assert_eq!(
        message,
        "character 4: `r` is lower case but that step pushes a box"
    );
}

#[test]
fn moves_parse_with_counts_positions_and_whitespace() {
    let tokens = parse_moves("2l U\n f w").unwrap();
    let expect = [
        (Move::Step(Dir::Left), 'l', 2, 2),
        (Move::Push(Dir::Up), 'U', 1, 4),
        (Move::Fire, 'f', 1, 7),
        (Move::Wait, 'w', 1, 9),
    ];
    let got: Vec<(Move, char, u32, usize)> = tokens
        .iter()
        .map(
            |&Token {
                 action,
                 letter,
                 count,
                 at,
             }| (action, letter, count, at),
        )
        .collect();
    assert_eq!(got, expect);
}

#[test]
fn the_final_board_prints_as_level_text_that_reads_back() {
    // Stop one push short (a solved board would not load again: nothing left to do).
    let r = replay(&microban(2), "rddLruulDuulldd").unwrap();
    let printed = r.to_string();
    let (board, summary) = printed.trim_end().rsplit_once('\n').unwrap();
    assert_eq!(summary, "solved: no  moves 15  pushes 2  shots 0");
    let back: Level = board.parse().unwrap();
    let world = World::new(&back).unwrap();
    assert_eq!(world.player(), r.world.player());
    let mut boxes = r.world.boxes().to_vec();
    boxes.sort_unstable();
    assert_eq!(world.boxes(), boxes.as_slice());
    assert!(replay(&back, "R").unwrap().world.is_solved());
}
