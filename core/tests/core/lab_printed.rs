//! Every number a cast or sweep prints, against an `f64` reference of this file's own, on the
//! typed inputs rounded to `f32` as the lab stores them (turned boxes turned by the typed
//! degrees, paths along the typed aim): the reference finds where the path first comes within
//! 1e-4 of the shape in closed form (the path against the shape grown by a 1e-4 disk: a
//! circle at each corner and a band along each edge), not by the halving the lab uses. A
//! printed number must be the reference rounded to its digits; a reference value within 1e-6
//! of a rounding boundary is skipped, as no two `f64` searches need agree on such a digit.

use sokoshot_core::lab::{Lab, SceneId, Verdict};

use crate::lab_support::{command, maybe_value, press, value};

const TOL: f64 = 1e-4;

/// The stored value of a typed number.
fn stored(x: f64) -> f64 {
    #[allow(clippy::cast_possible_truncation)]
    f64::from(x as f32)
}

/// A 3 × 3 box at the origin turned by `degrees`, its corners in order.
fn turned_box(degrees: f64) -> Vec<(f64, f64)> {
    let (s, c) = degrees.to_radians().sin_cos();
    [(-1.0, -1.0), (1.0, -1.0), (1.0, 1.0), (-1.0, 1.0)]
        .iter()
        .map(|&(sx, sy)| {
            let (x, y) = (sx * 1.5, sy * 1.5);
            (x * c - y * s, x * s + y * c)
        })
        .collect()
}

/// The nearest point of the polygon's boundary to `p`, and how far.
fn nearest(p: (f64, f64), poly: &[(f64, f64)]) -> (f64, (f64, f64)) {
    let mut best = (f64::INFINITY, p);
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        let (ex, ey) = (b.0 - a.0, b.1 - a.1);
        let t = (((p.0 - a.0) * ex + (p.1 - a.1) * ey) / (ex * ex + ey * ey)).clamp(0.0, 1.0);
        let q = (a.0 + ex * t, a.1 + ey * t);
        let d = (p.0 - q.0).hypot(p.1 - q.1);
        if d < best.0 {
            best = (d, q);
        }
    }
    best
}

/// The first fraction in `[0, 1]` at which `a + t·d` is within 1e-4 of the polygon, in closed
/// form: the least entry into any corner's circle or edge's band of half width 1e-4.
fn first_within(a: (f64, f64), d: (f64, f64), poly: &[(f64, f64)]) -> Option<f64> {
    let mut first: Option<f64> = None;
    let mut keep = |t: f64| {
        if (0.0..=1.0).contains(&t) && first.is_none_or(|f| t < f) {
            first = Some(t);
        }
    };
    for i in 0..poly.len() {
        let (e0, e1) = (poly[i], poly[(i + 1) % poly.len()]);
        let (fx, fy) = (a.0 - e0.0, a.1 - e0.1);
        let qa = d.0 * d.0 + d.1 * d.1;
        let qb = 2.0 * (fx * d.0 + fy * d.1);
        let qc = fx * fx + fy * fy - TOL * TOL;
        let disc = qb * qb - 4.0 * qa * qc;
        if disc >= 0.0 {
            keep((-qb - disc.sqrt()) / (2.0 * qa));
        }
        let len = (e1.0 - e0.0).hypot(e1.1 - e0.1);
        let u = ((e1.0 - e0.0) / len, (e1.1 - e0.1) / len);
        let n = (-u.1, u.0);
        let (mut lo, mut hi) = (f64::NEG_INFINITY, f64::INFINITY);
        for (p0, dd, min, max) in [
            (fx * u.0 + fy * u.1, d.0 * u.0 + d.1 * u.1, 0.0, len),
            (fx * n.0 + fy * n.1, d.0 * n.0 + d.1 * n.1, -TOL, TOL),
        ] {
            if dd == 0.0 {
                if p0 < min || p0 > max {
                    (lo, hi) = (1.0, 0.0);
                }
            } else {
                let (t1, t2) = ((min - p0) / dd, (max - p0) / dd);
                lo = lo.max(t1.min(t2));
                hi = hi.min(t1.max(t2));
            }
        }
        if lo <= hi && hi >= 0.0 {
            keep(lo.max(0.0));
        }
    }
    first
}

