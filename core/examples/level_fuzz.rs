//! A long no-panic run of the level reader: random bytes, random level-like text, Microban
//! with random damage, and the hostile classes of `benches/support/hostile.rs` (huge counts,
//! long titles, many lines, many settings lines, long bars, comment blocks, control
//! characters) at small random scales with random damage. Each is checked for consistency:
//! diagnostics inside the text, at most the limit per level, each printed short and without
//! a control character, and every loaded level printing back to itself.
//!
//! `cargo run --release --example level_fuzz -- [COUNT] [SEED]` (COUNT defaults to a
//! million). Prints the input and exits 1 at the first failure.

#[path = "../../benches/support/hostile.rs"]
mod hostile;

use std::panic;
use std::process::ExitCode;

use sokoshot_core::level::{
    EXCERPT_CHARS, Level, MAX_LEVEL_PROBLEMS, PackReport, parse_pack, parse_pack_bytes,
};

const MICROBAN: &str = include_str!("../../levels/microban.xsb");
/// Characters that mean something to the reader, drawn more often than others.
const INTERESTING: &str = "#@+$*. -_pPbBEF7LJ%|()0123456789;:'\n\r\tTitle:Spinner:Shots:Solution,=";

/// SplitMix64: small, fast and good enough to drive a fuzzer.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn interesting(&mut self, chars: &[char]) -> char {
        if self.below(5) == 0 {
            char::from_u32(self.below(0x11_0000) as u32).unwrap_or('\u{fffd}')
        } else {
            chars[self.below(chars.len())]
        }
    }
}

/// One generated input: bytes to read.
fn input(rng: &mut Rng, lines: &[&str], chars: &[char]) -> Vec<u8> {
    match rng.below(6) {
        0 => (0..rng.below(400)).map(|_| rng.next() as u8).collect(),
        1 => (0..rng.below(300))
            .map(|_| chars[rng.below(chars.len())])
            .collect::<String>()
            .into_bytes(),
        2 | 3 => hostile_input(rng, chars).into_bytes(),
        _ => damaged_microban(rng, lines, chars).into_bytes(),
    }
}

/// A hostile class at a small random scale, with a few random edits. The classes that
/// expand to a million cells per level are drawn rarely and at scale 1 or 2, to keep a
/// million inputs quick.
fn hostile_input(rng: &mut Rng, chars: &[char]) -> String {
    let class = &hostile::CLASSES[rng.below(hostile::CLASSES.len())];
    let heavy = matches!(class.name, "long_titles_many_problems" | "long_bars");
    let text = if heavy {
        if rng.below(200) != 0 {
            return hostile_input(rng, chars);
        }
        (class.make)(1 + rng.below(2))
    } else {
        let most = if rng.below(10) == 0 { 2000 } else { 40 };
        (class.make)(1 + rng.below(most))
    };
    let mut text: Vec<char> = text.chars().collect();
    for _ in 0..rng.below(4) {
        let len = text.len();
        let at = rng.below(len + 1);
        match rng.below(3) {
            0 => text.insert(at, rng.interesting(chars)),
            1 if at < len => {
                text.remove(at);
            }
            _ if at < len => text[at] = rng.interesting(chars),
            _ => {}
        }
    }
    text.into_iter().collect()
}

/// A few Microban lines with one to eight random edits.
fn damaged_microban(rng: &mut Rng, lines: &[&str], chars: &[char]) -> String {
    let start = rng.below(lines.len());
    let end = (start + 1 + rng.below(60)).min(lines.len());
    let mut text: Vec<char> = lines[start..end].join("\n").chars().collect();
    for _ in 0..=rng.below(8) {
        let len = text.len();
        match rng.below(5) {
            0 => {
                let c = rng.interesting(chars);
                text.insert(rng.below(len + 1), c);
            }
            1 if len > 0 => {
                text.remove(rng.below(len));
            }
            2 if len > 0 => {
                let c = rng.interesting(chars);
                text[rng.below(len)] = c;
            }
            3 | 4 => {
                let joined: String = text.iter().collect();
                let mut ls: Vec<&str> = joined.split('\n').collect();
                let at = rng.below(ls.len());
                if rng.below(2) == 0 {
                    ls.insert(at, ls[at]);
                } else {
                    ls.remove(at);
                }
                text = ls.join("\n").chars().collect();
            }
            _ => {}
        }
    }
    text.into_iter().collect()
}

