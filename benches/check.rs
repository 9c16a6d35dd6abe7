//! What `sokoshot check` costs: reading and validating a 400-level pack (Microban's boards
//! repeated, in classic `; N` XSB), beside merely splitting the same text into lines, and a
//! 4000-level pack to show the cost grows in step with the pack.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use sokoshot_core::level::{Pack, parse_pack};

const MICROBAN: &str = include_str!("../levels/microban.xsb");

/// A pack of `count` levels: Microban's boards in turn, each under a `; N` title.
fn pack_of(count: usize) -> String {
    let micro: Pack = MICROBAN.parse().expect("microban is valid");
    let mut text = format!("; {count} levels for the benchmark\n\n");
    for n in 0..count {
        let level = &micro.levels[n % micro.levels.len()];
        let _ = write!(text, "; {}\n\n{}\n", n + 1, level.board_text());
    }
    text
}

fn check(c: &mut Criterion) {
    let text = pack_of(400);
    let big = pack_of(4000);
    let report = parse_pack(&text);
    assert_eq!(report.levels.len(), 400);
    assert!(report.is_valid());
    let mut group = c.benchmark_group("check");
    group.bench_function("parse and validate 400 levels", |b| {
        b.iter(|| parse_pack(black_box(&text)).is_valid());
    });
    group.bench_function("split 400 levels into lines (baseline)", |b| {
        b.iter(|| black_box(&text).lines().map(str::len).sum::<usize>());
    });
    group.bench_function("parse and validate 4000 levels", |b| {
        b.iter(|| parse_pack(black_box(&big)).is_valid());
    });
    group.finish();
}

criterion_group!(benches, check);
criterion_main!(benches);
