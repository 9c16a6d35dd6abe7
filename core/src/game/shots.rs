//! One simulation tick: spinners turn, then every shot flies one tick's worth.
//!
//! A shot is swept against the solids near its path only, found through the level grid: the
//! cells its disk can reach this tick. Walls, boxes and enemies are axis-aligned squares that
//! stop a shot (and an enemy it hits is removed with it; the shot's square touching an
//! enemy's square counts as a hit, as in the classic shooter). A slope's long side and a
//! spinner's bar reflect it with its speed unchanged. A slope's two axis-aligned legs (its
//! back) stop a shot as a wall would. A bar that turns onto a shot bats it out to the near side
//! of the bar (reflecting it if it was flying into the bar); if that leaves it inside another
//! solid, the shot is crushed.

use crate::geom::{
    Aabb, Disk, Flight, Intersects, Obb, Obstacle, Segment, Shape, Vec2, carry_disk,
};
use crate::level::{Pos, Slope};

use super::World;
use super::board::{CellRange, TICKS_PER_SECOND, cell_aabb, slope_edges, slope_triangle};
use super::cell::{Fixed, Occupant};
use super::state::{SHOT_LIFETIME, SHOT_MAX_BOUNCES, SHOT_RADIUS, SHOT_SPEED, Shot};

/// Bounces a shot may make within one tick.
const BOUNCES_PER_TICK: u32 = 4;
/// How far a shot can get from where it starts a tick, its radius included: every solid it
/// can meet this tick lies in a cell within this distance.
const REACH: f32 = SHOT_SPEED / TICKS_PER_SECOND as f32 + SHOT_RADIUS;
/// Gap left between a batted shot and the bar.
const BAT_SKIN: f32 = 1e-3;

/// What an obstacle handed to [`carry_disk`] stands for.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Tag {
    /// Something that stops a shot and stays.
    Solid,
    /// An enemy that a shot removes.
    Enemy(Pos),
    /// An angled surface that reflects.
    Mirror,
}

/// Buffers reused from shot to shot so a tick allocates nothing once warm.
///
/// Mirrors go before stops in `obstacles`: [`carry_disk`] gives a tie to the lower index, so a
/// shot that meets a slope's long side and its leg at once (at their shared corner) bounces.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scratch {
    obstacles: Vec<Obstacle>,
    tags: Vec<Tag>,
    stops: Vec<(Obstacle, Tag)>,
    spinners: Vec<u32>,
    enemies: Vec<Pos>,
}

impl Scratch {
    fn clear(&mut self) {
        self.obstacles.clear();
        self.tags.clear();
        self.stops.clear();
        self.spinners.clear();
        self.enemies.clear();
    }

    fn add(&mut self, shape: Shape, tag: Tag) {
        if tag == Tag::Mirror {
            self.obstacles.push(Obstacle::reflect(shape));
            self.tags.push(tag);
        } else {
            self.stops.push((Obstacle::stop(shape), tag));
        }
    }

    /// Adds the edges of the slope in cell `pos` that a shot at `from` faces (see
    /// [`World::gather`]): the long side reflects, the legs stop.
    fn add_slope(&mut self, pos: Pos, slope: Slope, from: Vec2) {
        let (long, [leg_a, leg_b]) = slope_edges(pos, slope);
        let corner = leg_a.a;
        for (edge, opposite, tag) in [
            (long, corner, Tag::Mirror),
            (leg_a, leg_b.b, Tag::Solid),
            (leg_b, leg_a.b, Tag::Solid),
        ] {
            if faces(&edge, opposite, from) {
                self.add(Shape::Segment(edge), tag);
            }
        }
    }

    /// Puts the stops after the mirrors.
    fn finish(&mut self) {
        for &(obstacle, tag) in &self.stops {
            self.obstacles.push(obstacle);
            self.tags.push(tag);
        }
    }
}

