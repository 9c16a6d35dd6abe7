//! The largest input of each hostile class under the 16 MiB file limit, read once: how long
//! reading took and the peak memory while reading, the input's own 16 MiB included.
//!
//! `cargo run --release --example level_worst -- [CLASS ...] [--write DIR]`: every class
//! without a name; with `--write DIR`, each input is also written to `DIR/CLASS.xsb` so that
//! `sokoshot check` can be measured on it (for example with `/usr/bin/time -v`).
//!
//! Peak memory is the process's high-water mark (`VmHWM`), reset before reading through
//! `/proc/self/clear_refs` (Linux), so building the input does not count.

#[path = "../benches/support/hostile.rs"]
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
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--write" {
            write_to = args.next();
        } else {
            names.push(arg);
        }
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
        // Resets the high-water mark to what is resident now (the input included).
        let _ = std::fs::write("/proc/self/clear_refs", "5");
        let start = Instant::now();
        let report = parse_pack(&text);
        let printed: usize = report
            .diagnostics()
            .iter()
            .map(|d| d.to_string().len())
            .sum();
        let took = start.elapsed();
        let peak = status_kb("VmHWM:").unwrap_or(0);
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
