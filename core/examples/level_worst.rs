//! The largest input of each hostile class under the 16 MiB file limit, read once: how long
//! reading took and the peak memory while reading, the input's own 16 MiB included.
//!
//! `cargo run --release --example level_worst -- [CLASS ...] [--write DIR]`: every class
//! without a name; with `--write DIR`, each input is also written to `DIR/CLASS.xsb` so that
//! `sokoshot check` can be measured on it (for example with `/usr/bin/time -v`).
//!
//! `cargo run --release --example level_worst -- --slc [--write DIR]`: instead, Microban's
//! levels repeated to just under 16 MiB, once as pack text and once as an SLC collection
//! (XML), each read the same way and two hostile SLC files of the same size, one attribute of all of it and nothing but
//! empty elements (each written to `DIR/NAME.txt`).
//!
//! `cargo run --release --example level_worst -- --slc-growth [N ...]`: instead, three
//! hostile SLC shapes at N repeats each (10,000, 50,000 and 200,000 without a number): N
//! attributes on one `<Level>`, N rows written `<L>#<a/></L>`, and 10×N empty `<Level/>`
//! elements; the time should grow with N, not with its square.
//!
//! Peak memory is the process's high-water mark (`VmHWM`), reset before reading through
//! `/proc/self/clear_refs` (Linux), so building the input does not count.

#[path = "../../benches/support/hostile.rs"]
mod hostile;

use std::process::ExitCode;
use std::time::Instant;

use sokoshot_core::level::parse_pack;

/// A line of `/proc/self/status` in kB, if there is one.
fn status_kb(key: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn main() -> ExitCode {
    let mut names = Vec::new();
    let mut write_to = None;
    let mut slc = false;
    let mut growth = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--write" {
            write_to = args.next();
        } else if arg == "--slc" {
            slc = true;
        } else if arg == "--slc-growth" {
            growth = true;
        } else {
            names.push(arg);
        }
    }
    if growth {
        return slc_growth(&names);
    }
    if slc {
        return slc_against_xsb(write_to.as_deref());
    }
    let classes: Vec<&hostile::Class> = hostile::CLASSES
        .iter()
        .filter(|c| names.is_empty() || names.iter().any(|n| n == c.name))
        .collect();
    if classes.is_empty() {
        eprintln!("no such class; the classes are:");
        for c in hostile::CLASSES {
            eprintln!("  {}", c.name);
        }
        return ExitCode::FAILURE;
    }
    println!("| class | input bytes | levels | diagnostics | read ms | peak MiB while reading |");
    println!("|---|---:|---:|---:|---:|---:|");
    for class in classes {
        let text = hostile::largest(class);
        if let Some(dir) = &write_to {
            let path = std::path::Path::new(dir).join(format!("{}.xsb", class.name));
            if let Err(err) = std::fs::write(&path, &text) {
                eprintln!("cannot write {}: {err}", path.display());
                return ExitCode::FAILURE;
            }
        }
        let (report, took, peak) = measure(&text);
        let printed: usize = report
            .diagnostics()
            .iter()
            .map(|d| d.to_string().len())
            .sum();
        println!(
            "| {} | {} | {} | {} ({} bytes printed) | {:.0} | {:.1} |",
            class.name,
            text.len(),
            report.levels.len(),
            report.diagnostics().len(),
            printed,
            took.as_secs_f64() * 1000.0,
            peak as f64 / 1024.0
        );
    }
    ExitCode::SUCCESS
}

/// Reads `text` once: the report, how long it took, and the peak memory in kB while
/// reading (the input included).
fn measure(text: &str) -> (sokoshot_core::level::PackReport, std::time::Duration, u64) {
    // Resets the high-water mark to what is resident now (the input included).
    let _ = std::fs::write("/proc/self/clear_refs", "5");
    let start = Instant::now();
    let report = parse_pack(text);
    let took = start.elapsed();
    (report, took, status_kb("VmHWM:").unwrap_or(0))
}

/// Microban's boards as (title, rows), from the shipped pack.
fn microban() -> Vec<(String, Vec<String>)> {
    let text = include_str!("../../levels/microban.xsb");
    let pack = parse_pack(text).into_pack().expect("Microban reads");
    pack.levels
        .iter()
        .map(|level| {
            let rows = level
                .to_string()
                .lines()
                .filter(|l| !l.is_empty() && l.chars().all(|c| " #@+$*.".contains(c)))
                .map(str::to_owned)
                .collect();
            (level.title.clone().unwrap_or_default(), rows)
        })
        .collect()
}