impl World {
    /// Advances the world by one fixed step of 1/60 s: bars turn (a bar that pushes moving
    /// the boxes it turns onto, see `sweep`), shots fly.
    ///
    /// Ticks are not commands: they are not counted and not put on the undo history (undo
    /// goes back to the world before the last command, clock included).
    pub fn tick(&mut self) {
        self.state.tick += 1;
        if self.bars_push {
            let mut before = std::mem::take(&mut self.bars_before);
            before.clone_from(&self.bars);
            self.update_bars();
            self.sweep_boxes(&before);
            self.bars_before = before;
        } else {
            self.update_bars();
        }
        let mut shots = std::mem::take(&mut self.state.shots);
        shots.retain_mut(|shot| self.fly(shot));
        self.state.shots = shots;
    }

    /// Places a shot at `pos` flying along `direction` (any length) without firing it, for
    /// scenes, tests and benchmarks. It is not a command: not counted, not limited by
    /// `Shots: N`, not on the undo history. Returns `false` and places nothing when the shot
    /// is not finite, off the board or inside a solid.
    pub fn place_shot(&mut self, pos: Vec2, direction: Vec2) -> bool {
        let shot = Shot::new(pos, direction);
        let on_board = self
            .board
            .index(Pos::new(pos.x.floor() as i32, pos.y.floor() as i32))
            .is_some();
        let fits = pos.is_finite()
            && shot.velocity.is_finite()
            && on_board
            && !self.overlaps_solid(shot.disk());
        if fits {
            self.state.shots.push(shot);
        }
        fits
    }

    /// Moves one shot one tick; `false` when it is gone.
    ///
    /// Most shots meet nothing: when every cell the straight path touches is open, that path
    /// is the flight. Otherwise the shot is carried through the solids of those cells, and if
    /// it bounced (and so may have turned off that path) carried again, from the same start,
    /// through every solid a bounce could bring within reach. Both give the same answer
    /// whenever the first does not bounce, so the shortcut changes no result.
    fn fly(&mut self, shot: &mut Shot) -> bool {
        shot.age += 1;
        if shot.age > SHOT_LIFETIME {
            return false;
        }
        let end = shot.pos + shot.velocity;
        let (lo, hi) = (smaller(shot.pos, end), larger(shot.pos, end));
        let (lo, hi) = (lo - SHOT_RADIUS, hi + SHOT_RADIUS);
        if self.board.all_clear(lo, hi, &self.clear) {
            shot.pos = end;
            return true;
        }
        self.gather(self.board.cell_range(lo, hi), shot.pos);
        let mut whole_reach = false;
        if self.bat(shot) {
            if self.overlaps_solid(shot.disk()) {
                return false;
            }
            self.gather(self.reach_of(shot.pos), shot.pos);
            whole_reach = true;
        }
        let mut flight = self.carry(shot);
        if flight.bounces > 0 && !whole_reach {
            self.gather(self.reach_of(shot.pos), shot.pos);
            flight = self.carry(shot);
        }
        self.land(shot, &flight)
    }

    /// The cells holding every solid a shot at `pos` can meet this tick, bounces included.
    fn reach_of(&self, pos: Vec2) -> CellRange {
        self.board.cell_range(pos - REACH, pos + REACH)
    }

    /// One tick of the shot's flight through the gathered solids.
    fn carry(&self, shot: &Shot) -> Flight {
        if self.scratch.obstacles.is_empty() {
            return Flight {
                disk: Disk::new(shot.pos + shot.velocity, SHOT_RADIUS),
                delta: shot.velocity,
                stopped_by: None,
                bounces: 0,
            };
        }
        carry_disk(
            shot.disk(),
            shot.velocity,
            &self.scratch.obstacles,
            BOUNCES_PER_TICK,
        )
    }

    /// Applies a flight to the shot; `false` when it ends the shot.
    fn land(&mut self, shot: &mut Shot, flight: &Flight) -> bool {
        shot.pos = flight.disk.center;
        shot.velocity = flight.delta;
        shot.bounces += flight.bounces;
        if let Some(i) = flight.stopped_by {
            if let Some(&Tag::Enemy(pos)) = self.scratch.tags.get(i) {
                self.remove_enemy(pos);
            }
            return false;
        }
        if shot.bounces > SHOT_MAX_BOUNCES {
            return false;
        }
        self.hit_enemy_square(shot.pos)
    }

