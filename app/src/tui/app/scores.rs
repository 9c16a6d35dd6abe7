//! Verified scores, as the game sees them (the rules are the core's:
//! [`sokoshot_core::store::scores`]).
//!
//! On a server whose store keeps scores, a level solved by the player's own keys enters its
//! tables with the figures this game counted; a level on which moves were pasted, a hint was
//! given or a solution was watched at any point of the game is kept as progress only, and the
//! Solved panel says why. A game saved to resume (or kept as a snapshot) carries whether it
//! was all the player's own keys so far ([`App::own_game`]), so a game resumed after a quit
//! still enters the tables when it was, and never when it was not (or when the save is older
//! than that mark). The Solved panel then shows the
//! level's top ten in both tables and the player's places; `s` opens the same tables for
//! the level in play. On the daily level the result also enters the day's tables, the panel
//! shows the streak, and `c` copies a result line that spoils nothing.
//!
//! In local play (no server, no one else's results) `s` shows the player's own bests for the
//! level, from their progress.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, TryRecvError};

use super::App;
use crate::tui::hint::{NoAnswer, PoolJob};
use crate::tui::keys::Mode;
use sokoshot_core::store::progress::Figures;
use sokoshot_core::store::scores::{
    Board, LevelRef, ProofCancelled, ScoreBoard, Standings, daily_pick, prove_fewest_pushes,
    result_line, streak, today,
};

/// What the scores hold for the game.
#[derive(Debug, Default)]
pub(crate) struct Scores {
    /// Where they are kept; `None` in local play and for stores that keep none.
    pub(crate) board: Option<Arc<dyn ScoreBoard>>,
    /// Why a solve in this visit does not enter the tables, if one would not.
    pub(crate) help_used: Option<&'static str>,
    /// The last solve: the tables as they stood after it, or why they cannot be shown.
    pub(crate) after_solve: Option<Result<Standings, String>>,
    /// What the last solve did in the tables, in a line ("entered", or why not).
    pub(crate) note: Option<String>,
    /// The daily result of the last solve, when it was the daily level: the line to copy.
    pub(crate) daily_line: Option<String>,
    /// The tables `s` shows: the level's, and the day's when it is the daily level.
    pub(crate) shown: Option<Shown>,
    /// The solver's proven fewest pushes, by level fingerprint, once asked (`None`: it
    /// could not prove them within its budget).
    pub(crate) proven: std::collections::HashMap<u64, Option<u32>>,
    /// The proof being worked out, off the game's thread, and the level it is for.
    pub(crate) proving: Option<(u64, ProofJob)>,
    /// The store's answer to the last solve (the result entered, the tables read), asked
    /// off the game's thread.
    pub(crate) entering: Option<Receiver<Entered>>,
    /// The tables `s` asked for, read off the game's thread.
    pub(crate) reading: Option<Receiver<Shown>>,
}

/// What the store answered after a solve.
#[derive(Debug)]
pub(crate) struct Entered {
    /// What the solve did in the tables, in a line.
    note: String,
    /// The daily result line, when it was today's daily level.
    daily_line: Option<String>,
    /// The tables after the solve.
    tables: Result<Standings, String>,
}

/// What the game says while the store is asked.
const ASKING: &str = "Asking the store for the scores…";

/// Runs `work` (the store's calls) on a thread of its own, so that a slow store never holds
/// the game's frames; the answer comes over the channel.
fn off_thread<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Receiver<T> {
    let (send, answer) = mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("scores".into())
        .spawn(move || {
            // The game may have gone on to another level: nothing to tell then.
            let _ = send.send(work());
        });
    if let Err(err) = spawned {
        let (send, failed) = mpsc::channel();
        drop(send);
        eprintln!("sokoshot: no thread for the scores: {err}");
        return failed;
    }
    answer
}

/// The proof of a level's fewest pushes, worked out off the game's thread.
pub(crate) type ProofJob = PoolJob<Result<Option<u32>, ProofCancelled>>;

/// What `s` shows.
#[derive(Debug, Clone)]
pub(crate) struct Shown {
    /// The level's tables, or why they cannot be read.
    pub(crate) tables: Result<Standings, String>,
    /// When the level in play is today's daily level: the day, and its tables for the day.
    pub(crate) daily: Option<(i64, Result<Standings, String>)>,
}

impl App {
    /// Takes the score board of the player's store (from their saves).
    pub(super) fn take_score_board(&mut self) {
        self.scores.board = self.save.as_ref().and_then(|save| save.scores());
    }

