//! Saved results follow levels by their text, not their number: reordering the campaign (or
//! any pack) keeps every solved level solved, with its best figures, at its new place.

use sokoshot_core::level::{Level, parse_pack};
use sokoshot_core::store::progress::{Figures, Progress, level_id};

const CAMPAIGN: &str = include_str!("../../../levels/campaign.xsb");
const PACK: &str = "built-in:Campaign";

fn campaign() -> Vec<Level> {
    parse_pack(CAMPAIGN)
        .into_pack()
        .expect("campaign loads")
        .levels
}

fn figures(i: usize) -> Figures {
    let n = u32::try_from(i).expect("small");
    Figures {
        moves: 10 + n,
        pushes: n,
        shots: n % 3,
    }
}

/// Progress with every even-numbered level of the campaign solved, in its shipped order.
fn solved_evens(levels: &[Level]) -> Progress {
    let mut progress = Progress::default();
    for (i, level) in levels.iter().enumerate().step_by(2) {
        progress.record(PACK, i, level_id(level), figures(i));
    }
    progress
}

#[test]
fn a_reordered_campaign_keeps_each_solved_level_solved_at_its_new_place() {
    let levels = campaign();
    let saved: Progress = solved_evens(&levels)
        .to_string()
        .parse()
        .expect("progress reads back");
    let reordered: Vec<(usize, &Level)> = levels.iter().enumerate().rev().collect();
    for (new_index, &(old_index, level)) in reordered.iter().enumerate() {
        let best = saved.best(PACK, new_index, level_id(level));
        if old_index % 2 == 0 {
            let best = best.unwrap_or_else(|| panic!("level {} lost its result", old_index + 1));
            let want = figures(old_index);
            assert_eq!(
                (best.moves, best.pushes, best.shots),
                (want.moves, want.pushes, want.shots)
            );
        } else {
            assert_eq!(best, None, "level {} was never solved", old_index + 1);
        }
    }
}

#[test]
fn solving_a_moved_level_again_moves_its_record_and_keeps_the_best() {
    let levels = campaign();
    let mut progress = solved_evens(&levels);
    let (old, new) = (0, levels.len() - 1);
    let id = level_id(&levels[old]);
    let worse = Figures {
        moves: 99,
        pushes: 99,
        shots: 99,
    };
    assert!(
        !progress.record(PACK, new, id, worse),
        "no better than before"
    );
    let best = progress.best(PACK, new, id).expect("still solved");
    assert_eq!(best.moves, figures(old).moves);
    let lines = progress.to_string();
    assert_eq!(
        lines.matches(&format!("id={id:016x}")).count(),
        1,
        "one record per level:\n{lines}"
    );
}
