//! The level editor as the author sees it: the board being drawn with a cursor, the palette,
//! one status line saying where the proof of the board stands, forms for the settings and
//! the title, and "try it", which plays the level as drawn and comes back.
//!
//! The model is the core's [`sokoshot_core::edit`]: this module only turns keys, clicks and
//! pastes into its edits, and hands each change to [`Proofs`], which cancels the running
//! proof and starts the next once the drawing settles (one proof at a time, however fast
//! the author draws or drags). The keys: every character of the level alphabet puts itself
//! under the cursor, so the editor's commands are control keys and keys that are no level
//! character ([`HELP`]). Saving goes through the core (`PackFile::save`); nothing here reads
//! or writes a file.

use std::cell::Cell;
use std::sync::Arc;
use std::time::Instant;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;

use super::app::{App, Place};
use super::hint::HintBudget;
use super::theme::Theme;
use sokoshot_core::edit::proof::{Budget, Optimum, Proofs, Prover, Status};
use sokoshot_core::edit::{
    Checked, Draft, Editor, Opened, PackFile, SaveError, Saved, Sketch, StoredLevel, normal_char,
};
use sokoshot_core::level::{Level, Pos};
use sokoshot_core::store::collection::Collection;
use sokoshot_core::store::progress::Progress;
use sokoshot_core::store::saves::Saves;
use sokoshot_core::words::count;

pub mod form;
mod levels;
pub mod run;
mod view;

use form::{Form, FormEnd};
use levels::Go;

/// The editor's keys besides the level characters, as its help lists them.
pub const HELP: &[(&str, &str)] = &[
    ("h j k l  arrows", "move the cursor"),
    ("# - . $ *", "put a wall, floor, goal, box, box on goal"),
    ("@ +  x", "put the player, on a goal; x (or space) floor"),
    ("E  %", "put an enemy (a shot clears it), a spinner's hub"),
    ("F 7 L J", "put a slope: the letter's corner is filled"),
    (
        "click, drag",
        "paint the palette's highlighted character: the last put",
    ),
    ("right click, drag", "paint floor"),
    ("u  Ctrl-r", "undo, redo"),
    ("r  R", "insert a row above the cursor, delete its row"),
    ("c  C", "insert a column at the cursor, delete its column"),
    ("]  [  }  {", "board wider, narrower, taller, shorter"),
    ("s", "settings: shots, and the spinner under the cursor"),
    ("m", "title, author, comment"),
    ("t", "try it: play the level (q or e comes back)"),
    (
        "<  >  N",
        "previous, next level; a new level after the last",
    ),
    ("Ctrl-s", "save"),
    ("?  Esc", "this help (j k scroll it); close"),
    (
        "q  Ctrl-c",
        "quit (asks first if there are unsaved changes)",
    ),
];

/// What the editor shows over the board.
#[derive(Debug)]
pub(crate) enum Overlay {
    /// Nothing: drawing.
    None,
    /// The key help.
    Help,
    /// A form being filled in.
    Form(Form),
    /// Quitting with unsaved changes: save first?
    ConfirmQuit,
    /// Going to another level (this 1-based one) with unsaved changes: save first?
    ConfirmGo(usize),
    /// The file changed on disk: overwrite it?
    ConfirmOverwrite {
        /// Quit once saved.
        then_quit: bool,
    },
    /// The level being played as drawn.
    Trying(Box<App>),
}

/// Where the editor saves the level.
#[derive(Debug)]
pub(crate) enum Target {
    /// A pack file (local play).
    File(PackFile),
    /// The player's own levels, kept by the server's store.
    Store(Box<StoredLevel>, Arc<dyn Saves>),
    /// Nowhere, and why (a guest over SSH).
    Nowhere(String),
}

