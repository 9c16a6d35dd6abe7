//! The solver beside the player: the deadlock warning after a push that loses the level, the
//! dead squares and the warnings turned on and off in the options (`o`), and hints on `i`.
//!
//! The warning comes from [`Deadlocks::check`], which is sound: a position it calls lost can
//! never be solved, so the warning is never false. A hint is the solver's solution from the
//! whole position in play (boxes, enemies, shots left, the clock; no shot is ever in flight
//! between keys), cut after its next push or shot (see [`crate::tui::hint`]) and named as the
//! keys to type (`hint: kll space . . l`), with the reason behind them where the rules can
//! tell (see `why`); the rest is kept, so `i` after following a hint
//! answers at once with the next one, and from any other position it is worked out afresh.

use super::App;
use crate::tui::hint::{Answer, HintBudget, HintJob};
use crate::words::count;
use sokoshot_core::game::{Dir, Move, State, Token, World, parse_moves};
use sokoshot_core::level::Pos;
use sokoshot_core::solve::hint::Hint;
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
pub(super) fn key_of(dir: Dir) -> char {
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

/// The letters of a solution's tokens, each count spelled out (`3R` as three pushes).
fn spelled_out(tokens: &[Token]) -> Vec<Move> {
    tokens
        .iter()
        .flat_map(|t| std::iter::repeat_n(t.action, t.count as usize))
        .collect()
}

/// The letters of a solution written as text, for the tests of hints and their reasons.
#[cfg(test)]
pub(super) fn letters(text: &str) -> Vec<Move> {
    spelled_out(&parse_moves(text).expect("test moves"))
}

/// Waits written one `.` each up to this many; more are written with a count (`4.`).
const DOTS_SPELLED_OUT: usize = 3;

/// The keys that play `letters`, exactly as they are typed, separated by spaces: each run of
/// steps and pushes as one word of `h j k l`, `space` for a shot, and `.` for each wait (a
/// run of more than three waits as a count, `4.`): `kll space . . l`.
#[must_use]
pub fn keys_for(letters: &[Move]) -> String {
    let kind = |m: &Move| match m {
        Move::Step(_) | Move::Push(_) => 0,
        Move::Wait => 1,
        Move::Fire => 2,
    };
    let mut words: Vec<String> = Vec::new();
    for run in letters.chunk_by(|a, b| kind(a) == kind(b) && kind(a) != 2) {
        match run[0] {
            Move::Step(_) | Move::Push(_) => words.push(
                run.iter()
                    .filter_map(|m| match m {
                        Move::Step(dir) | Move::Push(dir) => Some(key_of(*dir)),
                        Move::Fire | Move::Wait => None,
                    })
                    .collect(),
            ),
            Move::Fire => words.push("space".to_owned()),
            Move::Wait if run.len() <= DOTS_SPELLED_OUT => {
                words.extend(std::iter::repeat_n(".".to_owned(), run.len()));
            }
            Move::Wait => words.push(format!("{}.", run.len())),
        }
    }
    words.join(" ")
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
        // The box a warning is about is drawn dead on the board: the warning points at its
        // mark rather than at coordinates, so that it fits one line at 80 columns.
        let mark = self.theme.glyph(crate::tui::theme::Thing::DeadBox);
        let what = match lost {
            Lost::DeadSquare { .. } => format!("the box {mark} can never reach a goal"),
            Lost::Frozen { .. } => {
                format!("the box {mark} can never move again and is not on a goal")
            }
            Lost::ShutIn { .. } => {
                format!("the boxes shut in with {mark} can never all reach goals")
            }
            Lost::Pair { .. } => {
                let pair = self.theme.glyph(crate::tui::theme::Thing::LostPair);
                format!("the two boxes {pair} can never both reach goals")
            }
            other => other.to_string(),
        };
        Some(format!("deadlock: {what} · u undoes"))
    }

    /// The two boxes of a lost pair (each could reach a goal alone, not both), drawn with a
    /// mark of their own rather than as dead.
    pub(crate) fn lost_pair(&self) -> Option<[Pos; 2]> {
        let aid = &self.tools.aid;
        match aid.lost.filter(|_| !aid.warnings_off) {
            Some(Lost::Pair { at, with }) => Some([at, with]),
            _ => None,
        }
    }

    /// The boxes drawn as dead: those on dead squares and the one a frozen deadlock names
    /// (not a lost pair's, see [`App::lost_pair`]).
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
        if let Some(Lost::Frozen { at } | Lost::DeadSquare { at } | Lost::ShutIn { at }) = aid.lost
        {
            dead.push(at);
        }
        dead
    }

    /// The dead squares to draw faintly, when the options ask for them.
    pub(crate) fn dead_squares(&self) -> Option<Vec<bool>> {
        if !self.tools.aid.show_dead {
            return None;
        }
        let level = self.current.world.level();
        let deadlocks = self.tools.aid.deadlocks.as_ref()?;
        let cells = (0..level.height).flat_map(|y| (0..level.width).map(move |x| Pos::new(x, y)));
        Some(cells.map(|p| deadlocks.is_dead_square(level, p)).collect())
    }

    /// Dead squares shown or hidden.
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
            "dead squares shown: a box pushed onto one can never reach a goal"
        } else {
            "dead squares hidden"
        };
        self.tell(text, false);
    }

    /// Deadlock warnings off or on (a setting kept in the progress).
    pub(super) fn toggle_warnings(&mut self) {
        let aid = &mut self.tools.aid;
        aid.warnings_off = !aid.warnings_off;
        let (text, value) = if aid.warnings_off {
            ("deadlock warnings off", "off")
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
        // Asked again while the hint for this very position is worked out: the same search
        // goes on (a new one would only cancel it and start a thread of its own).
        if self
            .tools
            .aid
            .job
            .as_ref()
            .is_some_and(|job| job.state == state)
        {
            return;
        }
        self.tools.aid.shown = None;
        self.tools.aid.job = Some(HintJob::start(&self.current.world, self.tools.aid.budget));
    }

    /// Whether something works beside the game and its answer is awaited: the solver (a
    /// hint, `w`, the proof of the fewest pushes) or the store (the scores, a slow save).
    #[must_use]
    pub fn is_thinking(&self) -> bool {
        self.tools.aid.job.is_some()
            || self.tools.watch_job.is_some()
            || self.proof_pending()
            || self.scores_pending()
            || self.save_pending()
    }

    /// Whether a hint (not a solution for `w`) is being worked out.
    #[must_use]
    pub fn hint_pending(&self) -> bool {
        self.tools.aid.job.is_some()
    }

    /// Where the hint asked for stands in the server's line, while it waits for its turn.
    #[must_use]
    pub fn hint_place(&self) -> Option<usize> {
        self.tools.aid.job.as_ref().and_then(HintJob::place)
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
            Answer::Hint(Hint::Solution(letters)) => match parse_moves(&letters) {
                Ok(tokens) => self.show_hint(spelled_out(&tokens)),
                Err(err) => self.tell(format!("no hint: {err}"), true),
            },
            Answer::Hint(Hint::Lost { undo: Some(n) }) => {
                self.tell(
                    format!(
                        "hint: no solution from here: undo {} (u)",
                        count(n as u64, "step")
                    ),
                    true,
                );
            }
            Answer::Hint(Hint::Lost { undo: None }) => {
                self.tell(
                    "hint: no solution from here: undo further back (u) or restart (r)",
                    true,
                );
            }
            Answer::Hint(Hint::OutOfTime) => self.tell("hint: no hint found in time", true),
            Answer::Busy => self.tell(
                "hint: the server is busy with other players' hints; ask again in a moment",
                true,
            ),
            Answer::Hint(Hint::Unsolvable(why)) => {
                self.tell(format!("hint: none here: {why}"), true);
            }
        }
        true
    }

    /// Shows the letters up to the next push or shot as keys and the cells they cross, and
    /// keeps the rest for the next `i`, with the position it starts from: the one those
    /// letters reach on the game's clock, shot and clock included, so a hint followed only
    /// in part (a shot skipped) is worked out afresh.
    fn show_hint(&mut self, letters: Vec<Move>) {
        let (now, rest) = next_push(&letters);
        let start = self.current.world.state().clone();
        let Ok(world) = World::new(self.current.world.level()) else {
            return;
        };
        let mut world = world.without_history();
        world.set_state(start.clone());
        let mut path = vec![world.player()];
        for &letter in now {
            let _ = world.play_letter(letter);
            if matches!(letter, Move::Step(_) | Move::Push(_)) {
                path.push(world.player());
            }
        }
        self.tools.aid.plan = Some((world.state().clone(), rest.to_vec()));
        self.tools.aid.shown = Some((start, path));
        self.tools.aid.hints_used += 1;
        let keys = keys_for(now);
        let what = match now.last() {
            Some(Move::Push(_)) => "the last key pushes; ",
            Some(Move::Fire) => "the last key fires; ",
            _ if world.is_solved() => "and the level is solved; ",
            _ => "",
        };
        if self.tools.aid.deadlocks.is_none() {
            self.tools.aid.deadlocks = Deadlocks::new(self.current.world.level()).ok();
        }
        let why = super::why::reason(
            &self.current.world,
            self.tools.aid.deadlocks.as_ref(),
            now,
            rest,
        );
        let why = why.map_or_else(String::new, |why| format!(" · {why}"));
        self.tell(format!("hint: {keys} ({what}i for the next){why}"), false);
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

    #[test]
    fn a_hint_names_the_keys_up_to_the_next_push_or_shot_and_a_wait_in_a_players_words() {
        let cases = [
            ("walk then push", "rrdLuu", "lljh"),
            ("push at once", "Uddd", "k"),
            ("fire ends it", "lfR", "h space"),
            ("waits then fire", "wwf", ". . space"),
            ("one wait", "rwR", "l . l"),
            ("three waits", "u3wR", "k . . . l"),
            ("four waits as a count", "4wR", "4. l"),
            ("sixteen waits", "ur16wR", "kl 16. l"),
            ("steps, a shot, waits, a step", "urrfwwrrR", "kll space"),
            ("no push left", "lurd", "hklj"),
        ];
        for (name, text, want) in cases {
            let all = letters(text);
            let (now, _) = next_push(&all);
            let got = keys_for(now);
            assert_eq!(got, want, "{name}");
            assert!(
                !got.contains(" w ") && !got.ends_with('w'),
                "{name}: no `w` key"
            );
        }
    }

    #[test]
    fn keys_after_a_shot_name_the_waits_the_way_they_are_typed() {
        let all = letters("urrfwwr");
        assert_eq!(keys_for(&all), "kll space . . l");
    }
}
