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
use std::sync::atomic::{AtomicBool, Ordering};

use crate::level::{Diagnostic, Level, LevelError, LevelReport, PackReport};

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
    run_moves(world, moves, MAX_REPLAY_TICKS, None).map_err(|halt| match halt {
        Halt::Error(err) => err,
        Halt::OverTicks { at, ticks } => ReplayError::TooLong { at, ticks },
        // Never without a flag to look at.
        Halt::Cancelled => ReplayError::NothingPlayed,
    })
}

/// Why [`run_moves`] stopped before the end.
enum Halt {
    /// A letter could not be played.
    Error(ReplayError),
    /// More than the ticks allowed passed, at the letter at `at`.
    OverTicks {
        /// 1-based position of the letter.
        at: usize,
        /// Ticks run by then.
        ticks: u64,
    },
    /// The cancel flag was set.
    Cancelled,
}

/// Plays `moves` on `world` for at most `max_ticks` from where it stands, looking at
/// `cancel` (when given) before every letter played.
fn run_moves(
    world: &mut World,
    moves: &str,
    max_ticks: u64,
    cancel: Option<&AtomicBool>,
) -> Result<(), Halt> {
    let start = world.elapsed_ticks();
    for token in tokens(moves) {
        let token = token.map_err(Halt::Error)?;
        for _ in 0..token.count {
            if cancel.is_some_and(|flag| flag.load(Ordering::Relaxed)) {
                return Err(Halt::Cancelled);
            }
            play(world, token).map_err(Halt::Error)?;
            let ticks = world.elapsed_ticks().saturating_sub(start);
            if ticks > max_ticks {
                return Err(Halt::OverTicks {
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

/// The most work `check --verify-solutions` spends on the stored solutions of one file, in
/// tick-cells: every tick a replay runs costs one for the player plus one for each spinner
/// and enemy of its level ([`tick_cost`]). The longest replay of a level with no spinner
/// ([`MAX_REPLAY_TICKS`], two hours of play) costs 432,000, so the budget holds 462 of
/// them; on a level of 2,500 spinners it holds 79,968 ticks (about 22 minutes of play). Solutions past it are counted as unchecked, not failed.
pub const MAX_VERIFY_WORK: u64 = 200_000_000;

/// What one tick of `level` costs a replay, in the unit of [`MAX_VERIFY_WORK`].
#[must_use]
pub fn tick_cost(level: &Level) -> u64 {
    1 + level.spinners.len() as u64 + level.enemies.len() as u64
}

/// What replaying a pack's stored solutions found ([`verify_solutions_within`]).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Verified {
    /// How many stored solutions were replayed to their end.
    pub replayed: usize,
    /// One diagnostic for each that does not solve its level, at its line.
    pub failures: Vec<Diagnostic>,
    /// How many were not replayed to their end: the work budget was spent, or the check was
    /// cancelled.
    pub unchecked: usize,
    /// Whether it was cancelled (the rest unchecked).
    pub cancelled: bool,
}

/// Replays every stored solution of every valid level of a pack (a SOK file may keep
/// several per level), as `check --verify-solutions` does: how many were replayed, and a
/// diagnostic for each that does not solve its level, at its line. Held to
/// [`MAX_VERIFY_WORK`]; see [`verify_solutions_within`] for what was left unchecked.
#[must_use]
pub fn verify_solutions(report: &PackReport) -> (usize, Vec<Diagnostic>) {
    let verified =
        verify_solutions_within(report, MAX_VERIFY_WORK, &AtomicBool::new(false), |_, _| {});
    (verified.replayed, verified.failures)
}

/// [`verify_solutions`] with `work` to spend (in tick-cells, see [`MAX_VERIFY_WORK`]), a
/// `cancel` flag looked at between letters, and `progress` told (solutions done, solutions
/// in all) after each: a replay that would pass what is left of the work, and every one
/// after a cancel, is counted as unchecked.
pub fn verify_solutions_within(
    report: &PackReport,
    work: u64,
    cancel: &AtomicBool,
    mut progress: impl FnMut(usize, usize),
) -> Verified {
    let mut verified = Verified::default();
    let mut left = work;
    let all: Vec<(&LevelReport, &Level, usize, &str)> = report
        .levels
        .iter()
        .filter_map(|entry| entry.result.as_ref().ok().map(|level| (entry, level)))
        .flat_map(|(entry, level)| {
            let first = level
                .solution
                .iter()
                .map(|moves| (entry.solution_line.unwrap_or(entry.line), moves));
            let more = entry
                .more_solution_lines
                .iter()
                .copied()
                .zip(&level.more_solutions);
            first
                .chain(more)
                .map(move |(line, moves)| (entry, level, line, moves.as_str()))
        })
        .collect();
    for (done, &(entry, level, line, moves)) in all.iter().enumerate() {
        if cancel.load(Ordering::Relaxed) {
            verified.cancelled = true;
            verified.unchecked = all.len() - done;
            break;
        }
        let cost = tick_cost(level);
        let max_ticks = (left / cost).min(MAX_REPLAY_TICKS);
        let (outcome, ticks) = verify_one(level, moves, max_ticks, cancel);
        left = left.saturating_sub(ticks.saturating_mul(cost));
        match outcome {
            Checked::Solves => verified.replayed += 1,
            Checked::Fails(failure) => {
                verified.replayed += 1;
                verified
                    .failures
                    .push(entry.diagnostic_at_line(line, failure));
            }
            Checked::OverBudget => verified.unchecked += 1,
            Checked::Cancelled => {
                verified.cancelled = true;
                verified.unchecked = all.len() - done;
                break;
            }
        }
        progress(done + 1, all.len());
    }
    verified
}

/// How replaying one stored solution ended.
enum Checked {
    /// It solves its level.
    Solves,
    /// It does not, and why.
    Fails(LevelError),
    /// It would have run past the work left.
    OverBudget,
    /// The check was cancelled during it.
    Cancelled,
}

/// Replays `moves` on `level` for at most `max_ticks`: how it ended, and the ticks it ran.
fn verify_one(level: &Level, moves: &str, max_ticks: u64, cancel: &AtomicBool) -> (Checked, u64) {
    let fails = |reason: String| Checked::Fails(LevelError::SolutionFails { reason });
    if let Some(err) = tokens(moves).find_map(Result::err) {
        return (fails(err.to_string()), 0);
    }
    let mut world = match World::new(level) {
        Ok(world) => world.without_history(),
        Err(err) => return (fails(ReplayError::from(err).to_string()), 0),
    };
    let halted = run_moves(&mut world, moves, max_ticks, Some(cancel));
    let ticks = world.elapsed_ticks();
    let checked = match halted {
        Ok(()) if world.is_solved() => Checked::Solves,
        Ok(()) => {
            let c = world.counters();
            fails(format!(
                "it ends unsolved (moves {}, pushes {}, shots {})",
                c.moves, c.pushes, c.shots
            ))
        }
        Err(Halt::Error(err)) => fails(err.to_string()),
        Err(Halt::OverTicks { at, ticks }) if max_ticks >= MAX_REPLAY_TICKS => {
            fails(ReplayError::TooLong { at, ticks }.to_string())
        }
        Err(Halt::OverTicks { .. }) => Checked::OverBudget,
        Err(Halt::Cancelled) => Checked::Cancelled,
    };
    (checked, ticks)
}
