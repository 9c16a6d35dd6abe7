//! The game as the player sees it: the packs, the level in play, what is on screen, and the
//! progress kept. State changes only here (`handle_*`, `tick`, `reload`); drawing is in
//! `view` and takes `&App`.
//!
//! Time on the board passes only through the player's commands, on the game's one clock
//! ([`World::play`]): a command's time runs at once, and [`App::tick`] only shows it
//! (see `animation`). With no key pressed nothing moves and no frame is drawn.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

mod aid;
mod animation;
mod blocked;
mod browse;
mod edit;
mod history;
mod news;
mod options;
mod paste;
mod playback;
mod pointer;
mod record;
mod reload;
mod scores;
mod share;
mod snapshots;
mod tools;
mod why;

pub use aid::keys_for;
pub(crate) use animation::bars_turn;
pub use blocked::{BAR_IN_THE_WAY, BAR_IN_THE_WAY_OF_THE_BOX, BAR_OVER_THE_BOX, NOTHING_TURNS};
pub use browse::{Filter, MAX_SEARCH_CHARS, Row, WHEEL_ROWS};
pub use history::MAX_REPLAY_WORK;
pub use options::Choice;
pub use playback::{MAX_WATCH_LETTERS, SPEEDS};
pub use pointer::cell_under;
pub use share::MAX_CLIPBOARD_BYTES;

use super::board::inside_mask;
use super::keys::{self, Action, Count, Mode};
use super::theme::Theme;
use sokoshot_core::game::{Command, Move, Outcome, World, letters_played};
use sokoshot_core::store::collection::Collection;
use sokoshot_core::store::progress::{Best, Figures, Progress, SaveFile, level_id};
use sokoshot_core::store::saves::Saves;

/// Where a level is: the pack and the level within it, both 0-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Place {
    /// The pack, an index into the session's packs.
    pub pack: usize,
    /// The level, an index into the pack's levels.
    pub level: usize,
}

/// How a solution went, for the Solved panel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Solved {
    /// This solution's figures.
    pub figures: Figures,
    /// The best figures saved before this solution, if the level was solved before.
    pub previous: Option<Best>,
}

/// A line for the bottom of the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// What to say.
    pub text: String,
    /// Whether it is a warning or an error (drawn to stand out) rather than news.
    pub warning: bool,
}

/// The level in play.
#[derive(Debug, Clone)]
pub(crate) struct Current {
    pub(crate) place: Place,
    pub(crate) world: World,
    /// The last command's time being shown, a tick a frame.
    pub(crate) animation: Option<animation::Animation>,
    /// Where the last shot flew when it hit no enemy, shown once its flight has been shown
    /// and until the next command: a miss leaves a trace to aim the next shot by.
    pub(crate) trace: Vec<sokoshot_core::geom::Vec2>,
    pub(crate) inside: Vec<bool>,
    pub(crate) id: u64,
}

/// The whole front-end state.
#[derive(Debug)]
pub struct App {
    pub(crate) packs: Vec<Collection>,
    pub(crate) current: Current,
    pub(crate) mode: Mode,
    pub(crate) count: Count,
    pub(crate) solved: Option<Solved>,
    /// Whether the end-of-campaign screen is up (after `n` on a campaign's last level).
    pub(crate) campaign_end: bool,
    pub(crate) selected: Place,
    pub(crate) message: Option<Message>,
    pub(crate) reload_error: Option<String>,
    pub(crate) progress: Progress,
    save: Option<std::sync::Arc<dyn Saves>>,
    pub(crate) theme: Theme,
    pub(crate) tools: tools::Tools,
    /// What the level list shows: its filter and search.
    pub(crate) browse: browse::Browse,
    /// Files of packs that left the folder while a level of theirs was in play.
    gone: Vec<std::path::PathBuf>,
    quit: bool,
    /// How far the help overlay is scrolled.
    pub(crate) help_scroll: u16,
    /// The row selected in the options or the snapshots.
    picked_row: usize,
    /// The hub the message below the board points at (marked on the board until the next
    /// key).
    pub(crate) marked_hub: Option<sokoshot_core::level::Pos>,
    /// The size of the screen, when known: keys for the board are ignored while it does not
    /// fit.
    screen: Option<(u16, u16)>,
    /// The editor, while `e` has it open over the game.
    pub(crate) editor: Option<Box<super::editor::EditorApp>>,
    /// Whether `e` may open the editor (local play), and whether it was asked for.
    editing: (bool, bool),
    /// The verified scores: where they are kept, what the last solve did in them.
    pub(crate) scores: scores::Scores,
}

