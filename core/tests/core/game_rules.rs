//! The Sokoban rules and the command contract, as tables of named cases.

use crate::game_support as support;

use sokoshot_core::game::{
    Blocker, Command, Counters, Dir, Outcome, RuleError, Solid, World, WorldError,
};
use sokoshot_core::level::Pos;
use support::level;

use Command::{Fire, Redo, Restart, Run, Step, Undo, Wait};
use Dir::{Down, Left, Right, Up};

fn world(text: &str) -> World {
    World::new(&level(text)).expect("test level is valid")
}

fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y)
}

/// One rules case: a board, commands applied in order, what the last one returns, and where
/// everything ends up.
struct Case {
    name: &'static str,
    board: &'static str,
    commands: &'static [Command],
    last: Result<Outcome, RuleError>,
    player: Pos,
    boxes: &'static [(i32, i32)],
    moves: u32,
    pushes: u32,
}

fn turned(facing: Dir, blocked_by: Blocker) -> Result<Outcome, RuleError> {
    Ok(Outcome::Turned { facing, blocked_by })
}

fn step_cases() -> Vec<Case> {
    use Blocker::{BoxAgainst, Solid as In};
    vec![
        Case {
            name: "a step onto floor is one move",
            board: "#####\n#@  #\n#####",
            commands: &[Step(Right)],
            last: Ok(Outcome::Moved { to: p(2, 1) }),
            player: p(2, 1),
            boxes: &[],
            moves: 1,
            pushes: 0,
        },
        Case {
            name: "a step onto a goal is one move",
            board: "#####\n#@. #\n#####",
            commands: &[Step(Right)],
            last: Ok(Outcome::Moved { to: p(2, 1) }),
            player: p(2, 1),
            boxes: &[],
            moves: 1,
            pushes: 0,
        },
        Case {
            name: "a step into a box pushes it one cell",
            board: "######\n#@$ .#\n######",
            commands: &[Step(Right)],
            last: Ok(Outcome::Pushed {
                to: p(2, 1),
                box_to: p(3, 1),
            }),
            player: p(2, 1),
            boxes: &[(3, 1)],
            moves: 1,
            pushes: 1,
        },
        Case {
            name: "never two boxes at once",
            board: "######\n#@$$ #\n######",
            commands: &[Step(Right)],
            last: turned(Right, BoxAgainst(Solid::Box)),
            player: p(1, 1),
            boxes: &[(2, 1), (3, 1)],
            moves: 0,
            pushes: 0,
        },
        Case {
            name: "a box against a wall does not move",
            board: "####\n#@$#\n####",
            commands: &[Step(Right)],
            last: turned(Right, BoxAgainst(Solid::Wall)),
            player: p(1, 1),
            boxes: &[(2, 1)],
            moves: 0,
            pushes: 0,
        },
        Case {
            name: "a box against an enemy does not move",
            board: "#####\n#@$E#\n#####",
            commands: &[Step(Right)],
            last: turned(Right, BoxAgainst(Solid::Enemy)),
            player: p(1, 1),
            boxes: &[(2, 1)],
            moves: 0,
            pushes: 0,
        },
        Case {
            name: "a box against a slope does not move",
            board: "#####\n#@$J#\n#####",
            commands: &[Step(Right)],
            last: turned(Right, BoxAgainst(Solid::Slope)),
            player: p(1, 1),
            boxes: &[(2, 1)],
            moves: 0,
            pushes: 0,
        },
        Case {
            name: "never pull: stepping away leaves the box",
            board: "######\n# @$ #\n######",
            commands: &[Step(Left)],
            last: Ok(Outcome::Moved { to: p(1, 1) }),
            player: p(1, 1),
            boxes: &[(3, 1)],
            moves: 1,
            pushes: 0,
        },
        Case {
            name: "a wall turns the player and is not a move",
            board: "###\n#@#\n###",
            commands: &[Step(Right)],
            last: turned(Right, In(Solid::Wall)),
            player: p(1, 1),
            boxes: &[],
            moves: 0,
            pushes: 0,
        },
        Case {
            name: "blocked again while facing it is an error, not a move",
            board: "###\n#@#\n###",
            commands: &[Step(Right), Step(Right)],
            last: Err(RuleError::Blocked(In(Solid::Wall))),
            player: p(1, 1),
            boxes: &[],
            moves: 0,
            pushes: 0,
        },
        Case {
            name: "the player starts facing up",
            board: "###\n#@#\n###",
            commands: &[Step(Up)],
            last: Err(RuleError::Blocked(In(Solid::Wall))),
            player: p(1, 1),
            boxes: &[],
            moves: 0,
            pushes: 0,
        },
        Case {
            name: "an enemy blocks the player",
            board: "#####\n#@E #\n#####",
            commands: &[Step(Right)],
            last: turned(Right, In(Solid::Enemy)),
            player: p(1, 1),
            boxes: &[],
            moves: 0,
            pushes: 0,
        },
        Case {
            name: "a slope blocks the player",
            board: "####\n#@F#\n####",
            commands: &[Step(Right)],
            last: turned(Right, In(Solid::Slope)),
            player: p(1, 1),
            boxes: &[],
            moves: 0,
            pushes: 0,
        },
        Case {
            name: "a spinner hub blocks the player",
            board: "#####\n#   #\n#@% #\n#   #\n#####",
            commands: &[Step(Right)],
            last: turned(Right, In(Solid::Spinner)),
            player: p(1, 2),
            boxes: &[],
            moves: 0,
            pushes: 0,
        },
        Case {
            name: "the edge of the board is a wall",
            board: "@ ",
            commands: &[Step(Left)],
            last: turned(Left, In(Solid::Wall)),
            player: p(0, 0),
            boxes: &[],
            moves: 0,
            pushes: 0,
        },
        Case {
            name: "run walks until a wall, each cell a move",
            board: "######\n#@   #\n######",
            commands: &[Run(Right)],
            last: Ok(Outcome::Ran {
                steps: 3,
                stopped_by: In(Solid::Wall),
            }),
            player: p(4, 1),
            boxes: &[],
            moves: 3,
            pushes: 0,
        },
        Case {
            name: "run stops in front of a box and never pushes",
            board: "#######\n#@  $ #\n#######",
            commands: &[Run(Right)],
            last: Ok(Outcome::Ran {
                steps: 2,
                stopped_by: In(Solid::Box),
            }),
            player: p(3, 1),
            boxes: &[(4, 1)],
            moves: 2,
            pushes: 0,
        },
        Case {
            name: "run with nowhere to go turns like a step",
            board: "####\n#@$#\n####",
            commands: &[Run(Right)],
            last: turned(Right, BoxAgainst(Solid::Wall)),
            player: p(1, 1),
            boxes: &[(2, 1)],
            moves: 0,
            pushes: 0,
        },
        Case {
            name: "run next to a box a step would push neither pushes nor turns",
            board: "#####\n#@$ #\n#####",
            commands: &[Run(Right)],
            last: Err(RuleError::Blocked(In(Solid::Box))),
            player: p(1, 1),
            boxes: &[(2, 1)],
            moves: 0,
            pushes: 0,
        },
        Case {
            name: "a turn faces the way fire will go",
            board: "####\n#@ #\n####",
            commands: &[Step(Down), Step(Down)],
            last: Err(RuleError::Blocked(In(Solid::Wall))),
            player: p(1, 1),
            boxes: &[],
            moves: 0,
            pushes: 0,
        },
    ]
}

