//! The steps of a bounce (seed 004), for the ball's last bounce: the path from the old to the
//! new position crossing the surface, the crossing point, the overshoot S past it, and the
//! reflected path `v − 2(v·n)n` with the same speed. The page moves a point; a ball's centre
//! crosses the surface grown by its radius, which is what is measured here.

use crate::geom::{Segment, Vec2};

use super::format::{fine, num, vec2};
use super::picture::{Figure, Ink};
use super::steps::Step;

/// How long the drawn paths of a step are, in world units, besides the overshoot.
const RAY: f32 = 3.0;

/// The measurements of one bounce.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct BounceParts {
    pub from: Vec2,
    pub crossing: Vec2,
    pub point: Vec2,
    pub normal: Vec2,
    pub overshoot: f32,
    pub incoming: Vec2,
    pub outgoing: Vec2,
}

/// The steps for the last bounce, or one step asking for a launch. The path runs from where
/// the centre was when the tick (or the point's jump) that bounced began to where it would
/// have been at its end without the surface.
pub(crate) fn steps(last: Option<BounceParts>, radius: f32) -> Vec<Step> {
    let Some(b) = last else {
        let mut wait = Step::new("no bounce yet");
        wait.line("launch the ball (space)");
        wait.line("and the last bounce is");
        wait.line("taken apart here");
        return vec![wait];
    };
    let old = b.from;
    let overshot = b.crossing + b.incoming * b.overshoot;
    let mut path = Step::new("old → new position");
    path.line(format!("from {}", vec2(old)));
    path.line(format!("to {}", vec2(overshot)));
    path.line("the path crosses the surface");
    if radius > 0.0 {
        path.line(format!("(grown by r = {})", num(radius)));
    }
    path.add(Figure::Arrow(Segment::new(old, overshot)), Ink::Path);
    path.add(Figure::Dot(overshot), Ink::Mark);
    let mut cross = Step::new("crossing point");
    cross.line(format!("centre at {}", vec2(b.crossing)));
    cross.line(format!("touches at {}", vec2(b.point)));
    cross.line(format!("normal {}", vec2(b.normal)));
    cross.add(Figure::Dot(b.crossing), Ink::Mark);
    cross.add(
        Figure::Arrow(Segment::new(b.point, b.point + b.normal * RAY)),
        Ink::Normal,
    );
    let mut over = Step::new("overshoot S");
    over.line(format!("S = {}", fine(b.overshoot)));
    over.line("how far the centre would");
    over.line("have gone past the crossing");
    over.add(
        Figure::Line(Segment::new(b.crossing, overshot)),
        Ink::Tested,
    );
    let mut out = Step::new("reflect: v − 2(v·n)n");
    out.line(format!("in  {}", vec2(b.incoming)));
    out.line(format!("out {}", vec2(b.outgoing)));
    out.line("same speed; S goes on out");
    out.add(
        Figure::Arrow(Segment::new(
            b.crossing,
            b.crossing + b.outgoing * b.overshoot.max(RAY),
        )),
        Ink::Tested,
    );
    vec![path, cross, over, out]
}