/// The editor: the level being drawn, where it is saved, and the proof of it.
#[derive(Debug)]
pub struct EditorApp {
    pub(crate) editor: Editor,
    pub(crate) target: Target,
    pub(crate) theme: Theme,
    pub(crate) checked: Checked,
    pub(crate) proofs: Proofs,
    /// The board the proof and the check are about.
    proved: u64,
    /// The level to go to once the save asked for is done.
    going: Option<usize>,
    pub(crate) overlay: Overlay,
    pub(crate) message: Option<(String, bool)>,
    /// The character the mouse paints.
    pub(crate) brush: char,
    /// Whether the left button is held (a stroke) and what it paints.
    drag: Option<char>,
    quit: bool,
    /// Where the board was drawn last and the cell at its top-left (for the mouse).
    pub(crate) drawn: Cell<Option<(Rect, Pos)>>,
    mouse: bool,
    /// What a hint may cost while the level is tried (local play's when none).
    hints: Option<HintBudget>,
    /// The size of the screen, when known: the level being tried is told it, as play is.
    screen: Option<(u16, u16)>,
    /// How far the help is scrolled.
    pub(crate) help_scroll: u16,
}

impl EditorApp {
    /// An editor on an opened level, its proofs within the local budget.
    #[must_use]
    pub fn new(opened: Opened, theme: Theme) -> Self {
        Self::with_budget(opened, theme, Budget::default())
    }

    /// An editor on an opened level whose proofs each run within `budget`.
    #[must_use]
    pub fn with_budget(opened: Opened, theme: Theme, budget: Budget) -> Self {
        let note = opened.note;
        Self::on(
            opened.sketch,
            Target::File(opened.file),
            note,
            theme,
            budget,
        )
    }

    /// An editor on a new level (one small walled room) for the player's own levels in
    /// `saves` (a server's store), or, without one, saved nowhere for the reason `why_not`.
    #[must_use]
    pub fn new_level(
        saves: Option<Arc<dyn Saves>>,
        why_not: &str,
        theme: Theme,
        budget: Budget,
    ) -> Self {
        let (target, note) = match saves {
            Some(saves) => (
                Target::Store(Box::default(), saves),
                "a new level: Ctrl-s keeps it in your levels on this server".to_owned(),
            ),
            None => (
                Target::Nowhere(why_not.to_owned()),
                format!("a new level, not kept: {why_not}"),
            ),
        };
        Self::on(Sketch::room(7, 5), target, Some(note), theme, budget)
    }

    /// An editor on `draft`, kept when the player's last session ended with it unsaved, to
    /// be saved into their levels in `saves` (in place of the level it was drawn from while
    /// that is there, else as a new one): unsaved until it is.
    #[must_use]
    pub fn draft(saves: Arc<dyn Saves>, draft: Draft, theme: Theme, budget: Budget) -> Self {
        let stored = StoredLevel::of_draft(&*saves, &draft);
        let note = match stored.number() {
            Some(number) => {
                format!("your draft is back: Ctrl-s saves it as level {number} of yours")
            }
            None => "your draft is back: Ctrl-s keeps it as a new level of yours".to_owned(),
        };
        let mut app = Self::on(
            draft.sketch,
            Target::Store(Box::new(stored), saves),
            Some(note),
            theme,
            budget,
        );
        app.editor.mark_unsaved();
        app
    }

    /// Where the board is kept when the session ends with it unsaved: the player's store,
    /// when the level is saved into one and the board differs from the one saved; with the
    /// level of theirs it was drawn from, if any.
    #[must_use]
    pub fn unsaved_store(&self) -> Option<(&Arc<dyn Saves>, Option<&Level>)> {
        match &self.target {
            Target::Store(stored, saves) if self.editor.is_modified() => {
                Some((saves, stored.level()))
            }
            _ => None,
        }
    }

    /// An editor on `level`, number `number` of the player's own levels in `saves` (a
    /// server's store): saving rewrites it where it stands.
    #[must_use]
    pub fn stored_level(
        saves: Arc<dyn Saves>,
        (level, number): (&Level, usize),
        theme: Theme,
        budget: Budget,
    ) -> Self {
        let stored = StoredLevel::existing(level, number);
        let note = format!("level {number} of your levels: Ctrl-s saves it in its place");
        Self::on(
            Sketch::from(level),
            Target::Store(Box::new(stored), saves),
            Some(note),
            theme,
            budget,
        )
    }

