//! Prints what the lab shows for placements read from standard input, one a line, so that an
//! outside calculation can check the lab's numbers (`lab_check.py` beside it does).
//!
//! Each line is a scene name and then `|`-separated inputs: `:pos 1 2` types at the prompt,
//! anything else is pressed key by key. The answer is one line per placement: the verdict,
//! the panel's rows as `label=value` separated by `|`, and the shapes exactly as tested
//! (`Debug` of each figure, which prints every `f32` so that it reads back to the same bits).

use std::io::{self, BufRead, Write};

use sokoshot_core::lab::{Figure, Key, Lab, SceneId};

fn main() -> io::Result<()> {
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line?;
        let mut parts = line.split('|');
        let Some(Ok(scene)) = parts.next().map(str::parse::<SceneId>) else {
            writeln!(out, "ERROR unknown scene: {line}")?;
            continue;
        };
        let mut lab = Lab::new(scene);
        for input in parts {
            if let Some(command) = input.strip_prefix(':') {
                lab.press(Key::Char(':'));
                for c in command.chars() {
                    lab.press(Key::Char(c));
                }
                lab.press(Key::Enter);
                if let Some(message) = lab.message() {
                    writeln!(out, "ERROR {input}: {message}")?;
                }
            } else {
                for c in input.chars() {
                    lab.press(Key::Char(c));
                }
            }
        }
        let readout = lab.readout();
        let rows: Vec<String> = readout
            .rows
            .iter()
            .map(|row| format!("{}={}", row.label, row.value))
            .collect();
        let shapes: Vec<String> = lab
            .picture()
            .marks
            .iter()
            .filter(|m| {
                matches!(
                    m.figure,
                    Figure::Disk(_) | Figure::Aabb(_) | Figure::Obb(_) | Figure::Triangle(_)
                ) || matches!(m.figure, Figure::Arrow(_))
                    && m.ink == sokoshot_core::lab::Ink::Subject
            })
            .map(|m| format!("{:?}:{:?}", m.ink, m.figure))
            .collect();
        writeln!(
            out,
            "{}\t{}\t{}",
            readout.verdict.word(),
            rows.join("|"),
            shapes.join(";")
        )?;
    }
    Ok(())
}
