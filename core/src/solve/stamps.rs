//! Marks on a set of cells (or states) that are all cleared at once: each mark is the number
//! of the generation that set it, and starting a new generation forgets every mark without
//! touching them. The marks are wiped only when the generation number wraps round.

/// Generation-stamped marks (see the module's header).
#[derive(Debug, Clone, Default)]
pub(crate) struct Stamps {
    marks: Vec<u32>,
    generation: u32,
}

impl Stamps {
    /// Marks for `len` items, none set.
    pub(crate) fn new(len: usize) -> Self {
        Self {
            marks: vec![0; len],
            generation: 0,
        }
    }

    /// Forgets every mark, and holds `len` items from now on.
    pub(crate) fn clear(&mut self, len: usize) {
        if self.marks.len() != len {
            self.marks = vec![0; len];
            self.generation = 0;
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.marks.fill(0);
            self.generation = 1;
        }
    }

    /// Sets the mark of item `i`.
    #[inline]
    pub(crate) fn mark(&mut self, i: usize) {
        self.marks[i] = self.generation;
    }

    /// Whether item `i` is marked since the last [`Stamps::clear`].
    #[inline]
    pub(crate) fn marked(&self, i: usize) -> bool {
        self.marks[i] == self.generation
    }

    /// The bytes it holds.
    pub(crate) fn bytes(&self) -> usize {
        self.marks.capacity() * 4
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clear_forgets_every_mark_even_when_the_generation_wraps() {
        let mut stamps = Stamps::new(3);
        stamps.clear(3);
        stamps.mark(1);
        assert!(stamps.marked(1) && !stamps.marked(0));
        stamps.clear(3);
        assert!(!stamps.marked(1));
        stamps.mark(2);
        // Near the wrap: a mark set at the last generation is not seen after it.
        stamps.generation = u32::MAX;
        stamps.mark(0);
        stamps.clear(3);
        assert_eq!(stamps.generation, 1);
        assert!((0..3).all(|i| !stamps.marked(i)));
        // A new length starts afresh.
        stamps.clear(5);
        assert!((0..5).all(|i| !stamps.marked(i)));
    }
}
