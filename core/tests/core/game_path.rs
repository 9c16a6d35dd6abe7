//! Paths for the mouse: the shortest walk to a cell, the pushes that take one box to a cell,
//! and playing either as one undo step. Tables of named cases, then invariants.

use crate::game_support as support;

use sokoshot_core::game::{Command, Move, Outcome, PathError, RuleError, World, parse_moves};
use sokoshot_core::level::Pos;
use support::level;

fn world(text: &str) -> World {
    World::new(&level(text)).expect("test level is valid")
}

fn letters(path: &[Move]) -> String {
    path.iter().map(|m| m.letter()).collect()
}

fn moves(text: &str) -> Vec<Move> {
    parse_moves(text)
        .expect("test moves parse")
        .iter()
        .flat_map(|t| std::iter::repeat_n(t.action, t.count as usize))
        .collect()
}

/// A cell as `(x, y)`.
type Cell = (i32, i32);
/// The letters of the path found, or why there is none.
type Want = Result<&'static str, PathError>;

#[test]
fn walk_paths_are_the_shortest_walk_or_an_error() {
    let cases: [(&str, &str, Cell, Want); 7] = [
        ("already there", "#####\n#@  #\n#####", (1, 1), Ok("")),
        ("straight right", "#####\n#@  #\n#####", (3, 1), Ok("rr")),
        (
            "around a wall",
            "#####\n#@# #\n#   #\n#####",
            (3, 1),
            Ok("drru"),
        ),
        (
            "wall cell",
            "#####\n#@  #\n#####",
            (0, 1),
            Err(PathError::Unreachable),
        ),
        (
            "off the board",
            "#####\n#@  #\n#####",
            (9, 9),
            Err(PathError::Unreachable),
        ),
        (
            "behind a box is not walked to",
            "######\n#@$  #\n######",
            (3, 1),
            Err(PathError::Unreachable),
        ),
        (
            "around a box, never through it",
            "######\n#@$ .#\n#    #\n######",
            (3, 1),
            Ok("drru"),
        ),
    ];
    for (name, board, (x, y), want) in cases {
        let got = world(board).walk_path(Pos::new(x, y));
        assert_eq!(got.map(|p| letters(&p)), want.map(String::from), "{name}");
    }
}

#[test]
fn push_paths_take_the_box_there_with_the_fewest_pushes() {
    let cases: [(&str, &str, Cell, Cell, Want); 8] = [
        (
            "one push",
            "######\n#@$ .#\n######",
            (2, 1),
            (3, 1),
            Ok("R"),
        ),
        (
            "two pushes",
            "######\n#@$ .#\n######",
            (2, 1),
            (4, 1),
            Ok("RR"),
        ),
        (
            "walk round to push back",
            "######\n# $@ #\n#    #\n######",
            (2, 1),
            (3, 1),
            Ok("dlluR"),
        ),
        (
            "round a corner",
            "######\n#    #\n#@$  #\n#    #\n#    #\n######",
            (2, 2),
            (3, 4),
            Ok("RurDD"),
        ),
        (
            "along the wall only",
            "######\n#@$  #\n#    #\n#    #\n######",
            (2, 1),
            (3, 3),
            Err(PathError::NoPushPath),
        ),
        (
            "no box there",
            "######\n#@$ .#\n######",
            (3, 1),
            (4, 1),
            Err(PathError::NoBox),
        ),
        (
            "into a wall",
            "######\n#@$ .#\n######",
            (2, 1),
            (2, 0),
            Err(PathError::NoPushPath),
        ),
        (
            "out of a corner",
            "#####\n#$  #\n# @ #\n#####",
            (1, 1),
            (2, 1),
            Err(PathError::NoPushPath),
        ),
    ];
    for (name, board, (fx, fy), (tx, ty), want) in cases {
        let got = world(board).push_path(Pos::new(fx, fy), Pos::new(tx, ty));
        assert_eq!(got.map(|p| letters(&p)), want.map(String::from), "{name}");
    }
}

#[test]
fn a_push_path_never_moves_another_box() {
    let mut w = world("#######\n#     #\n#@$ $ #\n#     #\n#######");
    let path = w.push_path(Pos::new(2, 2), Pos::new(5, 3)).expect("a path");
    w.apply_path(&path).expect("it plays");
    let mut boxes = w.boxes().to_vec();
    boxes.sort_unstable();
    assert_eq!(boxes, vec![Pos::new(4, 2), Pos::new(5, 3)]);
}

#[test]
fn a_path_is_one_undo_step() {
    let mut w = world("######\n#    #\n#@$  #\n#    #\n#    #\n######");
    let start = w.state().clone();
    let path = w.push_path(Pos::new(2, 2), Pos::new(3, 4)).expect("a path");
    assert_eq!(
        w.apply_path(&path),
        Ok(Outcome::Walked {
            moves: 5,
            pushes: 3
        })
    );
    assert_eq!(w.boxes(), &[Pos::new(3, 4)]);
    assert_eq!((w.counters().moves, w.counters().pushes), (5, 3));
    let after = w.state().clone();
    assert_eq!(w.apply(Command::Undo), Ok(Outcome::Undone));
    assert_eq!(w.state(), &start);
    assert!(!w.can_undo());
    assert_eq!(w.apply(Command::Redo), Ok(Outcome::Redone));
    assert_eq!(w.state(), &after);
}

#[test]
fn a_path_that_cannot_be_played_as_written_changes_nothing() {
    let cases = [
        ("empty", "", RuleError::NothingToPlay),
        (
            "a step that would push",
            "r",
            RuleError::PathBlocked { at: 1 },
        ),
        (
            "a push with nothing to push",
            "dR",
            RuleError::PathBlocked { at: 2 },
        ),
        ("into a wall", "lll", RuleError::PathBlocked { at: 1 }),
        ("fire is not a step", "df", RuleError::PathBlocked { at: 2 }),
    ];
    for (name, letters, want) in cases {
        let mut w = world("######\n#@$  #\n#    #\n######");
        w.apply(Command::Step(sokoshot_core::game::Dir::Down))
            .expect("a first step");
        w.apply(Command::Undo).expect("undone");
        let before = (w.state().clone(), w.can_undo(), w.can_redo());
        assert_eq!(w.apply_path(&moves(letters)), Err(want), "{name}");
        assert_eq!(
            (w.state().clone(), w.can_undo(), w.can_redo()),
            before,
            "{name}"
        );
    }
}

#[test]
fn every_walk_path_ends_where_it_was_asked_to() {
    let board = "########\n#@  #  #\n# $   ##\n#  #$  #\n#   .. #\n########";
    let w = world(board);
    for y in 0..6 {
        for x in 0..8 {
            let to = Pos::new(x, y);
            if let Ok(path) = w.walk_path(to) {
                let mut walked = w.clone();
                if !path.is_empty() {
                    walked.apply_path(&path).expect("a found path plays");
                }
                assert_eq!(walked.player(), to, "to {to:?}");
                assert_eq!(walked.counters().pushes, 0, "to {to:?}");
            }
        }
    }
}
