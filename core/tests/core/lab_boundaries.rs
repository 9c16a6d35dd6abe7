//! The lab agrees with itself at every boundary: the verdict, the printed gap or depth and the
//! steps come from one computation, and each case reported against it is pinned here with its
//! exact numbers.

use sokoshot_core::geom::Vec2;
use sokoshot_core::lab::{Figure, Ink, Lab, SceneId, Verdict};

use crate::lab_support::{enter, press, step_lines};

#[test]
fn w1_exactly_touching_a_corner_is_a_hit_with_depth_zero() {
    let mut lab = Lab::new(SceneId::DiskAabb);
    // 0.75² + 1² = 1.25², all exact in binary: the disk touches the corner (3, 1).
    enter(&mut lab, "radius 1.25");
    enter(&mut lab, "pos 3.75 2");
    let readout = lab.readout();
    assert_eq!(readout.verdict, Verdict::Hit);
    assert_eq!(readout.value("depth"), Some("0 (touching)"));
    press(&mut lab, "e");
    let lines = step_lines(&lab, "in the corner square?");
    assert_eq!(
        lines[2..6],
        [
            "ax² + ay² = 1.56",
            "r² = 1.56",
            "sqrt(ax² + ay²) − r = 0",
            "within 1e-4: touching, HIT"
        ]
    );
}

#[test]
fn w2_the_ball_s_bounce_path_starts_where_the_ball_was_the_tick_before() {
    let mut lab = Lab::new(SceneId::Slope);
    press(&mut lab, "x p");
    // The reported run had a few ticks go by before `p`; step until the first bounce.
    let mut before = String::new();
    for _ in 0..60 {
        if lab.readout().value("bounce") != Some("0") {
            break;
        }
        before = lab.readout().value("ball").unwrap().to_owned();
        press(&mut lab, ".");
    }
    assert_eq!(lab.readout().value("bounce"), Some("1"));
    press(&mut lab, "e");
    let lines = step_lines(&lab, "old → new position");
    assert_eq!(before, "(-2.45, 0.00)", "the tick before the bounce");
    assert_eq!(lines[0], format!("from {before}"));
    assert_eq!(lines[1], "to (-2.25, 0.00)");
}