    /// A new visit to a level: nothing used yet. Called as a level starts.
    pub(super) fn reset_scores(&mut self) {
        self.scores.help_used = None;
        self.scores.after_solve = None;
        self.scores.note = None;
        self.scores.daily_line = None;
        self.scores.entering = None;
        self.scores.reading = None;
    }

    /// Marks this visit's solves as helped (`why` says how), so they do not enter the
    /// tables.
    pub(super) fn helped(&mut self, why: &'static str) {
        self.scores.help_used.get_or_insert(why);
    }

    /// Whether the game on the level in play is all the player's own keys so far: no moves
    /// pasted, hint given or solution watched in this visit, and none before the save it was
    /// resumed from (what a save to resume and a snapshot keep).
    #[must_use]
    pub fn own_game(&self) -> bool {
        self.scores.help_used.is_none() && self.hints_used() == 0
    }

    /// Whether the store keeps scores (a server's database).
    #[must_use]
    pub fn keeps_scores(&self) -> bool {
        self.scores.board.is_some()
    }

    /// The level in play as its tables know it.
    fn level_ref(&self) -> LevelRef {
        LevelRef {
            pack: self.packs[self.current.place.pack].key.clone(),
            level: self.current.place.level,
            id: self.current.id,
        }
    }

    /// The day whose daily level is the level in play, if it is today's.
    fn daily_today(&self) -> Option<i64> {
        let day = today();
        let (pack, level) = daily_pick(day, &self.packs)?;
        (self.current.place.pack == pack && self.current.place.level == level).then_some(day)
    }

    /// After a solve with `figures`: enters it in the tables when it may, and reads them, off
    /// the game's thread ([`App::poll_scores`] takes the answer).
    pub(super) fn enter_score(&mut self, figures: Figures) {
        let Some(board) = self.scores.board.clone() else {
            return;
        };
        let level = self.level_ref();
        let helped = self
            .scores
            .help_used
            .or_else(|| (self.hints_used() > 0).then_some("a hint was given"));
        let daily = self.daily_today();
        self.scores.daily_line = None;
        self.scores.after_solve = None;
        self.scores.note = Some(ASKING.to_owned());
        self.scores.entering = Some(off_thread(move || {
            enter(&*board, &level, figures, helped, daily)
        }));
        self.prove_pushes();
    }

    /// Takes the store's answers (after a solve, for `s`) if they have come. Returns whether
    /// anything on screen changed.
    pub(super) fn poll_scores(&mut self) -> bool {
        let mut changed = false;
        if let Some(answer) = &self.scores.entering {
            let entered = match answer.try_recv() {
                Ok(entered) => Some(Ok(entered)),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => Some(Err(())),
            };
            if let Some(entered) = entered {
                self.scores.entering = None;
                changed = true;
                match entered {
                    Ok(entered) => {
                        self.scores.note = Some(entered.note);
                        self.scores.daily_line = entered.daily_line;
                        self.scores.after_solve = Some(entered.tables);
                    }
                    Err(()) => self.scores.note = Some("the scores cannot be asked for now".into()),
                }
            }
        }
        if let Some(answer) = &self.scores.reading {
            match answer.try_recv() {
                Ok(shown) => {
                    self.scores.reading = None;
                    self.scores.shown = Some(shown);
                    changed = true;
                }
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => self.scores.reading = None,
            }
        }
        changed
    }

    /// Whether the store's answer about the scores is awaited.
    #[must_use]
    pub fn scores_pending(&self) -> bool {
        self.scores.entering.is_some() || self.scores.reading.is_some()
    }

    /// Starts the proof of the fewest pushes for the level in play, once a session per level
    /// within a fixed budget ([`prove_fewest_pushes`]), off the game's thread through the
    /// same seam as hints (in the server's pool, in turn with the player's hints); its answer
    /// is taken as it comes ([`App::poll_proof`]).
    fn prove_pushes(&mut self) {
        let id = self.current.id;
        if self.scores.proven.contains_key(&id)
            || self
                .scores
                .proving
                .as_ref()
                .is_some_and(|(on, _)| *on == id)
        {
            return;
        }
        let level = self.current.world.level().clone();
        let job = PoolJob::start(self.tools.aid.budget, move |share, cancel| {
            prove_fewest_pushes(
                &level,
                share.memory_bytes,
                Some(std::sync::Arc::clone(cancel)),
            )
        });
        self.scores.proving = Some((id, job));
    }

