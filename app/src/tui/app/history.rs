//! The moves made on the level in play, one group of letters (replay alphabet) per undo
//! step, beside the world's own undo history: what is saved to resume a level after a quit,
//! and, on solving, the solution kept in the progress file.
//!
//! A group is the letters of one command: `r` a step (or a turn, when blocked), `R` a push,
//! `rrr` a run, a walk by mouse or moves pasted (`rRfw`), `f` a shot, `w` a wait, `!` a restart. Every group is
//! played on the game's one clock, so the letters since the last restart are a solution that
//! replays exactly, and resuming, which plays the groups again from the level's start each as
//! one undo step, brings back the position, its clock and its undo history.

use std::time::{SystemTime, UNIX_EPOCH};

use super::App;
use sokoshot_core::game::{Command, Dir, Move, Outcome, WAIT_TICKS, World, parse_moves, replay};
use sokoshot_core::store::progress::{MAX_RESUME_BYTES, Resume, Solution};

/// The letters of one command's outcome, or `None` for undo and redo (which move along the
/// history instead).
fn group(command: Command, outcome: Outcome) -> Option<String> {
    let letter = |dir: Dir| dir.letter().to_string();
    Some(match (command, outcome) {
        (Command::Undo | Command::Redo, _) => return None,
        (Command::Step(dir), Outcome::Pushed { .. }) => letter(dir).to_uppercase(),
        (Command::Run(dir), Outcome::Ran { steps, .. }) => letter(dir).repeat(steps as usize),
        (Command::Step(dir) | Command::Run(dir), _) => letter(dir),
        (Command::Fire, _) => "f".into(),
        (Command::Wait(_), _) => "w".into(),
        (Command::Restart, _) => "!".into(),
    })
}

impl App {
    /// Notes what a command did on the world.
    pub(super) fn note(&mut self, command: Command, outcome: Outcome) {
        let tools = &mut self.tools;
        match command {
            Command::Undo => {
                if let Some(g) = tools.history.pop() {
                    tools.redone.push(g);
                }
            }
            Command::Redo => {
                if let Some(g) = tools.redone.pop() {
                    tools.history.push(g);
                }
            }
            _ => {
                if let Some(g) = group(command, outcome) {
                    tools.history.push(g);
                    tools.redone.clear();
                }
            }
        }
    }

    /// Notes a path walked as one command.
    pub(super) fn note_path(&mut self, letters: &str) {
        self.tools.history.push(letters.to_owned());
        self.tools.redone.clear();
    }

    /// The letters since the last restart: the solution, once the level is solved.
    fn solution_letters(&self) -> String {
        let history = &self.tools.history;
        let start = history.iter().rposition(|g| g == "!").map_or(0, |i| i + 1);
        history[start..].concat()
    }

    /// On solving: keeps the solution (if it replays to a solve) and forgets the game to
    /// resume.
    pub(super) fn keep_solution(&mut self) {
        let letters = self.solution_letters();
        let level = self.current.world.level();
        let solves = replay(level, &letters).is_ok_and(|end| end.world.is_solved());
        let key = self.packs[self.current.place.pack].key.clone();
        if solves && let Some(solution) = Solution::new(&letters) {
            let hints = self.tools.aid.hints_used;
            self.progress
                .keep_solution(&key, self.current.id, &solution, hints);
        }
        self.set_resume(&key, Vec::new());
    }

    /// Saves the game on the level in play to resume (before leaving it, and however the game
    /// ends: a quit, a signal, a lost terminal or connection).
    pub fn save_resume(&mut self) {
        if self.current.world.is_solved() {
            return;
        }
        let key = self.packs[self.current.place.pack].key.clone();
        let resume = Resume {
            own: Some(self.own_game()),
            ..Resume::fitted(self.current.place.level, now_nanos(), &self.tools.history)
        };
        self.progress.set_resume(&key, self.current.id, resume);
        self.write_progress();
    }

    fn set_resume(&mut self, key: &str, steps: Vec<String>) {
        let resume = Resume {
            index: self.current.place.level,
            at: now_nanos(),
            steps,
            cut: 0,
            own: Some(self.own_game()),
        };
        self.progress.set_resume(key, self.current.id, resume);
    }

    /// Whether the saved solution with the fewest moves for the level at `place` still
    /// solves it (`None` when none is saved). Worked out once per level and remembered.
    #[must_use]
    pub fn saved_solution_replays(&self, place: super::Place) -> Option<bool> {
        let pack = self.packs.get(place.pack)?;
        let level = pack.levels.get(place.level)?;
        let id = sokoshot_core::store::progress::level_id(level);
        let solution = self.progress.kept(&pack.key, id)?.by_moves.as_ref()?;
        let mut checked = self.tools.replays.borrow_mut();
        let ok = *checked.entry((pack.key.clone(), id)).or_insert_with(|| {
            replay(level, &solution.letters).is_ok_and(|end| end.world.is_solved())
        });
        Some(ok)
    }

