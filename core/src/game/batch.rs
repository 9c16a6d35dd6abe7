//! A string of moves played on a world where it stands, as one undo step: what a pasted
//! solution does in the game.
//!
//! The letters are the replay's (`l u r d`, `L U R D`, `f`, `w`, each with an optional
//! count, whitespace ignored), played on the game's one clock exactly as [`super::play_moves`]
//! plays them. Unlike a replay, the case of a step's letter is not held against it: a pasted
//! solution written for this level pushes where it pushes, and the letters kept
//! ([`Batch::letters`]) say what each step did (`R` a push, `r` a step or a turn), so they
//! replay exactly. A step into what blocks while the player already faces it changes nothing
//! and is skipped, as in a replay. Playing stops at the first letter that cannot be played
//! (no shots left, too many in flight) or once [`MAX_REPLAY_TICKS`] have passed; what was
//! played before it stays, as one undo step.

use super::command::{Outcome, RuleError};
use super::replay::{MAX_REPLAY_TICKS, Move, ReplayError, Token, parse_moves};
use super::world::World;

/// What a string of moves did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    /// The letters played, one per move, as they played (a push upper case).
    pub letters: Vec<Move>,
    /// Why playing stopped before the end of the string, if it did: the 1-based character
    /// and what stopped it.
    pub stopped: Option<(usize, String)>,
}

impl World {
    /// Plays `moves` from where the world stands as one undo step (see the module header).
    ///
    /// # Errors
    /// [`ReplayError::UnknownLetter`] or [`ReplayError::BadCount`] when the string is not
    /// moves (nothing is played then), and a [`ReplayError`] saying why when not one letter
    /// could be played (nothing changed).
    pub fn play_moves_as_one(&mut self, moves: &str) -> Result<Batch, ReplayError> {
        let tokens = parse_moves(moves)?;
        let mut batch = Batch {
            letters: Vec::new(),
            stopped: None,
        };
        let mut first_error = None;
        let played = self.as_one_step(|world| {
            world.play_tokens(&tokens, &mut batch, &mut first_error);
            if batch.letters.is_empty() {
                Err(RuleError::NothingToPlay)
            } else {
                Ok(Outcome::Walked {
                    moves: count(&batch.letters, |m| {
                        matches!(m, Move::Step(_) | Move::Push(_))
                    }),
                    pushes: count(&batch.letters, |m| matches!(m, Move::Push(_))),
                })
            }
        });
        match played {
            Ok(_) => Ok(batch),
            Err(_) => Err(first_error.unwrap_or(ReplayError::NothingPlayed)),
        }
    }

    fn play_tokens(
        &mut self,
        tokens: &[Token],
        batch: &mut Batch,
        first_error: &mut Option<ReplayError>,
    ) {
        let start = self.elapsed_ticks();
        for token in tokens {
            for _ in 0..token.count {
                let answer = self.play_letter(token.action);
                let letter = match (token.action, answer) {
                    (Move::Step(dir) | Move::Push(dir), Ok(Outcome::Pushed { .. })) => {
                        Move::Push(dir)
                    }
                    (Move::Step(dir) | Move::Push(dir), Ok(_)) => Move::Step(dir),
                    // Already facing what blocks: nothing changed, as in a replay.
                    (_, Err(RuleError::Blocked(_))) => continue,
                    (action, Ok(_)) => action,
                    (_, Err(err)) => {
                        let err = match err {
                            RuleError::OutOfShots { limit } => ReplayError::OutOfShots {
                                at: token.at,
                                limit,
                            },
                            other => ReplayError::Rule {
                                at: token.at,
                                why: other,
                            },
                        };
                        batch.stopped = Some((token.at, err.to_string()));
                        *first_error = Some(err);
                        return;
                    }
                };
                batch.letters.push(letter);
                let ticks = self.elapsed_ticks().saturating_sub(start);
                if ticks > MAX_REPLAY_TICKS {
                    let err = ReplayError::TooLong {
                        at: token.at,
                        ticks,
                    };
                    batch.stopped = Some((token.at, err.to_string()));
                    *first_error = Some(err);
                    return;
                }
            }
        }
    }
}

fn count(letters: &[Move], which: impl Fn(&Move) -> bool) -> u32 {
    u32::try_from(letters.iter().filter(|m| which(m)).count()).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Command, replay};
    use crate::level::parse_pack;

    fn world(text: &str) -> World {
        let pack = parse_pack(text).into_pack().expect("a level");
        World::new(&pack.levels[0]).expect("playable")
    }

    const ROOM: &str = "#######\n#@ $ .#\n#     #\n#######\n";

    #[test]
    fn pasted_moves_play_as_one_undo_step_and_undo_gives_back_the_start() {
        let mut w = world(ROOM);
        let start = w.state().clone();
        let batch = w.play_moves_as_one("r R R").expect("plays");
        assert_eq!(batch.stopped, None);
        assert!(w.is_solved());
        assert_eq!(w.counters().pushes, 2);
        w.play(Command::Undo).expect("one undo");
        assert_eq!(w.state(), &start);
        assert!(!w.can_undo(), "the whole paste was one step");
    }

    #[test]
    fn the_letters_kept_say_what_each_step_did_and_replay_exactly() {
        let cases = [
            ("lower-case pushes", "rrr", "rRR"),
            ("upper-case steps", "RRR", "rRR"),
            ("counts", "d2r2l", "drrll"),
            ("a turn into the wall, then walking", "lr", "lr"),
            ("a second bump changes nothing", "llr", "lr"),
            ("shots and waits", "fw", "fw"),
        ];
        for (name, moves, want) in cases {
            let mut w = world(ROOM);
            let batch = w.play_moves_as_one(moves).expect(name);
            let letters: String = batch.letters.iter().map(|m| m.letter()).collect();
            assert_eq!(letters, want, "{name}");
            let again = replay(w.level(), &letters).expect(name);
            assert_eq!(again.world.state(), w.state(), "{name}: replays exactly");
        }
    }

    #[test]
    fn playing_stops_at_a_letter_the_rules_refuse_and_keeps_what_came_before() {
        let mut w = world("Shots: 1\n#######\n#@ $ .#\n#     #\n#######\n");
        let batch = w.play_moves_as_one("dfdf r").expect("some played");
        let letters: String = batch.letters.iter().map(|m| m.letter()).collect();
        // The second `d` runs into the wall the player already faces: skipped.
        assert_eq!(letters, "df");
        assert_eq!(batch.stopped.as_ref().map(|(at, _)| *at), Some(4));
        w.play(Command::Undo).expect("one undo");
        assert!(!w.can_undo());
    }

    #[test]
    fn moves_of_which_none_plays_change_nothing_and_say_so() {
        let mut w = world(ROOM);
        // The player starts facing up, at a wall.
        let before = w.state().clone();
        assert_eq!(w.play_moves_as_one("uu"), Err(ReplayError::NothingPlayed));
        assert_eq!(w.state(), &before);
        assert!(matches!(
            w.play_moves_as_one("hello"),
            Err(ReplayError::UnknownLetter { letter: 'h', at: 1 })
        ));
    }
}
