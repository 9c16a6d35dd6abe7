//! Each `Intersects` pair beside parry2d's `query::intersection_test` on the same pre-built
//! inputs, then a table of the ratios (parry time / our time) from criterion's own estimates.
//!
//! Run with `cargo bench --bench geom` (a filter such as `-- obb` limits the pairs); the table
//! is printed at the end. `-- distance` runs the GJK distance row alone, `-- sweep` the swept
//! box against 3 and 16 still boxes (`sweep_aabb_into`, beside parry2d's `cast_shapes` on
//! each box keeping the nearest). Besides criterion's medians it gives a side-by-side figure: the two
//! batches timed alternately many times and the fastest of each kept, which stays fair when
//! other work shares the machine.

use criterion::Criterion;
use parry2d::math::{Pose, Vec2 as PVec2};
use parry2d::query::intersection_test;
use parry2d::shape::{Ball, Cuboid, Shape as PShape, Triangle as PTriangle};
use sokoshot_core::geom::{
    Aabb, Convex, Disk, Intersects, Obb, Obstacle, Triangle, Vec2, carry_disk, proximity,
    sweep_aabb_into,
};
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How many shape pairs one benchmark iteration tests.
const BATCH: usize = 1024;

/// A small deterministic generator (SplitMix64), so every run tests the same inputs.
struct Rng(u64);

