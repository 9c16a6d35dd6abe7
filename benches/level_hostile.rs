//! Reading the worst input of each hostile class under the 16 MiB file limit (see
//! `benches/support/hostile.rs`): each must read in well under a second, its time growing in
//! step with its size. Peak memory for the same inputs comes from
//! `cargo run --release --example level_worst` (see benches/README.md).
//!
//! `cargo bench --bench level_hostile`; one class: `cargo bench --bench level_hostile -- NAME`.

#[path = "support/hostile.rs"]
mod hostile;

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use sokoshot_core::level::parse_pack;

fn hostile_inputs(c: &mut Criterion) {
    let mut group = c.benchmark_group("level_hostile");
    group.sample_size(10);
    group.warm_up_time(Duration::from_millis(500));
    group.measurement_time(Duration::from_secs(3));
    for class in hostile::CLASSES {
        // Only build the inputs criterion will run (a filter on the command line).
        let wanted = std::env::args()
            .skip(1)
            .filter(|a| !a.starts_with('-'))
            .all(|filter| class.name.contains(&filter) || "level_hostile".contains(&filter));
        if !wanted {
            continue;
        }
        let text = hostile::largest(class);
        group.bench_function(class.name, |b| {
            b.iter(|| parse_pack(black_box(&text)).levels.len());
        });
    }
    group.finish();
}

criterion_group!(benches, hostile_inputs);
criterion_main!(benches);
