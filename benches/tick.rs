//! One simulation tick with 1k, 10k and 100k shots in flight in a 256×128 level of walls,
//! slopes and turning spinners, measured two ways: the first tick of a freshly cloned world,
//! and a tick that follows another one (as in play). Criterion reports the time per tick;
//! divide by the shot count for nanoseconds per shot per tick (benches/README.md has the table).

use std::hint::black_box;

use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use sokoshot_core::game::World;
use sokoshot_core::geom::Vec2;
use sokoshot_core::level::{Level, Pos, Slope, Spinner, Tile};

const WIDTH: i32 = 256;
const HEIGHT: i32 = 128;

/// A small deterministic generator, so every run measures the same level and shots.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (self.0 >> 33) as u32
    }

    fn unit(&mut self) -> f32 {
        self.next() as f32 / (1u64 << 31) as f32
    }
}

/// Walls round the edge; inside, about 6% walls, 6% slopes and a spinner hub every 12×12 cells.
fn level(rng: &mut Lcg) -> Level {
    let mut tiles = Vec::with_capacity((WIDTH * HEIGHT) as usize);
    let mut spinners = Vec::new();
    for y in 0..HEIGHT {
        for x in 0..WIDTH {
            let edge = x == 0 || y == 0 || x == WIDTH - 1 || y == HEIGHT - 1;
            let tile = if edge {
                Tile::Wall
            } else if x % 12 == 6 && y % 12 == 6 {
                let mut spinner = Spinner::at(Pos::new(x, y));
                spinner.speed = if spinners.len() % 4 == 0 { 0.0 } else { 120.0 };
                spinner.angle = (spinners.len() * 37 % 360) as f32;
                spinners.push(spinner);
                Tile::Hub
            } else {
                match rng.next() % 100 {
                    0..6 => Tile::Wall,
                    6..8 => Tile::Slope(Slope::TopLeft),
                    8..9 => Tile::Slope(Slope::TopRight),
                    9..11 => Tile::Slope(Slope::BottomLeft),
                    11..12 => Tile::Slope(Slope::BottomRight),
                    _ => Tile::Floor,
                }
            };
            tiles.push(tile);
        }
    }
    let player = (0..tiles.len())
        .find(|&i| tiles[i] == Tile::Floor)
        .map(|i| Pos::new(i as i32 % WIDTH, i as i32 / WIDTH))
        .expect("the level has floor");
    Level {
        title: Some("tick benchmark".into()),
        author: None,
        comments: Vec::new(),
        chapter: None,
        width: WIDTH,
        height: HEIGHT,
        tiles,
        player,
        boxes: Vec::new(),
        enemies: Vec::new(),
        spinners,
        shot_limit: None,
        solution: None,
        more_solutions: Vec::new(),
        unknown_settings: Vec::new(),
    }
}

/// A world with `count` shots at random free places flying in random directions.
fn world_with_shots(count: usize) -> World {
    let mut rng = Lcg(0x5eed_0f5b_0700);
    let mut world = World::new(&level(&mut rng)).expect("benchmark level is valid");
    fill(&mut world, &mut rng, count);
    world
}

/// Places shots at random free places until `count` are in flight.
fn fill(world: &mut World, rng: &mut Lcg, count: usize) {
    let size = Vec2::new(WIDTH as f32, HEIGHT as f32);
    while world.shots().len() < count {
        let pos = Vec2::new(rng.unit(), rng.unit()) * size;
        let heading = Vec2::from_angle(rng.unit() * std::f32::consts::TAU);
        world.place_shot(pos, heading);
    }
}

/// `tick/shots/N`: the first tick of a freshly cloned world (its shots were just copied, so
/// they start out in cache when they fit).
fn tick(c: &mut Criterion) {
    let mut group = c.benchmark_group("tick");
    for count in [1_000, 10_000, 100_000] {
        let world = world_with_shots(count);
        group.throughput(Throughput::Elements(count as u64));
        group.bench_with_input(BenchmarkId::new("shots", count), &world, |b, world| {
            b.iter_batched_ref(
                || world.clone(),
                |w| {
                    w.tick();
                    black_box(w.shots().len())
                },
                BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

/// `tick_steady/shots/N`: a tick that follows another tick of the same world, as in play
/// (the shots that ended in the untimed tick are topped up first, so N are in flight).
fn tick_steady(c: &mut Criterion) {
    let mut group = c.benchmark_group("tick_steady");
    for count in [1_000, 10_000, 100_000] {
        let world = world_with_shots(count);
        group.throughput(Throughput::Elements(count as u64));
        group.bench_with_input(BenchmarkId::new("shots", count), &world, |b, world| {
            let mut rng = Lcg(0x0070_9057_eadd);
            b.iter_batched_ref(
                || {
                    let mut w = world.clone();
                    w.tick();
                    fill(&mut w, &mut rng, count);
                    w
                },
                |w| {
                    w.tick();
                    black_box(w.shots().len())
                },
                BatchSize::LargeInput,
            );
        });
    }
    group.finish();
}

criterion_group!(benches, tick, tick_steady);
criterion_main!(benches);
