//! What the progress file keeps beside a level's best figures: its best solutions (by moves
//! and by pushes, as the Sokoban world keeps them) with the hints used, and the game left
//! half-played, to resume.
//!
//! On a `level` line: `by-moves=LETTERS`, `by-pushes=LETTERS` (solutions in the replay
//! alphabet; the figures are counted from the letters) and `hints=N` (hints used in the
//! solve that gave the fewest moves). A `resume` line under a `pack` line:
//! `resume N id=ID at=NANOS steps=GROUP,GROUP,…`, one group of letters per undo step (`!` a
//! restart), `at` the time it was saved, `cut=N` when the last N steps of the game could
//! not be kept, and `own=1` when every step of the game, before any earlier save too, was the
//! player's own keys (no pasted moves, hint or watched solution; `own=0` when not, and no
//! `own=` in a save older than that mark, which counts as not known), so a resumed game may
//! still enter the scores; the newest is resumed, and an empty `steps=` with no `cut=` says
//! there is nothing to resume (the level was solved or started over).
//!
//! Limits: a solution of at most [`MAX_SOLUTION_BYTES`] is kept, and at most
//! [`MAX_RESUME_BYTES`] of a game's steps are saved to resume ([`Resume::fitted`]: the steps
//! before its last restart are dropped first, then its last steps, counted in `cut=`); so even
//! a few hundred levels stay far inside the 16 MiB the game reads.

use super::format::LineError;
use crate::game::{Move, parse_moves};

/// The longest solution kept, in bytes of its letters.
pub const MAX_SOLUTION_BYTES: usize = 16 * 1024;
/// The longest game saved to resume, in bytes of its steps.
pub const MAX_RESUME_BYTES: usize = 32 * 1024;

/// A solution with the moves and pushes its letters make.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The letters.
    pub letters: String,
    /// Moves (steps and pushes).
    pub moves: u32,
    /// Pushes.
    pub pushes: u32,
}

impl Solution {
    /// `letters` counted, if they read as moves and are within [`MAX_SOLUTION_BYTES`].
    #[must_use]
    pub fn new(letters: &str) -> Option<Self> {
        if letters.is_empty() || letters.len() > MAX_SOLUTION_BYTES {
            return None;
        }
        let tokens = parse_moves(letters).ok()?;
        let (mut moves, mut pushes) = (0u32, 0u32);
        for token in tokens {
            match token.action {
                Move::Step(_) => moves = moves.saturating_add(token.count),
                Move::Push(_) => {
                    moves = moves.saturating_add(token.count);
                    pushes = pushes.saturating_add(token.count);
                }
                Move::Fire | Move::Wait => {}
            }
        }
        Some(Self {
            letters: letters.to_owned(),
            moves,
            pushes,
        })
    }
}

/// A level's kept solutions and the hints used.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Kept {
    /// The solution with the fewest moves (fewest pushes among those).
    pub by_moves: Option<Solution>,
    /// The solution with the fewest pushes (fewest moves among those).
    pub by_pushes: Option<Solution>,
    /// Hints used in the solve that gave [`Kept::by_moves`].
    pub hints: u32,
}