    fn on(
        sketch: Sketch,
        target: Target,
        note: Option<String>,
        theme: Theme,
        budget: Budget,
    ) -> Self {
        let mut editor = Editor::new(sketch);
        editor.mark_saved();
        let mut app = Self {
            checked: editor.sketch().check(),
            editor,
            target,
            theme,
            proofs: Proofs::new(budget),
            proved: u64::MAX,
            going: None,
            overlay: Overlay::None,
            message: note.map(|n| (n, false)),
            brush: '#',
            drag: None,
            quit: false,
            drawn: Cell::new(None),
            mouse: true,
            hints: None,
            screen: None,
            help_scroll: 0,
        };
        app.refresh();
        app
    }

    /// Whether a click paints (off with `--no-mouse`).
    pub fn set_mouse(&mut self, on: bool) {
        self.mouse = on;
    }

    /// What a hint may cost while the level is tried (a server's share).
    pub fn set_hint_budget(&mut self, budget: HintBudget) {
        self.hints = Some(budget);
    }

    /// Tells the editor the size of the screen it is drawn on (the level being tried scrolls
    /// its help and fits its board by it, as in play).
    pub fn set_screen_size(&mut self, columns: u16, rows: u16) {
        self.screen = Some((columns, rows));
        if let Overlay::Trying(app) = &mut self.overlay {
            app.set_screen_size(columns, rows);
        }
    }

    /// Text the level being tried asked to copy to the clipboard (`y`, `Y`), taken: the loop
    /// writes it to the terminal, as play's does.
    pub fn take_clipboard(&mut self) -> Option<String> {
        match &mut self.overlay {
            Overlay::Trying(app) => app.take_clipboard(),
            _ => None,
        }
    }

    /// Whether the author has left the editor.
    #[must_use]
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The board being drawn.
    #[must_use]
    pub fn editor(&self) -> &Editor {
        &self.editor
    }

    /// The file it is saved in, when it is saved in a file.
    #[must_use]
    pub fn file(&self) -> Option<&PackFile> {
        match &self.target {
            Target::File(file) => Some(file),
            Target::Store(..) | Target::Nowhere(_) => None,
        }
    }

    /// Where the proof stands (none while the board does not load, or waits for the
    /// drawing to settle).
    #[must_use]
    pub fn status(&self) -> Option<&Status> {
        self.proofs.current().map(Prover::status)
    }

    /// The proof of the board as drawn, once started.
    pub(crate) fn prover(&self) -> Option<&Prover> {
        self.proofs.current()
    }

    /// How many proofs were started since the editor opened.
    #[must_use]
    pub fn proofs_started(&self) -> u64 {
        self.proofs.started()
    }

    /// How many proof threads run now (the current proof, or a cancelled one ending).
    #[must_use]
    pub fn proof_threads(&self) -> usize {
        self.proofs.threads_running()
    }

    /// Whether the level is being tried (the game is on screen).
    #[must_use]
    pub fn is_trying(&self) -> bool {
        matches!(self.overlay, Overlay::Trying(_))
    }

    /// Whether frames are due: the proof is running, or the level being tried is moving.
    #[must_use]
    pub fn is_animating(&self) -> bool {
        match &self.overlay {
            Overlay::Trying(app) => app.is_animating(),
            _ => self.proofs.is_busy(),
        }
    }

    /// One frame: takes the proof's news (starting the proof once the drawing settled), and
    /// moves the level being tried. Returns whether anything on screen changed.
    pub fn tick(&mut self) -> bool {
        self.tick_at(Instant::now())
    }

    /// [`EditorApp::tick`] at `now`.
    pub fn tick_at(&mut self, now: Instant) -> bool {
        if let Overlay::Trying(app) = &mut self.overlay {
            app.tick();
            return true;
        }
        let changed = self.proofs.poll(now);
        self.take_solution();
        changed
    }

    /// Keeps the solution the proof found, to be saved with the level.
    fn take_solution(&mut self) {
        if let Some(Status::Solvable { solution, .. }) = self.status() {
            let moves = solution.moves.clone();
            self.editor.set_solution(self.proved, Some(moves));
        }
    }

    /// Waits until the proof of the board as drawn is over (starting it now if it waits
    /// for the drawing to settle; each of its searches is bounded by its limits) and takes
    /// its answer: what a test or a script compares.
    pub fn finish_proof(&mut self) {
        self.proofs.finish();
        self.proofs.poll(Instant::now());
        self.take_solution();
    }

