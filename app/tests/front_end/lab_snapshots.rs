//! Snapshots of every lab scene with its steps shown, rendered into ratatui's `TestBackend`
//! at 80×24 in colour, without colour (`NO_COLOR`) and in `--ascii`. Each snapshot is the
//! screen's text and, for colour, a second grid with one letter per cell for its colour, so
//! that a change of ink shows as a diff. They are insta snapshots in `app/tests/snapshots/`
//! (`lab__*.snap`): review a change with `cargo insta review`, or write them with
//! `INSTA_UPDATE=always` after a deliberate one, and read the diff.

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use sokoshot::tui::lab_view::{LabView, Palette};
use sokoshot_core::lab::{Key, Lab, SceneId};

use crate::support::{colour_letter, style_letter, text_and_looks};

fn render(lab: &Lab, palette: Palette) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test backend");
    terminal
        .draw(|frame| frame.render_widget(LabView::new(lab, palette), frame.area()))
        .expect("draw");
    terminal.backend().buffer().clone()
}

fn snapshot(buf: &Buffer, palette: Palette) -> String {
    text_and_looks(buf, "----", |cell| {
        if palette.color {
            colour_letter(cell.fg)
        } else {
            style_letter(cell.modifier)
        }
    })
}

fn check(name: &str, actual: &str) {
    insta::with_settings!({
        snapshot_path => "../snapshots",
        prepend_module_to_snapshot => false,
        omit_expression => true,
    }, {
        insta::assert_snapshot!(name, actual);
    });
}

/// Each scene, moved to where its steps have something to say, with the steps shown and
/// stepped to the one that decides.
fn scene_with_steps(scene: SceneId) -> Lab {
    let mut lab = Lab::new(scene);
    let keys: &[(char, usize)] = match scene {
        SceneId::DiskAabb => &[('l', 10), ('k', 3)],
        SceneId::DiskObb => &[('l', 9), ('k', 2)],
        SceneId::ObbObb => &[('c', 1)],
        SceneId::DiskTriangle => &[('l', 13), ('k', 2)],
        SceneId::Slope => &[('m', 1), (' ', 1)],
        SceneId::AabbAabb => &[('l', 8)],
        SceneId::Cast => &[('l', 9), ('c', 3), ('k', 1)],
        SceneId::Sweep => &[('l', 2), ('r', 3)],
        SceneId::Shot => &[],
        SceneId::Distance => &[('l', 4), ('k', 1)],
    };
    for &(key, times) in keys {
        for _ in 0..times {
            lab.press(Key::Char(key));
        }
    }
    if scene == SceneId::Slope {
        // Three jumps of the page's point: the third crosses the slope.
        for _ in 0..45 {
            lab.tick();
        }
        lab.press(Key::Char(' '));
    }
    lab.press(Key::Char('e'));
    let steps = lab.step().map_or(0, |(_, s)| s.len());
    let decides = lab
        .step()
        .and_then(|(_, s)| s.iter().position(|step| step.decides))
        .unwrap_or(0);
    for _ in 0..decides.min(steps) {
        lab.press(Key::Char(']'));
    }
    lab
}

#[test]
fn every_scene_with_its_steps_in_colour_no_color_and_ascii() {
    let palettes = [
        (
            "color",
            Palette {
                color: true,
                ascii: false,
            },
        ),
        (
            "no_color",
            Palette {
                color: false,
                ascii: false,
            },
        ),
        (
            "ascii",
            Palette {
                color: false,
                ascii: true,
            },
        ),
    ];
    for scene in SceneId::ALL {
        let lab = scene_with_steps(scene);
        for (mode, palette) in palettes {
            let buf = render(&lab, palette);
            check(
                &format!("lab__{}_{mode}", scene.name()),
                &snapshot(&buf, palette),
            );
        }
    }
}

#[test]
fn ascii_screens_hold_only_printable_ascii() {
    let palette = Palette {
        color: false,
        ascii: true,
    };
    for scene in SceneId::ALL {
        let mut lab = scene_with_steps(scene);
        lab.press(Key::Char('?'));
        for lab in [scene_with_steps(scene), lab] {
            let buf = render(&lab, palette);
            for cell in buf.content() {
                let symbol = cell.symbol();
                assert!(
                    symbol.chars().all(|c| c == ' ' || c.is_ascii_graphic()),
                    "{scene}: {symbol:?}"
                );
            }
        }
    }
}

