//! The solver's speed: positions searched per second on Microban levels (a fixed budget of
//! positions, so every run does the same work), and the cost of one deadlock check, the call
//! the game makes after every push, on Microban's larger levels and campaign levels with
//! enemies. benches/README.md has the figures.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sokoshot_core::game::World;
use sokoshot_core::level::{Level, parse_pack};
use sokoshot_core::solve::{Deadlocks, Limits, Settings, Strategy, solve_level};

const MICROBAN: &str = include_str!("../levels/microban.xsb");
const CAMPAIGN: &str = include_str!("../levels/campaign.xsb");
/// Positions per measured search.
const BUDGET: u64 = 20_000;

fn level(pack: &str, number: usize) -> Level {
    parse_pack(pack).into_pack().expect("loads").levels[number - 1].clone()
}

fn campaign(title: &str) -> Level {
    parse_pack(CAMPAIGN)
        .into_pack()
        .expect("loads")
        .levels
        .into_iter()
        .find(|l| l.title.as_deref() == Some(title))
        .expect("a campaign level with that title")
}

fn positions_per_second(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    group.throughput(Throughput::Elements(BUDGET));
    // The forward searches over single pushes alone (the backward ones solve 139 and 146 in
    // fewer positions than the budget, which would make the rate meaningless there), the
    // whole portfolio on 153, which it takes millions of positions to solve, and the feature
    // space search alone there (each of its positions expands every macro move).
    let forward = vec![Strategy::GoalRooms, Strategy::Matching, Strategy::Nearest];
    for (name, number, strategies) in [
        ("microban-forward", 139, forward.clone()),
        ("microban-forward", 146, forward.clone()),
        ("microban-forward", 153, forward.clone()),
        ("microban", 153, Strategy::ALL.to_vec()),
        ("microban-fess", 153, vec![Strategy::Fess]),
    ] {
        let level = level(MICROBAN, number);
        let settings = Settings {
            limits: Limits::positions(BUDGET),
            strategies,
            ..Settings::default()
        };
        group.bench_with_input(BenchmarkId::new(name, number), &level, |b, level| {
            b.iter(|| solve_level(black_box(level), &settings, None).unwrap())
        });
    }
    group.finish();
}

fn deadlock_check(c: &mut Criterion) {
    let mut group = c.benchmark_group("deadlock");
    let cases = [
        ("microban-139", level(MICROBAN, 139)),
        ("microban-146", level(MICROBAN, 146)),
        ("microban-153", level(MICROBAN, 153)),
        ("campaign-crossfire", campaign("Crossfire")),
        ("campaign-finale", campaign("Finale")),
    ];
    for (name, level) in cases {
        let world = World::new(&level).unwrap();
        let deadlocks = Deadlocks::new(&level).unwrap();
        group.bench_function(BenchmarkId::new("check", name), |b| {
            b.iter(|| deadlocks.check(black_box(&world)));
        });
    }
    group.finish();
}

criterion_group!(benches, positions_per_second, deadlock_check);
criterion_main!(benches);
