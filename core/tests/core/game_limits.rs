//! What a small input can ask of the game is bounded: replays keep no undo history and stop
//! at a tick limit, undo keeps a bounded number of small steps, shots in flight are capped.

use crate::game_support as support;

use sokoshot_core::game::{
    Command, Dir, MAX_REPLAY_TICKS, MAX_SHOTS_IN_FLIGHT, MAX_UNDO_STEPS, ReplayError, RuleError,
    World, replay,
};
use support::level;

/// A long open corridor with an enemy at its far end, so waiting never solves it.
const CORRIDOR: &str = "########\n#@  $. #\n#     E#\n########";

#[test]
fn replay_keeps_no_undo_history() {
    let end = replay(&level(CORRIDOR), "rrRlll").expect("replays");
    assert!(!end.world.can_undo());
    let mut world = end.world;
    assert_eq!(world.apply(Command::Undo), Err(RuleError::NothingToUndo));
}

#[test]
fn replay_stops_past_the_tick_limit() {
    // `100000w` is 1,500,000 ticks: far past the limit; the letter that passes it is named.
    let moves = "r".to_owned() + &"100000w".repeat(1000);
    let err = replay(&level(CORRIDOR), &moves).expect_err("too long");
    let ReplayError::TooLong { at, ticks } = err else {
        panic!("{err:?}")
    };
    assert_eq!(at, 8);
    assert!(ticks > MAX_REPLAY_TICKS && ticks <= MAX_REPLAY_TICKS + 15);
    assert_eq!(
        err.to_string(),
        format!(
            "character 8: the replay has run {ticks} ticks, past the most a replay may run (432000 ticks, two hours of play)"
        )
    );
}

#[test]
fn a_bad_letter_anywhere_is_reported_before_playing() {
    let moves = format!("{}x", "L".repeat(5));
    assert_eq!(
        replay(&level(CORRIDOR), &moves).expect_err("bad letter"),
        ReplayError::UnknownLetter { letter: 'x', at: 6 }
    );
}

#[test]
fn firing_past_max_shots_in_flight_is_refused() {
    let mut world = World::new(&level(CORRIDOR)).expect("valid");
    world.apply(Command::Step(Dir::Down)).expect("down");
    world.apply(Command::Step(Dir::Up)).expect("turn up");
    for _ in 0..MAX_SHOTS_IN_FLIGHT {
        world.apply(Command::Fire).expect("fires");
    }
    assert_eq!(world.shots().len(), MAX_SHOTS_IN_FLIGHT);
    assert_eq!(
        world.apply(Command::Fire),
        Err(RuleError::TooManyShots {
            max: MAX_SHOTS_IN_FLIGHT
        })
    );
    // Once they land, firing works again.
    while world.has_shots_in_flight() {
        world.tick();
    }
    assert!(world.apply(Command::Fire).is_ok());
}

#[test]
fn undo_history_keeps_at_most_max_undo_steps() {
    let mut world = World::new(&level(CORRIDOR)).expect("valid");
    // Turning against the wall above and the one to the left changes the world every time.
    for i in 0..MAX_UNDO_STEPS + 51 {
        let dir = if i % 2 == 0 { Dir::Left } else { Dir::Up };
        world.apply(Command::Step(dir)).expect("turns");
    }
    for _ in 0..MAX_UNDO_STEPS {
        world.apply(Command::Undo).expect("undoes");
    }
    assert_eq!(world.apply(Command::Undo), Err(RuleError::NothingToUndo));
    // The oldest 51 were forgotten: the world is as after them (facing left), not as at the
    // start (facing up).
    assert_eq!(world.facing(), Dir::Left);
    for _ in 0..MAX_UNDO_STEPS {
        world.apply(Command::Redo).expect("redoes");
    }
    assert_eq!(world.apply(Command::Redo), Err(RuleError::NothingToRedo));
}
