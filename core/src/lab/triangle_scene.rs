//! A disk against a triangle (seed §2-23): the three edge lines, extended, split the plane
//! into seven regions; the disk centre's region code says which one or two edges the test
//! measures. The scene draws the lines, numbers the regions, and highlights the tested edges.
//!
//! The scene is in the page's coordinates: y up, the vertices named as on the page (A the
//! origin, B the apex, C on the right), which is clockwise, the seed's order, so the region
//! numbers are the page's figure's. `v` flips it to y down.

use crate::geom::{
    Contact, Disk, Intersects, Segment, Triangle, Vec2, region_edges, triangle_region,
};

use super::edit::{self, Edit, EditError, not_applicable};
use glam::DVec2;

use super::exact::{Near, Poly, Shape, segment_distance, wide};
use super::format::{degrees, near_rows_by, num, place, wide_num};
use super::keys::{self, Action, Binding};
use super::picture::{Figure, Ink, Picture, Readout, Verdict, ViewBox};
use super::scene::{Scene, contact_marks, move_by, time_text, turned};
use super::steps::Step;
use super::touch::{Gap, hits};
use super::triangle_steps::{self, EDGE_NAMES, region_labels};

/// Where the disk starts: left of the triangle, on the line through its centroid.
const DISK_START: Vec2 = Vec2::new(-9.25, 0.0);

/// The disk's radius, as in the seed.
const RADIUS: f32 = 1.0;

/// The seed's corners about its centroid, in `f64` from the page's decimals (A (0, 0),
/// B (0.8, 1.8), C (2.4, 0) less the centroid (3.2/3, 0.6)), never rounded to `f32`.
const BASE_WIDE: [(f64, f64); 3] = [
    (-3.2 / 3.0, -0.6),
    (0.8 - 3.2 / 3.0, 1.2),
    (2.4 - 3.2 / 3.0, -0.6),
];

/// The seed's triangle's width and height, in `f64` from the page's decimals.
const SEED_SIZE_WIDE: (f64, f64) = (2.4, 1.8);

/// The starting width and height: the seed's, doubled.
const START_SIZE: Vec2 = Vec2::new(4.8, 3.6);

/// How much one press of `s` or `t` stretches: a tenth of the seed's width or height.
const STRETCH: Vec2 = Vec2::new(0.24, 0.18);

/// How far the edge lines are drawn past the vertices.
const LINE_REACH: f32 = 12.0;

/// The part of the world on screen (grown to fit a stretched triangle).
const VIEW: ViewBox = ViewBox {
    center: Vec2::new(-2.5, 0.0),
    half: Vec2::new(8.5, 5.5),
};

/// The shapes the keys can change, in the order `a` cycles through them.
const SHAPES: &[&str] = &["disk", "triangle"];

/// The scene's state: the disk, and the triangle's place, angle and stretch.
#[derive(Debug, Clone)]
pub(crate) struct TriangleScene {
    disk: Disk,
    center: Vec2,
    angle: f32,
    /// The width and height before turning, in world units.
    size: Vec2,
}

impl TriangleScene {
    /// The starting state.
    pub(crate) fn new() -> Self {
        Self {
            disk: Disk::new(DISK_START, RADIUS),
            center: Vec2::ZERO,
            angle: 0.0,
            size: START_SIZE,
        }
    }

    /// The triangle as drawn and tested, in clockwise (seed) order so that the edge names
    /// match the region table.
    /// The disk's signed gap to the triangle, in `f64` on the placed corners: the verdict's
    /// and the panel's number.
    fn gap(&self) -> f64 {
        let disk = Shape::Disk(wide(self.disk.center), f64::from(self.disk.radius));
        disk.gap(&Shape::Poly(Poly::from_corners(self.corners().to_vec())))
    }