/// Why a session could not start.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum StartError {
    /// No pack holds a level that can be played.
    #[error("there is no playable level")]
    NoLevels,
}

impl App {
    /// Starts a session over `packs` at `start` (or the first playable level if `start` is
    /// not one), with the saved `progress`, saving to `save` when given.
    ///
    /// # Errors
    /// [`StartError::NoLevels`] when no pack has a level that can be played.
    pub fn new(
        packs: Vec<Collection>,
        start: Place,
        progress: Progress,
        save: Option<SaveFile>,
        theme: Theme,
    ) -> Result<Self, StartError> {
        let save = save.map(|file| std::sync::Arc::new(file) as std::sync::Arc<dyn Saves>);
        Self::saving_to(packs, start, progress, save, theme)
    }

    /// [`App::new`], saving to any store's `save` (a file, or a server's database).
    ///
    /// # Errors
    /// [`StartError::NoLevels`] when no pack has a level that can be played.
    pub fn saving_to(
        packs: Vec<Collection>,
        start: Place,
        progress: Progress,
        save: Option<std::sync::Arc<dyn Saves>>,
        theme: Theme,
    ) -> Result<Self, StartError> {
        let places = all_places(&packs);
        let first_good = std::iter::once(start)
            .chain(places)
            .find_map(|place| load(&packs, place))
            .ok_or(StartError::NoLevels)?;
        let mut app = Self {
            packs,
            selected: first_good.place,
            current: first_good,
            mode: Mode::Playing,
            count: Count::default(),
            solved: None,
            campaign_end: false,
            message: None,
            reload_error: None,
            progress,
            save,
            theme,
            tools: tools::Tools::default(),
            browse: browse::Browse::default(),
            gone: Vec::new(),
            quit: false,
            help_scroll: 0,
            picked_row: 0,
            marked_hub: None,
            screen: None,
            editor: None,
            editing: (false, false),
            scores: scores::Scores::default(),
        };
        app.take_score_board();
        app.read_aid_settings();
        app.remember_place();
        app.resume_level();
        Ok(app)
    }

    /// Shows `text` on the bottom line until the next key.
    pub fn tell(&mut self, text: impl Into<String>, warning: bool) {
        self.message = Some(Message {
            text: text.into(),
            warning,
        });
    }

    /// Tells the app the size of the screen it is drawn on.
    pub fn set_screen_size(&mut self, columns: u16, rows: u16) {
        self.screen = Some((columns, rows));
        if let Some(editor) = &mut self.editor {
            editor.set_screen_size(columns, rows);
        }
    }

    /// Whether the board is hidden behind the "terminal too small" message.
    #[must_use]
    pub fn board_hidden(&self) -> bool {
        let (need_w, need_h) = super::view::needed_size(self);
        self.screen.is_some_and(|(w, h)| w < need_w || h < need_h)
    }

    /// Whether the player asked to quit.
    #[must_use]
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The world in play, as the last command left it (what a replay of the moves reaches).
    #[must_use]
    pub fn world(&self) -> &World {
        &self.current.world
    }

    /// The world as drawn now: while a command's time is being shown, the moment shown;
    /// otherwise the world in play.
    #[must_use]
    pub fn shown_world(&self) -> &World {
        self.current
            .animation
            .as_ref()
            .map_or(&self.current.world, animation::Animation::world)
    }

    /// Which level is in play.
    #[must_use]
    pub fn place(&self) -> Place {
        self.current.place
    }

    /// The packs in play.
    #[must_use]
    pub fn packs(&self) -> &[Collection] {
        &self.packs
    }

    /// Whether the level in play is the last of the last pack.
    #[must_use]
    pub fn is_last_level(&self) -> bool {
        let place = self.current.place;
        place.pack + 1 == self.packs.len() && !self.packs[place.pack].has_level_after(place.level)
    }

    /// What is on screen.
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether frames are due: a command's time is being shown with the board on screen, a
    /// solution is being watched, or the solver is working.
    #[must_use]
    pub fn is_animating(&self) -> bool {
        if let Some(editor) = &self.editor {
            return editor.is_animating();
        }
        matches!(self.mode, Mode::Playing | Mode::Solved) && self.current.animation.is_some()
            || self.playback_running()
            || self.is_thinking()
    }