    /// After a change: checks the board again and hands it to the proofs (the running one
    /// is cancelled; the next starts when the drawing settles).
    fn refresh(&mut self) {
        if self.proved == self.editor.generation() {
            return;
        }
        self.proved = self.editor.generation();
        self.checked = self.editor.sketch().check();
        self.proofs
            .changed(self.checked.level.clone(), Instant::now());
    }

    /// Shows `text` on the bottom line until the next key.
    pub fn tell(&mut self, text: impl Into<String>, warning: bool) {
        self.message = Some((text.into(), warning));
    }

    /// Handles one key. Returns whether anything on screen may have changed.
    pub fn handle_key(&mut self, key: KeyEvent) -> bool {
        if let Overlay::Trying(app) = &mut self.overlay {
            app.handle_key(key);
            if app.should_quit() || app.take_edit_request() {
                self.overlay = Overlay::None;
                self.tell("back to the editor: the board is as it was", false);
            }
            return true;
        }
        self.message = None;
        // A key ends a stroke whose release the terminal did not report.
        self.drag = None;
        self.proofs.hold(false);
        match std::mem::replace(&mut self.overlay, Overlay::None) {
            Overlay::Form(mut form) => {
                let before = self.editor.sketch().clone();
                match form.key(key, &mut self.editor) {
                    FormEnd::Open => self.overlay = Overlay::Form(form),
                    FormEnd::Applied => {
                        let said = form::what_was_set(&before, self.editor.sketch());
                        self.tell(said, false);
                    }
                    FormEnd::Cancelled => {}
                }
            }
            Overlay::ConfirmQuit => match key.code {
                KeyCode::Char('y') => self.save(false, true),
                KeyCode::Char('n') => self.quit = true,
                _ => self.tell("not quitting", false),
            },
            Overlay::ConfirmGo(number) => match key.code {
                KeyCode::Char(c) => self.confirm_go(c, number),
                _ => self.confirm_go(' ', number),
            },
            Overlay::ConfirmOverwrite { then_quit } => match key.code {
                KeyCode::Char('y') => self.save(true, then_quit),
                _ => self.tell("not saved: the file on disk is as it was", true),
            },
            Overlay::Help => match key.code {
                KeyCode::Esc | KeyCode::Char('?' | 'q') => {}
                KeyCode::Down | KeyCode::Char('j') => self.scroll_help(1),
                KeyCode::Up | KeyCode::Char('k') => self.scroll_help(-1),
                _ => self.draw_key(key),
            },
            Overlay::None | Overlay::Trying(_) => self.draw_key(key),
        }
        self.go_once_saved();
        self.refresh();
        true
    }

    /// A key while drawing.
    fn draw_key(&mut self, key: KeyEvent) {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        let result = match key.code {
            KeyCode::Char('s') if ctrl => {
                self.save(false, false);
                Ok(())
            }
            KeyCode::Char('r') if ctrl => self.editor.redo().map_err(str::to_owned),
            KeyCode::Char('c') if ctrl => {
                self.ask_quit();
                Ok(())
            }
            _ if ctrl => Ok(()),
            KeyCode::Left | KeyCode::Char('h') => self.go(-1, 0),
            KeyCode::Down | KeyCode::Char('j') => self.go(0, 1),
            KeyCode::Up | KeyCode::Char('k') => self.go(0, -1),
            KeyCode::Right | KeyCode::Char('l') => self.go(1, 0),
            KeyCode::Esc => Ok(()),
            KeyCode::PageDown => self.ask_go(Go::Next),
            KeyCode::PageUp => self.ask_go(Go::Previous),
            KeyCode::Char(c) => self.command(c),
            _ => Ok(()),
        };
        if let Err(why) = result {
            self.tell(why, true);
        }
    }

    fn go(&mut self, dx: i32, dy: i32) -> Result<(), String> {
        self.editor.move_cursor(dx, dy);
        Ok(())
    }

