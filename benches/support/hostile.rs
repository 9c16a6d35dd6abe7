//! Hostile level text, by class: each class is a function from a scale to text, so the
//! fuzzer draws small ones and the benchmark the largest one under the 16 MiB file limit.
//!
//! Shared by `benches/level_hostile.rs`, `core/examples/level_fuzz.rs`, `core/examples/level_worst.rs`
//! and `tests/level_fuzz.rs` through `#[path]`.

#![allow(dead_code)]

use std::fmt::Write as _;

/// The largest file sokoshot reads.
pub const FILE_LIMIT: usize = 16 * 1024 * 1024;

/// One class of hostile input.
pub struct Class {
    /// A short name, for the benchmark's rows and the command line.
    pub name: &'static str,
    /// The text at scale `n` (its size grows about in step with `n`).
    pub make: fn(usize) -> String,
}

/// The 34-byte board of a thousand by a thousand cells holding 988,000 unknown characters.
pub const PROBLEM_BOARD: &str = "1000#|990(#998X#|)#@$995-.#|1000#";

/// Every class.
pub const CLASSES: &[Class] = &[
    Class {
        name: "walled_lines_before_a_board",
        make: walled_lines,
    },
    Class {
        name: "spinner_lines_x_hubs",
        make: spinner_lines,
    },
    Class {
        name: "long_bars",
        make: long_bars,
    },
    Class {
        name: "huge_counts",
        make: huge_counts,
    },
    Class {
        name: "long_titles_many_problems",
        make: long_titles,
    },
    Class {
        name: "many_settings_lines",
        make: many_settings,
    },
    Class {
        name: "many_tiny_levels",
        make: many_levels,
    },
    Class {
        name: "comment_blocks",
        make: comment_blocks,
    },
    Class {
        name: "unended_comments",
        make: unended_comments,
    },
    Class {
        name: "control_characters",
        make: control_chars,
    },
    Class {
        name: "long_plain_rows",
        make: long_rows,
    },
    Class {
        name: "deep_groups",
        make: deep_groups,
    },
];

/// `n` lines of `#x` (text that touches nothing) right above a board.
fn walled_lines(n: usize) -> String {
    "#x\n".repeat(n) + "#####\n#@$.#\n#####\n"
}

/// A board of about `n` hubs (up to a thousand rows of a thousand), then a `Spinner:` line
/// for each and `n` more for the first hubs again.
fn spinner_lines(n: usize) -> String {
    let side = ((n as f64).sqrt().ceil() as usize).clamp(1, 998);
    let rows = n.div_ceil(side).clamp(1, 997);
    let mut text = format!("{}#|", side + 2);
    let _ = writeln!(
        text,
        "{rows}(#{side}%#|)#@$.{}-#|{}#",
        side.saturating_sub(3),
        side + 2
    );
    for k in 0..n {
        let _ = writeln!(
            text,
            "Spinner: {},{} speed=10",
            1 + k % side,
            1 + (k / side) % rows
        );
    }
    text
}

/// A board a thousand wide with `n` hubs, each with a bar as long as the board.
fn long_bars(n: usize) -> String {
    let hubs = n.clamp(1, 990);
    let mut text = String::from("1000#|");
    let _ = writeln!(
        text,
        "{hubs}(#%997-#|)#@$.995-#|{}(#998-#|)1000#",
        997 - hubs
    );
    for y in 1..=n {
        let _ = writeln!(text, "Spinner: 1,{} length=1000", 1 + (y - 1) % hubs);
    }
    text
}

/// `n` run-length boards whose counts overflow every integer type.
fn huge_counts(n: usize) -> String {
    let forms = [
        "#|99999999999999999999#",
        "18446744073709551616(#|)",
        "4294967296(4294967296(#))|#",
        "#|99999999999999999999()#",
    ];
    (0..n)
        .map(|i| forms[i % forms.len()].to_owned() + "\n\n")
        .collect()
}

/// `n` levels, each a 1000-character title over the board with 988,000 problems.
fn long_titles(n: usize) -> String {
    let title = "T".repeat(1000);
    format!("Title: {title}\n{PROBLEM_BOARD}\n\n").repeat(n)
}

/// A board, then `n` settings lines sokoshot does not know (each a warning).
fn many_settings(n: usize) -> String {
    let mut text = String::from("#####\n#@$.#\n#####\n");
    for k in 0..n {
        let _ = writeln!(text, "Key{k}: value");
    }
    text
}

/// `n` of the smallest levels there are.
fn many_levels(n: usize) -> String {
    "#@$.#\n\n".repeat(n)
}

/// `n` levels, each with a comment block holding a board.
fn comment_blocks(n: usize) -> String {
    "#####\n#@$.#\n#####\nComment:\n#####\n#@$.#\n#####\nComment-End:\n\n".repeat(n)
}

/// `n` empty `Comment:` lines with no end, each followed by a line of text.
fn unended_comments(n: usize) -> String {
    "Comment:\ntext\n".repeat(n) + "#####\n#@$.#\n#####\n"
}

/// `n` levels whose title, author and settings hold escape sequences.
fn control_chars(n: usize) -> String {
    "Title: \u{1b}]2;PWNED\u{7}\u{1b}[2J\u{9b}6n\nAuthor: \u{202e}x\n#####\n# $.#\n#####\nFoo\u{1b}: \u{7}\n\n"
        .repeat(n)
}

/// One plain row `n` walls long in a board.
fn long_rows(n: usize) -> String {
    format!("{}\n#@$.#\n#####\n", "#".repeat(n))
}

/// `n` run-length lines nesting groups as deep as may be and then some.
fn deep_groups(n: usize) -> String {
    let ok = format!("{}#{}", "2(".repeat(20), ")".repeat(20));
    let deep = format!("{}#{}", "(".repeat(80), ")".repeat(80));
    let mut text = String::new();
    for k in 0..n {
        text.push_str(if k % 2 == 0 { &ok } else { &deep });
        text.push_str("|#\n\n");
    }
    text
}

/// The largest input of `class` under the file limit: the scale doubled while it fits,
/// then grown by bisection.
pub fn largest(class: &Class) -> String {
    let fits = |n: usize| (class.make)(n).len() <= FILE_LIMIT;
    let mut lo = 1;
    while fits(lo * 2) {
        lo *= 2;
    }
    let mut hi = lo * 2;
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (class.make)(lo)
}
