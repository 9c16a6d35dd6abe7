//! Replaying a solution written in LURD: `l u r d` steps, `L U R D` pushes, `f` fire, `w`
//! wait, each letter optionally preceded by a repeat count (`3r` is `rrr`). Whitespace is
//! ignored.
//!
//! The timeline is the game's one clock (see [`World::play`]), so a solution replays the
//! way it was played: every step, push or turn lets [`STEP_TICKS`] ticks pass, `f` fires and
//! then runs the world until no shot is in flight, and `w` lets [`WAIT_TICKS`] ticks (one
//! beat) pass. A lower-case step refused while the player already faces what blocks it
//! changes nothing and lets no time pass, as in play.

use std::fmt;

use crate::level::{Diagnostic, Level, LevelError, PackReport};

use super::board::TICKS_PER_SECOND;
#[cfg(doc)]
use super::clock::{STEP_TICKS, WAIT_TICKS};
use super::command::{Dir, Outcome, RuleError};
use super::world::{World, WorldError};
/// Largest repeat count in front of one letter.
pub const MAX_REPEAT: u32 = 100_000;
/// The most ticks a replay may run: two hours of play at [`TICKS_PER_SECOND`]. A solution
/// that needs longer is refused at the letter that passes the limit.
pub const MAX_REPLAY_TICKS: u64 = 2 * 60 * 60 * TICKS_PER_SECOND as u64;

/// One letter of a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// `l u r d`: a step that must not push.
    Step(Dir),
    /// `L U R D`: a step that must push a box.
    Push(Dir),
    /// `f`: fire, then let the shots settle.
    Fire,
    /// `w`: wait one beat (a quarter of a second).
    Wait,
}

impl Move {
    /// The letter that writes this move: `l u r d`, `L U R D`, `f` or `w`.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Self::Step(dir) => dir.letter(),
            Self::Push(dir) => dir.letter().to_ascii_uppercase(),
            Self::Fire => 'f',
            Self::Wait => 'w',
        }
    }

    fn from_letter(letter: char) -> Option<Self> {
        let dir = match letter.to_ascii_lowercase() {
            'l' => Dir::Left,
            'u' => Dir::Up,
            'r' => Dir::Right,
            'd' => Dir::Down,
            'f' if letter == 'f' => return Some(Self::Fire),
            'w' if letter == 'w' => return Some(Self::Wait),
            _ => return None,
        };
        Some(if letter.is_ascii_uppercase() {
            Self::Push(dir)
        } else {
            Self::Step(dir)
        })
    }
}

/// A letter of a solution with its repeat count and where it stands in the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Token {
    /// What the letter asks for.
    pub action: Move,
    /// The letter as written.
    pub letter: char,
    /// How many times (1 without a count).
    pub count: u32,
    /// 1-based position of the letter among the text's characters.
    pub at: usize,
}

/// Why a solution could not be replayed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A character that is not a LURD letter, `f`, `w`, a digit or whitespace.
    #[error("character {at}: `{letter}` is not a move (use l u r d, L U R D, f, w)")]
    UnknownLetter {
        /// The character.
        letter: char,
        /// Its 1-based position.
        at: usize,
    },
    /// A repeat count with no letter after it, zero, or too large.
    #[error("character {at}: a repeat count must be 1 to {MAX_REPEAT} and come before a letter")]
    BadCount {
        /// 1-based position of the count's first digit.
        at: usize,
    },
    /// An upper-case letter whose step pushes nothing.
    #[error("character {at}: `{letter}` is upper case but that step pushes no box")]
    NoPush {
        /// The letter.
        letter: char,
        /// Its 1-based position.
        at: usize,
    },
    /// A lower-case letter whose step pushes a box.
    #[error("character {at}: `{letter}` is lower case but that step pushes a box")]
    UnexpectedPush {
        /// The letter.
        letter: char,
        /// Its 1-based position.
        at: usize,
    },
    /// `f` with no shots left.
    #[error("character {at}: `f` but no shots are left (this level allows {limit})")]
    OutOfShots {
        /// 1-based position of the `f`.
        at: usize,
        /// The level's shot limit.
        limit: u32,
    },
    /// The replay runs past [`MAX_REPLAY_TICKS`].
    #[error(
        "character {at}: the replay has run {ticks} ticks, past the most a replay may run ({MAX_REPLAY_TICKS} ticks, two hours of play)"
    )]
    TooLong {
        /// 1-based position of the letter that went past the limit.
        at: usize,
        /// Ticks run by then.
        ticks: u64,
    },
    /// A letter the rules refused for a reason other than those above (too many shots in
    /// flight).
    #[error("character {at}: {why}")]
    Rule {
        /// 1-based position of the letter.
        at: usize,
        /// What the rules said.
        why: RuleError,
    },
    /// Moves of which not one letter changed anything (every step ran into what the player
    /// already faced), or no letter at all.
    #[error("not one of the moves could be played here")]
    NothingPlayed,
    /// The level itself cannot be played.
    #[error(transparent)]
    World(#[from] WorldError),
}

/// Splits a solution into letters with their counts.
///
/// # Errors
///
/// [`ReplayError::UnknownLetter`] or [`ReplayError::BadCount`] naming the character.
pub fn parse_moves(text: &str) -> Result<Vec<Token>, ReplayError> {
    tokens(text).collect()
}

