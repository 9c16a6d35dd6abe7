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
//!
//! What one string may ask is bounded, so that one paste costs the game a bounded amount of
//! work however it is written (64 KiB of `99999w` asks for hours of play): at most
//! [`MAX_BATCH_LETTERS`] letters, and at most [`MAX_BATCH_WORK`] of the clock's work, game
//! ticks times the board's moving parts. The letters past either bound are dropped, and the
//! batch says how many and which bound ([`Batch::dropped`]).

use super::board::TICKS_PER_SECOND;
use super::command::{Outcome, RuleError};
use super::replay::{MAX_REPLAY_TICKS, Move, ReplayError, Token, parse_moves};
use super::world::World;

/// The most letters one string of moves plays (the longest solutions of the classic packs
/// have a few thousand).
pub const MAX_BATCH_LETTERS: u64 = 20_000;

/// The most work one string of moves may ask of the game's clock: each letter costs the
/// ticks it takes (at least one) times the moving parts on the board as it starts (the
/// player, spinner bars, enemies, shots in flight). The same bound as a resumed game's
/// replay, under a second of the test build on a loaded 2-core machine; a board without
/// spinners never reaches it within [`MAX_BATCH_LETTERS`] (20,000 steps are 120,000).
pub const MAX_BATCH_WORK: u64 = 8_000_000;

/// What a string of moves did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Batch {
    /// The letters played, one per move, as they played (a push upper case).
    pub letters: Vec<Move>,
    /// Why playing stopped before the end of the string, if it did: the 1-based character
    /// and what stopped it.
    pub stopped: Option<(usize, String)>,
    /// The letters left unplayed because the string asked more than one may, if it did.
    pub dropped: Option<Dropped>,
}

/// Letters of a string of moves left unplayed at a bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dropped {
    /// How many letters were not played (a count such as `500w` is that many).
    pub letters: u64,
    /// The bound that was reached.
    pub bound: Bound,
}

/// What one string of moves may ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// [`MAX_BATCH_LETTERS`] were played.
    Letters,
    /// [`MAX_BATCH_WORK`] was spent, after this many ticks of game time.
    Work {
        /// The game time played, in ticks.
        ticks: u64,
    },
}