    /// On arriving at a level: the game saved to resume, played again from the start.
    pub(super) fn resume_level(&mut self) {
        self.tools.history.clear();
        self.tools.redone.clear();
        let key = self.packs[self.current.place.pack].key.clone();
        let (index, id) = (self.current.place.level, self.current.id);
        let Some(resume) = self.progress.resume(&key, id).cloned() else {
            if self.progress.stale_resume(&key, index, id) {
                self.tell("this level changed since you left it: starting over", false);
            }
            return;
        };
        let total = resume.steps.len();
        let played = self.replay_steps(&resume.steps);
        if played > 0 {
            // Help used before the save (or not known, in a save older than the mark) still
            // counts after it.
            match resume.own {
                Some(true) => {}
                Some(false) => self.helped("help came before a save"),
                None => self.helped("resumed from an old save"),
            }
        }
        if played < total && self.tools.replay_spent >= MAX_REPLAY_WORK {
            self.tell(
                format!(
                    "resumed {played} of {total} steps: the rest would take too long to play again on this board"
                ),
                true,
            );
        } else if resume.cut > 0 {
            let all = total + resume.cut;
            self.tell(
                format!(
                    "resumed {played} of {all} steps: the game was too long to keep whole ({} KiB of steps at most)",
                    MAX_RESUME_BYTES / 1024
                ),
                true,
            );
        } else if played == total {
            self.tell(
                format!("resumed where you left off ({total} steps; u undoes them)"),
                false,
            );
        } else {
            self.tell(
                format!("resumed {played} of {total} steps: the rest no longer plays"),
                true,
            );
        }
    }
}

impl App {
    /// Plays saved `steps` on the world in play, each as one undo step, onto a fresh history
    /// (a resume, a snapshot gone back to), up to the first that no longer plays or until
    /// [`MAX_REPLAY_WORK`] is spent. Returns how many played.
    pub(super) fn replay_steps(&mut self, steps: &[String]) -> usize {
        self.tools.history.clear();
        self.tools.redone.clear();
        self.tools.replay_spent = 0;
        let mut played = 0;
        for g in steps {
            if self.tools.replay_spent >= MAX_REPLAY_WORK {
                break;
            }
            let world = &self.current.world;
            let parts =
                1 + world.spinner_bars().len() + world.enemies().len() + world.shots().len();
            let before = world.elapsed_ticks();
            let ok = replay_group(&mut self.current.world, g);
            let ticks = self
                .current
                .world
                .elapsed_ticks()
                .saturating_sub(before)
                .max(1);
            self.tools.replay_spent = self
                .tools
                .replay_spent
                .saturating_add(ticks.saturating_mul(parts as u64));
            if !ok {
                break;
            }
            self.tools.history.push(g.clone());
            played += 1;
        }
        played
    }
}

/// The most work playing saved steps again may take (a resume, a snapshot gone back to),
/// counted as game ticks times the board's moving parts (the player, spinner bars, enemies,
/// shots in flight), so that what opening a saved game costs is bounded whatever was saved.
/// Measured: 20,000 waits on a board of 400 spinners (120 million part-ticks) took 13 s to
/// play again in the test build on the loaded 2-core machine, so this bound is under a
/// second there; a game on a board without spinners stays far below it (32 KiB of steps,
/// the most a resume keeps, is some hundred thousand part-ticks).
pub const MAX_REPLAY_WORK: u64 = 8_000_000;

/// Now, in nanoseconds since 1970 (0 on a clock set before it).
pub(super) fn now_nanos() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos())
}

/// Plays one saved group as one undo step, on the game's clock. Returns whether it played.
fn replay_group(world: &mut World, g: &str) -> bool {
    match g {
        "!" => return world.play(Command::Restart).is_ok(),
        "f" => return world.play(Command::Fire).is_ok(),
        "w" => return world.play(Command::Wait(WAIT_TICKS)).is_ok(),
        _ => {}
    }
    let Ok(tokens) = parse_moves(g) else {
        return false;
    };
    let letters: Vec<Move> = tokens
        .iter()
        .flat_map(|t| std::iter::repeat_n(t.action, t.count as usize))
        .collect();
    match letters.as_slice() {
        [Move::Step(dir)] => world.play(Command::Step(*dir)).is_ok(),
        [Move::Push(dir)] => matches!(world.play(Command::Step(*dir)), Ok(Outcome::Pushed { .. })),
        // A run or a walk, else moves pasted (with shots, waits or turns among them), played
        // as they were, as one step.
        path => {
            if world.play_path(path).is_ok() {
                return true;
            }
            match world.play_moves_as_one(g) {
                Ok(batch) if batch.stopped.is_none() && batch.letters == letters => true,
                Ok(_) => {
                    // It played otherwise than it was played: taken back whole.
                    let _ = world.play(Command::Undo);
                    false
                }
                Err(_) => false,
            }
        }
    }
}