    /// A character typed while drawing: a level character is put, the rest are commands.
    fn command(&mut self, c: char) -> Result<(), String> {
        let ed = &mut self.editor;
        if let Some(normal) = normal_char(c) {
            self.brush = normal;
            return ed.put(c).map_err(|e| e.to_string());
        }
        let edit = match c {
            'x' => ed.put(' '),
            'u' => return ed.undo().map_err(str::to_owned),
            'r' => ed.insert_row(),
            'R' => ed.delete_row(),
            'c' => ed.insert_column(),
            'C' => ed.delete_column(),
            ']' | '}' => {
                let grown = if c == ']' {
                    ed.grow(1, 0)
                } else {
                    ed.grow(0, 1)
                };
                if grown.is_ok() {
                    self.tell(
                        "the new cells are outside the walls: c or r inside the room widens it",
                        false,
                    );
                }
                grown
            }
            '[' => ed.grow(-1, 0),
            '{' => ed.grow(0, -1),
            's' => {
                self.overlay = Overlay::Form(Form::settings(ed));
                Ok(())
            }
            'm' => {
                self.overlay = Overlay::Form(Form::meta(ed));
                Ok(())
            }
            't' => return self.try_it(),
            '>' => return self.ask_go(Go::Next),
            '<' => return self.ask_go(Go::Previous),
            'N' => return self.ask_go(Go::New),
            '?' => {
                self.overlay = Overlay::Help;
                self.help_scroll = 0;
                Ok(())
            }
            'q' => {
                self.ask_quit();
                Ok(())
            }
            other => {
                return Err(format!(
                    "`{other}` is no level character and no command: ? lists the keys"
                ));
            }
        };
        edit.map_err(|e| e.to_string())
    }

    /// j k (Down Up) in the help: scrolls it, as far as the screen asks (when known).
    fn scroll_help(&mut self, by: i16) {
        let most = self.screen.map_or(u16::MAX, |(columns, rows)| {
            view::help_max_scroll(self.theme, columns, rows)
        });
        self.help_scroll = self.help_scroll.saturating_add_signed(by).min(most);
        self.overlay = Overlay::Help;
    }

    fn ask_quit(&mut self) {
        if self.editor.is_modified() {
            self.overlay = Overlay::ConfirmQuit;
        } else {
            self.quit = true;
        }
    }

    /// Ctrl-S: writes the level through the core; a file changed on disk asks first.
    fn save(&mut self, overwrite: bool, then_quit: bool) {
        let file = match &mut self.target {
            Target::File(file) => file,
            Target::Store(stored, saves) => {
                match stored.save(&**saves, self.editor.sketch()) {
                    Ok(number) => {
                        self.editor.mark_saved();
                        self.tell(
                            format!("saved as level {number} of your levels on this server"),
                            false,
                        );
                        self.quit = then_quit;
                    }
                    Err(why) => self.tell(format!("not saved: {why}"), true),
                }
                return;
            }
            Target::Nowhere(why) => {
                let text = format!("not saved: {why}");
                return self.tell(text, true);
            }
        };
        match file.save(self.editor.sketch(), overwrite) {
            Ok(saved) => {
                self.editor.mark_saved();
                let number = file.level_number();
                let text = match saved {
                    Saved::Written(path) => format!("saved level {number} to {}", path.display()),
                    Saved::Beside(path) => format!(
                        "an SLC collection is not rewritten: saved into {} beside it",
                        path.display()
                    ),
                };
                self.tell(text, false);
                self.quit = then_quit;
            }
            Err(SaveError::ChangedOnDisk(path)) => {
                self.tell(
                    format!("{path} changed on disk since it was opened: y overwrites it, any other key keeps it"),
                    true,
                );
                self.overlay = Overlay::ConfirmOverwrite { then_quit };
            }
            Err(err) => self.tell(format!("not saved: {err}"), true),
        }
    }

    /// `t`: plays the level as drawn in the game itself; leaving it comes back here.
    fn try_it(&mut self) -> Result<(), String> {
        let Some(level) = self.checked.level.clone() else {
            let why = self
                .checked
                .first_error()
                .map_or_else(String::new, |p| p.diagnostic.error.to_string());
            return Err(format!("it cannot be played yet: {why}"));
        };
        let pack = Collection::built_in("Trying", "you", vec![level]);
        let place = Place { pack: 0, level: 0 };
        let mut app = App::new(vec![pack], place, Progress::default(), None, self.theme)
            .map_err(|e| e.to_string())?;
        app.set_mouse(self.mouse);
        if let Some((columns, rows)) = self.screen {
            app.set_screen_size(columns, rows);
        }
        if let Some(budget) = self.hints {
            app.set_hint_budget(budget);
        }
        app.tell("trying the level: q or e comes back to the editor", false);
        self.overlay = Overlay::Trying(Box::new(app));
        Ok(())
    }

