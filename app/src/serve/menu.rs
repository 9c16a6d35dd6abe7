//! The first screen of a session: what to play, and how it should look. It offers what a
//! local player sets with flags and environment (colour or `NO_COLOR`, ASCII, the mouse), since the
//! client's environment does not reach the server. Colour starts on when the client's `TERM`
//! names a terminal with colours.

use std::io;
use std::time::Duration;

use crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget};

use crate::tui::console::Console;
use crate::tui::terminal::Input;
use crate::words::session as words;

/// How long the menu waits for a key before looking at the session's end conditions again.
const IDLE_WAIT: Duration = crate::tui::console::IDLE_POLL;

/// How the session draws.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Look {
    /// Use colours.
    pub color: bool,
    /// Draw with ASCII only.
    pub ascii: bool,
    /// Read the mouse (the game and the lab).
    pub mouse: bool,
}

impl Look {
    /// The starting look for a client whose `TERM` is `term`: colour unless the terminal is
    /// known to have none (`dumb`, the VT100 family, or no `TERM` at all).
    #[must_use]
    pub fn for_term(term: &str) -> Self {
        let term = term.to_ascii_lowercase();
        let mono = term.is_empty()
            || term == "dumb"
            || term.starts_with("vt1")
            || term.starts_with("vt2")
            || term.ends_with("-mono")
            || term.ends_with("-m");
        Self {
            color: !mono,
            ascii: false,
            mouse: true,
        }
    }
}

/// What the player chose.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// Play the pack with this index.
    Pack(usize),
    /// Open the collision lab.
    Lab,
    /// Make a new level in the editor.
    Make,
    /// List the player's own levels (the pack with this index): to play, edit or delete.
    Own(usize),
    /// End the session.
    Quit,
    /// Take the nickname typed ([`Menu::take_nickname`]).
    Nickname,
    /// Play today's daily level: the pack's index and the level's.
    Daily(usize, usize),
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Item {
    Pack(usize, String),
    /// The player's own levels: the pack's index, and how many levels it has.
    Own(usize, usize),
    Make,
    Lab,
    Color,
    Ascii,
    Mouse,
    Quit,
    Nickname,
    Daily(usize, usize, String),
}

/// The menu's state.
#[derive(Debug, Clone)]
pub struct Menu {
    items: Vec<Item>,
    selected: usize,
    /// The look chosen so far.
    pub look: Look,
    player: [String; 2],
    /// For each pack, its levels solved and in all, when the player's progress is kept.
    solved: Vec<(usize, usize)>,
    /// The player's nickname, once the store has been asked.
    nickname: Option<String>,
    /// The nickname being typed, while it is.
    typing: Option<String>,
    /// What became of the last nickname asked for.
    nickname_note: Option<String>,
}

/// The most characters the nickname line takes as typed (the rule's 16, and a few over so
/// that a long one is refused with its length rather than cut).
const MAX_TYPED: usize = 24;

impl Menu {
    /// A menu offering the packs named `packs`, the lab and the look, for `player` (a key
    /// fingerprint, or `None` for a guest).
    #[must_use]
    pub fn new(packs: &[String], look: Look, player: Option<&str>) -> Self {
        let mut items: Vec<Item> = packs
            .iter()
            .enumerate()
            .map(|(i, name)| Item::Pack(i, name.clone()))
            .collect();
        items.extend([Item::Lab, Item::Color, Item::Ascii, Item::Mouse, Item::Quit]);
        let player = match player {
            Some(key) => [
                format!("Playing as {key}:"),
                "your progress is kept for this key.".into(),
            ],
            None => [
                words::sentence(words::GUEST),
                "Connect with an SSH key to keep it.".into(),
            ],
        };
        Self {
            items,
            selected: 0,
            look,
            player,
            solved: Vec::new(),
            nickname: None,
            typing: None,
            nickname_note: None,
        }
    }

    /// Offers the player a nickname (`current` is theirs, if they chose one), just before
    /// the look's settings.
    pub fn offer_nickname(&mut self, current: Option<String>) {
        self.nickname = current;
        if !self.items.contains(&Item::Nickname) {
            let at = self
                .items
                .iter()
                .position(|item| *item == Item::Color)
                .unwrap_or(self.items.len());
            self.items.insert(at, Item::Nickname);
        }
    }

