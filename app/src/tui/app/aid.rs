//! The solver beside the player: the deadlock warning after a push that loses the level, the
//! dead squares shown on `d`, warnings turned off and on with `D`, and hints on `i`.
//!
//! The warning comes from [`Deadlocks::check`], which is sound: a position it calls lost can
//! never be solved, so the warning is never false. A hint is the solver's solution from the
//! position shown, cut after its next push or shot (see [`crate::tui::hint`]); the rest is
//! kept, so `i` after following a hint answers at once with the next one.

use super::App;
use crate::tui::hint::{Answer, HintBudget, HintJob};
use sokoshot_core::game::{Dir, Move, State, TICKS_PER_SECOND, WAIT_TICKS, parse_moves};
use sokoshot_core::level::Pos;
use sokoshot_core::solve::{Deadlocks, Lost};

/// The setting that remembers whether deadlock warnings are on.
pub const WARNINGS_SETTING: &str = "deadlock-warnings";

/// What the solver aids keep for the level in play.
#[derive(Debug, Default)]
pub(crate) struct Aid {
    /// The level's deadlock test, worked out at the first push.
    deadlocks: Option<Deadlocks>,
    /// Why the position shown is lost, if it is.
    pub(crate) lost: Option<Lost>,
    /// Whether dead squares are shown.
    pub(crate) show_dead: bool,
    /// Whether deadlock warnings are off.
    pub(crate) warnings_off: bool,
    /// The hint being worked out.
    pub(crate) job: Option<HintJob>,
    /// The hint shown: the position it is for and the cells its path crosses.
    pub(crate) shown: Option<(State, Vec<Pos>)>,
    /// The rest of the solver's solution after the hint shown, and the position it starts at.
    plan: Option<(State, Vec<Move>)>,
    /// Hints given on this level.
    pub(crate) hints_used: u32,
    /// What a hint may cost.
    pub(crate) budget: HintBudget,
}

/// The game key that steps in `dir`.
fn key_of(dir: Dir) -> char {
    match dir {
        Dir::Left => 'h',
        Dir::Down => 'j',
        Dir::Up => 'k',
        Dir::Right => 'l',
    }
}

/// The letters up to and including the first push or shot, and the rest.
fn next_push(letters: &[Move]) -> (&[Move], &[Move]) {
    let end = letters
        .iter()
        .position(|m| matches!(m, Move::Push(_) | Move::Fire))
        .map_or(letters.len(), |i| i + 1);
    letters.split_at(end)
}

/// The keys that play `letters`, as the hint names them: `h j k l` for steps and pushes,
/// `space` for a shot, and a run of waits (`w`, [`WAIT_TICKS`] ticks each) in a player's
/// words, since there is no key to press: "wait about 1 s for the bar" on a level whose
/// bars turn (`bars` true), "wait about 1 s" elsewhere.
#[must_use]
pub fn keys_for(letters: &[Move], bars: bool) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut keys = String::new();
    let mut waits = 0u32;
    let flush_keys = |keys: &mut String, parts: &mut Vec<String>| {
        if !keys.is_empty() {
            parts.push(keys.split_whitespace().collect::<Vec<_>>().join(" "));
            keys.clear();
        }
    };
    for (i, letter) in letters.iter().enumerate() {
        match letter {
            Move::Step(dir) | Move::Push(dir) => keys.push(key_of(*dir)),
            Move::Fire => keys.push_str(" space "),
            Move::Wait => waits += 1,
        }
        let wait_ends = waits > 0 && !matches!(letters.get(i + 1), Some(Move::Wait));
        if wait_ends {
            flush_keys(&mut keys, &mut parts);
            let what = if bars { " for the bar" } else { "" };
            parts.push(format!("wait about {}{what}", seconds(waits)));
            waits = 0;
        }
    }
    flush_keys(&mut keys, &mut parts);
    parts.join(", ")
}

/// `waits` waits as a time a player can count: to the nearest half second, at least half a
/// second ("0.5 s", "1 s", "1.5 s").
fn seconds(waits: u32) -> String {
    let ticks = u64::from(waits) * u64::from(WAIT_TICKS);
    let per_second = u64::from(TICKS_PER_SECOND);
    let halves = ((ticks * 2 + per_second / 2) / per_second).max(1);
    if halves % 2 == 0 {
        format!("{} s", halves / 2)
    } else {
        format!("{}.5 s", halves / 2)
    }
}

impl App {
    /// Hints given on the level in play (shown and kept with a solve).
    #[must_use]
    pub fn hints_used(&self) -> u32 {
        self.tools.aid.hints_used
    }