    /// Takes the proof's answer if it has come. Returns whether anything on screen changed.
    pub(super) fn poll_proof(&mut self) -> bool {
        let Some((id, job)) = &self.scores.proving else {
            return false;
        };
        let Some(answer) = job.poll() else {
            return false;
        };
        let id = *id;
        self.scores.proving = None;
        match answer {
            Ok(Ok(proven)) => {
                self.scores.proven.insert(id, proven);
                true
            }
            // The pool was busy, or the proof stopped: nothing is known, and it is asked
            // again the next time the tables are shown.
            Ok(Err(ProofCancelled)) | Err(NoAnswer::Busy | NoAnswer::Lost) => false,
        }
    }

    /// Whether the proof of the fewest pushes is being worked out.
    #[must_use]
    pub fn proof_pending(&self) -> bool {
        self.scores.proving.is_some()
    }

    /// The solver's proven fewest pushes for the level in play, if worked out and proven.
    #[must_use]
    pub fn proven_pushes(&self) -> Option<u32> {
        self.scores.proven.get(&self.current.id).copied().flatten()
    }

    /// `s`: opens (or closes) the scores of the level in play.
    pub(super) fn toggle_scores(&mut self) {
        if self.mode == Mode::Scores {
            return self.close();
        }
        self.count.clear();
        self.prove_pushes();
        self.scores.reading = None;
        self.scores.shown = self.scores.board.clone().map(|board| {
            let level = self.level_ref();
            let daily = self.daily_today();
            self.scores.reading = Some(off_thread(move || read_tables(&*board, &level, daily)));
            Shown {
                tables: Err(ASKING.to_owned()),
                daily: daily.map(|day| (day, Err(ASKING.to_owned()))),
            }
        });
        self.mode = Mode::Scores;
    }

    /// `c` after solving the daily level: copies the result line.
    pub(super) fn copy_result(&mut self) {
        match self.scores.daily_line.clone() {
            Some(line) => {
                self.tools.clipboard = Some(line);
                self.tell("your daily result is copied (no moves, no board)", false);
            }
            None => self.tell(
                "c copies the result of today's daily level once solved",
                false,
            ),
        }
    }

    /// What the Solved panel shows of the scores: the tables after the solve, and the note.
    #[must_use]
    pub fn scores_after_solve(&self) -> (Option<&Result<Standings, String>>, Option<&str>) {
        (
            self.scores.after_solve.as_ref(),
            self.scores.note.as_deref(),
        )
    }

    /// What the scores view shows: the tables of the level in play (on a server), or `None`
    /// in local play.
    #[must_use]
    pub(crate) fn scores_shown(&self) -> Option<&Shown> {
        self.scores.shown.as_ref()
    }
}

/// Enters a solve's `figures` in `level`'s tables unless it was `helped` (and in the day's,
/// on today's daily level `daily`), and reads the tables after it: the store's part of a
/// solve, run off the game's thread.
fn enter(
    board: &dyn ScoreBoard,
    level: &LevelRef,
    figures: Figures,
    helped: Option<&str>,
    daily: Option<i64>,
) -> Entered {
    let mut daily_line = None;
    let note = match helped {
        Some(why) => format!("Not entered in the scores: {why} on this level."),
        None => match board.record(level, figures, daily) {
            Ok(()) => {
                if let Some(day) = daily {
                    let days = board.daily_days().unwrap_or_default();
                    let streak = streak(&days, day);
                    daily_line = Some(result_line(day, figures, streak));
                    format!("Today's daily level: streak {streak}. c copies your result.")
                } else {
                    "Entered in the scores.".to_owned()
                }
            }
            Err(why) => why.to_string(),
        },
    };
    let tables = board
        .standings(level, Board::AllTime)
        .map_err(|err| err.to_string());
    Entered {
        note,
        daily_line,
        tables,
    }
}

/// The tables `s` shows for `level` (and today's, on the daily level `daily`).
fn read_tables(board: &dyn ScoreBoard, level: &LevelRef, daily: Option<i64>) -> Shown {
    Shown {
        tables: board
            .standings(level, Board::AllTime)
            .map_err(|err| err.to_string()),
        daily: daily.map(|day| {
            let tables = board.standings(level, Board::Day(day));
            (day, tables.map_err(|err| err.to_string()))
        }),
    }
}