    /// Offers today's daily level, `name`, the level `level` of the pack `pack`, after the
    /// packs.
    pub fn offer_daily(&mut self, pack: usize, level: usize, name: String) {
        if self
            .items
            .iter()
            .any(|item| matches!(item, Item::Daily(..)))
        {
            return;
        }
        let at = self
            .items
            .iter()
            .position(|item| !matches!(item, Item::Pack(..)))
            .unwrap_or(self.items.len());
        self.items.insert(at, Item::Daily(pack, level, name));
    }

    /// The nickname typed, once Enter chose it.
    pub fn take_nickname(&mut self) -> String {
        self.typing.take().unwrap_or_default()
    }

    /// What became of the nickname asked for: taken, or why not.
    pub fn nickname_result(&mut self, result: Result<String, String>) {
        match result {
            Ok(nickname) => {
                self.nickname_note = Some(format!("You are {nickname} in the scores now."));
                self.nickname = Some(nickname);
            }
            Err(why) => self.nickname_note = Some(why),
        }
    }

    /// A key while the nickname is typed.
    fn type_nickname(&mut self, key: KeyEvent) -> Option<Choice> {
        let typed = self.typing.get_or_insert_with(String::new);
        match key.code {
            KeyCode::Enter => return Some(Choice::Nickname),
            KeyCode::Esc => {
                self.typing = None;
                self.nickname_note = None;
            }
            KeyCode::Backspace => {
                typed.pop();
            }
            KeyCode::Char(c)
                if !key.modifiers.contains(KeyModifiers::CONTROL)
                    && typed.chars().count() < MAX_TYPED =>
            {
                typed.push(c);
            }
            _ => {}
        }
        None
    }

    /// Shows, for each pack in order, its levels solved and in all ("Campaign  12/35").
    pub fn set_solved(&mut self, solved: &[(usize, usize)]) {
        solved.clone_into(&mut self.solved);
    }

    /// Offers making a level and, when the player has `own` levels of their own (pasted or
    /// made), playing them: the pack after the menu's packs.
    pub fn offer_levels(&mut self, own: usize) {
        self.items
            .retain(|item| !matches!(item, Item::Own(..) | Item::Make));
        let packs = self
            .items
            .iter()
            .filter(|item| matches!(item, Item::Pack(..)))
            .count();
        let mut offered = vec![Item::Make];
        if own > 0 {
            offered.insert(0, Item::Own(packs, own));
        }
        let at = self
            .items
            .iter()
            .position(|item| !matches!(item, Item::Pack(..)))
            .unwrap_or(self.items.len());
        self.items.splice(at..at, offered);
        self.selected = self.selected.min(self.items.len() - 1);
    }

    /// Says that this player's progress is not kept, and why.
    pub fn not_kept(&mut self, why: &str) {
        self.player[1] = words::progress_not_kept(why);
    }

    /// Handles a key; returns the choice when one was made.
    pub fn press(&mut self, key: KeyEvent) -> Option<Choice> {
        if key.kind == KeyEventKind::Release {
            return None;
        }
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        if self.typing.is_some() && !(ctrl && key.code == KeyCode::Char('c')) {
            return self.type_nickname(key);
        }
        match key.code {
            KeyCode::Char('c') if ctrl => Some(Choice::Quit),
            KeyCode::Char('q') | KeyCode::Esc => Some(Choice::Quit),
            KeyCode::Char('j') | KeyCode::Down | KeyCode::Tab => {
                self.selected = (self.selected + 1) % self.items.len();
                None
            }
            KeyCode::Char('k') | KeyCode::Up | KeyCode::BackTab => {
                self.selected = (self.selected + self.items.len() - 1) % self.items.len();
                None
            }
            KeyCode::Char('c') => self.activate(&Item::Color),
            KeyCode::Char('a') => self.activate(&Item::Ascii),
            KeyCode::Char('m') => self.activate(&Item::Mouse),
            KeyCode::Char('l') => Some(Choice::Lab),
            KeyCode::Char('e') if self.items.contains(&Item::Make) => Some(Choice::Make),
            KeyCode::Char('n') if self.items.contains(&Item::Nickname) => {
                self.activate(&Item::Nickname)
            }
            KeyCode::Enter | KeyCode::Char(' ') => {
                let item = self.items[self.selected].clone();
                self.activate(&item)
            }
            _ => None,
        }
    }

