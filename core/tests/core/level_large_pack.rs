//! A classic pack of hundreds of levels written the many ways players' files are written
//! (header notes, every title style, dashes and underscores, alternate letters, run-length
//! boards, comments, SOK solutions, CRLF, trailing spaces) loads with the right count,
//! titles and boards.
//!
//! The boards are Microban's, turned and mirrored so that each of the 480 is different.

use sokoshot_core::level::{Level, Pack, parse_pack};

const MICROBAN: &str = include_str!("../../../levels/microban.xsb");
const LEVELS: usize = 480;

/// A board as lines of characters.
type Grid = Vec<Vec<char>>;

fn grid(board: &str) -> Grid {
    let rows: Vec<Vec<char>> = board.lines().map(|l| l.chars().collect()).collect();
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    rows.into_iter()
        .map(|mut r| {
            r.resize(width, ' ');
            r
        })
        .collect()
}

/// The board turned a quarter clockwise `turns` times, then mirrored if asked.
fn transform(g: &Grid, turns: usize, mirror: bool) -> Grid {
    let mut g = g.clone();
    for _ in 0..turns {
        let (h, w) = (g.len(), g[0].len());
        g = (0..w)
            .map(|x| (0..h).rev().map(|y| g[y][x]).collect())
            .collect();
    }
    if mirror {
        for row in &mut g {
            row.reverse();
        }
    }
    // Turning can bring a blank column of the source to the top or bottom: drop it.
    while g.first().is_some_and(|r| r.iter().all(|c| *c == ' ')) {
        g.remove(0);
    }
    while g.last().is_some_and(|r| r.iter().all(|c| *c == ' ')) {
        g.pop();
    }
    g
}

/// Plain rows, trailing blanks removed; a row of nothing but floor (turning Microban 88
/// makes one) is written `-`, as files do, since a blank line would end the board.
fn rows(g: &Grid) -> Vec<String> {
    g.iter()
        .map(|r| {
            let row = r.iter().collect::<String>().trim_end().to_owned();
            if row.is_empty() { "-".to_owned() } else { row }
        })
        .collect()
}

/// The board as one run-length line.
fn run_length(g: &Grid) -> String {
    let mut out = Vec::new();
    for row in rows(g) {
        let mut line = String::new();
        let chars: Vec<char> = row
            .chars()
            .map(|c| if c == ' ' { '-' } else { c })
            .collect();
        let mut i = 0;
        while i < chars.len() {
            let run = chars[i..].iter().take_while(|c| **c == chars[i]).count();
            if run > 1 {
                line.push_str(&run.to_string());
            }
            line.push(chars[i]);
            i += run;
        }
        out.push(line);
    }
    out.join("|")
}

/// The title level `n` (1-based) is given in the pack, and how it is written.
fn title(n: usize) -> String {
    match n % 5 {
        0 => format!("{n}"),
        1 => format!("Level {n}"),
        2 => format!("Kite {n}"),
        3 => format!("O'Brien's {n}"),
        _ => format!("Late {n}"),
    }
}

/// The pack text, and for each level its expected title and board (as plain XSB).
fn pack() -> (String, Vec<(String, String)>) {
    let micro: Pack = MICROBAN.parse().expect("microban");
    let mut text = String::from(
        "::  Generated test collection\n::  in the styles of many tools\nCollection: Turned Microban\nAuthor: David W. Skinner (boards)\n\n; a longer comment about the set\n; spread over two lines\n\n",
    );
    let mut expected = Vec::new();
    for k in 0..LEVELS {
        let n = k + 1;
        let source = &micro.levels[k % micro.levels.len()];
        let turns = (k / micro.levels.len()) % 4;
        let g = transform(&grid(&source.board_text()), turns, k % 2 == 1);
        let plain = rows(&g).join("\n");
        let t = title(n);
        let board = match k % 7 {
            0 => plain.replace(' ', "-"),
            1 => plain.replace(' ', "_"),
            2 => plain
                .replace('@', "p")
                .replace('$', "b")
                .replace('*', "B")
                .replace('+', "P"),
            3 => run_length(&g),
            4 => plain
                .lines()
                .map(|l| format!("{l}  "))
                .collect::<Vec<_>>()
                .join("\n"),
            _ => plain.clone(),
        };
        match n % 5 {
            0 => text.push_str(&format!("; {t}\n\n{board}\n")),
            1 => text.push_str(&format!(
                "{t}\n{board}\nAuthor: Someone\nComment: level {n}\n"
            )),
            2 => text.push_str(&format!(
                "; {n}\n'{t}'\n\n{board}\nComment:\nA block\nof two lines\nComment-End:\n"
            )),
            3 => text.push_str(&format!("Title: {t}\n{board}\n")),
            _ => text.push_str(&format!(
                "{board}\nTitle: {t}\nSolution (moves)\nuurrdd\nLLUU\n"
            )),
        }
        text.push('\n');
        expected.push((t, plain));
    }
    (text, expected)
}

fn check(text: &str, expected: &[(String, String)]) {
    if let Ok(path) = std::env::var("DUMP_PACK") {
        std::fs::write(path, text).expect("dump");
    }
    let report = parse_pack(text);
    assert!(
        report.diagnostics().is_empty(),
        "{:?}",
        &report.diagnostics()[..3.min(report.diagnostics().len())]
    );
    assert_eq!(report.title.as_deref(), Some("Turned Microban"));
    assert_eq!(report.notes.len(), 6, "{:?}", report.notes);
    let pack = report.into_pack().expect("valid");
    assert_eq!(pack.levels.len(), expected.len());
    for (i, (level, (title, plain))) in pack.levels.iter().zip(expected).enumerate() {
        assert_eq!(
            level.title.as_deref(),
            Some(title.as_str()),
            "level {}",
            i + 1
        );
        let want: Level = plain.parse().expect("the plain board is valid");
        assert_eq!(level.tiles, want.tiles, "level {}", i + 1);
        assert_eq!(
            (level.player, &level.boxes),
            (want.player, &want.boxes),
            "level {}",
            i + 1
        );
    }
}

#[test]
fn a_large_pack_in_every_style_loads_whole() {
    let (text, expected) = pack();
    check(&text, &expected);
    let pack: Pack = text.parse().expect("valid");
    let authored = pack.levels.iter().filter(|l| l.author.is_some()).count();
    assert_eq!(authored, LEVELS / 5);
    let solved = pack
        .levels
        .iter()
        .filter(|l| l.solution.as_deref() == Some("uurrddLLUU"))
        .count();
    assert_eq!(solved, LEVELS / 5);
    assert_eq!(pack.levels[1].comments, ["2", "A block\nof two lines"]);
}

#[test]
fn the_same_pack_with_crlf_line_ends_loads_the_same() {
    let (text, expected) = pack();
    check(&text.replace('\n', "\r\n"), &expected);
}
