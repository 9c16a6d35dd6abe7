//! Going through the levels of the pack file being edited: the next and the previous level
//! (`>` `<`, PageDown PageUp) and a new level after the last (`N`). Each asks first when the
//! level has unsaved changes, as quitting does: `y` saves and goes, `n` goes without saving,
//! any other key stays. The level gone to is read afresh from the file.

use sokoshot_core::edit::{Editor, open};

use super::{EditorApp, Overlay, Target};

/// Where a key asked to go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Go {
    /// The level after this one.
    Next,
    /// The level before this one.
    Previous,
    /// A new level after the file's last.
    New,
}

impl EditorApp {
    /// `>`, `<` or `N`: goes there, asking first if there are unsaved changes.
    pub(crate) fn ask_go(&mut self, go: Go) -> Result<(), String> {
        let number = self.level_to(go)?;
        if self.editor.is_modified() {
            self.overlay = Overlay::ConfirmGo(number);
        } else {
            self.go_to(number);
        }
        Ok(())
    }

    /// The level `go` leads to (1-based), or why there is none.
    fn level_to(&self, go: Go) -> Result<usize, String> {
        let file = match &self.target {
            Target::File(file) => file,
            Target::Store(..) => {
                return Err("this editor holds one level: your other levels are under \
                            “Play your levels” in the menu"
                    .to_owned());
            }
            Target::Nowhere(why) => {
                return Err(format!("this editor holds one level, kept nowhere: {why}"));
            }
        };
        let (number, count) = (file.level_number(), file.level_count());
        match go {
            Go::Next if number >= count => Err(format!(
                "level {number} is the last of {}: N adds a new level after it",
                count
            )),
            Go::Next => Ok(number + 1),
            Go::Previous if number <= 1 => Err(format!("level {number} is the first")),
            Go::Previous => Ok(number - 1),
            Go::New if file.is_new() => Err(format!(
                "level {number} is a new level already: Ctrl-s adds it to the file"
            )),
            Go::New => Ok(count + 1),
        }
    }

    /// The answer to "save first?" before going to level `number`.
    pub(crate) fn confirm_go(&mut self, answer: char, number: usize) {
        match answer {
            'y' => {
                self.going = Some(number);
                self.save(false, false);
            }
            'n' => self.go_to(number),
            _ => self.tell(format!("staying on level {}", self.level_number()), false),
        }
    }

    /// After a key: goes where a save was asked to lead, once the save is done (a file that
    /// changed on disk is still being asked about; a save that failed stays).
    pub(crate) fn go_once_saved(&mut self) {
        let Some(number) = self.going else { return };
        if matches!(self.overlay, Overlay::ConfirmOverwrite { .. }) {
            return;
        }
        self.going = None;
        if !self.editor.is_modified() {
            // What the save said comes first: "saved level 1 to pack.xsb; level 2 of 3".
            let saved = self.message.take();
            self.go_to(number);
            if let (Some((saved, false)), Some((went, false))) = (saved, &self.message) {
                let both = format!("{saved}; {went}");
                self.tell(both, false);
            }
        }
    }

    fn level_number(&self) -> usize {
        match &self.target {
            Target::File(file) => file.level_number(),
            Target::Store(..) | Target::Nowhere(_) => 1,
        }
    }

    /// Opens level `number` of the file (a new level when it is one past the last).
    fn go_to(&mut self, number: usize) {
        let Target::File(file) = &self.target else {
            return;
        };
        match open(file.path(), Some(number)) {
            Ok(opened) => {
                let mut editor = Editor::new(opened.sketch);
                editor.mark_saved();
                self.editor = editor;
                let count = opened.file.level_count();
                let new = opened.file.is_new();
                self.target = Target::File(opened.file);
                self.proved = u64::MAX;
                let text = if new {
                    format!(
                        "level {number} of {count}: a new level after level {}",
                        number - 1
                    )
                } else {
                    let note = opened.note.map(|n| format!(": {n}")).unwrap_or_default();
                    format!("level {number} of {count}{note}")
                };
                self.tell(text, false);
            }
            Err(err) => self.tell(format!("cannot open level {number}: {err}"), true),
        }
    }
}