    fn activate(&mut self, item: &Item) -> Option<Choice> {
        match item {
            Item::Pack(i, _) => Some(Choice::Pack(*i)),
            Item::Own(i, _) => Some(Choice::Own(*i)),
            Item::Make => Some(Choice::Make),
            Item::Lab => Some(Choice::Lab),
            Item::Color => {
                self.look.color = !self.look.color;
                None
            }
            Item::Ascii => {
                self.look.ascii = !self.look.ascii;
                None
            }
            Item::Mouse => {
                self.look.mouse = !self.look.mouse;
                None
            }
            Item::Quit => Some(Choice::Quit),
            Item::Nickname => {
                self.typing = Some(String::new());
                self.nickname_note = Some(
                    "Type a nickname (up to 16 of A-Z a-z 0-9 _ - .), Enter takes it, Esc \
                     cancels."
                        .into(),
                );
                None
            }
            Item::Daily(pack, level, _) => Some(Choice::Daily(*pack, *level)),
        }
    }

    fn label(&self, item: &Item) -> String {
        let on = |flag: bool| if flag { "on" } else { "off" };
        match item {
            Item::Pack(i, name) => match self.solved.get(*i) {
                Some((solved, all)) => format!("Play {name}  {solved}/{all}"),
                None => format!("Play {name}"),
            },
            Item::Own(_, own) => format!("Play your levels  ({own})"),
            Item::Make => "Make a level  (e)".into(),
            Item::Lab => "Open the collision lab  (l)".into(),
            Item::Color => format!("Colour: {}  (c)", on(self.look.color)),
            Item::Ascii => format!("ASCII only: {}  (a)", on(self.look.ascii)),
            Item::Mouse => format!("Mouse: {}  (m)", on(self.look.mouse)),
            Item::Quit => "Quit  (q)".into(),
            Item::Nickname => match (&self.typing, &self.nickname) {
                // Shown as plain ASCII whatever was typed: the check names what it refuses.
                (Some(typed), _) => format!(
                    "Nickname: {}_",
                    typed
                        .chars()
                        .map(|c| if c.is_ascii_graphic() { c } else { '?' })
                        .collect::<String>()
                ),
                (None, Some(nickname)) => format!("Nickname: {nickname}  (n)"),
                (None, None) => "Choose a nickname for the scores  (n)".into(),
            },
            Item::Daily(_, _, name) => format!("Play today's level: {name}"),
        }
    }
}

impl Widget for &Menu {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let mut lines = vec![
            Line::from("sokoshot: Sokoban meets bank shots")
                .style(Style::new().add_modifier(Modifier::BOLD)),
            Line::from(""),
        ];
        for (i, item) in self.items.iter().enumerate() {
            let marker = if i == self.selected { "> " } else { "  " };
            let mut line = Line::from(format!("{marker}{}", self.label(item)));
            if i == self.selected {
                line = line.style(Style::new().add_modifier(Modifier::REVERSED));
            }
            lines.push(line);
        }
        lines.push(Line::from(""));
        lines.push(Line::from(
            "j/k or arrows move, Enter chooses; in a game q comes back here",
        ));
        lines.extend(self.player.iter().map(|text| Line::from(text.clone())));
        if let Some(note) = &self.nickname_note {
            lines.push(Line::from(note.clone()));
        }
        boxed(lines, " sokoshot over SSH ", area, buf);
    }
}

/// Draws `lines` in a bordered box titled `title`, as wide and tall as they need, in the
/// middle of `area`: the menu's look, which the screens it opens share.
pub fn boxed(lines: Vec<Line<'_>>, title: &str, area: Rect, buf: &mut Buffer) {
    let width = lines.iter().map(Line::width).max().unwrap_or(0) as u16 + 4;
    let height = lines.len() as u16 + 2;
    let [row] = Layout::vertical([Constraint::Length(height)])
        .flex(Flex::Center)
        .areas(area);
    let [cell] = Layout::horizontal([Constraint::Length(width)])
        .flex(Flex::Center)
        .areas(row);
    Paragraph::new(lines)
        .block(Block::bordered().title(title))
        .render(cell, buf);
}

