//! Collecting a level's problems within a limit: however many cells or lines are wrong, a
//! level keeps the [`MAX_LEVEL_PROBLEMS`] first (in file order) and counts the rest.

use super::board::Problem;
use super::{MAX_LEVEL_PROBLEMS, Severity};

/// The problems of one level: the first [`MAX_LEVEL_PROBLEMS`] in file order, kept, and how
/// many more there were (and how many of those were errors).
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Problems {
    /// Problems kept; past `2 × MAX_LEVEL_PROBLEMS` they are sorted and cut back.
    list: Vec<Problem>,
    /// Problems left out.
    pub more: usize,
    /// Errors among those left out.
    pub more_errors: usize,
    /// Once some were left out: the place of the last kept, after which none can be kept.
    last_kept: Option<(usize, usize)>,
}

impl Problems {
    /// Takes one problem into account, keeping memory bounded.
    pub fn push(&mut self, problem: Problem) {
        // Once the list is cut, a problem after every kept one is only counted: problems
        // mostly come in file order, so a board full of them costs no sorting.
        if self
            .last_kept
            .is_some_and(|last| (problem.0, problem.1) >= last)
        {
            self.more += 1;
            if problem.2.severity() == Severity::Error {
                self.more_errors += 1;
            }
            return;
        }
        self.list.push(problem);
        if self.list.len() >= 2 * MAX_LEVEL_PROBLEMS {
            self.cut();
        }
    }

    /// Takes every problem of another collection into account.
    pub fn extend(&mut self, other: Self) {
        self.more += other.more;
        self.more_errors += other.more_errors;
        for problem in other.list {
            self.push(problem);
        }
    }

    /// Sorts the kept problems into file order and leaves out all past the limit.
    fn cut(&mut self) {
        self.list.sort_by_key(|p| (p.0, p.1));
        if self.list.len() > MAX_LEVEL_PROBLEMS {
            for dropped in self.list.drain(MAX_LEVEL_PROBLEMS..) {
                self.more += 1;
                if dropped.2.severity() == Severity::Error {
                    self.more_errors += 1;
                }
            }
            self.last_kept = self.list.last().map(|p| (p.0, p.1));
        }
    }

    /// The kept problems in file order, with the counts of those left out.
    pub fn finish(mut self) -> (Vec<Problem>, usize, usize) {
        self.cut();
        (self.list, self.more, self.more_errors)
    }

    /// The problems kept so far, in no particular order.
    #[cfg(test)]
    pub fn kept(&self) -> &[Problem] {
        &self.list
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::LevelError;

    #[test]
    fn keeps_the_first_in_file_order_and_counts_the_rest() {
        let mut problems = Problems::default();
        for line in (1..=1000).rev() {
            let error = if line % 2 == 0 {
                LevelError::UnreachableBox
            } else {
                LevelError::UnknownSetting { key: "X".into() }
            };
            problems.push((line, 1, error));
        }
        let (kept, more, more_errors) = problems.finish();
        let lines: Vec<usize> = kept.iter().map(|p| p.0).collect();
        assert_eq!(lines, (1..=MAX_LEVEL_PROBLEMS).collect::<Vec<_>>());
        assert_eq!(more, 1000 - MAX_LEVEL_PROBLEMS);
        assert_eq!(more_errors, (1000 - MAX_LEVEL_PROBLEMS) / 2);
    }
}