impl Rng {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform value in `[lo, hi)`.
    fn range(&mut self, lo: f32, hi: f32) -> f32 {
        let unit = (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32;
        lo + (hi - lo) * unit
    }

    fn point(&mut self, extent: f32) -> Vec2 {
        Vec2::new(self.range(-extent, extent), self.range(-extent, extent))
    }
}

/// One of our shapes with the same shape as parry2d sees it (a pose and a shape).
struct Pair<S> {
    ours: S,
    pose: Pose,
    theirs: Box<dyn PShape>,
}

fn disk(rng: &mut Rng) -> Pair<Disk> {
    let d = Disk::new(rng.point(3.0), rng.range(0.1, 1.5));
    Pair {
        ours: d,
        pose: Pose::from_translation(d.center),
        theirs: Box::new(Ball::new(d.radius)),
    }
}

fn aabb(rng: &mut Rng) -> Pair<Aabb> {
    let b = Aabb::from_center_size(
        rng.point(3.0),
        Vec2::new(rng.range(0.1, 3.0), rng.range(0.1, 3.0)),
    );
    Pair {
        ours: b,
        pose: Pose::from_translation(b.center()),
        theirs: Box::new(Cuboid::new(b.half_size())),
    }
}

fn obb(rng: &mut Rng) -> Pair<Obb> {
    let size = Vec2::new(rng.range(0.1, 3.0), rng.range(0.1, 3.0));
    let b = Obb::new(rng.point(3.0), size, rng.range(-3.2, 3.2));
    Pair {
        ours: b,
        pose: Pose::new(b.center, b.angle()),
        theirs: Box::new(Cuboid::new(b.half_size)),
    }
}

fn triangle(rng: &mut Rng) -> Pair<Triangle> {
    let c = rng.point(3.0);
    let t = Triangle::new(c + rng.point(1.5), c + rng.point(1.5), c + rng.point(1.5));
    let p = |v: Vec2| PVec2::new(v.x, v.y);
    Pair {
        ours: t,
        pose: Pose::IDENTITY,
        theirs: Box::new(PTriangle::new(p(t.a), p(t.b), p(t.c))),
    }
}

/// How many times the side-by-side measurement times each batch.
const ROUNDS: usize = 400;

/// One row of the table: the pair, criterion's medians, and the side-by-side minima (ns/test).
struct Row {
    name: &'static str,
    medians: Option<(f64, f64)>,
    fastest: (f64, f64),
}

/// The fastest of `ROUNDS` timings of `ours` and of `theirs`, taken alternately (ns per test).
fn side_by_side(ours: impl Fn() -> usize, theirs: impl Fn() -> usize) -> (f64, f64) {
    let time = |f: &dyn Fn() -> usize| {
        let start = Instant::now();
        black_box(f());
        start.elapsed().as_secs_f64() * 1e9 / BATCH as f64
    };
    let mut best = (f64::INFINITY, f64::INFINITY);
    for _ in 0..ROUNDS {
        best.0 = best.0.min(time(&ours));
        best.1 = best.1.min(time(&theirs));
    }
    best
}

/// Benchmarks `ours` and parry2d on `BATCH` pairs made by `make_a` and `make_b`.
fn bench_pair<A, B>(
    c: &mut Criterion,
    rows: &mut Vec<Row>,
    name: &'static str,
    make_a: fn(&mut Rng) -> Pair<A>,
    make_b: fn(&mut Rng) -> Pair<B>,
    near_filter: Option<fn(&A, &B) -> bool>,
) where
    A: Intersects<B>,
{
    let mut rng = Rng(0x5EED_0000 ^ name.len() as u64);
    // The `_near` variants keep only pairs that bounding circles cannot decide: near-touching
    // pairs, the hardest inputs for any early exit.
    let near = name.ends_with("_near");
    let pairs: Vec<(Pair<A>, Pair<B>)> =
        std::iter::repeat_with(|| (make_a(&mut rng), make_b(&mut rng)))
            .filter(|(a, b)| !near || near_filter.is_some_and(|f| !f(&a.ours, &b.ours)))
            .take(BATCH)
            .collect();
    let hits_ours = pairs
        .iter()
        .filter(|(a, b)| a.ours.intersects(&b.ours))
        .count();
    let hits_parry = pairs.iter().filter(|(a, b)| parry(a, b)).count();
    assert!(
        hits_ours.abs_diff(hits_parry) <= 2,
        "{name}: {hits_ours} vs {hits_parry} hits"
    );
    if !selected(name) {
        return;
    }
    let ours = || {
        pairs
            .iter()
            .filter(|(a, b)| black_box(&a.ours).intersects(black_box(&b.ours)))
            .count()
    };
    let theirs = || {
        pairs
            .iter()
            .filter(|(a, b)| parry(black_box(a), black_box(b)))
            .count()
    };
    let mut group = c.benchmark_group(name);
    group.bench_function("sokoshot", |bench| bench.iter(ours));
    group.bench_function("parry2d", |bench| bench.iter(theirs));
    group.finish();
    rows.push(Row {
        name,
        medians: None,
        fastest: side_by_side(ours, theirs),
    });
}

/// Whether the command line's filter (criterion's first free argument; `|` separates
/// alternatives, matched as substrings) selects this pair.
fn selected(name: &str) -> bool {
    let filter = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-') && !a.is_empty());
    filter.is_none_or(|f| f.split('|').any(|alt| name.contains(alt)))
}

fn parry<A, B>(a: &Pair<A>, b: &Pair<B>) -> bool {
    intersection_test(&a.pose, a.theirs.as_ref(), &b.pose, b.theirs.as_ref())
        .is_ok_and(|r| r.intersecting)
}

/// The pairs, in the order of the table; `_near` rows use only pairs the bounding circles
/// below cannot decide (the library tries no such circles; they only pick the inputs).
const PAIRS: [&str; 12] = [
    "disk_disk",
    "disk_aabb",
    "aabb_disk",
    "disk_obb",
    "obb_disk",
    "disk_triangle",
    "triangle_disk",
    "aabb_aabb",
    "obb_obb",
    "disk_obb_near",
    "disk_triangle_near",
    "obb_obb_near",
];

/// Whether the circles about a disk and a box (through its corners, and inside its edges)
/// decide the pair.
fn circles_disk_obb(d: &Disk, b: &Obb) -> bool {
    let d2 = d.center.distance_squared(b.center);
    let outer = b.half_size.length() + d.radius;
    let inner = b.half_size.min_element() + d.radius;
    d2 > outer * outer || d2 <= inner * inner
}

/// Whether the circles about two boxes decide the pair.
fn circles_obb_obb(a: &Obb, b: &Obb) -> bool {
    let d2 = a.center.distance_squared(b.center);
    let outer = a.half_size.length() + b.half_size.length();
    let inner = a.half_size.min_element() + b.half_size.min_element();
    d2 > outer * outer || d2 <= inner * inner
}

/// Whether the circle about a triangle's centroid rejects the disk.
fn circle_disk_triangle(d: &Disk, t: &Triangle) -> bool {
    let g = (t.a + t.b + t.c) / 3.0;
    let reach = [t.a, t.b, t.c]
        .iter()
        .map(|v| v.distance(g))
        .fold(0.0, f32::max)
        + d.radius;
    d.center.distance(g) > reach
}

fn benches(c: &mut Criterion, rows: &mut Vec<Row>) {
    bench_pair(c, rows, PAIRS[0], disk, disk, None);
    bench_pair(c, rows, PAIRS[1], disk, aabb, None);
    bench_pair(c, rows, PAIRS[2], aabb, disk, None);
    bench_pair(c, rows, PAIRS[3], disk, obb, None);
    bench_pair(c, rows, PAIRS[4], obb, disk, None);
    bench_pair(c, rows, PAIRS[5], disk, triangle, None);
    bench_pair(c, rows, PAIRS[6], triangle, disk, None);
    bench_pair(c, rows, PAIRS[7], aabb, aabb, None);
    bench_pair(c, rows, PAIRS[8], obb, obb, None);
    bench_pair(c, rows, PAIRS[9], disk, obb, Some(circles_disk_obb));
    bench_pair(
        c,
        rows,
        PAIRS[10],
        disk,
        triangle,
        Some(circle_disk_triangle),
    );
    bench_pair(c, rows, PAIRS[11], obb, obb, Some(circles_obb_obb));
}

/// One tick of `BATCH` shots (radius 0.1, up to 2 cells per tick) in a 6 × 6 room: four thin
/// stop walls, a slope and a turned bar to bounce off, all six tested by every shot, as the
/// game's broad phase would leave them. Prints the fastest time per shot.
fn bench_carry(c: &mut Criterion) {
    if !selected("carry_disk") {
        return;
    }
    let obstacles = [
        Obstacle::stop(Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(6.0, 0.01))),
        Obstacle::stop(Aabb::new(Vec2::new(0.0, 5.99), Vec2::new(6.0, 6.0))),
        Obstacle::stop(Aabb::new(Vec2::new(0.0, 0.0), Vec2::new(0.01, 6.0))),
        Obstacle::stop(Aabb::new(Vec2::new(5.99, 0.0), Vec2::new(6.0, 6.0))),
        Obstacle::reflect(Triangle::new(
            Vec2::new(5.0, 4.0),
            Vec2::new(5.0, 5.0),
            Vec2::new(4.0, 5.0),
        )),
        Obstacle::reflect(Obb::new(Vec2::new(3.0, 3.0), Vec2::new(2.0, 0.1), 0.7)),
    ];
    let mut rng = Rng(0xCA_441);
    let shots: Vec<(Disk, Vec2)> = (0..BATCH)
        .map(|_| {
            let start = Vec2::new(rng.range(0.5, 5.5), rng.range(0.5, 1.5));
            let angle = rng.range(-3.2, 3.2);
            (
                Disk::new(start, 0.1),
                Vec2::from_angle(angle) * rng.range(0.1, 2.0),
            )
        })
        .collect();
    let run = || {
        shots
            .iter()
            .filter(|(d, v)| {
                carry_disk(*black_box(d), *black_box(v), &obstacles, 4)
                    .stopped_by
                    .is_some()
            })
            .count()
    };
    c.bench_function("carry_disk/one_tick_1024_shots", |bench| bench.iter(run));
    let mut best = f64::INFINITY;
    for _ in 0..ROUNDS {
        let start = Instant::now();
        black_box(run());
        best = best.min(start.elapsed().as_secs_f64() * 1e9 / BATCH as f64);
    }
    println!("\ncarry_disk: {best:.1} ns per shot (6 obstacles, fastest of {ROUNDS} batches)");
}

