//! The words a player reads that more than one screen or message says: counts with their
//! noun (`1 shot`, `2 shots`: the one place a count meets its noun, so that no message says
//! `1 levels`), and the vocabulary each submodule names once:
//!
//! - [`pieces`]: the things on a board (`wall`, `box on goal`, `spinner's hub`);
//! - [`keys`]: the keys (`Esc`, `space`, `Ctrl-r`);
//! - [`status`]: the status line's labels (`Moves 12  Pushes 3  Shots 1`);
//! - [`session`]: what the local terminal and the SSH server both tell a player about their
//!   session (progress kept or not, a terminal too small);
//! - [`check`]: the level checker's wording (`level 3 "Title"`, `warning: …`).
//!
//! A sentence that only one screen says stays with that screen; what is here is what would
//! otherwise be spelled in several places and drift apart.

pub mod check;
pub mod keys;
pub mod pieces;
pub mod session;
pub mod status;

pub use pieces::Piece;

/// What a layout is: the unit of a level's difficulty, as levels/README.md measures it and
/// `solve --measure` and the editor's proof count it.
pub const LAYOUTS: &str = "layouts are the distinct places of the boxes and enemies among the \
positions the solver looked at, whatever the player's cell, facing and the clock";

/// The same, short, where a line has room for a few words.
pub const LAYOUTS_SHORT: &str = "places of boxes and enemies searched";

/// `count` and `noun`, the noun in the plural unless the count is one (`0 shots`, `1 move`,
/// `2 pushes`). The plural adds `es` after `sh`, `ch`, `s` or `x`, turns a `y` after a
/// consonant into `ies`, else adds `s`.
#[must_use]
pub fn count(count: impl TryInto<u64>, noun: &str) -> String {
    let count = count.try_into().unwrap_or(u64::MAX);
    if count == 1 {
        format!("1 {noun}")
    } else if ["sh", "ch", "s", "x"].iter().any(|end| noun.ends_with(end)) {
        format!("{count} {noun}es")
    } else if let Some(stem) = noun.strip_suffix('y')
        && !stem.ends_with(['a', 'e', 'i', 'o', 'u'])
    {
        format!("{count} {stem}ies")
    } else {
        format!("{count} {noun}s")
    }
}

/// The verb "to be" agreeing with `count`: `is` for one, `are` for every other count
/// (`1 enemy is left`, `2 enemies are left`).
#[must_use]
pub fn is_are(count: impl TryInto<u64>) -> &'static str {
    if count.try_into().is_ok_and(|c| c == 1) {
        "is"
    } else {
        "are"
    }
}

/// Moves, pushes and shots in words: `1 move, 1 push, 0 shots`.
#[must_use]
pub fn figures(moves: u32, pushes: u32, shots: u32) -> String {
    format!(
        "{}, {}, {}",
        count(moves, "move"),
        count(pushes, "push"),
        count(shots, "shot")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        let cases = [
            (0, "shot", "0 shots"),
            (1, "shot", "1 shot"),
            (2, "shot", "2 shots"),
            (1, "push", "1 push"),
            (3, "push", "3 pushes"),
            (1, "position", "1 position"),
            (1_000_000, "layout", "1000000 layouts"),
            (2, "enemy", "2 enemies"),
            (2, "day", "2 days"),
        ];
        for (n, noun, want) in cases {
            assert_eq!(count(n, noun), want);
        }
        assert_eq!(figures(1, 1, 0), "1 move, 1 push, 0 shots");
    }

    #[test]
    fn the_verb_agrees_with_the_count() {
        for (n, verb) in [(0, "are"), (1, "is"), (2, "are"), (u64::MAX, "are")] {
            assert_eq!(is_are(n), verb, "{n}");
        }
    }
}
