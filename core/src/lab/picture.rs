//! What a scene shows: a list of figures in world coordinates, each with a role that the view
//! turns into a colour, and a panel of named numbers under the verdict.
//!
//! The shapes in a [`Picture`] are the very values the scene tested, so what is drawn is what
//! was decided on.

use crate::geom::{Aabb, Disk, Obb, Segment, Triangle, Vec2};

use super::edit::{MAX_COORD, SIZE_RANGE};

/// The part of the world a scene wants on screen; the view keeps it whole and square.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ViewBox {
    /// The middle of the window.
    pub center: Vec2,
    /// Half the width and half the height of the window.
    pub half: Vec2,
}

/// Something drawn, in world coordinates.
#[derive(Debug, Clone, PartialEq)]
pub enum Figure {
    /// A disk, drawn as its outline.
    Disk(Disk),
    /// An axis-aligned box, drawn as its outline.
    Aabb(Aabb),
    /// A turned box, drawn as its outline.
    Obb(Obb),
    /// A triangle, drawn as its outline.
    Triangle(Triangle),
    /// A straight line between two points.
    Line(Segment),
    /// An arrow from `a` to `b`, with its head at `b`.
    Arrow(Segment),
    /// A single marked point.
    Dot(Vec2),
    /// Points drawn one by one (a predicted path).
    Dots(Vec<Vec2>),
    /// A short text whose first character sits at the point.
    Text(Vec2, String),
}

/// The role of a figure, which the view maps to a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ink {
    /// The shape the keys move (blue; red on a hit).
    Subject,
    /// The shape it is tested against (green; red on a hit).
    Target,
    /// Other solid things in the scene, such as walls.
    Solid,
    /// Construction lines: axes, extended edges, region numbers.
    Guide,
    /// The contact normal and the closest point.
    Normal,
    /// The parts the test looked at: tested edges, the axis shown.
    Tested,
    /// The subject's projection on an axis.
    SubjectSpan,
    /// The target's projection on an axis.
    TargetSpan,
    /// A separating line, or a crossing point.
    Mark,
    /// A predicted or past path.
    Path,
    /// A shape where it will be at the moment of impact.
    Ghost,
}

impl Ink {
    /// Every role, in the order the legend lists them.
    pub const ALL: [Ink; 11] = [
        Ink::Subject,
        Ink::Target,
        Ink::Solid,
        Ink::Guide,
        Ink::Normal,
        Ink::Tested,
        Ink::SubjectSpan,
        Ink::TargetSpan,
        Ink::Mark,
        Ink::Path,
        Ink::Ghost,
    ];

    /// The role's short name in the legend.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Ink::Subject => "active",
            Ink::Target => "other",
            Ink::Solid => "wall",
            Ink::Guide => "guide",
            Ink::Normal => "normal",
            Ink::Tested => "tested",
            Ink::SubjectSpan => "span A",
            Ink::TargetSpan => "span B",
            Ink::Mark => "mark",
            Ink::Path => "path",
            Ink::Ghost => "impact",
        }
    }
}

/// A figure and its role.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    /// What to draw.
    pub figure: Figure,
    /// How to colour it.
    pub ink: Ink,
}

impl Mark {
    /// A figure with a role.
    #[must_use]
    pub fn new(figure: Figure, ink: Ink) -> Self {
        Self { figure, ink }
    }
}

/// Everything a scene shows on its canvas.
#[derive(Debug, Clone, PartialEq)]
pub struct Picture {
    /// The window onto the world.
    pub view: ViewBox,
    /// The figures, drawn in order (later ones on top).
    pub marks: Vec<Mark>,
    /// Whether y grows upward on screen, as in the seed pages' figures.
    pub y_up: bool,
}

impl Picture {
    /// An empty picture of the given window.
    #[must_use]
    pub fn new(view: ViewBox) -> Self {
        Self {
            view,
            marks: Vec::new(),
            y_up: false,
        }
    }

    /// Adds a figure on top of the others.
    pub fn add(&mut self, figure: Figure, ink: Ink) {
        self.marks.push(Mark::new(figure, ink));
    }

