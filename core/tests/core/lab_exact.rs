//! Decisions worked out in `f64` on the values as placed, never on `f32` edges or sums: each
//! case an independent check found wrong is pinned with its numbers, with variants at other
//! placements of the same kind. The expected numbers were worked out by hand on the stored
//! `f32` inputs: `1.5501` is stored as `1.5500999689`, a 0.1 box's half size as
//! `0.0500000007`, so that box's edge is at `1.5000999682`, `9.9968e-5` from `1.5` (touching),
//! where the edge rounded to `f32` (`1.50010002`) would be `1.0002e-4` away (apart).
//! `-7.5001` is stored as `-7.50010014`: a path of 6 from there ends `1.0014e-4` short of
//! `-1.5` (apart).

use sokoshot_core::lab::{Lab, SceneId, Verdict};

use crate::lab_support::{command, maybe_value, press, step_lines, value};

/// A scene after `keys` (pressed) and prompt lines, in the order given: a key string starting
/// with `:` is a prompt line.
fn placed(scene: SceneId, inputs: &[&str]) -> Lab {
    let mut lab = Lab::new(scene);
    for input in inputs {
        match input.strip_prefix(':') {
            Some(line) => command(&mut lab, line),
            None => press(&mut lab, input),
        }
    }
    lab
}

/// A placement and what the panel must show: its name, the scene, the keys and prompt lines,
/// the verdict, and one row's label and value.
type Touch = (
    &'static str,
    SceneId,
    &'static [&'static str],
    Verdict,
    &'static str,
    &'static str,
);

/// Places each case and checks its verdict and its row.
fn check(cases: &[Touch]) {
    for (name, scene, inputs, verdict, label, want) in cases {
        let lab = placed(*scene, inputs);
        assert_eq!(
            lab.readout().verdict,
            *verdict,
            "{name}: {:?}",
            lab.readout()
        );
        assert_eq!(value(&lab, label), *want, "{name}");
    }
}

