//! The game's shot itself: a shot fired through a small piece of level (walls, a slope, a
//! spinner's bar), flown by the game's own [`World::tick`] (each tick a swept disk carried
//! through the solids near it by `geom`'s `carry_disk`), never by a copy of it. The scene
//! places the shot with [`World::place_shot`], ticks the world until the shot is gone or
//! [`SHOT_LIFETIME`] ticks have passed, and lists each bounce: the tick it happened in, its
//! time, and the normal of the surface, read back from the shot's velocity (a reflection
//! `w = v − 2(v·n)n` turns `v` along `n`, so `n` is `w − v` made unit). It is drawn y down, as
//! the game.

use crate::game::{
    SHOT_LIFETIME, SHOT_RADIUS, SHOT_SPEED, TICKS_PER_SECOND, World, cell_aabb, slope_triangle,
};
use crate::geom::{CONTACT_GAP, Disk, Intersects, Obb, Segment, Vec2};
use crate::level::{Level, Pos, Tile};

use super::edit::{Edit, EditError, not_applicable};
use super::format::{degrees, num, place, vec2};
use super::keys::{self, Action, Binding};
use super::picture::{Figure, Ink, Picture, Readout, Verdict, ViewBox};
use super::scene::{Scene, move_by, time_text, turned};
use super::steps::Step;

/// The piece of level: walls around, a slope (`J`, its long side facing up-left), a
/// spinner's hub (`%`, its bar turning as the shot flies) and a box (`$`, which stops a shot
/// as a wall does; a level needs one, and a goal `.`, to be playable).
const LEVEL: &str = "\
##########
#@       #
#      J #
#        #
#  %     #
#$.      #
##########
";

/// Where the shot starts, in world units (cell (1, 2)'s centre), flying right.
const START: Vec2 = Vec2::new(1.5, 2.5);

/// The panel's labels of the bounces it lists; the rest are counted.
const LISTED: [&str; 6] = ["#1", "#2", "#3", "#4", "#5", "#6"];

/// How long a drawn normal is.
const NORMAL_ARROW: f32 = 1.0;

/// The shapes the keys can change.
const SHAPES: &[&str] = &["shot"];

/// One bounce, as the game made it.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Bounce {
    /// The tick (from 1) in which the shot bounced.
    tick: u32,
    /// When in that tick it touched the surface, as a fraction of the tick.
    toi: f32,
    /// Where the shot was at the end of that tick.
    at: Vec2,
    /// The surface's unit normal, out of it.
    normal: Vec2,
}

/// A whole flight: where the shot was after each tick, its bounces, and the bars at its end.
#[derive(Debug, Clone, Default)]
struct Flight {
    path: Vec<Vec2>,
    bounces: Vec<Bounce>,
    /// The tick the shot ended in (stopped or worn out), if it was placed at all.
    ended: Option<u32>,
    /// The spinners' bars when the shot ended (they turn while it flies).
    bars: Vec<Obb>,
}

/// The scene's state: the level and where the shot starts and aims.
#[derive(Debug, Clone)]
pub(crate) struct ShotScene {
    world: World,
    start: Vec2,
    aim: f32,
}

impl ShotScene {
    /// The starting state: the shot at the left, aimed right at the slope.
    pub(crate) fn new() -> Self {
        let level: Level = LEVEL.parse().expect("the scene's level is valid");
        let world = World::new(&level).expect("the scene's level is playable");
        Self {
            world,
            start: START,
            aim: 0.0,
        }
    }

    /// Flies the shot through a copy of the world, tick by tick, as the game does.
    fn flight(&self) -> Flight {
        let mut world = self.world.clone();
        let mut flight = Flight::default();
        if !world.place_shot(self.start, Vec2::from_angle(self.aim.to_radians())) {
            return flight;
        }
        flight.path.push(self.start);
        for tick in 1..=SHOT_LIFETIME + 1 {
            let Some(&before) = world.shots().first() else {
                break;
            };
            world.tick();
            flight.bars = world.spinner_bars().to_vec();
            let Some(&after) = world.shots().first() else {
                flight.ended = Some(tick);
                break;
            };
            flight.path.push(after.pos);
            if after.bounces > before.bounces {
                let normal = (after.velocity - before.velocity).normalize_or_zero();
                flight.bounces.push(Bounce {
                    tick,
                    toi: contact_fraction(before.pos, before.velocity, after.pos, after.velocity),
                    at: after.pos,
                    normal,
                });
            }
        }
        flight
    }

    fn tiles(&self) -> impl Iterator<Item = (Pos, Tile)> + '_ {
        let level = self.world.level();
        (0..level.height).flat_map(move |y| {
            (0..level.width).map(move |x| {
                let pos = Pos::new(x, y);
                (pos, level.tile(pos))
            })
        })
    }
}

/// When in its tick a shot that bounced once touched the surface, as a fraction of the tick,
/// read back from where it started (`p`, moving `v` per tick) and ended (`end`, moving `w`):
/// it flew `v·t`, was set `CONTACT_GAP` off the surface along the normal (`w − v` made unit),
/// and flew on `w·(1 − t)`, so `end − p − w − gap·n = t·(v − w)`.
fn contact_fraction(p: Vec2, v: Vec2, end: Vec2, w: Vec2) -> f32 {
    let turn = v - w;
    let normal = (w - v).normalize_or_zero();
    let rest = end - p - w - normal * CONTACT_GAP;
    let len2 = turn.length_squared();
    if len2 > 0.0 {
        (rest.dot(turn) / len2).clamp(0.0, 1.0)
    } else {
        1.0
    }
}