    /// A mouse event: the left button paints the last character put, the right one floor;
    /// a drag paints one stroke (one undo step).
    pub fn handle_mouse(&mut self, event: MouseEvent) -> bool {
        if let Overlay::Trying(app) = &mut self.overlay {
            return app.handle_mouse(event);
        }
        if let MouseEventKind::Up(_) = event.kind {
            self.drag = None;
            self.proofs.hold(false);
            return false;
        }
        if !self.mouse || !matches!(self.overlay, Overlay::None) {
            return false;
        }
        let cell = self.cell_at(event.column, event.row);
        let (paint, continuing) = match event.kind {
            MouseEventKind::Down(MouseButton::Left) => (Some(self.brush), false),
            MouseEventKind::Down(MouseButton::Right) => (Some(' '), false),
            MouseEventKind::Drag(_) => (self.drag, true),
            _ => return false,
        };
        let (Some(c), Some(pos)) = (paint, cell) else {
            return false;
        };
        self.drag = Some(c);
        self.proofs.hold(true);
        if let Err(why) = self.editor.paint(pos, c, continuing) {
            self.tell(why.to_string(), true);
        }
        self.refresh();
        true
    }

    /// The board cell drawn at a screen column and row, if any.
    fn cell_at(&self, column: u16, row: u16) -> Option<Pos> {
        let (area, origin) = self.drawn.get()?;
        if column < area.x || row < area.y || column >= area.right() || row >= area.bottom() {
            return None;
        }
        let pos = Pos::new(
            origin.x + i32::from((column - area.x) / 2),
            origin.y + i32::from(row - area.y),
        );
        let s = self.editor.sketch();
        let on = usize::try_from(pos.x).is_ok_and(|x| x < s.width())
            && usize::try_from(pos.y).is_ok_and(|y| y < s.height());
        on.then_some(pos)
    }

    /// A paste: a level replaces the board (one undo step); anything else is refused with
    /// what is wrong with it. While the level is tried the game takes it, as in play (moves
    /// are played).
    pub fn paste(&mut self, text: &str) -> bool {
        if let Overlay::Trying(app) = &mut self.overlay {
            app.handle_paste(text);
            return true;
        }
        if let Overlay::Form(form) = &mut self.overlay {
            for c in text.chars().filter(|c| !c.is_control()) {
                form.type_char(c);
            }
            return true;
        }
        if !matches!(self.overlay, Overlay::None) {
            self.tell(
                "close this view first to paste a level onto the board",
                true,
            );
            return false;
        }
        match text.parse::<Level>() {
            Ok(level) => {
                self.editor.replace(Sketch::from(&level));
                self.tell(
                    "pasted level in place of the board (u takes it back)",
                    false,
                );
            }
            Err(err) => self.tell(format!("the paste is not a level: {}", err.error), true),
        }
        self.refresh();
        true
    }
}

/// The status line's words for the proof, and whether they warn.
#[must_use]
pub fn proof_words(status: &Status) -> (String, bool) {
    match status {
        Status::Searching => ("searching…".to_owned(), false),
        Status::Solvable { solution, optimum } => {
            let c = solution.counters;
            let pushes = count(c.pushes, "push");
            let (moves, shots) = (count(c.moves, "move"), count(c.shots, "shot"));
            let text = match optimum {
                Optimum::Searching => {
                    format!("solvable: {pushes}, {moves}, {shots}; proving the fewest pushes…")
                }
                Optimum::Proven { layouts } => format!(
                    "solvable: {pushes} (proven fewest), {moves}, {shots}; difficulty {}",
                    count(*layouts, "layout")
                ),
                Optimum::NotProven => {
                    format!("solvable: {pushes} (fewest not proven), {moves}, {shots}")
                }
            };
            (text, false)
        }
        Status::NoSolution => ("no solution".to_owned(), true),
        Status::NotProven { seconds } => (format!("not proven in {seconds:.0} s"), true),
        Status::CannotRun(why) => (format!("the solver cannot run: {why}"), true),
    }
}