impl Kept {
    /// Reads one `key=value` field of a `level` line; `false` if the key is not one of these.
    ///
    /// # Errors
    /// When the value cannot be read.
    pub fn read_field(&mut self, key: &str, value: &str) -> Result<bool, LineError> {
        let solution =
            || Solution::new(value).ok_or_else(|| LineError::NotASolution(key.to_owned()));
        match key {
            "by-moves" => self.by_moves = Some(solution()?),
            "by-pushes" => self.by_pushes = Some(solution()?),
            "hints" => {
                self.hints = value
                    .parse()
                    .map_err(|_| LineError::BadValue(format!("hints={value}")))?;
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The fields to write on the `level` line, each with a leading space.
    #[must_use]
    pub fn fields(&self) -> String {
        let mut out = String::new();
        if let Some(s) = &self.by_moves {
            out.push_str(&format!(" by-moves={}", s.letters));
        }
        if let Some(s) = &self.by_pushes
            && self.by_moves.as_ref() != Some(s)
        {
            out.push_str(&format!(" by-pushes={}", s.letters));
        }
        if self.hints > 0 {
            out.push_str(&format!(" hints={}", self.hints));
        }
        out
    }

    /// The solution with the fewest pushes (the one by moves when only that is kept).
    #[must_use]
    pub fn best_by_pushes(&self) -> Option<&Solution> {
        self.by_pushes.as_ref().or(self.by_moves.as_ref())
    }

    /// Takes in a solution found with `hints` hints, keeping the better of each kind.
    pub fn offer(&mut self, solution: &Solution, hints: u32) {
        let by_moves = |s: &Solution| (s.moves, s.pushes);
        let by_pushes = |s: &Solution| (s.pushes, s.moves);
        if self
            .by_moves
            .as_ref()
            .is_none_or(|k| by_moves(solution) < by_moves(k))
        {
            self.by_moves = Some(solution.clone());
            self.hints = hints;
        }
        if self
            .best_by_pushes()
            .is_none_or(|k| by_pushes(solution) < by_pushes(k))
        {
            self.by_pushes = Some(solution.clone());
        }
    }

    /// Takes in what another game kept for the same level.
    pub fn merge(&mut self, other: &Kept) {
        if let Some(s) = &other.by_moves {
            self.offer(s, other.hints);
        }
        if let Some(s) = &other.by_pushes {
            let hints = self.hints;
            self.offer(s, other.hints);
            if self.by_moves.as_ref() != Some(s) {
                self.hints = hints;
            }
        }
    }
}

/// A game left half-played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Resume {
    /// The level's place in its pack when saved (0-based).
    pub index: usize,
    /// When it was saved, in nanoseconds since 1970.
    pub at: u128,
    /// One group of letters per undo step (`!` a restart); empty when there is nothing to
    /// resume.
    pub steps: Vec<String>,
    /// How many of the game's last steps could not be kept (past [`MAX_RESUME_BYTES`]).
    pub cut: usize,
    /// Whether every step of the game was the player's own keys (no pasted moves, hint or
    /// watched solution, before an earlier save either); `None` in a save older than the
    /// mark, which says nothing either way.
    pub own: Option<bool>,
}

impl Resume {
    /// The game whose undo steps are `steps`, saved at place `index` at time `at`, held to
    /// [`MAX_RESUME_BYTES`]: when it is longer, the steps before its last restart are dropped
    /// (the position is the same without them), then its last steps, counted in `cut`.
    #[must_use]
    pub fn fitted(index: usize, at: u128, steps: &[String]) -> Self {
        let bytes = |groups: &[String]| groups.iter().map(|g| g.len() + 1).sum::<usize>();
        let mut kept = steps;
        if bytes(kept) > MAX_RESUME_BYTES
            && let Some(restart) = kept.iter().rposition(|g| g == "!")
        {
            kept = &kept[restart + 1..];
        }
        let mut used = 0;
        let fit = kept
            .iter()
            .take_while(|g| {
                used += g.len() + 1;
                used <= MAX_RESUME_BYTES
            })
            .count();
        Self {
            index,
            at,
            steps: kept[..fit].to_vec(),
            cut: kept.len() - fit,
            own: None,
        }
    }

    /// Reads the rest of a `resume` line: `N id=ID at=NANOS steps=… [cut=N] [own=0|1]`.
    ///
    /// # Errors
    /// When a part is missing or cannot be read.
    pub fn parse(rest: &str) -> Result<(u64, Self), LineError> {
        let mut words = rest.split_whitespace();
        let index = words
            .next()
            .and_then(|n| n.parse::<usize>().ok())
            .and_then(|n| n.checked_sub(1))
            .ok_or(LineError::Needs("resume", "a level number"))?;
        let (mut id, mut at, mut steps, mut cut, mut own) = (None, None, Vec::new(), 0, None);
        for word in words {
            match word.split_once('=') {
                Some(("id", v)) => id = u64::from_str_radix(v, 16).ok(),
                Some(("at", v)) => at = v.parse().ok(),
                Some(("cut", v)) => {
                    cut = v
                        .parse()
                        .map_err(|_| LineError::Unreadable(word.to_owned()))?;
                }
                Some(("own", "1")) => own = Some(true),
                Some(("own", "0")) => own = Some(false),
                Some(("steps", v)) => {
                    steps = v
                        .split(',')
                        .filter(|s| !s.is_empty())
                        .map(str::to_owned)
                        .collect();
                }
                _ => {
                    return Err(LineError::UnreadableIn {
                        word: word.to_owned(),
                        kind: "resume",
                    });
                }
            }
        }
        let id = id.ok_or(LineError::Needs("resume", "`id=`"))?;
        let at = at.ok_or(LineError::Needs("resume", "`at=`"))?;
        Ok((
            id,
            Self {
                index,
                at,
                steps,
                cut,
                own,
            },
        ))
    }

    /// The line, without the pack.
    #[must_use]
    pub fn line(&self, id: u64) -> String {
        let mut line = format!(
            "resume {} id={id:016x} at={} steps={}",
            self.index + 1,
            self.at,
            self.steps.join(",")
        );
        if self.cut > 0 {
            line.push_str(&format!(" cut={}", self.cut));
        }
        if let Some(own) = self.own {
            line.push_str(if own { " own=1" } else { " own=0" });
        }
        line
    }

    /// Whether there is anything to say on resuming: steps to play, or steps that were cut.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.steps.is_empty() && self.cut == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_solution_counts_its_moves_and_pushes() {
        let cases = [
            ("steps and pushes", "rrUUl", Some((5, 2))),
            ("counts", "3r2U", Some((5, 2))),
            ("shots and waits are not moves", "fwR", Some((1, 1))),
            ("empty", "", None),
            ("not moves", "hello", None),
        ];
        for (name, letters, want) in cases {
            let got = Solution::new(letters).map(|s| (s.moves, s.pushes));
            assert_eq!(got, want, "{name}");
        }
    }

    #[test]
    fn the_best_by_moves_and_by_pushes_are_kept_apart() {
        let mut kept = Kept::default();
        let few_moves = Solution::new("rrrrUU").expect("a solution");
        let few_pushes = Solution::new("lllllllllU").expect("a solution");
        kept.offer(&few_moves, 2);
        kept.offer(&few_pushes, 0);
        assert_eq!(kept.by_moves.as_ref(), Some(&few_moves));
        assert_eq!(kept.best_by_pushes(), Some(&few_pushes));
        assert_eq!(kept.hints, 2);
        let line = kept.fields();
        let mut read = Kept::default();
        for word in line.split_whitespace() {
            let (key, value) = word.split_once('=').expect("key=value");
            assert_eq!(read.read_field(key, value), Ok(true), "{word}");
        }
        assert_eq!(read, kept);
    }

    #[test]
    fn a_resume_line_reads_back() {
        let resume = Resume {
            index: 4,
            at: 1_700_000_000_000_000_000,
            steps: vec!["r".into(), "rrD".into(), "!".into(), "f".into()],
            cut: 3,
            own: Some(true),
        };
        let line = resume.line(0xabc);
        let rest = line.strip_prefix("resume ").expect("keyword");
        assert_eq!(Resume::parse(rest), Ok((0xabc, resume)));
        let empty = Resume {
            index: 0,
            at: 1,
            steps: Vec::new(),
            cut: 0,
            own: None,
        };
        let line = empty.line(1);
        assert_eq!(
            Resume::parse(line.strip_prefix("resume ").expect("keyword")),
            Ok((1, empty))
        );
    }

    #[test]
    fn whether_a_saved_game_was_played_by_the_players_own_keys_reads_back_and_old_saves_still_read()
    {
        let cases = [
            (
                "own",
                "resume 1 id=a at=5 steps=r,R own=1",
                Some(Some(true)),
            ),
            (
                "helped",
                "resume 1 id=a at=5 steps=r,R own=0",
                Some(Some(false)),
            ),
            (
                "a save older than the mark",
                "resume 1 id=a at=5 steps=r,R",
                Some(None),
            ),
            (
                "with a cut",
                "resume 1 id=a at=5 steps=r cut=2 own=1",
                Some(Some(true)),
            ),
            ("not a mark", "resume 1 id=a at=5 steps=r own=yes", None),
        ];
        for (name, line, want) in cases {
            let rest = line.strip_prefix("resume ").expect("keyword");
            let read = Resume::parse(rest).ok();
            assert_eq!(read.as_ref().map(|(_, r)| r.own), want, "{name}");
            if let Some((id, resume)) = read {
                assert_eq!(
                    resume.line(id).replace("id=000000000000000a", "id=a"),
                    line,
                    "{name}"
                );
            }
        }
    }

    #[test]
    fn a_game_past_the_resume_limit_keeps_what_fits_and_counts_the_rest() {
        let short = vec!["r".to_owned(), "!".to_owned(), "l".to_owned()];
        assert_eq!(Resume::fitted(0, 1, &short).steps, short);
        // Before the last restart: dropped first, the position is the same.
        let mut long: Vec<String> = vec!["r".to_owned(); MAX_RESUME_BYTES];
        long.extend(["!".to_owned(), "l".to_owned()]);
        let fitted = Resume::fitted(0, 1, &long);
        assert_eq!((fitted.steps, fitted.cut), (vec!["l".to_owned()], 0));
        // 40,000 steps with no restart: the first 16 KiB of them (two bytes each) are kept.
        let steps: Vec<String> = vec!["r".to_owned(); 40_000];
        let fitted = Resume::fitted(2, 1, &steps);
        assert_eq!(fitted.steps.len(), MAX_RESUME_BYTES / 2);
        assert_eq!(fitted.cut, 40_000 - MAX_RESUME_BYTES / 2);
        assert!(!fitted.is_empty());
        let line = fitted.line(7);
        assert!(line.ends_with(&format!(" cut={}", fitted.cut)), "{line}");
        assert_eq!(
            Resume::parse(line.strip_prefix("resume ").expect("keyword")),
            Ok((7, fitted))
        );
    }
}