/// `x` with `decimals` decimals as the panel prints it (no negative zero), or `None` when `x`
/// lies within 1e-6 of a unit of the last digit from a rounding boundary.
fn printed(x: f64, decimals: i32) -> Option<String> {
    let scaled = x * 10f64.powi(decimals);
    if (scaled - scaled.floor() - 0.5).abs() < 1e-6 {
        return None;
    }
    let text = format!("{x:.*}", usize::try_from(decimals).unwrap_or(2));
    if text
        .trim_start_matches('-')
        .chars()
        .all(|c| c == '0' || c == '.')
    {
        Some(text.trim_start_matches('-').to_owned())
    } else {
        Some(text)
    }
}

/// A point as the panel prints it, if neither part is at a rounding boundary.
fn point(p: (f64, f64)) -> Option<String> {
    Some(format!("({}, {})", printed(p.0, 2)?, printed(p.1, 2)?))
}

/// The cast scene with the turned box at `box_deg`, the segment aimed at `aim` from `from`.
fn cast_lab(box_deg: f64, aim: f64, from: (f64, f64)) -> Lab {
    let mut lab = Lab::new(SceneId::Cast);
    press(&mut lab, "pca");
    command(&mut lab, &format!("angle {box_deg}"));
    press(&mut lab, "a");
    command(&mut lab, &format!("angle {aim}"));
    command(&mut lab, &format!("pos {:.7} {:.7}", from.0, from.1));
    lab
}

/// What the reference says a cast shows: `None` for a miss, else the fraction, the point and
/// the normal, each as printed (`None` where at a rounding boundary).
type Shown = Option<(Option<String>, Option<String>, Option<String>)>;

/// The reference cast from the typed start `from` (rounded to `f32` here, as stored).
fn reference_cast(box_deg: f64, aim: f64, from: (f64, f64)) -> (f64, Shown) {
    let poly = turned_box(box_deg);
    let typed = |x: f64| stored(format!("{x:.7}").parse().unwrap_or(x));
    let a = (typed(from.0), typed(from.1));
    let (s, c) = stored(aim).to_radians().sin_cos();
    let d = (6.0 * c, 6.0 * s);
    let inside = (0..poly.len()).all(|i| {
        let (e0, e1) = (poly[i], poly[(i + 1) % poly.len()]);
        (e1.0 - e0.0) * (a.1 - e0.1) - (e1.1 - e0.1) * (a.0 - e0.0) >= 0.0
    });
    let start_gap = if inside { -1.0 } else { nearest(a, &poly).0 };
    let Some(t) = first_within(a, d, &poly) else {
        return (start_gap, None);
    };
    let p = (a.0 + d.0 * t, a.1 + d.1 * t);
    let (dist, q) = nearest(p, &poly);
    let normal = ((p.0 - q.0) / dist, (p.1 - q.1) / dist);
    (start_gap, Some((printed(t, 4), point(p), point(normal))))
}

/// A cast past a turned box: its name, the box's angle, the aim, the start as typed, and the
/// fraction, point and normal the panel must show.
type Grazing = (
    &'static str,
    f64,
    f64,
    (f64, f64),
    &'static str,
    &'static str,
    &'static str,
);