    /// One frame (1/60 s): takes the solver's answers if they have come, plays the next
    /// letter of a solution being watched, and shows the next tick of the last command's time.
    /// The world in play never changes here.
    pub fn tick(&mut self) {
        if let Some(editor) = &mut self.editor {
            editor.tick();
            return;
        }
        self.poll_hint();
        self.poll_watch_job();
        self.poll_proof();
        self.poll_scores();
        self.poll_save();
        if self.mode == Mode::Watching {
            return self.playback_tick();
        }
        if let Some(animation) = &mut self.current.animation
            && !animation.tick()
        {
            if let Some(animation) = self.current.animation.take() {
                self.current.trace = animation.missed_shot_trace();
            }
            if self.solved.is_some() && self.mode == Mode::Playing {
                self.mode = Mode::Solved;
            }
        }
    }

    /// Handles one key press. Returns whether anything on screen may have changed.
    pub fn handle_key(&mut self, key: KeyEvent) -> bool {
        if self.editor.is_some() {
            return self.edit_key(key);
        }
        // Esc and a key typed close together reach us as that key with Alt (terminals send
        // them as one sequence, and tmux joins them within its escape-time). Nothing is bound
        // to Alt, so it is what was typed: Esc, then the key.
        if key.modifiers.contains(KeyModifiers::ALT) && matches!(key.code, KeyCode::Char(_)) {
            let mut plain = key;
            plain.modifiers.remove(KeyModifiers::ALT);
            let esc = KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE);
            let closed = self.handle_key(esc);
            return self.handle_key(plain) | closed;
        }
        if self.type_into_search(key) {
            return true;
        }
        let Some(action) = keys::action(self.mode, key) else {
            return false;
        };
        // Behind "terminal too small" the board cannot be seen: only keys that do not touch
        // it (quit, help, the level list, Esc) are taken.
        if self.board_hidden()
            && matches!(self.mode, Mode::Playing | Mode::Solved)
            && matches!(
                action,
                Action::Play(_) | Action::Digit(_) | Action::NextLevel | Action::PreviousLevel
            )
        {
            return false;
        }
        self.message = None;
        self.marked_hub = None;
        if action != Action::Watch {
            self.tools.watch_asked = false;
        }
        let was_at_end = std::mem::take(&mut self.campaign_end);
        if was_at_end && action == Action::NextLevel {
            self.go_forward();
            return true;
        }
        self.handle_action(action);
        self.check_lost();
        true
    }

    fn handle_action(&mut self, action: Action) {
        match action {
            Action::Play(command) => {
                if self.mode == Mode::Watching {
                    self.take_over();
                }
                self.play(command);
            }
            Action::Digit(digit) => self.digit(digit),
            Action::NextLevel => self.step_level(true),
            Action::PreviousLevel => self.step_level(false),
            Action::LevelList => self.toggle(Mode::LevelList),
            Action::Help => self.toggle(Mode::Help),
            Action::Close if self.mode == Mode::Watching => self.stop_watching(),
            Action::Close if self.mode == Mode::Search => self.clear_search(),
            Action::Close => self.close(),
            Action::Quit => {
                self.save_resume();
                self.quit = true;
            }
            Action::Up if self.mode == Mode::Help => self.scroll_help(-1),
            Action::Down if self.mode == Mode::Help => self.scroll_help(1),
            Action::Up if self.mode == Mode::Options => self.move_pick(-1, Choice::ALL.len()),
            Action::Down if self.mode == Mode::Options => self.move_pick(1, Choice::ALL.len()),
            Action::Up if self.mode == Mode::Snapshots => {
                self.move_pick(-1, self.snapshots().len());
            }
            Action::Down if self.mode == Mode::Snapshots => {
                self.move_pick(1, self.snapshots().len());
            }
            Action::Choose if self.mode == Mode::Snapshots => self.back_to_snapshot(),
            Action::Up => self.move_selection(-1),
            Action::Down => self.move_selection(1),
            Action::PageUp => self.move_selection(-10),
            Action::PageDown => self.move_selection(10),
            Action::First => self.select_end(false),
            Action::Last => self.select_end(true),
            Action::NextPack => self.select_next_pack(),
            Action::Choose => self.choose(),
            Action::Filter => self.next_filter(),
            Action::Search => self.mode = Mode::Search,
            Action::KeepSearch => self.mode = Mode::LevelList,
            Action::Erase => self.erase(),
            Action::Watch => self.watch(),
            Action::PausePlayback => self.toggle_pause(),
            Action::StepPlayback => self.step_playback(),
            Action::Faster => self.change_speed(1),
            Action::Slower => self.change_speed(-1),
            Action::CopyLevel => self.copy_level(),
            Action::CopySolution => self.copy_solution(),
            Action::Hint => self.ask_hint(),
            Action::Options => self.toggle_options(),
            Action::Toggle => self.toggle_option(),
            Action::KeepSnapshot => self.keep_snapshot(),
            Action::Snapshots => self.toggle_snapshots(),
            Action::Delete => self.delete_snapshot(),
            Action::Edit => self.open_editor(),
            Action::Scores => self.toggle_scores(),
            Action::CopyResult => self.copy_result(),
        }
    }

    fn play(&mut self, command: Command) {
        // The last command's time is shown no longer: the board shows the world in play.
        self.current.animation = None;
        self.current.trace.clear();
        self.tools.picked = None;
        let asked = self.count.take();
        let times = asked.min(keys::MAX_REPEAT);
        if matches!(self.mode, Mode::Solved) {
            self.mode = Mode::Playing;
        }
        let start = self.current.world.state().clone();
        let mut letters = Vec::new();
        let mut last_error = None;
        let mut bar = None;
        let mut news = None;
        let before = news::Before::of(&self.current.world);
        // The undo steps an undo or a redo would take back or bring back, newest first.
        let groups: Vec<String> = match command {
            Command::Undo => self
                .tools
                .history
                .iter()
                .rev()
                .take(times as usize)
                .cloned()
                .collect(),
            Command::Redo => self
                .tools
                .redone
                .iter()
                .rev()
                .take(times as usize)
                .cloned()
                .collect(),
            _ => Vec::new(),
        };
        let mut undone = 0;
        for _ in 0..times {
            let result = self.current.world.play(command);
            bar = blocked::bar_notice(&self.current.world, command, &result);
            if let Ok(outcome) = result {
                self.note(command, outcome);
                if letters.len() <= animation::MAX_SHOWN_LETTERS {
                    letters.extend(letters_played(command, outcome));
                }
            }
            match result {
                // A step that only turned the player ends a count: the way is blocked.
                Ok(Outcome::Turned { facing, blocked_by }) => {
                    news = Some(news::turned(facing, blocked_by));
                    break;
                }
                Ok(Outcome::Undone | Outcome::Redone) => undone += 1,
                Ok(_) => {}
                Err(err) => {
                    // `5u` with two steps to undo says what the two undid.
                    last_error = (undone == 0).then_some(err);
                    break;
                }
            }
            if self.check_solved() {
                break;
            }
        }
        self.show(start, letters);
        if !self.current.world.is_solved() {
            self.solved = None;
        }
        if let Some((hub, text)) = bar {
            let mark = self.theme.glyph(crate::tui::theme::Thing::MarkedHub);
            // A refused push changes nothing on the board, so its answer stands out and
            // says first that nothing moved.
            let what = if text == BAR_IN_THE_WAY {
                "no step"
            } else {
                "no push"
            };
            self.tell(format!("{what}: the bar of hub {mark} {text}"), true);
            self.marked_hub = Some(hub);
        } else if let Some(err) = last_error {
            self.tell(err.to_string(), false);
        } else if asked > times {
            let max = keys::MAX_REPEAT;
            self.tell(
                format!("a count repeats a key at most {max} times: {asked} was cut to {max}"),
                true,
            );
        } else if let Some(text) = news
            .or_else(|| {
                // A wait where nothing moves with time would otherwise pass unseen.
                let still = matches!(command, Command::Wait(_))
                    && !self.current.world.has_shots_in_flight()
                    && self
                        .current
                        .world
                        .level()
                        .spinners
                        .iter()
                        .all(|s| s.speed == 0.0);
                still.then(|| NOTHING_TURNS.to_owned())
            })
            .or_else(|| {
                let restarts = groups.iter().take(undone).filter(|g| *g == "!").count();
                (undone > 0).then(|| {
                    before.news(
                        &self.current.world,
                        command == Command::Redo,
                        undone,
                        restarts,
                    )
                })
            })
        {
            self.tell(text, false);
        }
    }

    /// Shows `letters`, played from `before` to the world in play, a tick a frame (where
    /// time shows on the level).
    /// A level solved by them is recorded at once, and its Solved panel comes when the
    /// showing ends (the shot that solved it has landed on screen too).
    pub(super) fn show(&mut self, before: sokoshot_core::game::State, letters: Vec<Move>) {
        self.current.animation = animation::Animation::new(&self.current.world, before, letters);
        if self.current.animation.is_some() && self.mode == Mode::Solved {
            self.mode = Mode::Playing;
        }
    }

    /// A digit: in the level list, the number typed so far jumps to that level; a digit that
    /// would make it name no level starts the number over (`2712` in a list of 30 is `12`).
    /// Elsewhere it adds to the count for the next command.
    fn digit(&mut self, digit: u8) {
        if self.mode == Mode::LevelList {
            let levels = self.packs[self.selected.pack].levels.len();
            let longer = self.count.pending().map_or(0, |n| n * 10) + u32::from(digit);
            if usize::try_from(longer).is_ok_and(|n| n <= levels) {
                self.count.push(digit);
            } else {
                self.count.clear();
                self.count.push(digit);
            }
            let number = self.count.pending().unwrap_or(0);
            if let Some(index) = usize::try_from(number).ok().and_then(|n| n.checked_sub(1))
                && index < levels
            {
                let place = Place {
                    level: index,
                    ..self.selected
                };
                if self.shows(place) {
                    self.selected = place;
                }
            }
        } else {
            self.count.push(digit);
        }
    }

    fn scroll_help(&mut self, by: i16) {
        let (columns, rows) = self.screen.unwrap_or((u16::MAX, u16::MAX));
        let most = super::view::help::Help::max_scroll(self.theme, columns, rows);
        self.help_scroll = self.help_scroll.saturating_add_signed(by).min(most);
    }

    fn toggle(&mut self, mode: Mode) {
        self.count.clear();
        self.help_scroll = 0;
        if self.mode == mode {
            self.close();
        } else {
            self.mode = mode;
            if mode == Mode::LevelList {
                // A list opened afresh centres its selection.
                self.tools.list_drawn.take();
                self.selected = self.current.place;
                self.settle_selection();
                self.tell_changed_levels();
            }
        }
    }

    /// Esc: closes an overlay (back to the Solved panel if the level is solved), hides the
    /// Solved panel to show the finished board, and forgets a pending count.
    fn close(&mut self) {
        self.count.clear();
        self.mode = match self.mode {
            Mode::Help
            | Mode::LevelList
            | Mode::Search
            | Mode::Options
            | Mode::Snapshots
            | Mode::Scores
                if self.solved.is_some() && self.current.animation.is_none() =>
            {
                Mode::Solved
            }
            _ => Mode::Playing,
        };
    }

    fn step_level(&mut self, forward: bool) {
        if forward && super::view::chapter::ends_a_campaign(&self.packs, self.current.place) {
            // The end of a campaign gets its own screen before whatever comes next.
            self.count.clear();
            self.campaign_end = true;
            return;
        }
        self.go_forward_or_back(forward);
    }

    /// `n` from the end-of-campaign screen: on to the next pack, if there is one.
    fn go_forward(&mut self) {
        self.go_forward_or_back(true);
    }

    fn go_forward_or_back(&mut self, forward: bool) {
        self.count.clear();
        let places = all_places(&self.packs).collect::<Vec<_>>();
        let at = places.iter().position(|&p| p == self.current.place);
        let next = match (at, forward) {
            (Some(i), true) => places.get(i + 1),
            (Some(i), false) => i.checked_sub(1).and_then(|i| places.get(i)),
            (None, _) => places.first(),
        };
        match next {
            Some(&place) => self.go_to(place),
            None if forward => self.tell("that was the last level", false),
            None => self.tell("this is the first level", false),
        }
    }

    /// Plays the level at `place`, resuming the game saved on it if there is one.
    pub fn go_to(&mut self, place: Place) {
        match load(&self.packs, place) {
            Some(current) => {
                self.save_resume();
                self.current = current;
                self.tools.picked = None;
                self.tools.playback = None;
                self.tools.watch_job = None;
                self.reset_aid();
                self.mode = Mode::Playing;
                self.solved = None;
                self.selected = place;
                self.remember_place();
                self.reset_scores();
                self.resume_level();
                self.drop_gone();
            }
            None => self.tell(format!("level {} cannot be played", place.level + 1), true),
        }
    }
}

/// Every level's place, pack by pack.
fn all_places(packs: &[Collection]) -> impl Iterator<Item = Place> + '_ {
    packs.iter().enumerate().flat_map(|(pack, collection)| {
        (0..collection.levels.len()).map(move |level| Place { pack, level })
    })
}

/// The level at `place`, ready to play; `None` if there is none or the rules refuse it.
fn load(packs: &[Collection], place: Place) -> Option<Current> {
    let level = packs.get(place.pack)?.levels.get(place.level)?;
    let world = World::new(level).ok()?;
    Some(Current {
        place,
        inside: inside_mask(level),
        id: level_id(level),
        world,
        animation: None,
        trace: Vec::new(),
    })
}