    /// The triangle's corners A, B, C in `f64`, worked out once from the placed (stored `f32`)
    /// centre, size and angle in degrees: `centre + turn(angle) · (seed corner × size / seed
    /// size)`, with the seed's corners and size from the page's decimals in `f64`. The depth
    /// and gap come from these; nothing in between is rounded to `f32`.
    pub(crate) fn corners(&self) -> [DVec2; 3] {
        let scale = DVec2::new(
            f64::from(self.size.x) / SEED_SIZE_WIDE.0,
            f64::from(self.size.y) / SEED_SIZE_WIDE.1,
        );
        let (sin, cos) = f64::from(self.angle).to_radians().sin_cos();
        let center = wide(self.center);
        BASE_WIDE.map(|(x, y)| {
            let v = DVec2::new(x, y) * scale;
            center + DVec2::new(v.x * cos - v.y * sin, v.x * sin + v.y * cos)
        })
    }

    /// The `f64` corners [`Self::corners`] in the order of [`Self::triangle`]'s (clockwise,
    /// the seed's), so that edge `i` of one is edge `i` of the other.
    fn corners_clockwise(&self) -> [DVec2; 3] {
        let [a, b, c] = self.corners();
        if (b - a).perp_dot(c - a) > 0.0 {
            [a, c, b]
        } else {
            [a, b, c]
        }
    }

    /// The disk centre's nearest point on the triangle and the normal from there towards it,
    /// in `f64` on the placed corners ([`Poly::near`]): off the triangle, the direction from
    /// the nearest point (along an edge's own normal beside an edge, a corner's direction off
    /// a corner); on it or inside, the nearest edge's outward normal, the way out.
    fn near(&self) -> Near {
        Poly::from_corners(self.corners_clockwise().to_vec()).near(wide(self.disk.center))
    }

    /// The contact as drawn: [`Self::near`], rounded once to `f32` for the picture.
    fn contact(&self) -> Contact {
        let near = self.near();
        #[allow(clippy::cast_possible_truncation)]
        Contact {
            distance: (near.gap - f64::from(self.disk.radius)) as f32,
            point: near.point.as_vec2(),
            normal: near.normal.as_vec2(),
        }
    }

    /// The triangle as drawn and as the game's `f32` tests take it: the `f64` corners
    /// [`Self::corners`], each rounded once to `f32`.
    fn triangle(&self) -> Triangle {
        let [a, b, c] = self.corners().map(DVec2::as_vec2);
        Triangle::new(a, b, c).clockwise()
    }
}

/// The names of the edges the test looks at for a region code.
fn edge_list(code: u8) -> String {
    let edges = region_edges(code);
    if edges.is_empty() {
        "none (inside)".to_owned()
    } else {
        edges
            .iter()
            .map(|&i| EDGE_NAMES[i])
            .collect::<Vec<_>>()
            .join(", ")
    }
}

