//! Watching a solution: `w` plays back the saved solution with the fewest moves (or, when
//! none is saved, the one the level file carries, or else one the solver works out on its own
//! thread within the hint budget), one letter at a time on the board at a
//! readable speed. Space pauses, `.` plays one letter, `+`/`-` change the speed, Esc stops and
//! puts back the position from before watching, and a step key takes over play from the
//! position shown.
//!
//! Each letter is played on the game's one clock ([`World::play_letter`]): a step and then
//! [`STEP_TICKS`] ticks, a shot and then the ticks until no shot flies, a wait of
//! [`WAIT_TICKS`] ticks; so what is watched is exactly what `sokoshot replay` plays. The
//! world is not ticked in between: a watched level moves only letter by letter.
//!
//! Limits: a solution of at most [`MAX_WATCH_LETTERS`] letters is watched.

use super::App;
use crate::tui::hint::{Answer, HintJob};
use crate::tui::keys::Mode;
use sokoshot_core::game::{Move, Outcome, RuleError, World, parse_moves};
#[cfg(doc)]
use sokoshot_core::game::{STEP_TICKS, WAIT_TICKS};
use sokoshot_core::solve::hint::Hint;

/// The longest solution watched, in letters (counts spelled out).
pub const MAX_WATCH_LETTERS: usize = 1_000_000;

/// Ticks (1/60 s) between letters at each speed, slowest first.
pub const SPEEDS: [u32; 6] = [60, 30, 15, 8, 4, 2];

/// The speed a playback starts at: 7.5 letters a second.
const START_SPEED: usize = 3;

/// A solution being watched.
#[derive(Debug, Clone)]
pub(crate) struct Playback {
    /// The world before watching began, put back by Esc.
    before: World,
    /// The moves noted before watching began (undo and redo), put back by Esc.
    before_history: (Vec<String>, Vec<String>),
    /// Where the solution came from, as the status line says it.
    pub(crate) source: &'static str,
    letters: Vec<Move>,
    /// How many letters have been played.
    pub(crate) done: usize,
    pub(crate) paused: bool,
    speed: usize,
    /// Ticks until the next letter.
    wait: u32,
}

impl Playback {
    /// Letters in the whole solution.
    pub(crate) fn len(&self) -> usize {
        self.letters.len()
    }

    /// Whether every letter has been played.
    pub(crate) fn finished(&self) -> bool {
        self.done >= self.letters.len()
    }

    /// Letters a second at the current speed.
    pub(crate) fn letters_per_second(&self) -> f32 {
        60.0 / SPEEDS[self.speed] as f32
    }
}

/// The letters of `text`, counts spelled out, if it reads as a solution of at most
/// [`MAX_WATCH_LETTERS`] letters.
fn spelled_out(text: &str) -> Result<Vec<Move>, String> {
    let tokens = parse_moves(text).map_err(|e| e.to_string())?;
    let total: usize = tokens.iter().map(|t| t.count as usize).sum();
    if total > MAX_WATCH_LETTERS {
        return Err(format!(
            "the solution has {total} letters; the most watched is {MAX_WATCH_LETTERS}"
        ));
    }
    Ok(tokens
        .iter()
        .flat_map(|t| std::iter::repeat_n(t.action, t.count as usize))
        .collect())
}

/// Plays one letter on `world` on the game's clock, as `replay` does. Returns whether it
/// played as written, and the letter it played when it changed the world (and so went on its
/// undo history).
fn play_letter(world: &mut World, letter: Move) -> (bool, Option<Move>) {
    let answer = world.play_letter(letter);
    let pushed = matches!(answer, Ok(Outcome::Pushed { .. }));
    let as_written = match letter {
        // As in `replay`: a lower-case step may be blocked (it turns the player, or changes
        // nothing) but must not push.
        Move::Step(_) => !pushed,
        Move::Push(_) => pushed,
        Move::Fire => !matches!(answer, Err(RuleError::OutOfShots { .. })),
        Move::Wait => answer.is_ok(),
    };
    let played = match letter {
        Move::Step(dir) | Move::Push(dir) if pushed => Move::Push(dir),
        Move::Step(dir) | Move::Push(dir) => Move::Step(dir),
        other => other,
    };
    (as_written, answer.is_ok().then_some(played))
}

impl App {
    /// `w`: starts watching the best solution from the level's start. On a level the player
    /// has not solved, the first `w` only asks: a second `w` right after it shows a solution.
    pub(super) fn watch(&mut self) {
        let asked = std::mem::take(&mut self.tools.watch_asked);
        if !asked && self.best(self.current.place).is_none() {
            self.tools.watch_asked = true;
            return self.tell(
                "not solved yet: w again shows a solution, any other key plays on",
                false,
            );
        }
        let Some((source, text)) = self.solution_to_watch() else {
            return self.ask_solver_to_watch();
        };
        self.start_watching(source, &text);
    }

    /// With no solution saved: the solver works one out from the level's start on its own
    /// thread (within the hint budget), and watching starts when it comes.
    fn ask_solver_to_watch(&mut self) {
        let Ok(start) = World::new(self.current.world.level()) else {
            return;
        };
        self.tools.watch_job = Some(HintJob::start(&start, self.tools.aid.budget));
        self.tell("w: the solver is working out a solution to watch…", false);
    }