#[test]
fn steps_follow_the_sokoban_rules() {
    for case in step_cases() {
        let mut w = world(case.board);
        let mut last = None;
        for &command in case.commands {
            last = Some(w.apply(command));
        }
        assert_eq!(last, Some(case.last), "{}", case.name);
        assert_eq!(w.player(), case.player, "{}: player", case.name);
        let boxes: Vec<Pos> = case.boxes.iter().map(|&(x, y)| p(x, y)).collect();
        assert_eq!(w.boxes(), boxes.as_slice(), "{}: boxes", case.name);
        let counters = w.counters();
        assert_eq!(
            (counters.moves, counters.pushes),
            (case.moves, case.pushes),
            "{}: counters",
            case.name
        );
    }
}

#[test]
fn an_error_changes_nothing_and_records_nothing() {
    let cases: &[(&str, &str, &[Command], Command)] = &[
        ("blocked facing it", "###\n#@#\n###", &[], Step(Up)),
        ("undo with no history", "###\n#@#\n###", &[], Undo),
        (
            "redo with nothing undone",
            "####\n#@ #\n####",
            &[Step(Right)],
            Redo,
        ),
        ("a wait of zero ticks", "###\n#@#\n###", &[], Wait(0)),
    ];
    for &(name, board, before, command) in cases {
        let mut w = world(board);
        for &c in before {
            w.apply(c).expect(name);
        }
        let state = w.state().clone();
        let could_undo = w.can_undo();
        assert!(w.apply(command).is_err(), "{name}");
        assert_eq!(w.state(), &state, "{name}");
        assert_eq!(w.can_undo(), could_undo, "{name}");
    }
}

#[test]
fn undo_and_redo_walk_the_history_and_a_new_command_clears_redo() {
    let mut w = world("#######\n#@$  .#\n#######");
    let start = w.state().clone();
    w.apply(Step(Right)).unwrap();
    let after_push = w.state().clone();
    w.apply(Step(Right)).unwrap();
    assert_eq!(w.apply(Undo), Ok(Outcome::Undone));
    assert_eq!(w.state(), &after_push);
    assert_eq!(w.apply(Undo), Ok(Outcome::Undone));
    assert_eq!(w.state(), &start);
    assert_eq!(w.apply(Undo), Err(RuleError::NothingToUndo));
    assert_eq!(w.apply(Redo), Ok(Outcome::Redone));
    assert_eq!(w.state(), &after_push);
    w.apply(Step(Left)).unwrap();
    assert!(!w.can_redo());
    assert_eq!(w.apply(Redo), Err(RuleError::NothingToRedo));
}

