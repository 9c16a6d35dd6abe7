//! Why a hint's next keys are what they are, in one line, where the rules can tell: worked
//! out by playing the hint's letters (and the rest of the solver's solution) on copies of the
//! world, so a reason is given only when the game shows it.
//!
//! The kinds, the first that holds is told:
//! - timing: the hint waits, and a bar that pushes moves a box during the waits ("wait: the
//!   bar carries the box, N beats"), or the same keys without the waits would not go through
//!   ("wait: a bar is in the way for N beats more"), or the rest of the solution would not
//!   after them ("wait N beats: without them a bar is in the way further on");
//! - shots: the hint ends in a shot that fells an enemy whose cell the player or a box enters
//!   later in the solution: "shoot the enemy first: it stands in the way"; or in a push of a
//!   box off a cell that a later shot of the solution flies through ("this box moves first:
//!   where it stood it would stop the shot") or is fired from ("this box moves first: the
//!   shot is fired from where it stood");
//! - order: the hint ends in a push of a box whose way on (the cells it takes for the rest of
//!   the solution) crosses a cell where another box, moved later, comes to rest after it has
//!   passed (at the end of one of its runs of pushes, or at the end): "this box goes first:
//!   the other would block its way";
//! - deadlock: a push the player could make at once (a step next to a box) loses the level
//!   by the deadlock test, and the hint does not make it: "not h: that push leaves a box that
//!   can never reach a goal".

use sokoshot_core::game::{Dir, Move, Outcome, Pending, World};
use sokoshot_core::level::Pos;
use sokoshot_core::solve::Deadlocks;

use super::aid::key_of;

/// The reason for the hint `now` (the keys shown) followed by `rest` (the solution after
/// them), from `world` as it stands; `None` when none of the kinds holds.
pub(crate) fn reason(
    world: &World,
    deadlocks: Option<&Deadlocks>,
    now: &[Move],
    rest: &[Move],
) -> Option<String> {
    timing(world, now, rest)
        .or_else(|| shots(world, now, rest))
        .or_else(|| order(world, now, rest))
        .or_else(|| deadlock(world, deadlocks, now))
}

/// A copy of `world` without history, to play letters on.
fn copy(world: &World) -> World {
    world.clone().without_history()
}

/// Whether playing `letter` on `world` does what it says: a step moves, a push pushes, a
/// shot fires, a wait waits.
fn goes_through(world: &mut World, letter: Move) -> bool {
    matches!(
        (letter, world.play_letter(letter)),
        (Move::Step(_), Ok(Outcome::Moved { .. }))
            | (Move::Push(_), Ok(Outcome::Pushed { .. }))
            | (Move::Fire, Ok(Outcome::Fired))
            | (Move::Wait, Ok(_))
    )
}

fn deadlock(world: &World, deadlocks: Option<&Deadlocks>, now: &[Move]) -> Option<String> {
    let deadlocks = deadlocks?;
    let first = now.first().copied();
    let bad: Vec<char> = Dir::ALL
        .into_iter()
        .filter(|&dir| first != Some(Move::Push(dir)))
        .filter(|&dir| {
            let mut after = copy(world);
            matches!(
                after.play_letter(Move::Push(dir)),
                Ok(Outcome::Pushed { .. })
            ) && deadlocks.check(&after).is_some()
        })
        .map(key_of)
        .collect();
    let keys: Vec<String> = bad.iter().map(char::to_string).collect();
    (!bad.is_empty()).then(|| {
        format!(
            "not {}: that push leaves a box that can never reach a goal",
            keys.join(" or ")
        )
    })
}

fn timing(world: &World, now: &[Move], rest: &[Move]) -> Option<String> {
    let waits = now.iter().filter(|&&m| m == Move::Wait).count();
    if waits == 0 {
        return None;
    }
    let beats = crate::words::count(waits, "beat");
    let mut played = copy(world);
    for &letter in now {
        let boxes = played.boxes().to_vec();
        played.play_letter(letter).ok()?;
        if letter == Move::Wait && played.boxes() != boxes.as_slice() {
            return Some(format!("wait: the bar carries the box, {beats}"));
        }
    }
    // The same keys without the waits, then the rest of the solution as it is.
    let mut hurried = copy(world);
    let hasty = now.iter().filter(|&&m| m != Move::Wait).count();
    let stuck = now
        .iter()
        .filter(|&&m| m != Move::Wait)
        .chain(rest)
        .position(|&letter| !goes_through(&mut hurried, letter))?;
    Some(if stuck < hasty {
        format!("wait: a bar is in the way for {beats} more")
    } else {
        format!("wait {beats}: without them a bar is in the way further on")
    })
}

