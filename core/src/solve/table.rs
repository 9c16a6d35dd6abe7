//! The transposition table: every position a search has met, stored once in an arena of
//! 64-bit words (the box bitset, then the player's cell), found again through an open
//! addressing table of node numbers keyed by the position's Zobrist hash.
//!
//! The table grows by doubling at half load; it refuses to grow past the memory limit, and
//! the search then gives up. Its bytes are counted exactly from the vectors' capacities.

/// An empty slot.
const EMPTY: u32 = u32::MAX;
/// Slots of a new table.
const FIRST_SLOTS: usize = 1 << 12;
/// The most positions one table holds (node numbers are 32-bit).
pub const MAX_POSITIONS: usize = (u32::MAX - 1) as usize;

/// Positions stored as fixed-size runs of words, and the index over them.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    words: usize,
    arena: Vec<u64>,
    hashes: Vec<u64>,
    slots: Vec<u32>,
}

/// Why a position could not be stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Full;

impl Table {
    /// A table of positions `words` words long.
    pub(crate) fn new(words: usize) -> Self {
        Self {
            words,
            arena: Vec::new(),
            hashes: Vec::new(),
            slots: vec![EMPTY; FIRST_SLOTS],
        }
    }

    /// The number of positions stored.
    pub(crate) fn len(&self) -> usize {
        self.hashes.len()
    }

    /// The words of position `id`.
    pub(crate) fn get(&self, id: u32) -> &[u64] {
        let at = id as usize * self.words;
        &self.arena[at..at + self.words]
    }

    /// The node number of `key`, if stored.
    pub(crate) fn find(&self, key: &[u64], hash: u64) -> Option<u32> {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let id = self.slots[i];
            if id == EMPTY {
                return None;
            }
            if self.hashes[id as usize] == hash && self.get(id) == key {
                return Some(id);
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores `key` (not yet stored) and returns its node number, or [`Full`] when that would
    /// take the table's bytes past `limit`.
    pub(crate) fn insert(&mut self, key: &[u64], hash: u64, limit: usize) -> Result<u32, Full> {
        if self.len() >= MAX_POSITIONS {
            return Err(Full);
        }
        if (self.len() + 1) * 2 > self.slots.len() {
            let grown = self.bytes() + self.slots.len() * 4 + self.growth_of_arena();
            if grown > limit {
                return Err(Full);
            }
            self.grow();
        } else if self.arena.len() + self.words > self.arena.capacity()
            && self.bytes() + self.growth_of_arena() > limit
        {
            return Err(Full);
        }
        let id = self.len() as u32;
        self.arena.extend_from_slice(key);
        self.hashes.push(hash);
        self.place(id, hash);
        Ok(id)
    }

    /// What the arena and hash vectors would add if they doubled now.
    fn growth_of_arena(&self) -> usize {
        (self.arena.capacity().max(self.words * 64)) * 8 + self.hashes.capacity().max(64) * 8
    }

    fn place(&mut self, id: u32, hash: u64) {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i] != EMPTY {
            i = (i + 1) & mask;
        }
        self.slots[i] = id;
    }

    fn grow(&mut self) {
        self.slots = vec![EMPTY; self.slots.len() * 2];
        for id in 0..self.len() as u32 {
            self.place(id, self.hashes[id as usize]);
        }
    }

    /// The bytes the table holds.
    pub(crate) fn bytes(&self) -> usize {
        self.arena.capacity() * 8 + self.hashes.capacity() * 8 + self.slots.capacity() * 4
    }
}

/// A small, fast pseudo-random generator (SplitMix64) for the Zobrist keys: fixed seed, so a
/// search runs the same way every time.
pub(crate) fn zobrist_keys(count: usize, seed: u64) -> Vec<u64> {
    let mut state = seed;
    (0..count)
        .map(|_| {
            state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_positions_are_found_again_and_others_are_not() {
        let mut table = Table::new(2);
        let keys = zobrist_keys(10_000, 7);
        for (i, &h) in keys.iter().enumerate() {
            let id = table.insert(&[i as u64, 1], h, usize::MAX).unwrap();
            assert_eq!(id as usize, i);
        }
        for (i, &h) in keys.iter().enumerate() {
            assert_eq!(table.find(&[i as u64, 1], h), Some(i as u32));
            assert_eq!(table.find(&[i as u64, 2], h), None);
        }
    }

    #[test]
    fn a_table_refuses_to_grow_past_its_limit() {
        let mut table = Table::new(1);
        let keys = zobrist_keys(100_000, 3);
        let limit = 200_000;
        let stored = keys
            .iter()
            .enumerate()
            .take_while(|&(i, &h)| table.insert(&[i as u64], h, limit).is_ok())
            .count();
        assert!(stored < keys.len());
        assert!(table.bytes() <= limit, "{} bytes", table.bytes());
    }
}
