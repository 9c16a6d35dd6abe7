//! The hint policy without a terminal: a solution that solves the level from where the
//! player stands, the number of steps to undo from a lost position, nothing when the history
//! holds no solvable position, and a budget or a cancel that stops the search.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use sokoshot_core::game::{Command, Dir, World, play_moves};
use sokoshot_core::level::parse_pack;
use sokoshot_core::solve::DEFAULT_MEMORY_BYTES;
use sokoshot_core::solve::hint::{Hint, HintLimits, hint};
use sokoshot_core::store::packs::built_in_packs;

/// One box, pushed left to its goal; pushed right it is lost against the wall.
const ROOM: &str = "\
######
#.   #
#  $ #
#   @#
######
";

const LIMITS: HintLimits = HintLimits {
    positions: 100_000,
    time: None,
    memory_bytes: DEFAULT_MEMORY_BYTES,
    threads: 1,
};

fn world(text: &str) -> World {
    let pack = parse_pack(text).into_pack().expect("reads");
    World::new(&pack.levels[0]).expect("plays")
}

fn steps(world: &mut World, dirs: &[Dir]) {
    for &dir in dirs {
        world.apply(Command::Step(dir)).expect("a legal step");
    }
}

fn never() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(false))
}

#[test]
fn a_hint_from_a_solvable_position_solves_the_level_from_there() {
    let mut start = world(ROOM);
    steps(&mut start, &[Dir::Left]);
    match hint(&start, &LIMITS, &never()) {
        Hint::Solution(moves) => {
            let mut played = start.clone();
            play_moves(&mut played, &moves).expect("replays");
            assert!(played.is_solved(), "{moves}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_lost_position_is_answered_with_the_steps_to_undo() {
    use Dir::{Left, Right, Up};
    let cases: [(&str, &[Dir], Option<usize>); 3] = [
        ("pushed against the wall", &[Left, Left, Up, Right], Some(1)),
        (
            "walked on after the push",
            &[Left, Left, Up, Right, Left],
            Some(2),
        ),
        // Nothing to undo: the level starts lost (the box is against the wall).
        ("lost from the start", &[], None),
    ];
    for (name, dirs, undo) in cases {
        let text = if dirs.is_empty() {
            "######\n#.   #\n#   $#\n#   @#\n######\n"
        } else {
            ROOM
        };
        let mut lost = world(text);
        steps(&mut lost, dirs);
        assert_eq!(
            hint(&lost, &LIMITS, &never()),
            Hint::Lost { undo },
            "{name}"
        );
    }
}

#[test]
fn a_spent_budget_or_a_cancel_is_out_of_time_never_a_wrong_answer() {
    // The last level of the hardest built-in pack: far past one look's worth of work.
    let hardest = built_in_packs().pop().expect("built-in packs");
    let level = hardest.levels.last().expect("levels");
    let start = World::new(level).expect("plays");
    let one = HintLimits {
        positions: 1,
        ..LIMITS
    };
    assert_eq!(hint(&start, &one, &never()), Hint::OutOfTime);
    let cancelled = Arc::new(AtomicBool::new(true));
    assert_eq!(hint(&start, &LIMITS, &cancelled), Hint::OutOfTime);
}