/// The median time (ns) of one benchmark from criterion's `estimates.json`.
fn median_ns(dir: &Path, group: &str, function: &str) -> Option<f64> {
    let path = dir
        .join(group)
        .join(function)
        .join("new")
        .join("estimates.json");
    let text = std::fs::read_to_string(path).ok()?;
    let after = &text[text.find("\"median\"")?..];
    let value = &after[after.find("\"point_estimate\":")? + "\"point_estimate\":".len()..];
    let end = value.find([',', '}'])?;
    value[..end].trim().parse().ok()
}

/// Prints the ratio table (markdown) for the pairs measured in this run.
fn print_table(rows: &[Row]) {
    println!();
    println!(
        "| pair | sokoshot ns/test | parry2d ns/test | ratio (side by side) | ratio (criterion medians) |"
    );
    println!("|---|---:|---:|---:|---:|");
    for row in rows {
        let (ours, theirs) = row.fastest;
        let median = row
            .medians
            .map_or_else(|| "-".to_owned(), |(o, t)| format!("{:.1}×", t / o));
        println!(
            "| {} | {ours:.2} | {theirs:.2} | {:.1}× | {median} |",
            row.name,
            theirs / ours
        );
    }
}

/// GJK distance (with the depth by SAT when they overlap) of a turned box and a triangle,
/// beside parry2d's `query::distance`, on a batch of pre-built pairs.
fn bench_distance(c: &mut Criterion) {
    const NAME: &str = "distance/obb_triangle";
    if !selected(NAME) {
        return;
    }
    let mut rng = Rng(0xd157);
    let pairs: Vec<(Pair<Obb>, Pair<Triangle>)> = (0..BATCH)
        .map(|_| (obb(&mut rng), triangle(&mut rng)))
        .collect();
    let ours = || {
        pairs
            .iter()
            .map(|(a, b)| proximity(&Convex::Obb(a.ours), &Convex::Triangle(b.ours)).distance)
            .sum::<f32>()
    };
    let theirs = || {
        pairs
            .iter()
            .map(|(a, b)| {
                parry2d::query::distance(&a.pose, a.theirs.as_ref(), &b.pose, b.theirs.as_ref())
                    .map_or(f32::NAN, |d| d.distance)
            })
            .sum::<f32>()
    };
    let mut group = c.benchmark_group(NAME);
    group.bench_function("sokoshot", |bench| bench.iter(|| black_box(ours())));
    group.bench_function("parry2d", |bench| bench.iter(|| black_box(theirs())));
    group.finish();
}