fn shots(world: &World, now: &[Move], rest: &[Move]) -> Option<String> {
    match now.last() {
        Some(Move::Fire) => enemy_in_the_way(world, now, rest),
        Some(Move::Push(_)) => box_in_the_line_of_fire(world, now, rest),
        _ => None,
    }
}

/// The cell under a point of the board.
fn cell_of(p: sokoshot_core::geom::Vec2) -> Pos {
    Pos::new(p.x.floor() as i32, p.y.floor() as i32)
}

/// The hint ends in a push of a box off a cell that a shot fired later in the solution flies
/// through, or is fired from: where the box stood, it would have stopped that shot, or kept
/// the player from the cell it is fired from.
fn box_in_the_line_of_fire(world: &World, now: &[Move], rest: &[Move]) -> Option<String> {
    let mut played = copy(world);
    let mut from = None;
    for &letter in now {
        let boxes = played.boxes().to_vec();
        played.play_letter(letter).ok()?;
        from = boxes
            .iter()
            .zip(played.boxes())
            .find(|(was, is)| was != is)
            .map(|(&was, _)| was);
    }
    let from = from?;
    for &letter in rest {
        if letter != Move::Fire {
            played.play_letter(letter).ok()?;
            continue;
        }
        // The shot's flight, tick by tick, as play shows it.
        played.begin(Move::Fire).ok()?;
        let mut time = Pending::after(Move::Fire);
        loop {
            if played.box_at(from) {
                return None;
            }
            if from == played.player() {
                return Some(
                    "this box moves first: the shot is fired from where it stood".to_owned(),
                );
            }
            if played.shots().iter().any(|shot| cell_of(shot.pos) == from) {
                return Some(
                    "this box moves first: where it stood it would stop the shot".to_owned(),
                );
            }
            if !time.tick(&mut played) {
                break;
            }
        }
    }
    None
}

/// The hint ends in a shot that fells an enemy whose cell the player or a box enters later.
fn enemy_in_the_way(world: &World, now: &[Move], rest: &[Move]) -> Option<String> {
    let mut played = copy(world);
    for &letter in now {
        played.play_letter(letter).ok()?;
    }
    let fallen: Vec<Pos> = world
        .enemies()
        .iter()
        .copied()
        .filter(|e| !played.enemies().contains(e))
        .collect();
    for &letter in rest {
        if played.play_letter(letter).is_err() {
            break;
        }
        let entered = |cell: &Pos| played.player() == *cell || played.box_at(*cell);
        if fallen.iter().any(entered) {
            return Some("shoot the enemy first: it stands in the way".to_owned());
        }
    }
    None
}

fn order(world: &World, now: &[Move], rest: &[Move]) -> Option<String> {
    if !matches!(now.last(), Some(Move::Push(_))) {
        return None;
    }
    let mut played = copy(world);
    let mut moved = None;
    for &letter in now {
        let boxes = played.boxes().to_vec();
        played.play_letter(letter).ok()?;
        moved = (0..boxes.len()).find(|&i| boxes[i] != played.boxes()[i]);
    }
    let moved = moved?;
    // The cells the box pushed now takes on its way, each with the last letter it stood there
    // at; and each cell where another box comes to rest, with the letter it comes to rest at:
    // the end of a run of pushes of that box (the next box pushed is another), or the end.
    let mut way = vec![(played.boxes()[moved], 0)];
    let mut rests: Vec<(Pos, usize)> = Vec::new();
    let mut last_pushed: Option<usize> = None;
    for (t, &letter) in rest.iter().enumerate() {
        let boxes = played.boxes().to_vec();
        if played.play_letter(letter).is_err() {
            break;
        }
        for (i, (&was, &is)) in boxes.iter().zip(played.boxes()).enumerate() {
            if was == is {
                continue;
            }
            if i == moved {
                way.push((is, t + 1));
            }
            if let Some(before) = last_pushed.filter(|&b| b != i && b != moved) {
                rests.push((boxes[before], t));
            }
            last_pushed = Some(i);
        }
    }
    if let Some(last) = last_pushed.filter(|&b| b != moved) {
        rests.push((played.boxes()[last], rest.len()));
    }
    let blocks = rests.iter().any(|&(cell, rested)| {
        way.iter()
            .filter(|&&(at, _)| at == cell)
            .all(|&(_, passed)| passed < rested)
            && way.iter().any(|&(at, _)| at == cell)
    });
    blocks.then(|| "this box goes first: the other would block its way".to_owned())
}

#[cfg(test)]
mod tests {
    use super::super::aid::letters;
    use super::*;
    use sokoshot_core::level::Level;