/// A tick's time in seconds.
fn seconds(tick: u32) -> f32 {
    tick as f32 / TICKS_PER_SECOND as f32
}

impl Scene for ShotScene {
    fn shape_names(&self) -> &'static [&'static str] {
        SHAPES
    }

    fn edit(&mut self, _which: usize, edit: Edit) -> Result<bool, EditError> {
        let before = (self.start, self.aim);
        match edit {
            Edit::MoveBy(offset) => {
                move_by(&mut self.start, offset);
            }
            Edit::MoveTo(at) => self.start = at,
            Edit::TurnBy(delta) => self.aim = turned(self.aim, delta),
            Edit::AngleTo(to) => self.aim = turned(to, 0.0),
            _ => return Err(not_applicable(SHAPES[0], edit)),
        }
        Ok(before != (self.start, self.aim))
    }

    fn position(&self, _which: usize) -> Vec2 {
        self.start
    }

    fn under(&self, point: Vec2) -> Option<usize> {
        Disk::new(point, 0.0)
            .intersects(&Disk::new(self.start, 0.3))
            .then_some(0)
    }

    fn hit(&self) -> bool {
        !self.flight().bounces.is_empty()
    }

    fn steps(&self) -> Vec<Step> {
        let mut fly = Step::new("each tick, as the game");
        fly.line("sweep the disk by v/60");
        fly.line("through the solids near it:");
        fly.line("walls stop it; the slope's");
        fly.line("long side and the bar");
        fly.line("reflect it: w = v − 2(v·n)n");
        let mut read = Step::new("a bounce's normal");
        read.line("n = (w − v) / |w − v|,");
        read.line("v before, w after");
        for bounce in self.flight().bounces.iter().take(2) {
            read.line(format!("t{} n {}", bounce.tick, vec2(bounce.normal)));
        }
        vec![fly, read.deciding(true)]
    }

    fn apply(&mut self, _action: Action, _active: usize) -> bool {
        false
    }

    fn advance(&mut self, _dt: f32) {}

    fn moving(&self) -> bool {
        false
    }

    fn picture(&self) -> Picture {
        let level = self.world.level();
        let size = Vec2::new(level.width as f32, level.height as f32);
        let mut picture = Picture::new(ViewBox {
            center: size / 2.0,
            half: size / 2.0 + 0.5,
        });
        for (pos, tile) in self.tiles() {
            match tile {
                Tile::Wall => picture.add(Figure::Aabb(cell_aabb(pos)), Ink::Solid),
                Tile::Slope(slope) => {
                    picture.add(Figure::Triangle(slope_triangle(pos, slope)), Ink::Target);
                }
                _ => {}
            }
        }
        for &pos in self.world.boxes() {
            picture.add(Figure::Aabb(cell_aabb(pos)), Ink::Solid);
        }
        for bar in self.world.spinner_bars() {
            picture.add(Figure::Obb(*bar), Ink::Target);
        }
        let flight = self.flight();
        for pair in flight.path.windows(2) {
            picture.add(Figure::Line(Segment::new(pair[0], pair[1])), Ink::Guide);
        }
        for bounce in &flight.bounces {
            picture.add(
                Figure::Arrow(Segment::new(
                    bounce.at,
                    bounce.at + bounce.normal * NORMAL_ARROW,
                )),
                Ink::Normal,
            );
            picture.add(Figure::Dot(bounce.at), Ink::Mark);
        }
        for bar in &flight.bars {
            picture.add(Figure::Obb(*bar), Ink::Ghost);
        }
        if let Some(&end) = flight.path.last() {
            picture.add(Figure::Disk(Disk::new(end, SHOT_RADIUS)), Ink::Ghost);
        }
        picture.add(
            Figure::Disk(Disk::new(self.start, SHOT_RADIUS)),
            Ink::Subject,
        );
        picture
    }

    fn readout(&self) -> Readout {
        let flight = self.flight();
        let mut readout = Readout::new(Verdict::of(!flight.bounces.is_empty()));
        readout.input("test", "the game's shot");
        readout.input("from", place(self.start));
        readout.input("aim", degrees(self.aim.to_radians()));
        readout.input(
            "speed",
            format!("{}/s, r {}", num(SHOT_SPEED), num(SHOT_RADIUS)),
        );
        if flight.path.is_empty() {
            readout.row("shot", "not placed: in a solid");
            return readout;
        }
        readout.row("bounce", flight.bounces.len().to_string());
        for (label, bounce) in LISTED.iter().zip(&flight.bounces) {
            let at = seconds(bounce.tick) - (1.0 - bounce.toi) / TICKS_PER_SECOND as f32;
            readout.row(label, format!("{at:.3}s {}", vec2(bounce.normal)));
        }
        if flight.bounces.len() > LISTED.len() {
            readout.row("more", format!("{}", flight.bounces.len() - LISTED.len()));
        }
        match flight.ended {
            // The game removes a shot at the end of the tick it is stopped in: that is the
            // time shown (it had stopped by then), not the contact within it.
            Some(tick) => readout.row("ended", format!("stopped by {:.3}s", seconds(tick))),
            None => readout.row(
                "ended",
                format!("flying after {:.0}s", seconds(SHOT_LIFETIME)),
            ),
        }
        readout.row("toi", time_text(false, None));
        readout
    }

    fn bindings(&self) -> &'static [Binding] {
        keys::SHOT
    }
}
