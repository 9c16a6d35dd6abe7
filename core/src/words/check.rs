//! The level checker's wording, as `sokoshot check`, `sokoshot solve` and `sokoshot replay`
//! write it: `level 3 "Title"`, `warning: …`,
//! `… and 4 more problems in this level (only the first 50 are listed)`,
//! `2 levels have no solution`.

use super::count;

/// What marks a problem that does not keep a level from loading.
pub const WARNING: &str = "warning";

/// A level by its number (1-based, in file order) and, if it has one, its title as given
/// (the caller makes it safe to print): `level 3 "Title"`, `level 4`.
#[must_use]
pub fn level(number: usize, title: Option<&str>) -> String {
    match title {
        Some(title) => format!("level {number} \"{title}\""),
        None => format!("level {number}"),
    }
}

/// A message marked as a warning: `warning: the file is not valid UTF-8`.
#[must_use]
pub fn warning(text: &str) -> String {
    format!("{WARNING}: {text}")
}

/// The line that stands for what a list left out: `… and 4 more problems in this level (only
/// the first 50 are listed)`. `what` is the plural noun, or empty where the place says it.
#[must_use]
pub fn more_listed(left_out: usize, what: &str, place: &str, listed: usize) -> String {
    let what = if what.is_empty() {
        String::new()
    } else {
        format!(" {what}")
    };
    format!("… and {left_out} more{what} in {place} (only the first {listed} are listed)")
}

/// Levels with no solution, the verb agreeing: `1 level has no solution`, `2 levels have no
/// solution`.
#[must_use]
pub fn no_solution(levels: usize) -> String {
    let verb = if levels == 1 { "has" } else { "have" };
    format!("{} {verb} no solution", count(levels, "level"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checker_words_read_the_same_everywhere() {
        let cases = [
            ("titled", level(3, Some("Title")), "level 3 \"Title\""),
            ("untitled", level(4, None), "level 4"),
            ("warning", warning("odd"), "warning: odd"),
            (
                "more problems",
                more_listed(4, "problems", "this level", 50),
                "… and 4 more problems in this level (only the first 50 are listed)",
            ),
            (
                "more in a file",
                more_listed(2, "", "this file", 200),
                "… and 2 more in this file (only the first 200 are listed)",
            ),
            ("one unsolvable", no_solution(1), "1 level has no solution"),
            (
                "two unsolvable",
                no_solution(2),
                "2 levels have no solution",
            ),
        ];
        for (name, got, want) in cases {
            assert_eq!(got, want, "{name}");
        }
    }
}