#[test]
fn a_grazing_cast_s_normal_is_worked_out_in_f64() {
    // (name, box angle, aim, start typed, frac, hit at, normal): worked out in f64 on the
    // stored start, the box turned by the typed degrees and the path along the typed aim.
    let cases: &[Grazing] = &[
        (
            "60°, along the face line, leaving at the corner",
            60.0,
            60.0,
            (-3.799_038_1, -3.580_127),
            "0.5833",
            "(-2.05, -0.55)",
            "(-0.50, -0.87)",
        ),
        (
            "17°, parallel to a face, 5e-5 outside it",
            17.0,
            17.0,
            (-5.220_096, -0.027_353_6),
            "0.5833",
            "(-1.87, 1.00)",
            "(-0.97, 0.23)",
        ),
    ];
    for (name, box_deg, aim, from, frac, at, normal) in cases {
        let lab = cast_lab(*box_deg, *aim, *from);
        assert_eq!(lab.readout().verdict, Verdict::Hit, "{name}");
        assert_eq!(value(&lab, "path"), "grazes (within 1e-4)", "{name}");
        assert_eq!(value(&lab, "frac"), *frac, "{name}");
        assert_eq!(value(&lab, "hit at"), *at, "{name}");
        assert_eq!(value(&lab, "normal"), format!("{normal} out"), "{name}");
        let (_, Some((f, p, n))) = reference_cast(*box_deg, *aim, *from) else {
            panic!("{name}: the reference misses");
        };
        assert_eq!(
            (f, p, n),
            (
                Some((*frac).into()),
                Some((*at).into()),
                Some((*normal).into())
            ),
            "{name}"
        );
    }
}