#[test]
fn without_colour_the_legend_names_each_role_with_its_own_mark() {
    for palette in [
        Palette {
            color: false,
            ascii: false,
        },
        Palette {
            color: false,
            ascii: true,
        },
    ] {
        let lab = scene_with_steps(SceneId::DiskObb);
        let buf = render(&lab, palette);
        let legend: String = (22..24)
            .map(|y| (0..49).map(|x| buf[(x, y)].symbol()).collect::<String>())
            .collect();
        for name in ["active", "other", "tested"] {
            assert!(legend.contains(name), "{palette:?}: {legend}");
        }
        // Each name is preceded by a sample of its own, different from the others'.
        let samples: Vec<&str> = legend
            .split("  ")
            .filter_map(|item| item.trim().split_once(' ').map(|(sample, _)| sample))
            .collect();
        let mut unique = samples.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), samples.len(), "{palette:?}: {samples:?}");
    }
}

/// Counts the cells showing `?`.
fn question_marks(buf: &Buffer) -> usize {
    buf.content().iter().filter(|c| c.symbol() == "?").count()
}

#[test]
fn ascii_spells_every_character_instead_of_a_question_mark() {
    // A character without an ASCII spelling turns into `?`: at every step of every scene the
    // ASCII screen holds no more of them than the Unicode one (the "? keys" hint, questions).
    let unicode = Palette {
        color: false,
        ascii: false,
    };
    let ascii = Palette {
        color: false,
        ascii: true,
    };
    for scene in SceneId::ALL {
        let mut lab = scene_with_steps(scene);
        while lab.step().is_some_and(|(at, _)| at > 0) {
            lab.press(Key::Char('['));
        }
        let steps = lab.step().map_or(1, |(_, s)| s.len());
        for at in 0..steps {
            let (plain, spelled) = (render(&lab, unicode), render(&lab, ascii));
            assert_eq!(
                question_marks(&spelled),
                question_marks(&plain),
                "{scene} step {at}:\n{}",
                snapshot(&spelled, ascii)
            );
            lab.press(Key::Char(']'));
        }
    }
}

/// Types `line` at the `:` prompt.
fn command(lab: &mut Lab, line: &str) {
    lab.press(Key::Char(':'));
    for c in line.chars() {
        lab.press(Key::Char(c));
    }
    lab.press(Key::Enter);
}

#[test]
fn placements_an_independent_check_reported_show_the_corrected_panel() {
    // Each placement as reported, in colour at 80×24: the aabb gap that was the larger axis
    // gap (1.50, the distance is 1.80), a comparison within the tolerance that was marked ✓,
    // a disk gap of 1.0014e-4 printed as 0.0001, the distance scene's deep points off the box,
    // and the help, which now states the rule for a cast that starts touching and moves away
    // and turns the green box with g rather than q.
    let cases: &[(&str, SceneId, &[&str], &[char])] = &[
        (
            "aabb_corner",
            SceneId::AabbAabb,
            &["pos -5 -4"],
            &['e', ']', ']', ']', ']'],
        ),
        (
            "aabb_within_tolerance",
            SceneId::AabbAabb,
            &["pos -4.00005 0"],
            &['e'],
        ),
        (
            "disk_aabb_past_tolerance",
            SceneId::DiskAabb,
            &["pos -4.0001 0.3"],
            &['e', ']'],
        ),
        (
            "distance_deep_points",
            SceneId::Distance,
            &["pos -2 0.5"],
            &[],
        ),
        (
            "cast_touching_moving_away",
            SceneId::Cast,
            &["pos -1.5 0.3", "angle 180"],
            &['?'],
        ),
        ("obb_help", SceneId::ObbObb, &[], &['?']),
    ];
    let palette = Palette {
        color: true,
        ascii: false,
    };
    for (name, scene, commands, keys) in cases {
        let mut lab = Lab::new(*scene);
        for line in *commands {
            command(&mut lab, line);
        }
        for key in *keys {
            lab.press(Key::Char(*key));
        }
        check(
            &format!("lab_placement__{name}"),
            &snapshot(&render(&lab, palette), palette),
        );
    }
}
