//! Counting what a frame costs on the wire, without a terminal: the same crossterm backend
//! and the same synchronized-update wrapping as [`Screen::draw`](super::terminal::Screen::draw),
//! writing into a counter instead of a tty. The benchmarks and tests use it to show what an
//! idle frame, a flying shot and a full redraw cost.

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

use crossterm::execute;
use crossterm::terminal::{BeginSynchronizedUpdate, EndSynchronizedUpdate};
use ratatui::layout::Rect;
use ratatui::{Terminal, TerminalOptions, Viewport};
use ratatui_crossterm::CrosstermBackend;

use super::app::App;

/// A writer that keeps what it is given where its owner can read it.
#[derive(Debug, Clone, Default)]
struct Shared(Rc<RefCell<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A screen of a fixed size that keeps the bytes each frame writes.
pub struct Meter {
    terminal: Terminal<CrosstermBackend<Shared>>,
    out: Shared,
}

impl Meter {
    /// A blank `width × height` screen; the first frame drawn on it is a full redraw.
    ///
    /// # Errors
    /// Never in practice (the writer is memory); the type comes from ratatui.
    pub fn new(width: u16, height: u16) -> io::Result<Self> {
        let out = Shared::default();
        let backend = CrosstermBackend::new(out.clone());
        let terminal = Terminal::with_options(
            backend,
            TerminalOptions {
                viewport: Viewport::Fixed(Rect::new(0, 0, width, height)),
            },
        )?;
        Ok(Self { terminal, out })
    }

    /// Draws `app` as one synchronized update and returns the bytes that frame wrote.
    ///
    /// # Errors
    /// Never in practice (the writer is memory); the type comes from ratatui.
    pub fn frame(&mut self, app: &App) -> io::Result<Vec<u8>> {
        self.out.0.borrow_mut().clear();
        execute!(self.terminal.backend_mut(), BeginSynchronizedUpdate)?;
        self.terminal
            .draw(|frame| frame.render_widget(app, frame.area()))?;
        execute!(self.terminal.backend_mut(), EndSynchronizedUpdate)?;
        Ok(self.out.0.take())
    }
}