    /// Takes the solver's solution for `w` if it has come. Returns whether anything changed.
    pub(super) fn poll_watch_job(&mut self) -> bool {
        let Some(answer) = self.tools.watch_job.as_ref().and_then(HintJob::poll) else {
            return false;
        };
        self.tools.watch_job = None;
        match answer {
            Answer::Hint(Hint::Solution(letters)) if self.mode == Mode::Playing => {
                self.start_watching("solver's", &letters);
            }
            Answer::Hint(Hint::Solution(_)) => {}
            Answer::Hint(Hint::Lost { .. }) => {
                self.tell("w: the solver finds no solution to this level", true);
            }
            Answer::Hint(Hint::OutOfTime) => {
                self.tell("w: the solver found no solution in time", true);
            }
            Answer::Busy => self.tell(
                "w: the server is busy working out other players' hints; try again in a moment",
                true,
            ),
            Answer::Hint(Hint::Unsolvable(why)) => {
                self.tell(format!("w: no solution to watch: {why}"), true);
            }
        }
        true
    }

    fn start_watching(&mut self, source: &'static str, text: &str) {
        self.helped("a solution was watched");
        let letters = match spelled_out(text) {
            Ok(letters) => letters,
            Err(why) => {
                return self.tell(format!("cannot watch the {source} solution: {why}"), true);
            }
        };
        let Ok(start) = World::new(self.current.world.level()) else {
            return;
        };
        self.current.animation = None;
        self.current.trace.clear();
        let before = std::mem::replace(&mut self.current.world, start);
        let before_history = (
            std::mem::take(&mut self.tools.history),
            std::mem::take(&mut self.tools.redone),
        );
        self.tools.picked = None;
        self.tools.playback = Some(Playback {
            before,
            before_history,
            source,
            letters,
            done: 0,
            paused: false,
            speed: START_SPEED,
            wait: SPEEDS[START_SPEED],
        });
        self.mode = Mode::Watching;
    }

    /// The solution `w` plays and where it comes from: the saved one with the fewest moves,
    /// else the one in the level file.
    fn solution_to_watch(&self) -> Option<(&'static str, String)> {
        if let Some(letters) = self.found_solution() {
            return Some(("saved", letters));
        }
        let level = self.current.world.level();
        level.solution.clone().map(|text| ("level file's", text))
    }

    /// Whether a playback is running (not paused, not finished).
    pub(super) fn playback_running(&self) -> bool {
        self.mode == Mode::Watching
            && self
                .tools
                .playback
                .as_ref()
                .is_some_and(|p| !p.paused && !p.finished())
    }

    /// One tick of a running playback: the next letter when its time comes.
    pub(super) fn playback_tick(&mut self) {
        let Some(playback) = &mut self.tools.playback else {
            return;
        };
        playback.wait = playback.wait.saturating_sub(1);
        if playback.wait == 0 {
            playback.wait = SPEEDS[playback.speed];
            self.playback_step();
        }
    }

    /// Plays the next letter of the playback.
    pub(super) fn playback_step(&mut self) {
        let Some(playback) = &mut self.tools.playback else {
            return;
        };
        let Some(&letter) = playback.letters.get(playback.done) else {
            return;
        };
        playback.done += 1;
        let at = playback.done;
        let finished = playback.finished();
        let source = playback.source;
        let (played, changed) = play_letter(&mut self.current.world, letter);
        if !played {
            playback.done = playback.letters.len();
        }
        if let Some(letter) = changed {
            self.note_path(&letter.letter().to_string());
        }
        if !played {
            self.tell(
                format!(
                    "the {source} solution no longer plays: letter {at} `{}` cannot be played · Esc goes back",
                    letter.letter()
                ),
                true,
            );
        } else if finished {
            let end = if self.current.world.is_solved() {
                "solved"
            } else {
                "not solved"
            };
            self.tell(
                format!("end of the {source} solution: {end} · Esc goes back, h j k l play on"),
                false,
            );
        }
    }

    /// Space while watching: pause or go on.
    pub(super) fn toggle_pause(&mut self) {
        if let Some(playback) = &mut self.tools.playback {
            playback.paused = !playback.paused;
            playback.wait = SPEEDS[playback.speed];
        }
    }

    /// `+` or `-` while watching: `by` speeds faster (negative: slower).
    pub(super) fn change_speed(&mut self, by: isize) {
        if let Some(playback) = &mut self.tools.playback {
            playback.speed = playback
                .speed
                .saturating_add_signed(by)
                .min(SPEEDS.len() - 1);
            playback.wait = playback.wait.min(SPEEDS[playback.speed]);
        }
    }

    /// `.` while watching: pause and play one letter.
    pub(super) fn step_playback(&mut self) {
        if let Some(playback) = &mut self.tools.playback {
            playback.paused = true;
            self.playback_step();
        }
    }

    /// Esc while watching: the position from before watching comes back.
    pub(super) fn stop_watching(&mut self) {
        if let Some(playback) = self.tools.playback.take() {
            self.current.world = playback.before;
            (self.tools.history, self.tools.redone) = playback.before_history;
        }
        self.mode = Mode::Playing;
    }

    /// A step key while watching: play goes on from the position shown.
    pub(super) fn take_over(&mut self) {
        self.tools.playback = None;
        self.mode = Mode::Playing;
        self.message = None;
    }
}
