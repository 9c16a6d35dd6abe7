//! Counts in words, as the command line, the screens and the core's messages print them:
//! `1 shot`, `2 shots`. The one place a count meets its noun, so that no message says
//! `1 levels`.

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
}
