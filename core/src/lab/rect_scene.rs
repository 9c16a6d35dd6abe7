//! A disk against a 6×2 rectangle (seed §2-20). While the rectangle's angle is a multiple of
//! 90° it is tested as an AABB (width and height swapped at odd multiples), otherwise as an
//! OBB, exactly as the seed's demo switches between its two tests.

use glam::DVec2;

use crate::geom::{Aabb, Contact, Disk, Intersects, Obb, Vec2};

use super::edit::{Edit, EditError, checked_size, not_applicable};
use super::exact::{Near, Poly, Shape, aligned_half, axis_of, wide};
use super::format::{degrees, near_rows_by, num, place};
use super::keys::{self, Action, Binding};
use super::motion::{HORIZON, Motion};
use super::picture::{Figure, Ink, Picture, Readout, Verdict, ViewBox};
use super::rect_steps::{self, Frame};
use super::registry::SceneId;
use super::scene::{Scene, contact_marks, move_by, time_text, turned};
use super::steps::Step;
use super::toi;
use super::touch::{Gap, TOUCH_TOLERANCE_F64, hits};

/// The shapes the keys can change, in the order `a` cycles through them.
const SHAPES: &[&str] = &["disk", "box"];

/// Where the disk starts: left of the box, on its centre line, off the step grid so that no
/// press lands exactly on a touching position.
const DISK_START: Vec2 = Vec2::new(-9.25, 0.0);

/// The disk's radius, as in the seed.
const RADIUS: f32 = 1.0;

/// The rectangle's width and height, as in the seed.
const BOX_SIZE: Vec2 = Vec2::new(6.0, 2.0);

/// How close to touching a disk × AABB gap must be for the panel to recall the seed's `>=`.
const TOUCH_NOTE: f64 = 0.01;

/// The part of the world on screen.
const VIEW: ViewBox = ViewBox {
    center: Vec2::new(-2.5, 0.0),
    half: Vec2::new(8.5, 5.5),
};

/// The scene's state: the disk, and the rectangle's home, own angle and motion.
#[derive(Debug, Clone)]
pub(crate) struct RectScene {
    disk: Disk,
    home: Vec2,
    angle: f32,
    size: Vec2,
    motion: Motion,
}

/// The rectangle in the form it was tested in.
#[derive(Debug, Clone, Copy)]
enum Tested {
    Aabb(Aabb),
    Obb(Obb),
}

/// The outcome of one test.
#[derive(Debug, Clone, Copy)]
struct Test {
    shape: Tested,
    hit: bool,
    /// The signed gap in `f64` on the shapes as placed: the verdict's and the panel's.
    gap: f64,
    /// The disk centre's nearest point on the rectangle, in `f64` as placed.
    near: Near,
}

impl Test {
    /// The contact as drawn: [`Self::near`], rounded once to `f32` for the picture.
    fn contact(&self, radius: f32) -> Contact {
        #[allow(clippy::cast_possible_truncation)]
        Contact {
            distance: (self.near.gap - f64::from(radius)) as f32,
            point: self.near.point.as_vec2(),
            normal: self.near.normal.as_vec2(),
        }
    }
}

impl RectScene {
    /// The starting state: axis-aligned for `disk-aabb`, turned by 30° for `disk-obb`.
    pub(crate) fn new(id: SceneId) -> Self {
        let angle = if id == SceneId::DiskObb { 30.0 } else { 0.0 };
        Self {
            disk: Disk::new(DISK_START, RADIUS),
            home: Vec2::ZERO,
            angle,
            size: BOX_SIZE,
            motion: Motion::default(),
        }
    }

    /// The rectangle where the motion has put it now.
    fn rect(&self, motion: &Motion) -> Obb {
        let (center, angle) = motion.pose(self.home, self.angle.to_radians());
        Obb::new(center, self.size, angle)
    }

    /// When the moving box first touches the disk, to within [`toi::TOLERANCE`] seconds.
    fn impact(&self) -> Option<f32> {
        if !self.motion.on {
            return None;
        }
        let reach = self.size.length() / 2.0;
        let speed = self.motion.speed_bound(reach);
        #[allow(clippy::cast_possible_truncation)]
        toi::first_time(HORIZON, speed, |t| {
            (self.test(&self.motion.at(t)).gap - TOUCH_TOLERANCE_F64) as f32
        })
    }

    /// Tests the disk against the rectangle as the seed does: the AABB test when the angle
    /// allows it, else the OBB test.
    fn test(&self, motion: &Motion) -> Test {
        let rect = self.rect(motion);
        let disk = Shape::Disk(wide(self.disk.center), f64::from(self.disk.radius));
        match rect.as_aabb() {
            Some(aabb) => {
                let poly = Poly::aligned(&rect);
                let near = poly.near(wide(self.disk.center));
                let gap = disk.gap(&Shape::Poly(poly));
                Test {
                    shape: Tested::Aabb(aabb),
                    hit: hits(gap),
                    gap,
                    near,
                }
            }
            None => {
                let poly = Poly::turned(&rect, self.angle);
                let near = poly.near(wide(self.disk.center));
                let gap = disk.gap(&Shape::Poly(poly));
                Test {
                    shape: Tested::Obb(rect),
                    hit: hits(gap),
                    gap,
                    near,
                }
            }
        }
    }
}

