//! The steps of disk × triangle (seed 001): the three cross products and their signs, the
//! region code built from them, the row of the edge table that names the edges to measure,
//! each measured edge's squared distance against r², and the page's older method, the
//! triangle grown by r, beside it.

use glam::DVec2;

use crate::geom::{
    Disk, Segment, Triangle, Vec2, closest_point_on_segment, region_crosses, region_edges,
    triangle_region,
};

use super::exact::{segment_distance, wide};
use super::format::{apart, fine, signed};
use super::picture::{Figure, Ink};
use super::steps::Step;
use super::touch::{Gap, TOUCH_TOLERANCE_TEXT, hits};

/// The edges' names, in the order of [`Triangle::edge`].
pub(crate) const EDGE_NAMES: [&str; 3] = ["AB", "BC", "CA"];

/// The steps for `disk` against `t` (already in the seed's clockwise order): the signs and
/// the region as the game's `f32` test takes them on `t`, each edge's distance in `f64` on
/// `corners` (the placed corners, in `t`'s order), as the panel prints it.
pub(crate) fn steps(disk: &Disk, t: &Triangle, corners: &[DVec2; 3], hit: bool) -> Vec<Step> {
    let p = disk.center;
    let r2 = f64::from(disk.radius) * f64::from(disk.radius);
    let crosses = region_crosses(t, p);
    let code = triangle_region(t, p);
    let edges = region_edges(code);
    let mut signs = Step::new("three cross products");
    for (i, cross) in crosses.iter().enumerate() {
        let bit = u8::from(*cross >= 0.0);
        signs.line(format!("{}: {} → {bit}", EDGE_NAMES[i], signed(*cross)));
        let ink = if bit == 1 { Ink::Guide } else { Ink::Tested };
        signs.add(Figure::Line(t.edge(i)), ink);
    }
    signs.line(">= 0 sets the bit: on the");
    signs.line("inner side, or on the line");
    let mut region = Step::new("region code");
    region.line(format!(
        "{}·4 + {}·2 + {} = {code}",
        code >> 2,
        (code >> 1) & 1,
        code & 1
    ));
    region.line(format!("binary {code:03b}"));
    region.line(if code == 7 { "7: inside" } else { "outside" });
    let mut table = Step::new("edge table");
    let names: Vec<&str> = edges.iter().map(|&i| EDGE_NAMES[i]).collect();
    table.line(format!(
        "row {code}: {}",
        if names.is_empty() {
            "none (inside → HIT)".to_owned()
        } else {
            names.join(", ")
        }
    ));
    for &i in edges {
        table.add(Figure::Line(t.edge(i)), Ink::Tested);
    }
    let mut steps = vec![signs, region, table.deciding(edges.is_empty())];
    for (k, &i) in edges.iter().enumerate() {
        let last = k + 1 == edges.len();
        let edge = t.edge(i);
        let d = segment_distance(wide(p), corners[i], corners[(i + 1) % 3]);
        let gap = d - f64::from(disk.radius);
        let mut step = Step::new(format!("edge {}: squared distance", EDGE_NAMES[i]));
        let (d2, r2) = apart(d * d, r2);
        step.line(format!("d² = {d2}, r² = {r2}"));
        step.line(format!("d − r = {}", signed(gap)));
        step.line(match Gap::of(gap) {
            Gap::Apart(g) => format!("apart by {}: miss", fine(g)),
            Gap::Touching => format!("within {TOUCH_TOLERANCE_TEXT}: touching, HIT"),
            Gap::Overlap(_) => "overlapping: HIT".to_owned(),
        });
        let (closest, _) = closest_point_on_segment(p, &edge);
        step.add(Figure::Line(edge), Ink::Tested);
        step.add(Figure::Line(Segment::new(closest, p)), Ink::Normal);
        step.add(Figure::Dot(closest), Ink::Mark);
        if last && !hit {
            step.line("no edge within r → MISS");
        }
        steps.push(step.deciding(hits(gap) || (last && !hit)));
    }
    steps.push(grown(disk, t, hit));
    steps
}

/// The page's older method: grow the triangle by r (its edges pushed out, its corners
/// rounded) and ask whether the centre is inside the grown shape.
fn grown(disk: &Disk, t: &Triangle, hit: bool) -> Step {
    let mut step = Step::new("older method: grown triangle");
    let middle = (t.a + t.b + t.c) / 3.0;
    for i in 0..3 {
        let edge = t.edge(i);
        let out = (edge.b - edge.a).perp().normalize_or_zero();
        let out = if out.dot((edge.a + edge.b) / 2.0 - middle) < 0.0 {
            -out
        } else {
            out
        };
        let shift = out * disk.radius;
        // The grown shape in the tested ink: the edge lines are guides, and in `--ascii`
        // each ink has its own character.
        step.add(Figure::Line(edge.translated(shift)), Ink::Tested);
        step.add(Figure::Disk(Disk::new(edge.a, disk.radius)), Ink::Tested);
    }
    step.add(Figure::Dot(disk.center), Ink::Mark);
    step.line("centre in the grown shape?");
    step.line(if hit { "yes → HIT" } else { "no → MISS" });
    step.line("same answer; the page");
    step.line("measured it ~2.5× slower");
    step
}

/// The region numbers written in the regions: one beyond each edge, one beyond each vertex,
/// and one at the centroid. Each number is the region code of the point it is written at.
pub(crate) fn region_labels(t: &Triangle) -> Vec<(Vec2, String)> {
    let middle = (t.a + t.b + t.c) / 3.0;
    let mut spots = vec![middle];
    for i in 0..3 {
        let edge = t.edge(i);
        let mid = (edge.a + edge.b) / 2.0;
        spots.push(mid + (mid - middle).normalize_or_zero() * 2.5);
        spots.push(edge.a + (edge.a - middle).normalize_or_zero() * 2.0);
    }
    spots
        .into_iter()
        .map(|spot| (spot, triangle_region(t, spot).to_string()))
        .collect()
}
