//! A disk against a 6×2 rectangle (seed §2-20). While the rectangle's angle is a multiple of
//! 90° it is tested as an AABB (width and height swapped at odd multiples), otherwise as an
//! OBB, exactly as the seed's demo switches between its two tests.

use crate::geom::{
    Aabb, Contact, Disk, Intersects, Obb, Vec2, contact_disk_aabb, contact_disk_obb,
};

use super::format::{contact_rows, degrees, num, vec2};
use super::keys::{self, Action, Binding};
use super::motion::Motion;
use super::picture::{Figure, Ink, Picture, Readout, Verdict, ViewBox};
use super::scene::{Scene, SceneId, contact_marks, nudge_within, time_text, turn_degrees, turned};

/// Where the disk starts: left of the box, on its centre line, off the step grid so that no
/// press lands exactly on a touching position.
const DISK_START: Vec2 = Vec2::new(-9.25, 0.0);

/// The disk's radius, as in the seed.
const RADIUS: f32 = 1.0;

/// The rectangle's width and height, as in the seed.
const BOX_SIZE: Vec2 = Vec2::new(6.0, 2.0);

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
    angle: i32,
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
    contact: Contact,
}

impl RectScene {
    /// The starting state: axis-aligned for `disk-aabb`, turned by 30° for `disk-obb`.
    pub(crate) fn new(id: SceneId) -> Self {
        let angle = if id == SceneId::DiskObb { 30 } else { 0 };
        Self {
            disk: Disk::new(DISK_START, RADIUS),
            home: Vec2::ZERO,
            angle,
            motion: Motion::default(),
        }
    }

    /// The rectangle where the motion has put it now.
    fn rect(&self, motion: &Motion) -> Obb {
        let (center, angle) = motion.pose(self.home, (self.angle as f32).to_radians());
        Obb::new(center, BOX_SIZE, angle)
    }

    /// Tests the disk against the rectangle as the seed does: the AABB test when the angle
    /// allows it, else the OBB test.
    fn test(&self, motion: &Motion) -> Test {
        let rect = self.rect(motion);
        match rect.as_aabb() {
            Some(aabb) => Test {
                shape: Tested::Aabb(aabb),
                hit: self.disk.intersects(&aabb),
                contact: contact_disk_aabb(&self.disk, &aabb),
            },
            None => Test {
                shape: Tested::Obb(rect),
                hit: self.disk.intersects(&rect),
                contact: contact_disk_obb(&self.disk, &rect),
            },
        }
    }
}

impl Scene for RectScene {
    fn apply(&mut self, action: Action) -> bool {
        match action {
            Action::Move(nudge) => nudge_within(VIEW, &mut self.disk.center, nudge),
            Action::Rotate(turn) => {
                self.angle = turned(self.angle, turn_degrees(turn));
                true
            }
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
        let figure = match test.shape {
            Tested::Aabb(aabb) => Figure::Aabb(aabb),
            Tested::Obb(obb) => Figure::Obb(obb),
        };
        picture.add(figure, Ink::Target);
        picture.add(Figure::Disk(self.disk), Ink::Subject);
        contact_marks(&mut picture, &test.contact, self.disk.center);
        picture
    }

    fn readout(&self) -> Readout {
        let test = self.test(&self.motion);
        let mut readout = Readout::new(Verdict::of(test.hit));
        let rect = self.rect(&self.motion);
        match test.shape {
            Tested::Aabb(aabb) => {
                let size = aabb.half_size() * 2.0;
                readout.row("test", "disk × AABB");
                let swapped = if (size.x - BOX_SIZE.x).abs() > 1e-3 {
                    " w↔h"
                } else {
                    ""
                };
                readout.row("box", format!("{} × {}{swapped}", num(size.x), num(size.y)));
            }
            Tested::Obb(_) => {
                readout.row("test", "disk × OBB");
                readout.row("box", format!("{} × {}", num(BOX_SIZE.x), num(BOX_SIZE.y)));
            }
        }
        readout.row(
            "angle",
            degrees(rect.angle().rem_euclid(std::f32::consts::TAU)),
        );
        readout.row("disk", vec2(self.disk.center));
        contact_rows(&mut readout, &test.contact);
        let time = self.motion.time_to(|m| self.test(m).hit);
        readout.row("toi", time_text(self.motion.on, time));
        let state = if self.motion.on { "on" } else { "off" };
        readout.row("motion", format!("{state}, {}", self.motion.kind.name()));
        readout
    }

    fn bindings(&self) -> &'static [Binding] {
        keys::RECT
    }
}