impl Scene for RectScene {
    fn shape_names(&self) -> &'static [&'static str] {
        SHAPES
    }

    fn edit(&mut self, which: usize, edit: Edit) -> Result<bool, EditError> {
        let name = SHAPES[which.min(1)];
        let before = (self.disk, self.home, self.angle, self.size);
        match (which, edit) {
            (0, Edit::MoveBy(offset)) => {
                move_by(&mut self.disk.center, offset);
            }
            (0, Edit::MoveTo(at)) => self.disk.center = at,
            (0, Edit::Radius(r)) => self.disk.radius = r,
            // The seed's R turns the box whichever shape the keys move.
            (_, Edit::TurnBy(delta)) => self.angle = turned(self.angle, delta),
            (_, Edit::AngleTo(angle)) => self.angle = turned(angle, 0.0),
            (_, Edit::MoveBy(offset)) => {
                move_by(&mut self.home, offset);
            }
            (_, Edit::MoveTo(at)) => self.home = at,
            // The box has the size, as it has the angle, whichever shape is active.
            (_, Edit::Size(size)) => self.size = checked_size(size),
            _ => return Err(not_applicable(name, edit)),
        }
        Ok(before != (self.disk, self.home, self.angle, self.size))
    }

    fn position(&self, which: usize) -> Vec2 {
        if which == 0 {
            self.disk.center
        } else {
            self.rect(&self.motion).center
        }
    }

    fn under(&self, point: Vec2) -> Option<usize> {
        let dot = Disk::new(point, 0.0);
        if dot.intersects(&self.disk) {
            Some(0)
        } else if dot.intersects(&self.rect(&self.motion)) {
            Some(1)
        } else {
            None
        }
    }

    fn hit(&self) -> bool {
        self.test(&self.motion).hit
    }

    fn steps(&self) -> Vec<Step> {
        // The steps take the box exactly as the verdict tested it: an AABB at a multiple of
        // 90° (so a turned frame's rounding cannot make them disagree with it).
        let test = self.test(&self.motion);
        let gap = test.gap;
        let rect = self.rect(&self.motion);
        match test.shape {
            Tested::Aabb(aabb) => {
                let upright = Obb::new(aabb.center(), aabb.half_size() * 2.0, 0.0);
                let frame = Frame {
                    center: wide(rect.center),
                    axis: DVec2::X,
                    half: wide(aligned_half(&rect).abs()),
                };
                rect_steps::steps(&self.disk, &upright, &frame, false, gap)
            }
            Tested::Obb(obb) => {
                let frame = Frame {
                    center: wide(obb.center),
                    axis: axis_of(&obb, self.angle),
                    half: wide(obb.half_size.abs()),
                };
                rect_steps::steps(&self.disk, &obb, &frame, true, gap)
            }
        }
    }

    fn apply(&mut self, action: Action, _active: usize) -> bool {
        match action {
            Action::ToggleMotion => {
                self.motion.on = !self.motion.on;
                true
            }
            Action::SwitchMotion => {
                self.motion.switch();
                true
            }
            _ => false,
        }
    }

    fn advance(&mut self, dt: f32) {
        self.motion.advance(dt);
    }

    fn moving(&self) -> bool {
        self.motion.on
    }

    fn picture(&self) -> Picture {
        let test = self.test(&self.motion);
        let mut picture = Picture::new(VIEW);
        // The shapes at the moment of impact go under the live ones: the still disk's ghost
        // is where the disk is, and must not hide it.
        if let Some(t) = self.impact() {
            let motion = self.motion.at(t);
            picture.add(Figure::Obb(self.rect(&motion)), Ink::Ghost);
            picture.add(Figure::Disk(self.disk), Ink::Ghost);
        }
        let figure = match test.shape {
            Tested::Aabb(aabb) => Figure::Aabb(aabb),
            Tested::Obb(obb) => Figure::Obb(obb),
        };
        picture.add(figure, Ink::Target);
        picture.add(Figure::Disk(self.disk), Ink::Subject);
        contact_marks(
            &mut picture,
            &test.contact(self.disk.radius),
            self.disk.center,
        );
        picture
    }

    fn readout(&self) -> Readout {
        let test = self.test(&self.motion);
        let mut readout = Readout::new(Verdict::of(test.hit));
        let rect = self.rect(&self.motion);
        match test.shape {
            Tested::Aabb(aabb) => {
                let size = aabb.half_size() * 2.0;
                readout.input("test", "disk × AABB");
                let swapped = if (size.x - self.size.x).abs() > 1e-3 {
                    " w↔h"
                } else {
                    ""
                };
                readout.input("box", format!("{} × {}{swapped}", num(size.x), num(size.y)));
            }
            Tested::Obb(_) => {
                readout.input("test", "disk × OBB");
                readout.input(
                    "box",
                    format!("{} × {}", num(self.size.x), num(self.size.y)),
                );
            }
        }
        readout.input(
            "angle",
            degrees(rect.angle().rem_euclid(std::f32::consts::TAU)),
        );
        readout.input("disk", place(self.disk.center));
        readout.input("radius", num(self.disk.radius));
        readout.input("box at", place(rect.center));
        near_rows_by(&mut readout, &test.near, Gap::of(test.gap), "disk");
        if matches!(test.shape, Tested::Aabb(_)) && test.gap.abs() < TOUCH_NOTE {
            readout.row("note", "seed: >= misses touch");
        }
        readout.row("toi", time_text(self.motion.on, self.impact()));
        let state = if self.motion.on { "on" } else { "off" };
        readout.input("motion", format!("{state}, {}", self.motion.kind.name()));
        readout
    }

    fn bindings(&self) -> &'static [Binding] {
        keys::RECT
    }

    /// The page draws its figures in maths axes, y up.
    fn page_y_up(&self) -> bool {
        true
    }
}