/// The letters of a solution one at a time, each with its count, then the error that ends
/// them if there is one: a long solution is never held as a list.
fn tokens(text: &str) -> impl Iterator<Item = Result<Token, ReplayError>> + '_ {
    let mut chars = text.chars().enumerate();
    let mut count: Option<(u32, usize)> = None;
    let mut done = false;
    std::iter::from_fn(move || {
        if done {
            return None;
        }
        for (i, letter) in chars.by_ref() {
            let at = i + 1;
            if let Some(digit) = letter.to_digit(10) {
                let (sofar, start) = count.unwrap_or((0, at));
                let next = sofar.saturating_mul(10).saturating_add(digit);
                if next > MAX_REPEAT {
                    done = true;
                    return Some(Err(ReplayError::BadCount { at: start }));
                }
                count = Some((next, start));
            } else if !letter.is_whitespace() {
                let Some(action) = Move::from_letter(letter) else {
                    done = true;
                    return Some(Err(ReplayError::UnknownLetter { letter, at }));
                };
                let count = match count.take() {
                    Some((0, start)) => {
                        done = true;
                        return Some(Err(ReplayError::BadCount { at: start }));
                    }
                    Some((n, _)) => n,
                    None => 1,
                };
                return Some(Ok(Token {
                    action,
                    letter,
                    count,
                    at,
                }));
            }
        }
        done = true;
        count.map(|(_, start)| Err(ReplayError::BadCount { at: start }))
    })
}

/// The end of a replay: the world after the last letter.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The world after the whole solution ran.
    pub world: World,
}

impl Replay {
    /// The result line: `solved: yes|no  moves N  pushes N  shots N`.
    #[must_use]
    pub fn summary(&self) -> String {
        let c = self.world.counters();
        let solved = if self.world.is_solved() { "yes" } else { "no" };
        format!(
            "solved: {solved}  moves {}  pushes {}  shots {}",
            c.moves, c.pushes, c.shots
        )
    }
}

impl fmt::Display for Replay {
    /// The final board as level text, then the result line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.world.to_level())?;
        writeln!(f, "{}", self.summary())
    }
}

/// Plays `moves` on `level` from its start, with the fixed timeline described in the module
/// documentation.
///
/// # Errors
///
/// A [`ReplayError`] naming the first letter that cannot be played, or saying why the level
/// cannot be played at all.
///
/// The world keeps no undo history, and the replay stops with [`ReplayError::TooLong`] past
/// [`MAX_REPLAY_TICKS`], so a short text cannot make it run for hours or fill memory.
pub fn replay(level: &Level, moves: &str) -> Result<Replay, ReplayError> {
    // Every letter is read before any is played, so a bad letter is reported wherever it is.
    if let Some(err) = tokens(moves).find_map(Result::err) {
        return Err(err);
    }
    let mut world = World::new(level)?.without_history();
    play_moves(&mut world, moves)?;
    Ok(Replay { world })
}

/// Plays `moves` on `world` from where it stands, with the same fixed timeline as
/// [`replay`] (what a hint or a solver's answer is checked with), stopping with
/// [`ReplayError::TooLong`] once more than [`MAX_REPLAY_TICKS`] have passed since it began.
///
/// # Errors
///
/// A [`ReplayError`] naming the first letter that cannot be played; the world is left where
/// that letter found it.
pub fn play_moves(world: &mut World, moves: &str) -> Result<(), ReplayError> {
    let start = world.elapsed_ticks();
    for token in tokens(moves) {
        let token = token?;
        for _ in 0..token.count {
            play(world, token)?;
            let ticks = world.elapsed_ticks().saturating_sub(start);
            if ticks > MAX_REPLAY_TICKS {
                return Err(ReplayError::TooLong {
                    at: token.at,
                    ticks,
                });
            }
        }
    }
    Ok(())
}

/// Plays one letter once, with the time that follows it on the game's clock.
fn play(world: &mut World, token: Token) -> Result<(), ReplayError> {
    let Token { letter, at, .. } = token;
    let answer = world.play_letter(token.action);
    let pushed = matches!(answer, Ok(Outcome::Pushed { .. }));
    match (token.action, answer) {
        (Move::Push(_), _) if !pushed => Err(ReplayError::NoPush { letter, at }),
        (Move::Step(_), _) if pushed => Err(ReplayError::UnexpectedPush { letter, at }),
        (Move::Fire, Err(RuleError::OutOfShots { limit })) => {
            Err(ReplayError::OutOfShots { at, limit })
        }
        _ => Ok(()),
    }
}

/// Replays every stored solution of every valid level of a pack (a SOK file may keep
/// several per level), as `check --verify-solutions` does: how many were replayed, and a
/// diagnostic for each that does not solve its level, at its line.
#[must_use]
pub fn verify_solutions(report: &PackReport) -> (usize, Vec<Diagnostic>) {
    let mut replayed = 0;
    let mut failures = Vec::new();
    for entry in &report.levels {
        let Ok(level) = &entry.result else { continue };
        let first = level
            .solution
            .iter()
            .map(|moves| (entry.solution_line.unwrap_or(entry.line), moves));
        let more = entry
            .more_solution_lines
            .iter()
            .copied()
            .zip(&level.more_solutions);
        for (line, moves) in first.chain(more) {
            replayed += 1;
            if let Some(failure) = verify_one(level, moves) {
                failures.push(entry.diagnostic_at_line(line, failure));
            }
        }
    }
    (replayed, failures)
}

/// Why `moves` do not solve `level`, or `None` when they do.
fn verify_one(level: &Level, moves: &str) -> Option<LevelError> {
    let reason = match replay(level, moves) {
        Ok(end) if end.world.is_solved() => return None,
        Ok(end) => {
            let c = end.world.counters();
            format!(
                "it ends unsolved (moves {}, pushes {}, shots {})",
                c.moves, c.pushes, c.shots
            )
        }
        Err(err) => err.to_string(),
    };
    Some(LevelError::SolutionFails { reason })
}