/// The same levels as pack text and as an SLC collection, each just under 16 MiB, read and
/// measured in turn.
fn slc_against_xsb(write_to: Option<&str>) -> ExitCode {
    let limit = usize::try_from(sokoshot_core::level::MAX_FILE_BYTES).unwrap_or(usize::MAX);
    let levels = microban();
    let mut xsb = String::new();
    let mut slc = String::from(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<SokobanLevels>\n  <Title>Microban</Title>\n  <LevelCollection Copyright=\"David W. Skinner\">\n",
    );
    let end = "  </LevelCollection>\n</SokobanLevels>\n";
    let (mut xsb_full, mut slc_full) = (false, false);
    for (title, rows) in levels.iter().cycle() {
        if xsb_full && slc_full {
            break;
        }
        let mut x = format!("; {title}\n");
        let width = rows.iter().map(String::len).max().unwrap_or(0);
        let mut s = format!(
            "    <Level Id=\"{title}\" Width=\"{width}\" Height=\"{}\">\n",
            rows.len()
        );
        for row in rows {
            x.push_str(row);
            x.push('\n');
            s.push_str(&format!("      <L>{row}</L>\n"));
        }
        x.push('\n');
        s.push_str("    </Level>\n");
        if xsb.len() + x.len() <= limit {
            xsb.push_str(&x);
        } else {
            xsb_full = true;
        }
        if slc.len() + s.len() + end.len() <= limit {
            slc.push_str(&s);
        } else {
            slc_full = true;
        }
    }
    slc.push_str(end);
    // Hostile SLC under the same limit: one attribute of all of it, and nothing but empty
    // elements (the most XML events a file can hold).
    let head = "<SokobanLevels><LevelCollection><Level Id=\"";
    let tail = "\"><L>#####</L><L>#@$.#</L><L>#####</L></Level></LevelCollection></SokobanLevels>";
    let huge = format!(
        "{head}{}{tail}",
        "i".repeat(limit - head.len() - tail.len())
    );
    let wrap = ("<SokobanLevels>", "</SokobanLevels>");
    let empties = format!(
        "{}{}{}",
        wrap.0,
        "<x/>".repeat((limit - wrap.0.len() - wrap.1.len()) / 4),
        wrap.1
    );
    println!(
        "| format | input bytes | levels read | diagnostics | read ms | peak MiB while reading |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for (name, text) in [
        ("xsb", &xsb),
        ("slc", &slc),
        ("slc-huge-attribute", &huge),
        ("slc-empty-elements", &empties),
    ] {
        if let Some(dir) = write_to {
            let path = std::path::Path::new(dir).join(format!("{name}.txt"));
            if let Err(err) = std::fs::write(&path, text) {
                eprintln!("cannot write {}: {err}", path.display());
                return ExitCode::FAILURE;
            }
        }
        let (report, took, peak) = measure(text);
        println!(
            "| {name} | {} | {} | {} | {:.0} | {:.1} |",
            text.len(),
            report.levels.len(),
            report.diagnostics().len(),
            took.as_secs_f64() * 1000.0,
            peak as f64 / 1024.0
        );
    }
    ExitCode::SUCCESS
}

/// Three hostile SLC shapes at each size in `sizes` (10,000, 50,000 and 200,000 when empty),
/// read and measured in turn.
fn slc_growth(sizes: &[String]) -> ExitCode {
    let mut counts = Vec::new();
    for size in sizes {
        match size.replace(',', "").parse::<usize>() {
            Ok(n) => counts.push(n),
            Err(_) => {
                eprintln!("not a count: {size}");
                return ExitCode::FAILURE;
            }
        }
    }
    if counts.is_empty() {
        counts = vec![10_000, 50_000, 200_000];
    }
    let head = "<SokobanLevels><LevelCollection>";
    let tail = "</LevelCollection></SokobanLevels>";
    let board = "<L>#####</L><L>#@$.#</L><L>#####</L>";
    println!(
        "| shape | N | input bytes | levels read | diagnostics | read ms | peak MiB while reading |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
    for &n in &counts {
        let attributes: String = (0..n).map(|i| format!(" a{i}=\"\"")).collect();
        let shapes = [
            (
                "attributes on one Level",
                n,
                format!("{head}<Level{attributes}>{board}</Level>{tail}"),
            ),
            (
                "rows `<L>#<a/></L>`",
                n,
                format!("{head}<Level>{}</Level>{tail}", "<L>#<a/></L>".repeat(n)),
            ),
            (
                "empty `<Level/>`",
                n * 10,
                format!("{head}{}{tail}", "<Level/>".repeat(n * 10)),
            ),
        ];
        for (name, count, text) in shapes {
            let (report, took, peak) = measure(&text);
            println!(
                "| {name} | {count} | {} | {} | {} | {:.0} | {:.1} |",
                text.len(),
                report.levels.len(),
                report.diagnostics().len(),
                took.as_secs_f64() * 1000.0,
                peak as f64 / 1024.0
            );
        }
    }
    ExitCode::SUCCESS
}