/// A box swept against `STILLS` still boxes (`sweep_aabb_into`, the nearest hit), beside
/// parry2d's `cast_shapes` of the same cuboids, one box at a time keeping the nearest; a batch
/// of `BATCH` sweeps. Prints the fastest time per sweep of each.
fn bench_sweep<const STILLS: usize>(c: &mut Criterion, name: &'static str) {
    use parry2d::query::{ShapeCastOptions, cast_shapes};
    if !selected(name) {
        return;
    }
    let mut rng = Rng(0x5_EE9 ^ STILLS as u64);
    let boxes = |rng: &mut Rng, extent: f32| {
        Aabb::from_center_size(
            rng.point(extent),
            Vec2::new(rng.range(0.2, 2.0), rng.range(0.2, 2.0)),
        )
    };
    let sweeps: Vec<(Aabb, Vec2, [Aabb; STILLS])> = (0..BATCH)
        .map(|_| {
            let moving = boxes(&mut rng, 6.0);
            let delta = rng.point(8.0);
            let stills = std::array::from_fn(|_| boxes(&mut rng, 6.0));
            (moving, delta, stills)
        })
        .collect();
    let options = ShapeCastOptions {
        max_time_of_impact: 1.0,
        target_distance: 0.0,
        stop_at_penetration: true,
        compute_impact_geometry_on_penetration: true,
    };
    let p = |v: Vec2| PVec2::new(v.x, v.y);
    let ours = || {
        sweeps
            .iter()
            .filter(|(m, d, s)| {
                sweep_aabb_into(black_box(m), *black_box(d), black_box(s)).is_some()
            })
            .count()
    };
    let theirs = || {
        sweeps
            .iter()
            .filter(|(m, d, s)| {
                let moving = Cuboid::new(p(m.half_size()));
                let from = Pose::from_translation(p(m.center()));
                s.iter()
                    .filter_map(|still| {
                        cast_shapes(
                            &Pose::from_translation(p(still.center())),
                            PVec2::ZERO,
                            &Cuboid::new(p(still.half_size())),
                            &from,
                            p(*d),
                            &moving,
                            options,
                        )
                        .ok()
                        .flatten()
                    })
                    .map(|hit| hit.time_of_impact)
                    .reduce(f32::min)
                    .is_some()
            })
            .count()
    };
    let (hits_ours, hits_parry) = (ours(), theirs());
    assert!(
        hits_ours.abs_diff(hits_parry) <= 2,
        "{name}: {hits_ours} vs {hits_parry} hits"
    );
    let mut group = c.benchmark_group(name);
    group.bench_function("sokoshot", |bench| bench.iter(ours));
    group.bench_function("parry2d", |bench| bench.iter(theirs));
    group.finish();
    let (fast_ours, fast_theirs) = side_by_side(ours, theirs);
    println!(
        "\n{name}: {fast_ours:.1} ns per sweep, parry2d {fast_theirs:.1} ns \
         ({hits_ours} of {BATCH} hit; fastest of {ROUNDS} batches)"
    );
}

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../target")
        .join("criterion");
    let mut c = Criterion::default()
        .output_directory(&dir)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(30)
        .configure_from_args();
    let mut rows = Vec::new();
    benches(&mut c, &mut rows);
    bench_carry(&mut c);
    bench_distance(&mut c);
    bench_sweep::<3>(&mut c, "sweep_into/3_boxes");
    bench_sweep::<16>(&mut c, "sweep_into/16_boxes");
    c.final_summary();
    for row in &mut rows {
        row.medians =
            median_ns(&dir, row.name, "sokoshot").zip(median_ns(&dir, row.name, "parry2d"));
    }
    print_table(&rows);
}