    /// Fills the scratch buffers with the solids in the cells of `range` that a shot starting
    /// at `from` can meet this tick.
    ///
    /// A slope's edge is left out when `from` is not on its outer side: to touch the inside
    /// of that edge the shot would first have to go round the edge's end at a distance of at
    /// least its radius, a quarter circle of `r·π/2 ≈ 0.24` cells, longer than a tick's
    /// flight of 0.2; and its ends belong to the neighbouring edges as well.
    fn gather(&mut self, range: CellRange, from: Vec2) {
        self.scratch.clear();
        for pos in range.cells() {
            let Some(i) = self.board.index(pos) else {
                self.scratch.add(Shape::Aabb(cell_aabb(pos)), Tag::Solid);
                continue;
            };
            let cell = self.cells[i];
            match cell.solid() {
                Some(Fixed::Wall) => self.scratch.add(Shape::Aabb(cell_aabb(pos)), Tag::Solid),
                Some(Fixed::Slope(slope)) => self.scratch.add_slope(pos, slope, from),
                None => {}
            }
            match cell.occupant() {
                Occupant::Box => self.scratch.add(Shape::Aabb(cell_aabb(pos)), Tag::Solid),
                Occupant::Enemy => {
                    self.scratch
                        .add(Shape::Aabb(cell_aabb(pos)), Tag::Enemy(pos));
                    self.scratch.enemies.push(pos);
                }
                Occupant::Empty => {}
            }
            if cell.has_spinners() {
                self.gather_bars(i, from);
            }
        }
        self.scratch.finish();
    }

    /// Adds the bars reaching cell `i` that a shot at `from` can touch this tick, once each.
    fn gather_bars(&mut self, i: usize, from: Vec2) {
        for &s in self.board.spinners_at(i) {
            let bar = self.bars[s as usize];
            if !self.scratch.spinners.contains(&s) && within_reach(&bar, bar.axes()[0], from) {
                self.scratch.spinners.push(s);
                self.scratch.add(Shape::Obb(bar), Tag::Mirror);
            }
        }
    }

    /// Bats the shot out of any bar near it that turned onto it; `true` when it did.
    fn bat(&self, shot: &mut Shot) -> bool {
        let mut batted = false;
        for &s in &self.scratch.spinners {
            let bar = self.bars[s as usize];
            if shot.disk().intersects(&bar) {
                bat_out(shot, &bar);
                batted = true;
            }
        }
        batted
    }

    /// Whether `disk` is inside any solid near it (touching counts).
    pub(crate) fn overlaps_solid(&self, disk: Disk) -> bool {
        let reach = Vec2::splat(disk.radius);
        self.board
            .cells_overlapping(disk.center - reach, disk.center + reach)
            .any(|pos| {
                let Some(i) = self.board.index(pos) else {
                    return true;
                };
                let square = cell_aabb(pos);
                let cell = self.cells[i];
                let cell_solid = match cell.solid() {
                    Some(Fixed::Wall) => disk.intersects(&square),
                    Some(Fixed::Slope(slope)) => disk.intersects(&slope_triangle(pos, slope)),
                    None => false,
                };
                cell_solid
                    || (cell.occupant() != Occupant::Empty && disk.intersects(&square))
                    || self
                        .board
                        .spinners_at(i)
                        .iter()
                        .any(|&s| disk.intersects(&self.bars[s as usize]))
            })
    }

    /// The classic test: the shot's square touching an enemy's square removes both.
    fn hit_enemy_square(&mut self, centre: Vec2) -> bool {
        let square = Aabb::from_center_size(centre, Vec2::splat(2.0 * SHOT_RADIUS));
        let hit = self
            .scratch
            .enemies
            .iter()
            .copied()
            .find(|&pos| square.intersects(&cell_aabb(pos)));
        match hit {
            Some(pos) => {
                self.remove_enemy(pos);
                false
            }
            None => true,
        }
    }