    /// Sets what a hint may cost (tests give a budget in positions so answers repeat).
    pub fn set_hint_budget(&mut self, budget: HintBudget) {
        self.tools.aid.budget = budget;
    }

    /// Takes the deadlock-warning setting from the progress (at start).
    pub(super) fn read_aid_settings(&mut self) {
        self.tools.aid.warnings_off = self.progress.setting(WARNINGS_SETTING) == Some("off");
    }

    /// After the world changed: whether it is lost now, and why.
    pub(super) fn check_lost(&mut self) {
        let aid = &mut self.tools.aid;
        let world = &self.current.world;
        if aid.deadlocks.is_none() && world.counters().pushes + world.counters().shots > 0 {
            aid.deadlocks = Deadlocks::new(world.level()).ok();
        }
        aid.lost = aid.deadlocks.as_ref().and_then(|d| d.check(world));
    }

    /// The warning to show while the position is lost and warnings are on.
    #[must_use]
    pub fn deadlock_warning(&self) -> Option<String> {
        let aid = &self.tools.aid;
        let lost = aid.lost.filter(|_| !aid.warnings_off)?;
        Some(format!(
            "deadlock: {lost} · u undoes (D turns warnings off)"
        ))
    }

    /// The boxes drawn as dead: those on dead squares and the one a frozen deadlock names.
    pub(crate) fn dead_boxes(&self) -> Vec<Pos> {
        let aid = &self.tools.aid;
        if aid.warnings_off || aid.lost.is_none() {
            return Vec::new();
        }
        let world = &self.current.world;
        let mut dead: Vec<Pos> = world
            .boxes()
            .iter()
            .copied()
            .filter(|&b| {
                aid.deadlocks
                    .as_ref()
                    .is_some_and(|d| d.is_dead_square(world.level(), b))
            })
            .collect();
        if let Some(Lost::Frozen { at } | Lost::DeadSquare { at }) = aid.lost {
            dead.push(at);
        }
        dead
    }

    /// The dead squares to draw faintly, when `d` asked for them.
    pub(crate) fn dead_squares(&self) -> Option<Vec<bool>> {
        if !self.tools.aid.show_dead {
            return None;
        }
        let level = self.current.world.level();
        let deadlocks = self.tools.aid.deadlocks.as_ref()?;
        let cells = (0..level.height).flat_map(|y| (0..level.width).map(move |x| Pos::new(x, y)));
        Some(cells.map(|p| deadlocks.is_dead_square(level, p)).collect())
    }

    /// `d`: dead squares shown or hidden.
    pub(super) fn toggle_dead_squares(&mut self) {
        let aid = &mut self.tools.aid;
        if aid.deadlocks.is_none() {
            aid.deadlocks = Deadlocks::new(self.current.world.level()).ok();
        }
        if aid.deadlocks.is_none() {
            return self.tell("this level is too large for the deadlock test", true);
        }
        aid.show_dead = !aid.show_dead;
        let text = if aid.show_dead {
            "dead squares shown: a box pushed onto one can never reach a goal (d hides)"
        } else {
            "dead squares hidden"
        };
        self.tell(text, false);
    }

    /// `D`: deadlock warnings off or on.
    pub(super) fn toggle_warnings(&mut self) {
        let aid = &mut self.tools.aid;
        aid.warnings_off = !aid.warnings_off;
        let (text, value) = if aid.warnings_off {
            ("deadlock warnings off (D turns them on)", "off")
        } else {
            ("deadlock warnings on", "on")
        };
        self.progress.set_setting(WARNINGS_SETTING, value);
        self.write_progress();
        self.tell(text, false);
    }

    /// `i`: the next hint, at once if the last solution still applies, else from the solver.
    pub(super) fn ask_hint(&mut self) {
        let state = self.current.world.state().clone();
        if let Some((from, rest)) = self.tools.aid.plan.take()
            && from == state
            && !rest.is_empty()
        {
            return self.show_hint(rest);
        }
        self.tools.aid.shown = None;
        self.tools.aid.job = Some(HintJob::start(&self.current.world, self.tools.aid.budget));
    }