    /// The reason for the hint after `played` on `level`, `solution` being the whole of it.
    fn reason_after(level: &str, solution: &str, played: &str) -> Option<String> {
        let level: Level = level.parse().expect("test level");
        let mut world = World::new(&level).expect("plays");
        for letter in letters(played) {
            world.play_letter(letter).expect("the solution plays");
        }
        let all = letters(solution);
        let left = &all[letters(played).len()..];
        let end = left
            .iter()
            .position(|m| matches!(m, Move::Push(_) | Move::Fire))
            .map_or(left.len(), |i| i + 1);
        let (now, rest) = left.split_at(end);
        let deadlocks = Deadlocks::new(&level).ok();
        reason(&world, deadlocks.as_ref(), now, rest)
    }

    #[test]
    fn each_kind_of_reason_on_a_level_made_for_it() {
        let blocking_gate = "#########\n#@  #   #\n#   %   #\n# $    ##\n######.##\n     ###\n\
Spinner: 4,2 length=3 speed=45 angle=0\n";
        let pushing_gate = "#########\n##### ###\n##     .#\n##  % ###\n##    ###\n##   $###\n\
#####@###\n#########\nSpinner: 4,3 length=3 speed=-30 angle=0 pushes\n";
        let cases = [
            (
                "timing: a bar blocks the push",
                blocking_gate,
                "2d2R11w2R8wurD",
                "2d2R",
                Some("wait 11 beats: without them a bar is in the way further on"),
            ),
            (
                "timing: a bar carries the box",
                pushing_gate,
                "9w2Ud3l3ur6wrw2R",
                "9w2Ud3l3ur",
                Some("wait: the bar carries the box, 7 beats"),
            ),
            (
                "shots: the enemy stands where the player goes",
                "#######\n#@ E$.#\n#######\n",
                "rfrR",
                "",
                Some("shoot the enemy first: it stands in the way"),
            ),
            (
                "shots: the box stands in the line of fire",
                "#########\n#  @#####\n#  $   E#\n#  .#####\n#########\n",
                "Dllrf",
                "",
                Some("this box moves first: where it stood it would stop the shot"),
            ),
            (
                "shots: the box stands where the shot is fired from",
                "#########\n#  @#####\n#  $   E#\n#  .#####\n#########\n",
                "Dlrf",
                "",
                Some("this box moves first: the shot is fired from where it stood"),
            ),
            (
                "order: the far goal first",
                "#######\n#  @  #\n# $$  #\n## ####\n##.####\n##.####\n#######\n",
                "lDDDuuurrdLulDD",
                "",
                Some("this box goes first: the other would block its way"),
            ),
            (
                "order: the last box has none to wait for",
                "#######\n#  @  #\n# $$  #\n## ####\n##.####\n##.####\n#######\n",
                "lDDDuuurrdLulDD",
                "lDDDuuurrdLul",
                None,
            ),
            (
                "deadlock: the push at hand",
                "######\n#    #\n# $@ #\n#   .#\n######\n",
                "ulldRRurD",
                "",
                Some("not h: that push leaves a box that can never reach a goal"),
            ),
        ];
        for (name, level, solution, played, want) in cases {
            assert_eq!(
                reason_after(level, solution, played).as_deref(),
                want,
                "{name}"
            );
        }
    }

    /// On the hard tests of the campaign, following the stored solution hint by hint, some
    /// hint says why: a box's way crossing where another box is parked for a while (not only
    /// where it ends), the kind of order these levels turn on, and the enemy shot first.
    #[test]
    fn twin_guards_sentry_lookout_and_finale_each_get_a_reason() {
        let pack =
            sokoshot_core::level::parse_pack(include_str!("../../../../levels/campaign.xsb"))
                .into_pack()
                .expect("the campaign loads");
        for title in ["Twin Guards", "Sentry", "Lookout", "Finale"] {
            let level = pack
                .levels
                .iter()
                .find(|l| l.title.as_deref() == Some(title))
                .expect("in the campaign");
            let deadlocks = Deadlocks::new(level).ok();
            let mut world = World::new(level).expect("plays");
            let all = letters(level.solution.as_deref().expect("a solution"));
            let mut left = all.as_slice();
            let mut reasons = Vec::new();
            while !left.is_empty() {
                let end = left
                    .iter()
                    .position(|m| matches!(m, Move::Push(_) | Move::Fire))
                    .map_or(left.len(), |i| i + 1);
                let (now, rest) = left.split_at(end);
                reasons.push(reason(&world, deadlocks.as_ref(), now, rest));
                for &letter in now {
                    world.play_letter(letter).expect("the solution plays");
                }
                left = rest;
            }
            assert!(world.is_solved(), "{title}");
            assert!(
                reasons.iter().any(Option::is_some),
                "{title}: no hint says why"
            );
            // The first hint, where a stuck player starts, says why on the three whose box
            // order is the puzzle (on Sentry the first push is not yet the hard part).
            if title != "Sentry" {
                assert!(reasons[0].is_some(), "{title}: the first hint says why");
            }
        }
    }
}