    fn remove_enemy(&mut self, pos: Pos) {
        self.state.enemies.retain(|&e| e != pos);
        self.scratch.enemies.retain(|&e| e != pos);
        self.set_occupant(pos, Occupant::Empty);
    }
}

/// The smaller of each coordinate (a plain comparison: positions are never NaN here).
#[inline]
fn smaller(a: Vec2, b: Vec2) -> Vec2 {
    Vec2::new(
        if a.x < b.x { a.x } else { b.x },
        if a.y < b.y { a.y } else { b.y },
    )
}

/// The larger of each coordinate.
#[inline]
fn larger(a: Vec2, b: Vec2) -> Vec2 {
    Vec2::new(
        if a.x > b.x { a.x } else { b.x },
        if a.y > b.y { a.y } else { b.y },
    )
}

/// Whether a shot starting at `from` can touch `bar` (whose unit axis is `axis`) this tick:
/// its distance to the bar's middle line is at most the bar's half thickness plus [`REACH`].
#[inline]
fn within_reach(bar: &Obb, axis: Vec2, from: Vec2) -> bool {
    let offset = from - bar.center;
    let along = offset.dot(axis).clamp(-bar.half_size.x, bar.half_size.x);
    let limit = bar.half_size.y + REACH;
    (offset - axis * along).length_squared() <= limit * limit
}

/// Whether `point` lies strictly on the other side of `edge`'s line from `opposite` (the
/// triangle's third corner): the side the edge faces.
fn faces(edge: &Segment, opposite: Vec2, point: Vec2) -> bool {
    let along = edge.b - edge.a;
    along.perp_dot(point - edge.a) * along.perp_dot(opposite - edge.a) < 0.0
}

/// Pushes a shot that overlaps `bar` out to the nearer long side (or past the nearer end, if
/// it is beyond the bar's length), reflecting its velocity if it was heading into the bar.
fn bat_out(shot: &mut Shot, bar: &Obb) {
    let [along, across] = bar.axes();
    let offset = shot.pos - bar.center;
    let (x, y) = (offset.dot(along), offset.dot(across));
    let (axis, coordinate, half) = if x.abs() > bar.half_size.x {
        (along, x, bar.half_size.x)
    } else {
        (across, y, bar.half_size.y)
    };
    let side = if coordinate < 0.0 { -1.0 } else { 1.0 };
    let pushed = side * (half + SHOT_RADIUS + BAT_SKIN);
    shot.pos += axis * (pushed - coordinate);
    let into = shot.velocity.dot(axis) * side;
    if into < 0.0 {
        shot.velocity -= 2.0 * shot.velocity.dot(axis) * axis;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bat_out_moves_a_shot_to_the_near_side_and_turns_it_back() {
        let bar = Obb::new(Vec2::new(0.5, 0.5), Vec2::new(3.0, 0.2), 0.0);
        let mut shot = Shot::new(Vec2::new(1.0, 0.55), Vec2::NEG_Y);
        bat_out(&mut shot, &bar);
        let expected_y = 0.5 + 0.1 + SHOT_RADIUS + BAT_SKIN;
        assert!((shot.pos.y - expected_y).abs() < 1e-5, "{shot:?}");
        assert!((shot.pos.x - 1.0).abs() < 1e-6);
        assert!(shot.velocity.y > 0.0, "now flies away from the bar");
        assert!(!shot.disk().intersects(&bar));
    }

    #[test]
    fn bat_out_past_the_end_pushes_along_the_bar() {
        let bar = Obb::new(Vec2::ZERO, Vec2::new(2.0, 0.2), 0.0);
        let mut shot = Shot::new(Vec2::new(-1.05, 0.0), Vec2::X);
        bat_out(&mut shot, &bar);
        assert!(
            (shot.pos.x + 1.0 + SHOT_RADIUS + BAT_SKIN).abs() < 1e-5,
            "{shot:?}"
        );
        assert!(shot.velocity.x < 0.0);
    }
}
