//! Any game played replays: the letters of every command played since the last restart
//! (less those undone), written as [`letters_played`] gives them, replay from the level's
//! start to the very world in play. This is what lets a solved level keep its solution.

use sokoshot_core::game::{Command, Dir, Move, WAIT_TICKS, World, letters_played, replay};

use crate::game_support::level;

/// A board with boxes beside walls, an enemy behind them, a slope and one shot.
const BANK_AND_PUSH: &str = "\
###########
#        .#
# .###### #
#@$$ $ E.J#
#     #####
###########
Shots: 1";

/// How many games are played, and the most commands in one.
const GAMES: usize = 300;
const COMMANDS: usize = 80;

/// A command picked by `roll` (steps most often, then runs, shots, waits, undo and redo).
fn command(roll: u64) -> Command {
    let dirs = [Dir::Left, Dir::Up, Dir::Right, Dir::Down];
    let dir = dirs[(roll % 4) as usize];
    match roll % 40 {
        0..=19 | 39 => Command::Step(dir),
        20..=27 => Command::Run(dir),
        28..=30 => Command::Fire,
        31..=32 => Command::Wait(WAIT_TICKS),
        33..=36 => Command::Undo,
        _ => Command::Redo,
    }
}

#[test]
fn the_letters_of_any_game_replay_to_the_world_in_play() {
    let level = level(BANK_AND_PUSH);
    let mut seed: u64 = 12_345;
    for game in 0..GAMES {
        let mut world = World::new(&level).expect("the board is valid");
        let mut history: Vec<Vec<Move>> = Vec::new();
        let mut redone: Vec<Vec<Move>> = Vec::new();
        let mut played = Vec::new();
        for _ in 0..COMMANDS {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let command = command(seed >> 33);
            let result = world.play(command);
            played.push(format!("{command:?}: {result:?}"));
            if let Ok(outcome) = result {
                match command {
                    Command::Undo => redone.extend(history.pop()),
                    Command::Redo => history.extend(redone.pop()),
                    _ => {
                        history.push(letters_played(command, outcome));
                        redone.clear();
                    }
                }
            }
            let letters: String = history.iter().flatten().map(|m| m.letter()).collect();
            let end = replay(&level, &letters);
            assert!(
                end.as_ref()
                    .is_ok_and(|end| end.world.state() == world.state()),
                "game {game}: {letters} replays to {:?}, after\n{}",
                end.err(),
                played.join("\n")
            );
            if world.is_solved() {
                break;
            }
        }
    }
}