/// Shows the menu on `console` until the player chooses, or the session must end; with the
/// choice, what the player typed after it in the same read (keys meant for the game or the
/// lab, which the caller hands on to it).
///
/// # Errors
/// When the console cannot be read or written.
pub fn run(console: &mut impl Console, menu: &mut Menu) -> io::Result<(Choice, Vec<Input>)> {
    let mut dirty = true;
    loop {
        if console.quit_signal().is_some() {
            return Ok((Choice::Quit, Vec::new()));
        }
        if dirty {
            console.draw(|frame| frame.render_widget(&*menu, frame.area()))?;
            dirty = false;
        }
        let mut inputs = console.read_input(IDLE_WAIT)?.into_iter();
        while let Some(input) = inputs.next() {
            match input {
                Input::Key(key) => {
                    if let Some(choice) = menu.press(key) {
                        return Ok((choice, inputs.collect()));
                    }
                    dirty = true;
                }
                Input::Quit | Input::HangUp => return Ok((Choice::Quit, Vec::new())),
                Input::Suspend => console.suspend()?,
                Input::Redraw => dirty = true,
                Input::Paste(_) | Input::Mouse(_) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn keys_typed_after_the_choice_in_the_same_read_reach_what_was_chosen() {
        use super::super::console::{Incoming, SshConsole, Timeouts};
        use crossterm::event::Event;
        use std::sync::Arc;
        use std::sync::atomic::AtomicBool;
        let (send, input) = std::sync::mpsc::sync_channel(16);
        let timeouts = Timeouts {
            idle: Duration::from_secs(600),
            session: Duration::from_secs(600),
        };
        let mut console = SshConsole::new(
            (80, 24),
            (input, Arc::default()),
            Arc::default(),
            Arc::new(AtomicBool::new(false)),
            timeouts,
        )
        .expect("console");
        for code in [KeyCode::Enter, KeyCode::Char('l'), KeyCode::Char('l')] {
            send.send(Incoming::Event(Event::Key(key(code))))
                .expect("sent");
        }
        let mut menu = Menu::new(&["the campaign".to_owned()], Look::for_term("xterm"), None);
        let (choice, typed) = run(&mut console, &mut menu).expect("runs");
        assert_eq!(choice, Choice::Pack(0));
        console.unread(typed);
        let next = console.read_input(Duration::ZERO).expect("reads");
        assert_eq!(next, vec![Input::Key(key(KeyCode::Char('l'))); 2]);
    }

    #[test]
    fn colour_follows_the_clients_term() {
        let cases = [
            ("xterm-256color", true),
            ("screen", true),
            ("tmux-256color", true),
            ("linux", true),
            ("dumb", false),
            ("vt100", false),
            ("vt220", false),
            ("xterm-mono", false),
            ("", false),
        ];
        for (term, color) in cases {
            assert_eq!(Look::for_term(term).color, color, "{term}");
        }
    }

    #[test]
    fn keys_move_toggle_and_choose() {
        let packs = ["the campaign".to_owned(), "Microban".to_owned()];
        let look = Look::for_term("xterm");
        let mut menu = Menu::new(&packs, look, None);
        assert_eq!(menu.press(key(KeyCode::Enter)), Some(Choice::Pack(0)));
        assert_eq!(menu.press(key(KeyCode::Char('j'))), None);
        assert_eq!(menu.press(key(KeyCode::Enter)), Some(Choice::Pack(1)));
        assert_eq!(menu.press(key(KeyCode::Char('c'))), None);
        assert!(!menu.look.color);
        assert_eq!(menu.press(key(KeyCode::Char('a'))), None);
        assert!(menu.look.ascii);
        assert_eq!(menu.press(key(KeyCode::Char('m'))), None);
        assert!(!menu.look.mouse);
        assert_eq!(menu.press(key(KeyCode::Up)), None);
        assert_eq!(menu.press(key(KeyCode::Up)), None, "wraps to the bottom");
        assert_eq!(menu.press(key(KeyCode::Enter)), Some(Choice::Quit));
        assert_eq!(menu.press(key(KeyCode::Char('l'))), Some(Choice::Lab));
    }

    #[test]
    fn making_a_level_and_the_players_own_levels_are_offered_after_the_packs() {
        let packs = ["Campaign".to_owned(), "Microban".to_owned()];
        let mut menu = Menu::new(&packs, Look::for_term("xterm"), Some("SHA256:k"));
        menu.offer_levels(0);
        assert_eq!(menu.press(key(KeyCode::Char('e'))), Some(Choice::Make));
        let labels = |menu: &Menu| menu.items.iter().map(|i| menu.label(i)).collect::<Vec<_>>();
        assert_eq!(labels(&menu)[2], "Make a level  (e)");
        assert!(
            !labels(&menu)
                .iter()
                .any(|l| l.starts_with("Play your levels"))
        );
        // Once saved, offered again: the player's pack comes after the menu's two.
        menu.offer_levels(3);
        menu.offer_levels(3);
        assert_eq!(labels(&menu)[2], "Play your levels  (3)");
        assert_eq!(labels(&menu)[3], "Make a level  (e)");
        assert_eq!(labels(&menu).len(), 9, "offered once: {:?}", labels(&menu));
        for _ in 0..2 {
            menu.press(key(KeyCode::Down));
        }
        assert_eq!(menu.press(key(KeyCode::Enter)), Some(Choice::Own(2)));
        menu.press(key(KeyCode::Down));
        assert_eq!(menu.press(key(KeyCode::Enter)), Some(Choice::Make));
    }

    #[test]
    fn a_nickname_is_typed_in_the_menu_and_the_daily_level_chosen() {
        let mut menu = Menu::new(&["Campaign".to_owned()], Look::for_term("xterm"), Some("k"));
        menu.offer_nickname(None);
        menu.offer_daily(0, 5, "Campaign 6".into());
        let press = |menu: &mut Menu, keys: &str| {
            let mut last = None;
            for c in keys.chars() {
                let code = match c {
                    '\n' => KeyCode::Enter,
                    '~' => KeyCode::Esc,
                    '<' => KeyCode::Backspace,
                    c => KeyCode::Char(c),
                };
                last = menu.press(key(code));
            }
            last
        };
        assert_eq!(press(&mut menu, "j\n"), Some(Choice::Daily(0, 5)));
        // Campaign, the daily level, the lab, then the nickname.
        assert_eq!(press(&mut menu, "jj\n"), None, "typing starts");
        assert_eq!(press(&mut menu, "qx~"), None, "q is typed; Esc cancels");
        assert_eq!(menu.take_nickname(), "");
        assert_eq!(press(&mut menu, "\nbobb<"), None);
        assert_eq!(press(&mut menu, "\n"), Some(Choice::Nickname));
        assert_eq!(menu.take_nickname(), "bob");
        menu.nickname_result(Ok("bob".into()));
        assert_eq!(menu.label(&Item::Nickname), "Nickname: bob  (n)");
        assert_eq!(press(&mut menu, "n"), None);
        let long = "x".repeat(100);
        press(&mut menu, &long);
        assert_eq!(
            menu.take_nickname().len(),
            MAX_TYPED,
            "typing stops at its cap"
        );
        menu.typing = Some("a\u{202e}b".into());
        assert_eq!(
            menu.label(&Item::Nickname),
            "Nickname: a?b_",
            "shown as plain ASCII"
        );
    }

    #[test]
    fn each_pack_shows_the_players_solved_count_once_it_is_known() {
        let packs = ["Campaign".to_owned(), "Microban".to_owned()];
        let mut menu = Menu::new(&packs, Look::for_term("xterm"), Some("SHA256:k"));
        let text = |menu: &Menu| {
            let area = Rect::new(0, 0, 80, 20);
            let mut buf = Buffer::empty(area);
            menu.render(area, &mut buf);
            (0..area.height)
                .map(|y| {
                    (0..area.width)
                        .map(|x| buf[(x, y)].symbol())
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert!(
            !text(&menu).contains("/35"),
            "no count before the progress is read"
        );
        menu.set_solved(&[(12, 35), (0, 155)]);
        let shown = text(&menu);
        assert!(shown.contains("Play Campaign  12/35"), "{shown}");
        assert!(shown.contains("Play Microban  0/155"), "{shown}");
    }
}