#[test]
fn every_number_a_cast_at_a_turned_box_prints_agrees_with_the_f64_reference() {
    // Paths past each corner of the box turned by 17°, 30°, 45° and 60°, from several aims,
    // offset sideways from the corner by 0, ±5e-5, ±9e-5, ±1.02e-4, ±1.5e-4 and ±3e-4.
    let mut checked = 0;
    for box_deg in [17.0, 30.0, 45.0, 60.0] {
        let corners = turned_box(box_deg);
        for aim in [0.0, 17.0, 45.0, 60.0, 90.0, 150.0, 200.0, 300.0] {
            let (s, c) = f64::to_radians(aim).sin_cos();
            let side = (-s, c);
            for &corner in &corners {
                for offset in [
                    0.0, 5e-5, -5e-5, 9e-5, -9e-5, 1.02e-4, -1.02e-4, 1.5e-4, -1.5e-4, 3e-4, -3e-4,
                ] {
                    let from = (
                        corner.0 + side.0 * offset - c * 3.6,
                        corner.1 + side.1 * offset - s * 3.6,
                    );
                    let (start_gap, want) = reference_cast(box_deg, aim, from);
                    if start_gap <= 2.0 * TOL {
                        continue;
                    }
                    let lab = cast_lab(box_deg, aim, from);
                    let case =
                        format!("box {box_deg}°, aim {aim}°, corner {corner:?}, offset {offset}");
                    let Some((frac, at, normal)) = want else {
                        assert_eq!(lab.readout().verdict, Verdict::Miss, "{case}");
                        continue;
                    };
                    assert_eq!(lab.readout().verdict, Verdict::Hit, "{case}");
                    if let Some(frac) = frac {
                        assert_eq!(value(&lab, "frac"), frac, "{case}");
                    }
                    if let Some(at) = at {
                        assert_eq!(value(&lab, "hit at"), at, "{case}");
                    }
                    if let Some(normal) = normal {
                        assert_eq!(value(&lab, "normal"), format!("{normal} out"), "{case}");
                    }
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 200, "only {checked} hits checked");
}

/// A placement and the rows the panel must show: its name, the scene, the keys and prompt
/// lines (a string starting with `:` is a prompt line), and each row's label and value.
type Rows = (
    &'static str,
    SceneId,
    &'static [&'static str],
    &'static [(&'static str, &'static str)],
);

/// Places each case and checks its rows.
fn check_rows(cases: &[Rows]) {
    for (name, scene, inputs, rows) in cases {
        let mut lab = Lab::new(*scene);
        for input in *inputs {
            match input.strip_prefix(':') {
                Some(line) => command(&mut lab, line),
                None => press(&mut lab, input),
            }
        }
        for (label, want) in *rows {
            assert_eq!(
                maybe_value(&lab, label).as_deref(),
                Some(*want),
                "{name}: {label} in {:?}",
                lab.readout()
            );
        }
    }
}

#[test]
fn a_path_that_starts_inside_leaves_where_the_f64_gap_comes_back_to_zero() {
    // Worked out by hand: the box is 3 × 3 at the origin; the 30° box's face is 1.5 from its
    // centre, so a path along x from the centre leaves it 1.5 / cos 30° = 1.7320508 along,
    // t = 0.288675, through the face of outward normal (cos 30°, sin 30°). The sweep's A
    // (2 × 1.5) at (-1, 0) overlaps B by 1.5 on x and parts when its left side passes
    // x = 1.5, its centre at x = 2.5: t = 3.5 / 5 = 0.7.
    let cases: &[Rows] = &[
        (
            "cast: box, from inside along x",
            SceneId::Cast,
            &["p", ":pos -1 0"],
            &[
                ("start", "inside, depth 0.50"),
                ("exit", "0.4167"),
                ("leaves", "(1.50, 0.00)"),
                ("normal", "(1.00, 0.00) out"),
            ],
        ),
        (
            "cast: turned box at 30°, from its centre",
            SceneId::Cast,
            &["pca", ":angle 30", "a", ":pos 0 0"],
            &[
                ("start", "inside, depth 1.50"),
                ("exit", "0.2887"),
                ("leaves", "(1.73, 0.00)"),
                ("normal", "(0.87, 0.50) out"),
            ],
        ),
        (
            "cast: disk, from its centre straight down",
            SceneId::Cast,
            &["pcc", ":angle 90", ":pos 0 0"],
            &[
                ("start", "inside, depth 1.50"),
                ("exit", "0.2500"),
                ("leaves", "(0.00, 1.50)"),
                ("normal", "(0.00, 1.00) out"),
            ],
        ),
        (
            "sweep: A overlapping B, moving right",
            SceneId::Sweep,
            &["p", ":pos -1 0"],
            &[
                ("start", "overlap, depth 1.50"),
                ("parts", "0.7000"),
                ("ghost", "(2.50, 0.00)"),
                ("normal", "(1.00, 0.00) out"),
            ],
        ),
    ];
    check_rows(cases);
}

#[test]
fn a_path_that_starts_touching_says_whether_it_moves_in_or_slides_along() {
    let cases: &[Rows] = &[
        (
            "cast: 5e-5 off the box's left face, running down it",
            SceneId::Cast,
            &["p", ":angle 90", ":pos -1.50005 0.3"],
            &[
                ("start", "touching, slides along"),
                ("frac", "0.0000"),
                ("hit at", "(-1.50, 0.30)"),
                ("normal", "(-1.00, 0.00) out"),
            ],
        ),
        (
            "cast: 5e-5 off the box's left face, moving in",
            SceneId::Cast,
            &["p", ":pos -1.50005 0.3"],
            &[("start", "touching, moves in"), ("frac", "0.0000")],
        ),
        (
            "cast: 5e-5 off the box's left face, moving away",
            SceneId::Cast,
            &["p", ":angle 180", ":pos -1.50005 0.3"],
            &[("start", "touching, moves away")],
        ),
        (
            "sweep: on B's left face, sliding down",
            SceneId::Sweep,
            &["p", ":angle 90", ":pos -2.5 0"],
            &[
                ("start", "touching, slides along"),
                ("hit at", "(-1.50, 0.00)"),
                ("normal", "(-1.00, 0.00) out"),
            ],
        ),
        (
            "sweep: 5e-5 off B's left face, sliding down",
            SceneId::Sweep,
            &["p", ":angle 90", ":pos -2.50005 0"],
            &[
                ("start", "touching, slides along"),
                ("hit at", "(-1.50, 0.00)"),
                ("ghost", "(-2.50, 0.00)"),
            ],
        ),
        (
            "sweep: 5e-5 off B's left face, moving in",
            SceneId::Sweep,
            &["p", ":pos -2.50005 0.3"],
            &[
                ("start", "touching, moves in"),
                ("hit at", "(-1.50, 0.30)"),
                ("normal", "(-1.00, 0.00) out"),
            ],
        ),
    ];
    check_rows(cases);
}

#[test]
fn a_typed_position_shows_the_digits_it_was_typed_with() {
    let cases: &[Rows] = &[
        (
            "disk-aabb: the fourth decimal that makes it a miss, with the stored digits",
            SceneId::DiskAabb,
            &["p", ":pos -4.0001 0.3"],
            &[("disk", "(-4.00010014, 0.30)")],
        ),
        (
            "disk-aabb: two decimals stay two",
            SceneId::DiskAabb,
            &["p", ":pos -4 0.3"],
            &[("disk", "(-4.00, 0.30)")],
        ),
        (
            "cast: seven digits",
            SceneId::Cast,
            &["p", ":pos -3.7990381 -3.580127"],
            &[("from", "(-3.7990382, -3.580127)")],
        ),
        (
            "sweep: a box placed to 5e-5",
            SceneId::Sweep,
            &["p", ":pos -2.50005 0"],
            &[("A from", "(-2.50005, 0.00)")],
        ),
        (
            "disk-triangle",
            SceneId::DiskTriangle,
            &["p", ":pos -2.2470079 1.0060776"],
            &[("disk", "(-2.2470078, 1.0060776)")],
        ),
    ];
    check_rows(cases);
}

#[test]
fn two_boxes_corner_to_corner_just_apart_show_the_f64_normal() {
    // Box B (3 × 2) placed with its top-left corner a little over 1e-4 from box A's corner
    // (-4.75, 1) (A is 3 × 2 at (-6.25, 0)), in many directions: the normal is the direction
    // between the two stored corners, where the f32 points' rounding turned it by about 1e-3
    // (29.7° showed (0.87, 0.49) for (0.8686, 0.4955)).
    let mut checked = 0;
    for tenth in 0..=900 {
        let degrees = f64::from(tenth) / 10.0;
        for gap in [1.02e-4, 1.5e-4, 3e-4] {
            let (s, c) = degrees.to_radians().sin_cos();
            let typed = (-3.25 + gap * c, 2.0 + gap * s);
            let text = format!("pos {:.7} {:.7}", typed.0, typed.1);
            let stored_at = |x: f64| stored(format!("{x:.7}").parse().unwrap_or(x));
            let corner = (stored_at(typed.0) - 1.5, stored_at(typed.1) - 1.0);
            let (dx, dy) = (corner.0 + 4.75, corner.1 - 1.0);
            let dist = dx.hypot(dy);
            let Some(normal) = point((dx / dist, dy / dist)) else {
                continue;
            };
            let mut lab = Lab::new(SceneId::Distance);
            press(&mut lab, "pac");
            command(&mut lab, &text);
            let case = format!("{degrees}°, {gap}: {text}");
            assert_eq!(value(&lab, "test"), "GJK box × box", "{case}");
            assert_eq!(lab.readout().verdict, Verdict::Miss, "{case}");
            assert_eq!(value(&lab, "normal"), format!("{normal} → B"), "{case}");
            assert_eq!(value(&lab, "on A"), "(-4.75, 1.00)", "{case}");
            checked += 1;
        }
    }
    assert!(checked > 2000, "only {checked} checked");
}

#[test]
fn every_number_a_sweep_past_a_corner_prints_agrees_with_the_f64_reference() {
    // A (2 × 1.5) swept past B (3 × 3 at the origin), C and D moved out of the way: A's centre
    // against B grown by half of A, [-2.5, 2.5] × [-2.25, 2.25], past each of its corners,
    // offset sideways by 0, ±5e-5, ±9e-5, ±1.02e-4, ±1.5e-4 and ±3e-4. The normal is the
    // direction from the grown box's nearest point to A's centre when the centre is off it (a
    // corner gives the rounded corner's direction, as the cast scene's), else the face of the
    // widest of the four face gaps there; the point is on that face, at the middle of the
    // stretch A and B share along it.
    let grown = [(-2.5, -2.25), (2.5, -2.25), (2.5, 2.25), (-2.5, 2.25)];
    let mut checked = 0;
    for aim in [0.0, 17.0, 30.0, 45.0, 60.0, 90.0, 135.0, 200.0, 300.0] {
        let (s, c) = f64::to_radians(aim).sin_cos();
        for &corner in &grown {
            for offset in [
                0.0, 5e-5, -5e-5, 9e-5, -9e-5, 1.02e-4, -1.02e-4, 1.5e-4, -1.5e-4, 3e-4, -3e-4,
            ] {
                let from = (
                    corner.0 - s * offset - c * 3.0,
                    corner.1 + c * offset - s * 3.0,
                );
                let typed = |x: f64| stored(format!("{x:.7}").parse().unwrap_or(x));
                let a = (typed(from.0), typed(from.1));
                if a.0.abs() <= 2.5 + 2.0 * TOL && a.1.abs() <= 2.25 + 2.0 * TOL {
                    continue;
                }
                let (sa, ca) = stored(aim).to_radians().sin_cos();
                let d = (5.0 * ca, 5.0 * sa);
                let mut lab = Lab::new(SceneId::Sweep);
                press(&mut lab, "paa");
                command(&mut lab, "pos 35 35");
                press(&mut lab, "a");
                command(&mut lab, "pos -35 35");
                press(&mut lab, "a");
                command(&mut lab, &format!("angle {aim}"));
                command(&mut lab, &format!("pos {:.7} {:.7}", from.0, from.1));
                let case = format!("aim {aim}°, corner {corner:?}, offset {offset}");
                let Some(t) = first_within(a, d, &grown) else {
                    assert_eq!(lab.readout().verdict, Verdict::Miss, "{case}");
                    continue;
                };
                assert_eq!(lab.readout().verdict, Verdict::Hit, "{case}");
                assert_eq!(value(&lab, "meets"), "B", "{case}");
                let g = (a.0 + d.0 * t, a.1 + d.1 * t);
                let gaps = [-2.5 - g.0, g.0 - 2.5, -2.25 - g.1, g.1 - 2.25];
                let mut best = 0;
                for k in 1..4 {
                    if gaps[k] > gaps[best] {
                        best = k;
                    }
                }
                let middle = |lo: f64, hi: f64| (lo + hi) / 2.0;
                let (normal, at) = match best {
                    0 => (
                        (-1.0, 0.0),
                        (-1.5, middle((g.1 - 0.75).max(-1.5), (g.1 + 0.75).min(1.5))),
                    ),
                    1 => (
                        (1.0, 0.0),
                        (1.5, middle((g.1 - 0.75).max(-1.5), (g.1 + 0.75).min(1.5))),
                    ),
                    2 => (
                        (0.0, -1.0),
                        (middle((g.0 - 1.0).max(-1.5), (g.0 + 1.0).min(1.5)), -1.5),
                    ),
                    _ => (
                        (0.0, 1.0),
                        (middle((g.0 - 1.0).max(-1.5), (g.0 + 1.0).min(1.5)), 1.5),
                    ),
                };
                let mut sorted = gaps;
                sorted.sort_by(f64::total_cmp);
                let normal_clear = sorted[3] - sorted[2] > 1e-9;
                if let Some(toi) = printed(t, 4) {
                    assert_eq!(value(&lab, "toi"), toi, "{case}");
                }
                if let Some(ghost) = point(g) {
                    assert_eq!(value(&lab, "ghost"), ghost, "{case}");
                }
                let (off, q) = nearest(g, &grown);
                let outside = g.0.abs() > 2.5 || g.1.abs() > 2.25;
                if outside && off > 1e-9 {
                    if let Some(rounded) = point(((g.0 - q.0) / off, (g.1 - q.1) / off)) {
                        assert_eq!(value(&lab, "normal"), format!("{rounded} out"), "{case}");
                    }
                } else if normal_clear {
                    let normal = point(normal).unwrap_or_default();
                    assert_eq!(value(&lab, "normal"), format!("{normal} out"), "{case}");
                }
                if normal_clear && let Some(at) = point(at) {
                    assert_eq!(value(&lab, "hit at"), at, "{case}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 150, "only {checked} hits checked");
}