/// Where the picture writes `text`.
fn text_at(lab: &Lab, text: &str) -> Vec2 {
    lab.picture()
        .marks
        .iter()
        .find_map(|m| match &m.figure {
            Figure::Text(at, t) if t == text => Some(*at),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no {text:?} drawn"))
}

#[test]
fn w3_the_triangle_is_named_and_numbered_as_on_its_page() {
    let mut lab = Lab::new(SceneId::DiskTriangle);
    assert!(lab.picture().y_up, "the page draws y up");
    let (a, b, c) = (text_at(&lab, "A"), text_at(&lab, "B"), text_at(&lab, "C"));
    assert!(b.y > a.y && b.y > c.y, "B is the apex, up: {a} {b} {c}");
    assert!(a.x < b.x && b.x < c.x, "A left, C right: {a} {b} {c}");
    // The page's figure: past BC region 5 (test BC), past AB region 3 (test AB), past CA
    // region 6 (test CA), inside 7.
    let cases = [
        ("past BC", "pos 3 2", "5 (101)", "BC"),
        ("past AB", "pos -3 2", "3 (011)", "AB"),
        ("past CA", "pos 0 -3", "6 (110)", "CA"),
        ("inside", "pos 0 0", "7 (111)", "none (inside)"),
    ];
    for (name, pos, region, edges) in cases {
        enter(&mut lab, pos);
        assert_eq!(lab.readout().value("region"), Some(region), "{name}");
        assert_eq!(lab.readout().value("edges"), Some(edges), "{name}");
    }
    // `k` moves the disk up the screen, which is +y here, and `r` turns counter-clockwise
    // on screen, as the page's R does: a positive angle when y is up.
    enter(&mut lab, "pos 0 0");
    press(&mut lab, "k");
    assert_eq!(lab.readout().value("disk"), Some("(0.00, 0.50)"));
    press(&mut lab, "ar");
    assert_eq!(lab.readout().value("shape"), Some("4.80 × 3.60, 5.0°"));
}

#[test]
fn w4_the_triangle_takes_the_size_typed_and_says_where_the_limits_are() {
    let mut lab = Lab::new(SceneId::DiskTriangle);
    press(&mut lab, "a");
    enter(&mut lab, "size 2 2");
    assert_eq!(lab.message(), None);
    assert_eq!(lab.readout().value("shape"), Some("2.00 × 2.00, 0.0°"));
    let corners = lab
        .picture()
        .marks
        .iter()
        .find_map(|m| match m.figure {
            Figure::Triangle(t) if m.ink == Ink::Target => Some(t),
            _ => None,
        })
        .expect("the triangle");
    let xs = [corners.a.x, corners.b.x, corners.c.x];
    let ys = [corners.a.y, corners.b.y, corners.c.y];
    let span = |v: [f32; 3]| {
        v.iter().copied().fold(f32::MIN, f32::max) - v.iter().copied().fold(f32::MAX, f32::min)
    };
    assert!(
        (span(xs) - 2.0).abs() < 1e-5 && (span(ys) - 2.0).abs() < 1e-5,
        "{corners:?}"
    );
    for size in ["size 0.1 0.1", "size 30 30"] {
        enter(&mut lab, size);
        assert_eq!(lab.message(), None, "{size}: in range");
    }
    assert_eq!(lab.readout().value("shape"), Some("30.00 × 30.00, 0.0°"));
    // The keys meet the prompt's limit, and say so.
    press(&mut lab, "s");
    assert_eq!(lab.message(), Some("sizes are 0.1 to 30"));
    assert_eq!(lab.readout().value("shape"), Some("30.00 × 30.00, 0.0°"));
    enter(&mut lab, "size 0.1 0.1");
    press(&mut lab, "T");
    assert_eq!(lab.message(), Some("sizes are 0.1 to 30"));
    press(&mut lab, "t");
    assert_eq!(lab.readout().value("shape"), Some("0.10 × 0.28, 0.0°"));
}

/// The depth or gap the panel prints, as a number ("0 (touching)" is zero).
fn printed_gap(lab: &Lab) -> f32 {
    let readout = lab.readout();
    let (text, sign) = match readout.value("depth") {
        Some(depth) => (depth, -1.0),
        None => (readout.value("gap").expect("a gap or a depth"), 1.0),
    };
    let number = text.split_whitespace().next().unwrap();
    sign * number.parse::<f32>().unwrap()
}

#[test]
fn z_ends_on_the_last_hit_one_float_step_from_a_miss() {
    // Reported: z stopped with "depth 3.28e-6"; the search now bisects to neighbouring floats.
    for scene in [SceneId::DiskAabb, SceneId::DiskObb, SceneId::DiskTriangle] {
        let mut lab = Lab::new(scene);
        enter(&mut lab, "pos -9.25 0.37");
        press(&mut lab, "l");
        press(&mut lab, "z");
        assert_eq!(lab.message(), Some("snapped: just touching"), "{scene}");
        assert_eq!(lab.readout().verdict, Verdict::Hit, "{scene}");
        let gap = printed_gap(&lab);
        assert!((-1e-6..=0.0).contains(&gap), "{scene}: {gap}");
    }
}

#[test]
fn x_forgets_the_last_move_so_z_follows_the_first_move_after_it() {
    let mut lab = Lab::new(SceneId::DiskAabb);
    press(&mut lab, "kkkk");
    press(&mut lab, "x");
    // After a reset, z follows the default move (right), not the old one (up), and ends on
    // the last place that touches: 9.97e-5 short of the box, its digits shown.
    press(&mut lab, "z");
    assert_eq!(lab.readout().value("disk"), Some("(-4.0000997, 0.00)"));
}

#[test]
fn keys_move_past_the_view_and_the_view_follows() {
    // Reported: `:pos 40 40` then `l` jumped the disk to (5.00, 4.50).
    let mut lab = Lab::new(SceneId::DiskAabb);
    enter(&mut lab, "pos 40 40");
    assert_eq!(lab.message(), None);
    press(&mut lab, "l");
    assert_eq!(lab.message(), Some("positions are within ±40"));
    assert_eq!(lab.readout().value("disk"), Some("(40.00, 40.00)"));
    press(&mut lab, "h");
    assert_eq!(lab.readout().value("disk"), Some("(39.50, 40.00)"));
    let inside = |lab: &Lab, p: Vec2| {
        let view = lab.picture().view;
        (p - view.center).abs().cmple(view.half).all()
    };
    assert!(inside(&lab, Vec2::new(39.5, 40.0)));
    // The limit does not shrink with the radius.
    enter(&mut lab, "radius 5");
    enter(&mut lab, "pos -39 0");
    press(&mut lab, "hh");
    assert_eq!(lab.readout().value("disk"), Some("(-40.00, 0.00)"));
    // Zoomed in, the window follows the disk; `0` goes back to fitting everything.
    let mut lab = Lab::new(SceneId::DiskAabb);
    let fitted = lab.picture().view;
    press(&mut lab, "}}");
    assert!(lab.picture().view.half.x < fitted.half.x, "zoomed in");
    press(&mut lab, &"h".repeat(30));
    assert_eq!(lab.readout().value("disk"), Some("(-24.25, 0.00)"));
    assert!(
        inside(&lab, Vec2::new(-24.25, 0.0)),
        "{:?}",
        lab.picture().view
    );
    press(&mut lab, "0");
    let view = lab.picture().view;
    assert!(
        inside(&lab, Vec2::new(-24.25, 0.0)) && inside(&lab, Vec2::new(3.0, 1.0)),
        "{view:?}"
    );
    for _ in 0..20 {
        press(&mut lab, "{");
    }
    assert_eq!(lab.message(), Some("zoom is at most 8 steps in or out"));
}

#[test]
fn the_slope_ball_is_refused_by_name_and_fine_turns_aim_the_ball() {
    let mut lab = Lab::new(SceneId::Slope);
    enter(&mut lab, "pos 0.5 0.5");
    assert_eq!(lab.message(), Some("the ball would overlap the slope"));
    enter(&mut lab, "pos -12.9 0");
    assert_eq!(
        lab.message(),
        Some("the ball stays 0.1 clear of the walls: x within ±12.15, y ±7.15")
    );
    assert_eq!(lab.readout().value("ball"), Some("(-9.25, 0.00)"));
    // With the ball active, `<` and `>` turn its aim, never the slope, at rest or flying.
    press(&mut lab, "x>>");
    assert_eq!(lab.readout().value("aim"), Some("2.0°"));
    press(&mut lab, " <");
    assert_eq!(lab.readout().value("slope"), Some("(0.00, 0.00) 0.0°"));
    assert_eq!(lab.readout().value("aim"), Some("1.0°"));
}

#[test]
fn the_still_shape_s_impact_ghost_is_drawn_under_it() {
    // Reported: a stationary disk's time-of-impact ghost hid the disk.
    for scene in [SceneId::DiskObb, SceneId::ObbObb] {
        let mut lab = Lab::new(scene);
        press(&mut lab, &"l".repeat(12));
        press(&mut lab, &"k".repeat(8));
        press(&mut lab, "ps");
        let marks = lab.picture().marks;
        let last_ghost = marks.iter().rposition(|m| m.ink == Ink::Ghost);
        let subject = marks.iter().position(|m| m.ink == Ink::Subject);
        assert!(last_ghost.is_some(), "{scene}: a time of impact");
        assert!(
            last_ghost < subject,
            "{scene}: ghosts under the live shapes"
        );
    }
}

#[test]
fn the_sat_panel_projects_from_the_origin_and_shows_the_widest_gap() {
    let mut lab = Lab::new(SceneId::ObbObb);
    // Blue is 6 × 2 at (-10.25, 0): on its own x axis the page's interval, corners · axis
    // from the origin, is [-13.25, -7.25] (not [-3, 3] about blue's centre).
    assert_eq!(lab.readout().value("blue"), Some("(-10.25, 0.00)"));
    assert_eq!(lab.readout().value("sizes"), Some("6.00×2.00, 6.00×2.00"));
    assert_eq!(lab.readout().value("proj B"), Some("[-13.25, -7.25]"));
    assert_eq!(lab.readout().value("proj G"), Some("[-3.10, 3.10]"));
    assert_eq!(lab.readout().value("normal"), Some("(-1.00, 0.00) → blue"));
    press(&mut lab, "e");
    let lines = step_lines(&lab, "axis 1: blue x");
    assert_eq!(
        lines[..3],
        [
            "corners·axis, from origin:",
            "blue  [-13.25, -7.25]",
            "green [-3.10, 3.10]"
        ]
    );
    // The first separating axis is shown; when another has a wider gap, it is named beside.
    assert_eq!(
        lab.readout().value("widest"),
        None,
        "axis 1 is also the widest"
    );
    enter(&mut lab, "pos -10.25 -8");
    assert_eq!(lab.readout().value("sep"), Some("axis 1 (blue x)"));
    let widest = lab
        .readout()
        .value("widest")
        .expect("a wider gap")
        .to_owned();
    let gap: f32 = widest.rsplit(' ').next().unwrap().parse().unwrap();
    assert!(gap > 4.15, "{widest}");
}

#[test]
fn every_disk_scene_says_where_its_shapes_are_and_which_way_the_normal_points() {
    for (scene, rows) in [
        (SceneId::DiskAabb, ["disk", "radius", "box at", "box"]),
        (SceneId::DiskObb, ["disk", "radius", "box at", "box"]),
        (SceneId::DiskTriangle, ["disk", "radius", "tri at", "shape"]),
        (SceneId::Slope, ["ball", "radius", "slope", "aim"]),
    ] {
        let lab = Lab::new(scene);
        for row in rows {
            assert!(lab.readout().value(row).is_some(), "{scene}: {row}");
        }
        let normal = lab.readout().value("normal").unwrap().to_owned();
        assert!(
            normal.ends_with("→ disk") || normal.ends_with("→ ball"),
            "{scene}: {normal}"
        );
    }
}

#[test]
fn the_two_box_scene_shows_the_push_out_as_noonat_s_hit_does() {
    let mut lab = Lab::new(SceneId::AabbAabb);
    assert_eq!(lab.readout().value("push A"), Some("— (apart)"));
    // A is 4 × 2, B 4 × 3 at the origin: A at (-3.5, 0) overlaps B's left face by 0.5.
    enter(&mut lab, "pos -3.5 0");
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    assert_eq!(lab.readout().value("depth"), Some("0.50"));
    assert_eq!(lab.readout().value("push A"), Some("(-0.50, 0.00)"));
    assert_eq!(lab.readout().value("normal"), Some("(-1.00, 0.00) → A"));
    assert_eq!(lab.readout().value("point"), Some("(-2.00, 0.00)"));
    // Touching: a push-out of zero, still a hit.
    enter(&mut lab, "pos -4 0");
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    assert_eq!(lab.readout().value("depth"), Some("0 (touching)"));
}

#[test]
fn the_cast_scene_shows_fraction_point_and_normal_for_each_shape() {
    let mut lab = Lab::new(SceneId::Cast);
    assert_eq!(lab.readout().verdict, Verdict::Miss, "starts short");
    // The 6-long segment from (-4.5, 0) reaches the 3 × 3 box's left face at x = -1.5:
    // t = 0.5; so do the turned box at 0° and the disk of radius 1.5.
    enter(&mut lab, "pos -4.5 0");
    let cases = [
        (
            "segment × box",
            "0.5000",
            "(-1.50, 0.00)",
            "(-1.00, 0.00) out",
        ),
        (
            "segment × turned box",
            "0.5000",
            "(-1.50, 0.00)",
            "(-1.00, 0.00) out",
        ),
        (
            "segment × disk",
            "0.5000",
            "(-1.50, 0.00)",
            "(-1.00, 0.00) out",
        ),
    ];
    for (test, frac, at, normal) in cases {
        assert_eq!(lab.readout().value("test"), Some(test));
        assert_eq!(lab.readout().value("frac"), Some(frac), "{test}");
        assert_eq!(lab.readout().value("hit at"), Some(at), "{test}");
        assert_eq!(lab.readout().value("normal"), Some(normal), "{test}");
        press(&mut lab, "c");
    }
    // The slope's long side faces up-left: met at (0, 0), its normal (-0.71, -0.71).
    assert_eq!(lab.readout().value("test"), Some("segment × slope"));
    assert_eq!(lab.readout().value("hit at"), Some("(0.00, 0.00)"));
    assert_eq!(lab.readout().value("normal"), Some("(-0.71, -0.71) out"));
    press(&mut lab, "c");
    // The bar is 3 × 0.25: met at x = -1.5.
    assert_eq!(lab.readout().value("test"), Some("segment × spinner bar"));
    assert_eq!(lab.readout().value("hit at"), Some("(-1.50, 0.00)"));
}

/// The box around the shapes the keys change and the ones they are tested against.
fn shapes_box(lab: &Lab) -> (Vec2, Vec2) {
    let mut lo = Vec2::INFINITY;
    let mut hi = Vec2::NEG_INFINITY;
    for mark in &lab.picture().marks {
        if !matches!(mark.ink, Ink::Subject | Ink::Target | Ink::Solid) {
            continue;
        }
        let points: Vec<Vec2> = match &mark.figure {
            Figure::Disk(d) => vec![d.center - d.radius, d.center + d.radius],
            Figure::Aabb(b) => vec![b.min, b.max],
            Figure::Obb(b) => b.corners().to_vec(),
            Figure::Triangle(t) => vec![t.a, t.b, t.c],
            _ => continue,
        };
        for p in points {
            lo = lo.min(p);
            hi = hi.max(p);
        }
    }
    (lo, hi)
}

#[test]
fn zero_fits_every_shape_in_every_scene() {
    // Reported: `0` (fit) did not fit both shapes once one was placed far out and large.
    let placements = [
        (
            "far out, large",
            ["pos 40 40", "pos -40 -40"],
            "size 30 30",
            "radius 30",
        ),
        (
            "far apart, small",
            ["pos 40 -40", "pos -40 40"],
            "size 1 1",
            "radius 1",
        ),
        (
            "one far, one large",
            ["pos -40 0", "pos 10 10"],
            "size 30 30",
            "radius 30",
        ),
    ];
    for scene in SceneId::ALL {
        for (name, positions, size, radius) in placements {
            let mut lab = Lab::new(scene);
            for pos in positions.iter().take(lab.shape_names().len()) {
                enter(&mut lab, size);
                enter(&mut lab, radius);
                enter(&mut lab, pos);
                press(&mut lab, "a");
            }
            press(&mut lab, "}}}0");
            let (lo, hi) = shapes_box(&lab);
            let view = lab.picture().view;
            let (vlo, vhi) = (view.center - view.half, view.center + view.half);
            assert!(
                vlo.cmple(lo).all() && hi.cmple(vhi).all(),
                "{scene} {name}: shapes {lo:?}..{hi:?}, view {vlo:?}..{vhi:?}"
            );
        }
    }
}