#[test]
fn restart_goes_back_to_the_start_and_can_be_undone() {
    let mut w = world("#######\n#@$  .#\n#######");
    w.apply(Step(Right)).unwrap();
    w.apply(Fire).unwrap();
    w.tick();
    let before = w.state().clone();
    assert_eq!(w.apply(Restart), Ok(Outcome::Restarted));
    assert_eq!(w.player(), p(1, 1));
    assert_eq!(w.counters(), Counters::default());
    assert!(w.shots().is_empty());
    assert_eq!(w.elapsed_ticks(), 0);
    w.apply(Undo).unwrap();
    assert_eq!(w.state(), &before);
}

#[test]
fn solved_needs_every_box_on_a_goal_and_no_enemy() {
    let cases = [
        ("box on goal", "####\n#@*#\n####", true),
        ("box off goal", "#####\n#@$.#\n#####", false),
        (
            "box on goal but an enemy stands",
            "#####\n#@*E#\n#####",
            false,
        ),
        ("nothing to do", "###\n#@#\n###", true),
        ("only an enemy", "####\n#@E#\n####", false),
    ];
    for (name, board, solved) in cases {
        assert_eq!(world(board).is_solved(), solved, "{name}");
    }
    let mut w = world("######\n#@$.##\n######");
    assert!(!w.is_solved());
    w.apply(Step(Right)).unwrap();
    assert!(w.is_solved());
}

#[test]
fn shots_are_counted_and_limited() {
    let mut level = level("####\n#@ #\n####");
    level.shot_limit = Some(2);
    let mut w = World::new(&level).unwrap();
    assert_eq!(w.shots_left(), Some(2));
    assert_eq!(w.apply(Fire), Ok(Outcome::Fired));
    assert_eq!(w.apply(Fire), Ok(Outcome::Fired));
    assert_eq!(w.apply(Fire), Err(RuleError::OutOfShots { limit: 2 }));
    assert_eq!(w.counters().shots, 2);
    assert_eq!(w.shots_left(), Some(0));
    w.apply(Undo).unwrap();
    assert_eq!(w.shots_left(), Some(1));
}

#[test]
fn the_player_and_boxes_keep_out_of_a_spinners_bar_where_it_is_now() {
    // Hub at (4, 2); the bar starts along x and reaches 1.5 cells either side.
    let board = "########\n#      #\n# @ %  #\n#      #\n########";
    let mut w = world(board);
    assert_eq!(
        w.apply(Step(Right)),
        Ok(Outcome::Turned {
            facing: Right,
            blocked_by: Blocker::Solid(Solid::Spinner)
        }),
        "the bar lies across (3, 2)"
    );
    // A quarter turn at 90°/s: the bar now stands along y and (3, 2) is clear.
    w.apply(Wait(60)).unwrap();
    assert_eq!(w.apply(Step(Right)), Ok(Outcome::Moved { to: p(3, 2) }));

    let mut w = world("########\n#      #\n#@$ %  #\n#      #\n########");
    assert_eq!(
        w.apply(Step(Right)),
        Ok(Outcome::Turned {
            facing: Right,
            blocked_by: Blocker::BoxAgainst(Solid::Spinner)
        })
    );
}

#[test]
fn a_fixed_bar_stays_put() {
    let mut level = level("#######\n#@    #\n#  %  #\n#     #\n#######");
    level.spinners[0].speed = 0.0;
    level.spinners[0].angle = 45.0;
    let mut w = World::new(&level).unwrap();
    let bar = w.spinner_bars()[0];
    w.apply(Wait(100)).unwrap();
    assert_eq!(w.spinner_bars()[0], bar);
}

#[test]
fn broken_levels_are_refused_with_a_reason() {
    let mut overlapping = level("####\n#@$#\n####");
    overlapping.boxes.push(Pos::new(1, 1));
    let mut in_wall = level("####\n#@ #\n####");
    in_wall.enemies.push(Pos::new(0, 0));
    let mut short = level("####\n#@ #\n####");
    short.tiles.pop();
    let mut hubless = level("####\n#@ #\n####");
    hubless
        .spinners
        .push(sokoshot_core::level::Spinner::at(Pos::new(2, 1)));
    let cases = [
        (overlapping, "two things stand on column 2, row 2"),
        (in_wall, "an enemy at column 1, row 1"),
        (short, "4×3 cells but holds 11 tiles"),
        (hubless, "spinner at column 3, row 2"),
    ];
    for (level, message) in cases {
        let err: WorldError = World::new(&level).unwrap_err();
        assert!(err.to_string().contains(message), "{err}");
    }
}