    /// Grows the window until every shape and label in the picture lies inside it with
    /// `FIT_MARGIN` to spare, moving its centre to the middle of what it must show: the scene's
    /// own window and every shape. Lines and arrows are guides that may run off.
    pub fn fit(&mut self) {
        let mut lo = self.view.center - self.view.half;
        let mut hi = self.view.center + self.view.half;
        for mark in &self.marks {
            if let Some((a, b)) = extent(&mark.figure)
                && a.is_finite()
                && b.is_finite()
            {
                lo = lo.min(a - FIT_MARGIN);
                hi = hi.max(b + FIT_MARGIN);
            }
        }
        let half = ((hi - lo) / 2.0).min(Vec2::splat(MAX_VIEW_HALF));
        if half.is_finite() {
            self.view.center = (lo + hi) / 2.0;
            self.view.half = half;
        }
    }

    /// The roles used in the picture, in legend order.
    #[must_use]
    pub fn inks(&self) -> Vec<Ink> {
        Ink::ALL
            .into_iter()
            .filter(|ink| self.marks.iter().any(|m| m.ink == *ink))
            .collect()
    }

    /// The figures drawn with a given role.
    pub fn with_ink(&self, ink: Ink) -> impl Iterator<Item = &Figure> {
        self.marks
            .iter()
            .filter(move |mark| mark.ink == ink)
            .map(|mark| &mark.figure)
    }
}

/// How much room [`Picture::fit`] leaves around a shape, in world units.
pub const FIT_MARGIN: f32 = 0.5;

/// The largest half-width or half-height [`Picture::fit`] grows a window to, in world units:
/// room for two shapes of the largest size at opposite ends of the positions allowed.
pub const MAX_VIEW_HALF: f32 = MAX_COORD + SIZE_RANGE.1 + FIT_MARGIN;

/// The corners of the box around a figure that must stay in view; `None` for guides.
fn extent(figure: &Figure) -> Option<(Vec2, Vec2)> {
    let points: Vec<Vec2> = match figure {
        Figure::Disk(d) => vec![d.center - d.radius, d.center + d.radius],
        Figure::Aabb(b) => vec![b.min, b.max],
        Figure::Obb(b) => b.corners().to_vec(),
        Figure::Triangle(t) => vec![t.a, t.b, t.c],
        Figure::Dot(p) | Figure::Text(p, _) => vec![*p],
        Figure::Line(_) | Figure::Arrow(_) | Figure::Dots(_) => return None,
    };
    let lo = points.iter().fold(Vec2::INFINITY, |m, &p| m.min(p));
    let hi = points.iter().fold(Vec2::NEG_INFINITY, |m, &p| m.max(p));
    Some((lo, hi))
}

/// Whether the two shapes intersect (touching counts, as everywhere in `geom`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// They intersect or touch.
    Hit,
    /// They are apart.
    Miss,
}

impl Verdict {
    /// The verdict of a boolean test.
    #[must_use]
    pub fn of(hit: bool) -> Self {
        if hit { Verdict::Hit } else { Verdict::Miss }
    }

    /// The word shown in the panel: `HIT` or `MISS`.
    #[must_use]
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Hit => "HIT",
            Verdict::Miss => "MISS",
        }
    }
}

/// One named number (or a few) in the panel.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// A short name, at most six characters.
    pub label: &'static str,
    /// The value, already formatted.
    pub value: String,
    /// Whether the row only repeats an input (a position, a size, an angle), which the panel
    /// may leave out when it is short of room, rather than a result.
    pub input: bool,
}

/// The verdict and the numbers behind it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Readout {
    /// HIT or MISS.
    pub verdict: Verdict,
    /// The named numbers, top to bottom.
    pub rows: Vec<Row>,
}

impl Readout {
    /// A readout with no rows yet.
    #[must_use]
    pub fn new(verdict: Verdict) -> Self {
        Self {
            verdict,
            rows: Vec::new(),
        }
    }

    /// Adds a row of results.
    pub fn row(&mut self, label: &'static str, value: impl Into<String>) {
        self.rows.push(Row {
            label,
            value: value.into(),
            input: false,
        });
    }

    /// Adds a row that repeats an input (see [`Row::input`]).
    pub fn input(&mut self, label: &'static str, value: impl Into<String>) {
        self.rows.push(Row {
            label,
            value: value.into(),
            input: true,
        });
    }

    /// The value of the first row with this label, if any.
    #[must_use]
    pub fn value(&self, label: &str) -> Option<&str> {
        self.rows
            .iter()
            .find(|row| row.label == label)
            .map(|row| row.value.as_str())
    }
}