    /// Whether the solver is working, for a hint or for `w`.
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.tools.aid.job.is_some() || self.tools.watch_job.is_some()
    }

    /// Whether a hint (not a solution for `w`) is being worked out.
    #[must_use]
    pub fn hint_pending(&self) -> bool {
        self.tools.aid.job.is_some()
    }

    /// Takes the hint's answer if it has come. Returns whether anything on screen changed.
    pub(super) fn poll_hint(&mut self) -> bool {
        let Some(job) = &self.tools.aid.job else {
            return false;
        };
        let Some(answer) = job.poll() else {
            return false;
        };
        let job = self.tools.aid.job.take();
        if job.is_none_or(|job| job.state != *self.current.world.state()) {
            self.tell("the hint was for an earlier position: press i again", false);
            return true;
        }
        match answer {
            Answer::Solution(letters) => match parse_moves(&letters) {
                Ok(tokens) => {
                    let moves = tokens
                        .iter()
                        .flat_map(|t| std::iter::repeat_n(t.action, t.count as usize))
                        .collect();
                    self.show_hint(moves);
                }
                Err(err) => self.tell(format!("no hint: {err}"), true),
            },
            Answer::Lost { undo: Some(n) } => {
                let steps = if n == 1 { "step" } else { "steps" };
                self.tell(
                    format!("hint: no solution from here: undo {n} {steps} (u)"),
                    true,
                );
            }
            Answer::Lost { undo: None } => {
                self.tell(
                    "hint: no solution from here: undo further back (u) or restart (r)",
                    true,
                );
            }
            Answer::OutOfTime => self.tell("hint: no hint found in time", true),
            Answer::Busy => self.tell(
                "hint: the server is busy with other players' hints; ask again in a moment",
                true,
            ),
            Answer::Unsolvable(why) => self.tell(format!("hint: none here: {why}"), true),
        }
        true
    }

    /// Shows the letters up to the next push as keys and the cells they cross, and keeps the
    /// rest for the next `i`.
    fn show_hint(&mut self, letters: Vec<Move>) {
        let (now, rest) = next_push(&letters);
        let mut world = self.current.world.clone();
        let mut path = vec![world.player()];
        for letter in now {
            if let Move::Step(dir) | Move::Push(dir) = letter {
                let _ = world.apply(sokoshot_core::game::Command::Step(*dir));
                path.push(world.player());
            }
        }
        let start = self.current.world.state().clone();
        self.tools.aid.plan = Some((world.state().clone(), rest.to_vec()));
        self.tools.aid.shown = Some((start, path));
        self.tools.aid.hints_used += 1;
        let level = self.current.world.level();
        let bars = level.spinners.iter().any(|s| s.speed != 0.0);
        let keys = keys_for(now, bars);
        let what = if now.iter().any(|m| matches!(m, Move::Push(_))) {
            "the last key pushes"
        } else if now.iter().any(|m| matches!(m, Move::Fire)) {
            "then fire"
        } else {
            "and the level is solved"
        };
        self.tell(format!("hint: {keys} ({what}; i for the next)"), false);
    }

    /// The cells the hint shown crosses, while the position is the one it is for.
    pub(crate) fn hint_path(&self) -> Option<&[Pos]> {
        let (state, path) = self.tools.aid.shown.as_ref()?;
        (state == self.current.world.state()).then_some(path.as_slice())
    }

    /// Forgets the aids of the level left behind.
    pub(super) fn reset_aid(&mut self) {
        let aid = &mut self.tools.aid;
        let (warnings_off, budget) = (aid.warnings_off, aid.budget);
        *aid = Aid {
            warnings_off,
            budget,
            ..Aid::default()
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn letters(text: &str) -> Vec<Move> {
        parse_moves(text)
            .expect("test moves")
            .iter()
            .flat_map(|t| std::iter::repeat_n(t.action, t.count as usize))
            .collect()
    }

    #[test]
    fn a_hint_names_the_keys_up_to_the_next_push_or_shot_and_a_wait_in_a_players_words() {
        let cases = [
            ("walk then push", "rrdLuu", true, "lljh"),
            ("push at once", "Uddd", true, "k"),
            ("fire ends it", "lfR", true, "h space"),
            (
                "a wait in words",
                "wwf",
                true,
                "wait about 0.5 s for the bar, space",
            ),
            (
                "one wait",
                "rwR",
                true,
                "l, wait about 0.5 s for the bar, l",
            ),
            ("four waits", "4wR", true, "wait about 1 s for the bar, l"),
            (
                "sixteen waits",
                "ur16wR",
                true,
                "kl, wait about 4 s for the bar, l",
            ),
            ("no bar turns", "6wf", false, "wait about 1.5 s, space"),
            ("no push left", "lurd", true, "hklj"),
        ];
        for (name, text, bars, want) in cases {
            let all = letters(text);
            let (now, _) = next_push(&all);
            let got = keys_for(now, bars);
            assert_eq!(got, want, "{name}");
            assert!(
                !got.contains(" w ") && !got.ends_with('w'),
                "{name}: no `w` key"
            );
        }
    }
}