#[test]
fn a_touch_within_the_tolerance_on_the_placed_edges_is_a_hit_in_every_scene() {
    let cases: &[Touch] = &[
        (
            "aabb: 0.1 box 9.9968e-5 under B",
            SceneId::AabbAabb,
            &[":size 0.1 0.1", ":pos 0 1.5501"],
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        (
            "aabb: its comparison is touching",
            SceneId::AabbAabb,
            &[":size 0.1 0.1", ":pos 0 1.5501"],
            Verdict::Hit,
            "4",
            "≈ A.top <= B.bottom",
        ),
        (
            "aabb: the mirror above B",
            SceneId::AabbAabb,
            &[":size 0.1 0.1", ":pos 0 -1.5501"],
            Verdict::Hit,
            "3",
            "≈ A.bottom >= B.top",
        ),
        (
            "aabb: a 0.3 box 9.9987e-5 under B",
            SceneId::AabbAabb,
            &[":size 0.3 0.3", ":pos 0 1.6501"],
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        (
            "aabb: corner to corner the y gap is touching, the distance apart",
            SceneId::AabbAabb,
            &[":size 0.1 0.1", ":pos -2.0501 1.5501"],
            Verdict::Miss,
            "y gap",
            "touching",
        ),
        (
            "aabb: and its x gap (1.0009e-4) is apart",
            SceneId::AabbAabb,
            &[":size 0.1 0.1", ":pos -2.0501 1.5501"],
            Verdict::Miss,
            "x gap",
            "0.0001001",
        ),
        (
            "disk-aabb: a 0.1 box under a disk of radius 1",
            SceneId::DiskAabb,
            &[":size 0.1 0.1", ":pos 0 1.0501"],
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        (
            "disk-aabb: on the x side",
            SceneId::DiskAabb,
            &[":size 0.1 0.1", ":pos -1.0501 0"],
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        (
            "disk-aabb: a 0.3 box",
            SceneId::DiskAabb,
            &[":size 0.3 0.3", ":pos 0 1.1501"],
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        (
            "disk-obb: the box turned by 90 is tested as an AABB too",
            SceneId::DiskObb,
            &[":angle 90", ":size 0.1 0.1", ":pos 1.0501 0"],
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        (
            "distance: box × box",
            SceneId::Distance,
            &["aca", ":size 0.1 0.1", ":pos 0 1.0501"],
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        (
            "distance: the mirror",
            SceneId::Distance,
            &["aca", ":size 0.1 0.1", ":pos 0 -1.0501"],
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        (
            "distance: on the x side, a 0.3 box",
            SceneId::Distance,
            &["aca", ":size 0.3 0.3", ":pos 1.6501 0"],
            Verdict::Hit,
            "depth",
            "0 (touching)",
        ),
        (
            "obb-obb: blue y touching",
            SceneId::ObbObb,
            &[
                "a",
                ":angle 0",
                ":size 0.1 0.1",
                "a",
                ":angle 0",
                ":size 6 2",
                ":pos 0 1.0501",
            ],
            Verdict::Hit,
            "axis 2",
            "blue y  touching",
        ),
        (
            "obb-obb: green y touching",
            SceneId::ObbObb,
            &[
                "a",
                ":angle 0",
                ":size 0.1 0.1",
                "a",
                ":angle 0",
                ":size 6 2",
                ":pos 0 1.0501",
            ],
            Verdict::Hit,
            "axis 4",
            "green y touching",
        ),
        (
            "obb-obb: a 0.3 green box",
            SceneId::ObbObb,
            &[
                "a",
                ":angle 0",
                ":size 0.3 0.3",
                "a",
                ":angle 0",
                ":size 6 2",
                ":pos 0 1.1501",
            ],
            Verdict::Hit,
            "axis 2",
            "blue y  touching",
        ),
    ];
    check(cases);
}

#[test]
fn a_touch_just_past_the_tolerance_stays_apart() {
    // The same kinds, placed 1.1e-4 away: apart in f64 too.
    let cases: &[(&str, SceneId, &[&str], &str, &str)] = &[
        (
            "aabb",
            SceneId::AabbAabb,
            &[":size 0.1 0.1", ":pos 0 1.55011"],
            "dist",
            "0.00011",
        ),
        (
            "disk-aabb",
            SceneId::DiskAabb,
            &[":size 0.1 0.1", ":pos 0 1.05011"],
            "gap",
            "0.00011",
        ),
        (
            "distance",
            SceneId::Distance,
            &["aca", ":size 0.1 0.1", ":pos 0 1.05011"],
            "dist",
            "0.00011",
        ),
    ];
    for (name, scene, inputs, label, want) in cases {
        let lab = placed(*scene, inputs);
        assert_eq!(lab.readout().verdict, Verdict::Miss, "{name}");
        assert_eq!(value(&lab, label), *want, "{name}");
    }
}

#[test]
fn a_cast_or_sweep_that_ends_more_than_the_tolerance_short_misses() {
    // (name, scene, inputs, verdict)
    let cases: &[(&str, SceneId, &[&str], Verdict)] = &[
        (
            "box, 1.0014e-4 short",
            SceneId::Cast,
            &[":pos -7.5001 0"],
            Verdict::Miss,
        ),
        (
            "turned box",
            SceneId::Cast,
            &["c", ":pos -7.5001 0"],
            Verdict::Miss,
        ),
        (
            "disk",
            SceneId::Cast,
            &["cc", ":pos -7.5001 0"],
            Verdict::Miss,
        ),
        (
            "bar",
            SceneId::Cast,
            &["cccc", ":pos -7.5001 0"],
            Verdict::Miss,
        ),
        (
            "box, upwards",
            SceneId::Cast,
            &[":angle 90", ":pos 0 -7.5001"],
            Verdict::Miss,
        ),
        (
            "box, 1.0967e-4 short",
            SceneId::Cast,
            &[":pos -7.50011 0"],
            Verdict::Miss,
        ),
        (
            "box, 9.01e-5 short",
            SceneId::Cast,
            &[":pos -7.50009 0"],
            Verdict::Hit,
        ),
        (
            "box, 4.96e-5 short",
            SceneId::Cast,
            &[":pos -7.50005 0.5"],
            Verdict::Hit,
        ),
        (
            "sweep, 1.0014e-4 short",
            SceneId::Sweep,
            &[":pos -7.5001 0"],
            Verdict::Miss,
        ),
        (
            "sweep, upwards",
            SceneId::Sweep,
            &[":angle 90", ":pos 0 -7.2501"],
            Verdict::Miss,
        ),
        (
            "sweep, 9.01e-5 short",
            SceneId::Sweep,
            &[":pos -7.50009 0"],
            Verdict::Hit,
        ),
    ];
    for (name, scene, inputs, verdict) in cases {
        let lab = placed(*scene, inputs);
        assert_eq!(
            lab.readout().verdict,
            *verdict,
            "{name}: {:?}",
            lab.readout()
        );
        if *verdict == Verdict::Miss {
            let label = if *scene == SceneId::Cast {
                "frac"
            } else {
                "toi"
            };
            assert!(value(&lab, label).starts_with('—'), "{name}");
        }
    }
}

#[test]
fn a_cast_s_fraction_is_where_it_first_comes_within_the_tolerance() {
    // (name, inputs, frac): the fraction t of the 6-long path at which the point is first
    // 1e-4 from the target, worked out by hand: for the disk of radius 1.5 along y,
    // x = −√(1.5001² − y²), t = (x + 5) / 6.
    let cases: &[(&str, &[&str], &str)] = &[
        ("disk, tangent", &["cc", ":pos -5 1.5"], "0.8304"),
        ("disk, tangent below", &["cc", ":pos -5 -1.5"], "0.8304"),
        ("disk, 5e-5 outside", &["cc", ":pos -5 1.50005"], "0.8313"),
        ("disk, 9e-5 outside", &["cc", ":pos -5 1.50009"], "0.8324"),
        ("disk, enters", &["cc", ":pos -5 1.4999"], "0.8293"),
        // The slope's long side is x + y = 0: at y = 1 the point is 1e-4 from it at
        // x = −1 − 1e-4·√2, t = 0.666643.
        ("slope", &["ccc", ":pos -5 1"], "0.6666"),
        (
            "bar at 30°",
            &["cccc", "a", ":angle 30", "a", ":pos -5 0"],
            "0.7916",
        ),
        // Head on at the box's face x = −1.5: t = (3.5 − 1e-4) / 6 = 0.583317.
        ("box, head on", &[":pos -5 0"], "0.5833"),
    ];
    for (name, inputs, want) in cases {
        let lab = placed(SceneId::Cast, inputs);
        assert_eq!(lab.readout().verdict, Verdict::Hit, "{name}");
        assert_eq!(value(&lab, "frac"), *want, "{name}");
    }
}

#[test]
fn a_cast_further_from_the_disk_never_hits_earlier() {
    // The fraction grows as the path moves out past the disk's top, until it misses.
    let mut last = 0.0_f64;
    for k in 0..=60 {
        let y = 1.49 + f64::from(k) * 0.000_2;
        let lab = placed(SceneId::Cast, &["cc", &format!(":pos -5 {y:.4}")]);
        let Some(frac) = maybe_value(&lab, "frac").and_then(|f| f.parse::<f64>().ok()) else {
            assert!(y > 1.5, "misses only past the tolerance: {y}");
            continue;
        };
        assert!(frac >= last, "y {y}: {frac} after {last}");
        last = frac;
    }
}

#[test]
fn a_push_below_a_hundredth_keeps_its_digits_and_the_sweep_shows_every_size() {
    let cases: &[(&str, &str, &str)] = &[
        ("depth 0.0002 on x", ":pos -3.9998 0", "(-0.00020, 0.00)"),
        ("depth 0.00015 on y", ":pos -1 -2.49985", "(0.00, -0.00015)"),
        (
            "depth 0.0002 on the right",
            ":pos 3.9998 0",
            "(0.00020, 0.00)",
        ),
        ("plain", ":pos 2 2", "(0.00, 0.50)"),
    ];
    for (name, pos, want) in cases {
        let lab = placed(SceneId::AabbAabb, &[":size 4 2", pos]);
        assert_eq!(value(&lab, "push A"), *want, "{name}");
    }
    let mut lab = Lab::new(SceneId::Sweep);
    let sizes = ["B size", "C size", "D size"].map(|label| value(&lab, label));
    assert_eq!(sizes, ["3.00 × 3.00", "2.00 × 1.00", "1.00 × 2.00"]);
    press(&mut lab, "aa");
    command(&mut lab, "size 2 2");
    assert_eq!(value(&lab, "C size"), "2.00 × 2.00");
}

#[test]
fn a_number_is_rounded_once_from_its_exact_value() {
    // Gaps worked out in f64 on the stored inputs, each a few 1e-8 below a rounding boundary:
    // the triangle's gaps printed `1.01` (1.00499999523 × 100 is 100.5 in `f32`), and the
    // distance scene's triangle, its corners worked out in `f32`, gave 1.50005e-4 (`0.0002`)
    // for 1.499954e-4.
    let cases: &[Touch] = &[
        (
            "disk-triangle at 17°, gap 1.004999986",
            SceneId::DiskTriangle,
            &[":pos -3.44071078 0.42699784", "a", ":angle 17"],
            Verdict::Miss,
            "gap",
            "1.00",
        ),
        (
            "disk-triangle at 30° beside AB, gap 1.004999996",
            SceneId::DiskTriangle,
            &[":pos -3.44857931 -0.35793668", "a", ":angle 30"],
            Verdict::Miss,
            "gap",
            "1.00",
        ),
        (
            "disk-triangle at 60° beside BC, gap 1.004999997",
            SceneId::DiskTriangle,
            &[":pos -0.390593976 3.18757224", "a", ":angle 60"],
            Verdict::Miss,
            "gap",
            "1.00",
        ),
        (
            "distance: a triangle at 17° and a disk, 1.499954e-4",
            SceneId::Distance,
            &[
                "ccc",
                ":pos -2.01890893 -2.69187857",
                ":angle 17",
                "a",
                "ccc",
                ":pos 0 0",
                ":radius 1.5",
            ],
            Verdict::Miss,
            "dist",
            "0.00015",
        ),
    ];
    check(cases);
}

#[test]
fn an_overlap_equal_on_both_axes_leaves_along_y_as_the_page_does() {
    // noonat's `if (px < py)` moves along x only when x is strictly shorter.
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "A above and left",
            ":pos -3.5 2",
            "(0.00, 0.50)",
            "(0.00, 1.00) → A",
        ),
        (
            "A below and right",
            ":pos 3.5 -2",
            "(0.00, -0.50)",
            "(0.00, -1.00) → A",
        ),
        (
            "x shorter",
            ":pos -3.6 2",
            "(-0.40, 0.00)",
            "(-1.00, 0.00) → A",
        ),
    ];
    for (name, pos, push, normal) in cases {
        let lab = placed(SceneId::AabbAabb, &[pos]);
        assert_eq!(lab.readout().verdict, Verdict::Hit, "{name}");
        assert_eq!(value(&lab, "push A"), *push, "{name}");
        assert_eq!(value(&lab, "normal"), *normal, "{name}");
    }
    // Within 1e-4 of touching but apart, the contact point is shown as for a touch: on B's
    // face, in the middle of the overlap along it.
    let lab = placed(SceneId::AabbAabb, &[":pos 4.00009 -0.3"]);
    assert_eq!(lab.readout().verdict, Verdict::Hit);
    assert_eq!(value(&lab, "point"), "(2.00, -0.30)");
    // On a hit the panel shows both overlaps, the two the push chose between.
    let lab = placed(SceneId::AabbAabb, &[":pos -3.6 2"]);
    assert_eq!(value(&lab, "x gap"), "overlap 0.40");
    assert_eq!(value(&lab, "y gap"), "overlap 0.50");
}

#[test]
fn a_turned_box_s_gap_follows_its_angle_as_typed() {
    // A box typed at 30° is turned by 30° exactly in the f64 gap; its f32 axis is off by
    // about 3e-8, which moved these gaps (1.00006e-4 to 1.00040e-4, worked out on the typed
    // angle and the stored centre and sizes) across the tolerance or off in their digits.
    let cases: &[Touch] = &[
        (
            "disk-obb at 30°, 1.00015e-4 above the top face",
            SceneId::DiskObb,
            &["p", ":angle 30", ":radius 1", ":pos 3.434189 2.05201"],
            Verdict::Miss,
            "gap",
            "0.00010002",
        ),
        (
            "disk-obb at 30°, 1.00006e-4 beside a corner",
            SceneId::DiskObb,
            &["p", ":angle 30", ":radius 1", ":pos -0.06474259 2.2721374"],
            Verdict::Miss,
            "gap",
            "0.00010001",
        ),
        (
            "disk-obb at 30°, 1.00039e-4",
            SceneId::DiskObb,
            &["p", ":angle 30", ":radius 1", ":pos 3.5691879 1.8181853"],
            Verdict::Miss,
            "gap",
            "0.00010004",
        ),
        (
            "disk-obb at 45°, 1.04961e-4",
            SceneId::DiskObb,
            &["p", ":angle 45", ":radius 1", ":pos 2.6163693 3.0406334"],
            Verdict::Miss,
            "gap",
            "0.000105",
        ),
        (
            "distance: a turned box and a disk, mirrored",
            SceneId::Distance,
            &[
                "c",
                ":size 6 2",
                ":angle 30",
                "a",
                "ccc",
                ":radius 1",
                "a",
                ":pos -3.434189 -2.05201",
            ],
            Verdict::Miss,
            "dist",
            "0.00010002",
        ),
    ];
    check(cases);
}

#[test]
fn a_sweep_starting_just_off_a_face_meets_it_on_the_face() {
    // A starts 5e-5 off B's face (touching) and slides along it: the contact is on B's face,
    // at the middle of the stretch they share, as where A starts exactly on the face; not A's
    // own centre (the f32 sweep finds no hit there).
    let cases: &[Touch] = &[
        (
            "off B's left face, sliding down",
            SceneId::Sweep,
            &["p", ":angle 90", ":pos -2.50005 0"],
            Verdict::Hit,
            "hit at",
            "(-1.50, 0.00)",
        ),
        (
            "under B, sliding left",
            SceneId::Sweep,
            &["p", ":angle 180", ":pos 1 -2.25005"],
            Verdict::Hit,
            "hit at",
            "(0.75, -1.50)",
        ),
        (
            "over B, sliding right",
            SceneId::Sweep,
            &["p", ":angle 0", ":pos 0.5 2.25005"],
            Verdict::Hit,
            "hit at",
            "(0.50, 1.50)",
        ),
        (
            "under B exactly on the face",
            SceneId::Sweep,
            &["p", ":angle 180", ":pos 1 -2.25"],
            Verdict::Hit,
            "hit at",
            "(0.75, -1.50)",
        ),
        (
            "exactly on the face, as before",
            SceneId::Sweep,
            &["p", ":angle 90", ":pos -2.5 0"],
            Verdict::Hit,
            "hit at",
            "(-1.50, 0.00)",
        ),
    ];
    check(cases);
}

#[test]
fn sat_boxes_apart_show_the_direction_between_their_closest_points() {
    // Apart, the normal is the direction from the green box's closest point to the blue
    // one's, as in every scene; an axis gap is no distance, and its axis is that direction
    // only when a face is nearest.
    let cases: &[Touch] = &[
        (
            "corner to corner, every axis gap within the tolerance",
            SceneId::ObbObb,
            &[":pos -6.00008 2.00008", "a", ":angle 0"],
            Verdict::Miss,
            "normal",
            "(-0.71, 0.71) → blue",
        ),
        (
            "corner to corner, 1.4e-4 apart",
            SceneId::ObbObb,
            &["a", ":angle 0", "a", ":pos -6.0001 -2.0001"],
            Verdict::Miss,
            "normal",
            "(-0.71, -0.71) → blue",
        ),
        (
            "green at 60°, its corner nearest, the axis gap 0.4958",
            SceneId::ObbObb,
            &["a", ":angle 60", "a", ":pos 5.86185112 1.03360251"],
            Verdict::Miss,
            "normal",
            "(0.99, -0.13) → blue",
        ),
        (
            "face to face",
            SceneId::ObbObb,
            &["a", ":angle 0", "a", ":pos -6.5 0"],
            Verdict::Miss,
            "normal",
            "(-1.00, 0.00) → blue",
        ),
    ];
    check(cases);
    // Every axis gap within the tolerance, yet apart: the panel says why.
    let lab = placed(SceneId::ObbObb, &[":pos -6.00008 2.00008", "a", ":angle 0"]);
    assert_eq!(value(&lab, "sep"), "none: corner to corner");
}

#[test]
fn a_disk_on_a_turned_corner_gets_the_normal_of_where_its_centre_is() {
    // The centre within 1e-7 of a corner of the box turned by 30° (the default 6 × 2 at the
    // origin, radius 1): the exact centre is outside the top face by about 9e-8 and nearest
    // to it, so the normal is that face's, where the `f32` contact gave the side's (0.87, 0.50).
    let lab = placed(
        SceneId::DiskObb,
        &[":pos 2.09807621 2.36602540", "a", ":angle 30"],
    );
    assert_eq!(value(&lab, "normal"), "(-0.50, 0.87) → disk");
    // Inside, near the same corner: the top face is the shallower by 6.6e-8 (0.10000002
    // against 0.10000008 in f64), so the way out is through it.
    let lab = placed(SceneId::DiskObb, &[":pos 2.06147367 2.22942286"]);
    assert_eq!(value(&lab, "normal"), "(-0.50, 0.87) → disk");
    assert_eq!(value(&lab, "near"), "(2.01, 2.32)");
}

#[test]
fn a_depth_rounding_up_to_a_hundredth_keeps_two_significant_digits() {
    // Two 0.1 boxes overlapping by 0.00999999791 on each axis (y on the tie): `0.010`, where
    // four decimals gave `0.0100`.
    let lab = placed(
        SceneId::AabbAabb,
        &["a", ":size 0.1 0.1", "a", ":size 0.1 0.1", ":pos 0.09 0.09"],
    );
    assert_eq!(value(&lab, "depth"), "0.010");
    assert_eq!(value(&lab, "push A"), "(0.00, 0.010)");
}

#[test]
fn a_disk_inside_exactly_as_near_two_faces_leaves_along_y_as_the_boxes_do() {
    // 0.5 from the right face and 0.5 from the top one of the 6 × 2 box: the tie goes to y,
    // as aabb-aabb's push does.
    let lab = placed(SceneId::DiskAabb, &[":pos 2.5 0.5"]);
    assert_eq!(value(&lab, "normal"), "(0.00, 1.00) → disk");
    let lab = placed(SceneId::DiskAabb, &[":pos -2.5 -0.5"]);
    assert_eq!(value(&lab, "normal"), "(0.00, -1.00) → disk");
}

#[test]
fn the_steps_work_their_numbers_in_f64_as_the_panel_does() {
    // Disk-obb's corner step summed ax² + ay² in `f32` beside a gap in `f64`: 1.0000005 above
    // r² with a negative gap. Each sum here is worked out in f64 on the stored inputs.
    let cases: &[(&str, &str, &str, &str)] = &[
        (
            "17°",
            ":pos 3.04601413 2.71636746",
            ":angle 17",
            "ax² + ay² = 0.99999998",
        ),
        (
            "45°",
            ":pos 1.41421356 3.82842712",
            ":angle 45",
            "ax² + ay² = 0.9999999",
        ),
        (
            "60°",
            ":pos 0.37515555 4.06400204",
            ":angle 60",
            "ax² + ay² = 1.00000001",
        ),
    ];
    for (name, pos, angle, want) in cases {
        let lab = placed(SceneId::DiskObb, &["p", pos, "a", angle, "e"]);
        let lines = step_lines(&lab, "in the corner square?");
        assert!(lines.iter().any(|l| l == want), "{name}: {lines:?}");
    }
    // A squared distance of about 1e-14 keeps two significant digits, not `0.00`.
    let lab = placed(SceneId::DiskTriangle, &["p", ":pos 0.3 -1.2", "e"]);
    let lines = step_lines(&lab, "edge CA: squared distance");
    assert!(!lines[0].starts_with("d² = 0.00,"), "{lines:?}");
}

#[test]
fn step_numbers_near_a_hundredth_and_near_the_tolerance_keep_their_digits() {
    // Disk × box's corner sum just below r² = 0.01 printed `0.010` beside `0.01`.
    let lab = placed(
        SceneId::DiskAabb,
        &["p", ":radius 0.1", ":pos 3.0374419 1.092672", "e"],
    );
    let lines = step_lines(&lab, "in the corner square?");
    assert!(
        lines.contains(&"ax² + ay² = 0.00999".to_owned()),
        "{lines:?}"
    );
    assert!(lines.contains(&"r² = 0.01000".to_owned()), "{lines:?}");
    // GJK's distance between two boxes (B made a box, A moved) in its last step: 1.2e-4
    // printed `|v| = 0.00`; near the tolerance it takes the digits that tell it from 1e-4, as
    // the panel's gap.
    for (pos, want, verdict) in [
        (":pos -3.00012 0.3", "|v| = 0.00012", "→ MISS"),
        (":pos -3.000102 0.6", "|v| = 0.000102", "→ MISS"),
        (":pos -3.0000997 0.6", "|v| = 0.0000997", "→ HIT"),
    ] {
        let lab = placed(SceneId::Distance, &["p", "a", "c", "a", pos, "e"]);
        let (_, steps) = lab.step().expect("steps shown");
        let last_v = steps
            .iter()
            .flat_map(|s| s.lines.iter())
            .rfind(|l| l.starts_with("|v| = "))
            .cloned();
        assert_eq!(last_v.as_deref(), Some(want), "{pos}");
        // Two boxes have no radius to take off.
        let result = step_lines(&lab, "result").last().cloned();
        assert_eq!(result.as_deref(), Some(verdict), "{pos}");
    }
    // A disk has one.
    let lab = placed(SceneId::Distance, &["p", "a", "ccc", "a", ":pos -5 0", "e"]);
    let result = step_lines(&lab, "result").last().cloned();
    assert_eq!(result.as_deref(), Some("(radius taken off) → MISS"));
}