impl Scene for TriangleScene {
    fn shape_names(&self) -> &'static [&'static str] {
        SHAPES
    }

    fn edit(&mut self, which: usize, edit: Edit) -> Result<bool, EditError> {
        let before = (self.disk, self.center, self.angle);
        match (which, edit) {
            (0, Edit::MoveBy(offset)) => {
                move_by(&mut self.disk.center, offset);
            }
            (0, Edit::MoveTo(at)) => self.disk.center = at,
            (0, Edit::Radius(r)) => self.disk.radius = r,
            // The seed's R turns the triangle whichever shape the keys move.
            (_, Edit::TurnBy(delta)) => self.angle = turned(self.angle, delta),
            (_, Edit::AngleTo(to)) => self.angle = turned(to, 0.0),
            (_, Edit::MoveBy(offset)) => {
                move_by(&mut self.center, offset);
            }
            (_, Edit::MoveTo(at)) => self.center = at,
            (_, Edit::Size(size)) => {
                let size = edit::size_in_range(size)?;
                let changed = size != self.size;
                self.size = size;
                return Ok(changed);
            }
            _ => return Err(not_applicable(SHAPES[which.min(1)], edit)),
        }
        Ok(before != (self.disk, self.center, self.angle))
    }

    fn position(&self, which: usize) -> Vec2 {
        if which == 0 {
            self.disk.center
        } else {
            self.center
        }
    }

    fn under(&self, point: Vec2) -> Option<usize> {
        let dot = Disk::new(point, 0.0);
        if dot.intersects(&self.disk) {
            Some(0)
        } else if dot.intersects(&self.triangle()) {
            Some(1)
        } else {
            None
        }
    }

    fn hit(&self) -> bool {
        hits(self.gap())
    }

    fn steps(&self) -> Vec<Step> {
        triangle_steps::steps(
            &self.disk,
            &self.triangle(),
            &self.corners_clockwise(),
            self.hit(),
        )
    }

    fn apply(&mut self, _action: Action, _active: usize) -> bool {
        false
    }

    fn action_edit(&self, action: Action) -> Option<(usize, Edit)> {
        let step = match action {
            Action::StretchX(grow) => Vec2::new(STRETCH.x, 0.0) * if grow { 1.0 } else { -1.0 },
            Action::StretchY(grow) => Vec2::new(0.0, STRETCH.y) * if grow { 1.0 } else { -1.0 },
            _ => return None,
        };
        // Whole hundredths, so that steps up and down come back to the same size.
        let size = ((self.size + step) * 100.0).round() / 100.0;
        Some((1, Edit::Size(size)))
    }

    fn page_y_up(&self) -> bool {
        true
    }

    fn advance(&mut self, _dt: f32) {}

    fn moving(&self) -> bool {
        false
    }

    fn picture(&self) -> Picture {
        let t = self.triangle();
        let mut picture = Picture::new(VIEW);
        for i in 0..3 {
            let edge = t.edge(i);
            let along = (edge.b - edge.a).normalize_or_zero() * LINE_REACH;
            picture.add(
                Figure::Line(Segment::new(edge.a - along, edge.b + along)),
                Ink::Guide,
            );
        }
        for (spot, code) in region_labels(&t) {
            picture.add(Figure::Text(spot, code), Ink::Guide);
        }
        picture.add(Figure::Triangle(t), Ink::Target);
        let code = triangle_region(&t, self.disk.center);
        for &i in region_edges(code) {
            picture.add(Figure::Line(t.edge(i)), Ink::Tested);
        }
        let middle = (t.a + t.b + t.c) / 3.0;
        for (name, vertex) in ["A", "B", "C"].into_iter().zip([t.a, t.b, t.c]) {
            let spot = vertex + (vertex - middle).normalize_or_zero() * 0.8;
            picture.add(Figure::Text(spot, name.to_owned()), Ink::Tested);
        }
        picture.add(Figure::Disk(self.disk), Ink::Subject);
        contact_marks(&mut picture, &self.contact(), self.disk.center);
        picture
    }

    fn readout(&self) -> Readout {
        let t = self.triangle();
        let mut readout = Readout::new(Verdict::of(self.hit()));
        readout.input("test", "disk × triangle");
        let code = triangle_region(&t, self.disk.center);
        readout.row("region", format!("{code} ({code:03b})"));
        readout.row("edges", edge_list(code));
        let corners = self.corners_clockwise();
        let centre = wide(self.disk.center);
        for &i in region_edges(code) {
            let d = segment_distance(centre, corners[i], corners[(i + 1) % 3]);
            readout.row(EDGE_NAMES[i], format!("centre {} away", wide_num(d)));
        }
        near_rows_by(&mut readout, &self.near(), Gap::of(self.gap()), "disk");
        readout.input("disk", place(self.disk.center));
        readout.input("radius", num(self.disk.radius));
        readout.input("tri at", place(self.center));
        readout.input(
            "shape",
            format!(
                "{} × {}, {}",
                num(self.size.x),
                num(self.size.y),
                degrees(self.angle.to_radians())
            ),
        );
        readout.row("toi", time_text(false, None));
        readout
    }

    fn bindings(&self) -> &'static [Binding] {
        keys::TRIANGLE
    }
}