/// Checks what must hold for any input; the problem in words when it does not. Counts the
/// levels that cannot print back for the known reason of [`edge_row_reads_as_text`].
fn consistent(text: &str, report: &PackReport) -> Result<usize, String> {
    // Lines end at \n, \r\n or a lone \r, as the reader counts them.
    let lines = text
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .split('\n')
        .count();
    for d in report.diagnostics() {
        if d.line < 1 || d.line > lines || d.col < 1 {
            return Err(format!("diagnostic outside the text: {d}"));
        }
        let shown = d.to_string();
        if shown.chars().any(char::is_control) {
            return Err(format!("diagnostic prints a control character: {shown:?}"));
        }
        // The longest fixed message, a title and a quoted value cut to excerpts.
        if shown.chars().count() > 300 + 3 * EXCERPT_CHARS {
            return Err(format!("diagnostic too long: {shown}"));
        }
    }
    for level in &report.levels {
        if level.diagnostics().len() > MAX_LEVEL_PROBLEMS + 1 {
            return Err(format!(
                "level {} reports {} problems",
                level.index,
                level.diagnostics().len()
            ));
        }
    }
    let mut unprintable = 0;
    for level in report.levels.iter().filter_map(|l| l.result.as_ref().ok()) {
        let printed = level.to_string();
        match printed.parse::<Level>() {
            Ok(again) if again == *level => {}
            _ if edge_row_reads_as_text(level) => unprintable += 1,
            Ok(_) => return Err(format!("printed level reads back different:\n{printed}")),
            Err(e) => return Err(format!("printed level does not read back: {e}\n{printed}")),
        }
    }
    Ok(unprintable)
}

/// Whether the board's top or bottom row holds only slopes, enemies and floor: printed as a
/// plain row it reads as text, a known limit of the format (README, "What it does not do").
/// Such a board can only come from a run-length line.
fn edge_row_reads_as_text(level: &Level) -> bool {
    let text = level.board_text();
    let rows: Vec<&str> = text.lines().collect();
    let plain = |row: &&str| !row.contains(['#', '@', '+', '$', '*', '%']);
    rows.first().is_some_and(plain) || rows.last().is_some_and(plain)
}

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    let count: u64 = args
        .next()
        .and_then(|a| a.parse().ok())
        .unwrap_or(1_000_000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(0x5eed);
    let lines: Vec<&str> = MICROBAN.lines().collect();
    let chars: Vec<char> = INTERESTING.chars().collect();
    let mut rng = Rng(seed);
    let (mut levels, mut valid, mut unprintable) = (0u64, 0u64, 0u64);
    panic::set_hook(Box::new(|_| {}));
    for i in 0..count {
        let bytes = input(&mut rng, &lines, &chars);
        let outcome = panic::catch_unwind(|| {
            let report = parse_pack_bytes(&bytes);
            let text = match std::str::from_utf8(&bytes) {
                Ok(t) => t.to_owned(),
                Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
            };
            let verdict = consistent(&text, &report);
            let ok = report.levels.iter().filter(|l| l.is_valid()).count();
            (verdict, report.levels.len(), ok)
        });
        match outcome {
            Ok((Ok(edge), n, ok)) => {
                levels += n as u64;
                valid += ok as u64;
                unprintable += edge as u64;
            }
            Ok((Err(problem), _, _)) => {
                eprintln!(
                    "input {i}: {problem}\ninput: {:?}",
                    String::from_utf8_lossy(&bytes)
                );
                return ExitCode::FAILURE;
            }
            Err(_) => {
                eprintln!("input {i} panicked: {:?}", String::from_utf8_lossy(&bytes));
                return ExitCode::FAILURE;
            }
        }
    }
    // Also pin that a pack read whole (not just damaged) is unaffected.
    let clean = parse_pack(MICROBAN);
    println!(
        "{count} inputs (seed {seed}): no panic, all consistent; {levels} levels read, {valid} valid \
         ({unprintable} of them with a top or bottom row of only slopes, enemies or floor, which \
         plain rows cannot print); Microban still {} levels",
        clean.levels.len()
    );
    ExitCode::SUCCESS
}