impl std::fmt::Display for Dropped {
    /// `the other 45536 letters were dropped: one paste plays at most 20000`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let other = match self.letters {
            1 => "the other letter was".to_owned(),
            n => format!("the other {n} letters were"),
        };
        match self.bound {
            Bound::Letters => write!(
                f,
                "{other} dropped: one paste plays at most {MAX_BATCH_LETTERS}"
            ),
            Bound::Work { ticks } => write!(
                f,
                "{other} dropped: on a board with this many moving parts one paste plays at most {} s of game time",
                ticks.div_ceil(u64::from(TICKS_PER_SECOND))
            ),
        }
    }
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
            dropped: None,
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
        let asked: u64 = tokens.iter().map(|t| u64::from(t.count)).sum();
        let (mut taken, mut work) = (0_u64, 0_u64);
        for token in tokens {
            for _ in 0..token.count {
                let bound = if taken >= MAX_BATCH_LETTERS {
                    Some(Bound::Letters)
                } else if work >= MAX_BATCH_WORK {
                    Some(Bound::Work {
                        ticks: self.elapsed_ticks().saturating_sub(start),
                    })
                } else {
                    None
                };
                if let Some(bound) = bound {
                    batch.dropped = Some(Dropped {
                        letters: asked - taken,
                        bound,
                    });
                    return;
                }
                taken += 1;
                let parts =
                    1 + self.spinner_bars().len() + self.enemies().len() + self.shots().len();
                let before = self.elapsed_ticks();
                let answer = self.play_letter(token.action);
                let ticks = self.elapsed_ticks().saturating_sub(before).max(1);
                work = work.saturating_add(ticks.saturating_mul(parts as u64));
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

    /// A corridor beside a walled-off room of `hubs`×`hubs` spinners: every tick costs the
    /// clock one part for the player and one for each bar.
    fn costly(hubs: usize) -> World {
        let side = 2 * hubs + 1;
        let mut text = format!("{}\n#@ $.{}\n", "#".repeat(side + 2), "#".repeat(side - 3));
        text.push_str(&"#".repeat(side + 2));
        text.push('\n');
        for row in 0..side {
            let cells: String = (0..side)
                .map(|col| {
                    if row % 2 == 1 && col % 2 == 1 {
                        '%'
                    } else {
                        ' '
                    }
                })
                .collect();
            text.push_str(&format!("#{cells}#\n"));
        }
        text.push_str(&"#".repeat(side + 2));
        text.push('\n');
        world(&text)
    }

    /// What a string of moves should do.
    #[derive(Debug)]
    enum Expect {
        /// Play whole, this many letters.
        Whole(u64),
        /// Stop at the letter bound, dropping this many.
        Letters(u64),
        /// Stop at the work bound (only waits, so every letter costs the same).
        Work,
    }

    #[test]
    fn one_string_plays_at_most_its_letters_and_its_work_and_counts_what_it_dropped() {
        let walk = format!("d{}", "rl".repeat(6000));
        let cases = [
            (
                "within both bounds",
                world(ROOM),
                "500w".to_owned(),
                Expect::Whole(500),
            ),
            (
                "at the letter bound",
                world(ROOM),
                "20000w".to_owned(),
                Expect::Whole(MAX_BATCH_LETTERS),
            ),
            (
                "one past the letter bound",
                world(ROOM),
                "20000w w".to_owned(),
                Expect::Letters(1),
            ),
            (
                "steps and waits past the letter bound",
                world(ROOM),
                format!("{walk} 9000w"),
                Expect::Letters(1001),
            ),
            (
                "a costly board within the work",
                costly(10),
                "40w".to_owned(),
                Expect::Whole(40),
            ),
            (
                "past the work on a costly board",
                costly(10),
                "9000w".to_owned(),
                Expect::Work,
            ),
        ];
        for (name, mut w, moves, expect) in cases {
            let parts = 1 + w.spinner_bars().len() as u64;
            let start = w.elapsed_ticks();
            let batch = w.play_moves_as_one(&moves).expect(name);
            assert_eq!(batch.stopped, None, "{name}");
            let asked: u64 = parse_moves(&moves)
                .expect(name)
                .iter()
                .map(|t| u64::from(t.count))
                .sum();
            let played = batch.letters.len() as u64;
            let dropped = batch.dropped.map_or(0, |d| d.letters);
            assert_eq!(
                played + dropped,
                asked,
                "{name}: every letter played or dropped"
            );
            match (expect, batch.dropped) {
                (Expect::Whole(want), None) => assert_eq!(played, want, "{name}"),
                (Expect::Letters(want), Some(d)) => {
                    assert_eq!(d.bound, Bound::Letters, "{name}");
                    assert_eq!(played, MAX_BATCH_LETTERS, "{name}");
                    assert_eq!(dropped, want, "{name}");
                }
                (Expect::Work, Some(d)) => {
                    // The work ran out at the first letter that took it to the bound.
                    let each = u64::from(crate::game::WAIT_TICKS) * parts;
                    assert!(parts > 100, "{name}: {parts} parts");
                    assert_eq!(played, MAX_BATCH_WORK.div_ceil(each), "{name}");
                    let ticks = w.elapsed_ticks() - start;
                    assert_eq!(d.bound, Bound::Work { ticks }, "{name}");
                }
                (expect, got) => panic!("{name}: dropped {got:?}, expected {expect:?}"),
            }
            // However much was asked, it is one undo step.
            w.play(Command::Undo).expect("one undo");
            assert!(!w.can_undo(), "{name}");
        }
    }

    #[test]
    fn what_was_dropped_is_said_in_a_players_words() {
        let cases = [
            (
                "one letter",
                Dropped {
                    letters: 1,
                    bound: Bound::Letters,
                },
                "the other letter was dropped: one paste plays at most 20000",
            ),
            (
                "letters",
                Dropped {
                    letters: 45_536,
                    bound: Bound::Letters,
                },
                "the other 45536 letters were dropped: one paste plays at most 20000",
            ),
            (
                "work",
                Dropped {
                    letters: 12,
                    bound: Bound::Work { ticks: 3_181 },
                },
                "the other 12 letters were dropped: on a board with this many moving parts one paste plays at most 54 s of game time",
            ),
        ];
        for (name, dropped, want) in cases {
            assert_eq!(dropped.to_string(), want, "{name}");
        }
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
