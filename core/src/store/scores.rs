//! Verified scores, nicknames and the daily level: the rules, written once, and the one seam
//! ([`ScoreBoard`]) a store keeps them behind (a database: [`super::records::scores`]).
//!
//! - A result enters a level's tables when a player with a key solved it by their own keys
//!   (no pasted moves, hint or watched solution): the figures are the server's own count of
//!   the game it ran. Two tables per level: by moves (then pushes, shots, the earlier date)
//!   and by pushes (then moves, shots, date) ([`compare`]). A player holds one entry per
//!   table, their best in that table's order; an equal result later does not replace it.
//!   Entries equal in every figure and the date share a place.
//! - A nickname ([`check_nickname`]) is at most [`MAX_NICKNAME_CHARS`] characters of a safe
//!   set (ASCII letters, digits, `_`, `-`, `.`), unique across the store whatever the case;
//!   without one a short key fingerprint stands in ([`short_fingerprint`]). A nickname can
//!   never look like a fingerprint (those hold a `:`).
//! - The daily level ([`daily_pick`]) is one level a UTC day, picked from the shipped
//!   Campaign and Microban by a fixed rule of the date alone, so every server of one store
//!   picks the same; it has tables of its own for the day, and a player's streak counts the
//!   days in a row they solved it ([`streak`]).

use std::cmp::Ordering;
use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

use super::collection::Collection;
use super::progress::Figures;
use crate::words;

/// How many entries of each table are shown.
pub const TOP: usize = 10;

/// The longest nickname, in characters.
pub const MAX_NICKNAME_CHARS: usize = 16;

/// The shipped packs the daily level is picked from, by name.
pub const DAILY_PACKS: &[&str] = &["Campaign", "Microban"];

/// One of a level's two tables.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Table {
    /// By moves, then pushes, then shots, then the earlier date.
    Moves,
    /// By pushes, then moves, then shots, then the earlier date.
    Pushes,
}

impl Table {
    /// Both tables, by moves first.
    pub const BOTH: [Table; 2] = [Table::Moves, Table::Pushes];

    /// Its name, as the store and the command line write it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Table::Moves => "moves",
            Table::Pushes => "pushes",
        }
    }

    /// The figures in this table's order (the date comes after them).
    #[must_use]
    pub fn key(self, figures: Figures) -> [u32; 3] {
        match self {
            Table::Moves => [figures.moves, figures.pushes, figures.shots],
            Table::Pushes => [figures.pushes, figures.moves, figures.shots],
        }
    }
}

/// A level as its tables know it: the pack's key, the level's place in it (0-based) and its
/// fingerprint ([`super::progress::level_id`]), so a level changed in its file starts afresh.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LevelRef {
    /// The pack's key (`built-in:Campaign`, a file's path).
    pub pack: String,
    /// The level's place in the pack, 0-based.
    pub level: usize,
    /// The level's fingerprint.
    pub id: u64,
}

/// Which tables: the level's own, or those of one day's daily level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Board {
    /// All time.
    AllTime,
    /// The daily level of this UTC day (days since 1970-01-01).
    Day(i64),
}

impl Board {
    /// The day as the store keeps it (0 for all time).
    #[must_use]
    pub fn day(self) -> i64 {
        match self {
            Board::AllTime => 0,
            Board::Day(day) => day,
        }
    }
}

/// One player's entry in a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    /// The player's key fingerprint (`SHA256:…`).
    pub fingerprint: String,
    /// Their nickname, if they chose one.
    pub nickname: Option<String>,
    /// The result.
    pub figures: Figures,
    /// When it was reached, in seconds since the Unix epoch.
    pub at: i64,
}

impl Entry {
    /// What the tables show for the player: the nickname, or the short fingerprint.
    #[must_use]
    pub fn name(&self) -> String {
        self.nickname
            .clone()
            .unwrap_or_else(|| short_fingerprint(&self.fingerprint))
    }
}

/// An entry with its place (1-based; equal entries share one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ranked {
    /// The place.
    pub place: usize,
    /// The entry.
    pub entry: Entry,
}

/// One level's (or day's) tables as a player sees them: the top of each, and the player's
/// own entry with its place wherever it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Standings {
    /// The first [`TOP`] of the table by moves, in order.
    pub by_moves: Vec<Ranked>,
    /// The first [`TOP`] of the table by pushes, in order.
    pub by_pushes: Vec<Ranked>,
    /// The player's entry by moves.
    pub mine_by_moves: Option<Ranked>,
    /// The player's entry by pushes.
    pub mine_by_pushes: Option<Ranked>,
    /// How many players the tables hold.
    pub players: usize,
}

impl Standings {
    /// The top of `table`.
    #[must_use]
    pub fn top(&self, table: Table) -> &[Ranked] {
        match table {
            Table::Moves => &self.by_moves,
            Table::Pushes => &self.by_pushes,
        }
    }

    /// The player's entry in `table`.
    #[must_use]
    pub fn mine(&self, table: Table) -> Option<&Ranked> {
        match table {
            Table::Moves => self.mine_by_moves.as_ref(),
            Table::Pushes => self.mine_by_pushes.as_ref(),
        }
    }
}

/// The order of `table`: the figures in the table's order, then the earlier date.
/// `Equal` means the two share a place.
#[must_use]
pub fn compare(table: Table, a: &Entry, b: &Entry) -> Ordering {
    table
        .key(a.figures)
        .cmp(&table.key(b.figures))
        .then(a.at.cmp(&b.at))
}

/// Whether `new` takes the place of a player's entry `old` in `table`: only a strictly
/// better result does (an equal one came later, and the earlier date ranks first).
#[must_use]
pub fn replaces(table: Table, new: Figures, old: Figures) -> bool {
    table.key(new) < table.key(old)
}

/// `entries` in `table`'s order with their places (equal entries share a place; the
/// fingerprint orders them on screen only).
#[must_use]
pub fn rank(table: Table, mut entries: Vec<Entry>) -> Vec<Ranked> {
    entries.sort_by(|a, b| compare(table, a, b).then_with(|| a.fingerprint.cmp(&b.fingerprint)));
    let mut ranked: Vec<Ranked> = Vec::with_capacity(entries.len());
    for (i, entry) in entries.into_iter().enumerate() {
        let place = match ranked.last() {
            Some(last) if compare(table, &last.entry, &entry) == Ordering::Equal => last.place,
            _ => i + 1,
        };
        ranked.push(Ranked { place, entry });
    }
    ranked
}

/// A key fingerprint shortened for the tables: `SHA256:` and the first eight characters
/// (about 48 bits, enough to tell the players of one server apart at a glance).
#[must_use]
pub fn short_fingerprint(fingerprint: &str) -> String {
    let (scheme, digest) = fingerprint.split_once(':').unwrap_or(("", fingerprint));
    let short: String = digest.chars().take(8).collect();
    if scheme.is_empty() {
        short
    } else {
        format!("{scheme}:{short}")
    }
}

/// Why a nickname was refused, in the player's words.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NicknameError {
    /// Nothing but spaces.
    #[error("a nickname needs at least one letter or digit")]
    Empty,
    /// Too long.
    #[error("a nickname is at most {MAX_NICKNAME_CHARS} characters (this one has {0})")]
    TooLong(usize),
    /// A control character (an escape, a newline…).
    #[error("control characters are not allowed in a nickname (found {})", code(*.0))]
    Control(char),
    /// A character that changes the text's direction, or a right-to-left letter.
    #[error("right-to-left and direction-changing characters are not allowed (found {})", code(*.0))]
    Direction(char),
    /// A combining character (an accent meant for the character before it).
    #[error("combining characters are not allowed in a nickname (found {})", code(*.0))]
    Combining(char),
    /// Any other character outside the safe set.
    #[error("a nickname holds only letters A-Z and a-z, digits and _ - . (found {})", code(*.0))]
    Unsafe(char),
    /// Another player holds it (whatever its case).
    #[error("the nickname {0} is taken: choose another")]
    Taken(String),
    /// The store could not be asked.
    #[error("the nickname cannot be saved now: {0}")]
    Store(String),
}

/// A character as `U+XXXX`, and itself when it is printable and plain.
fn code(c: char) -> String {
    if c.is_ascii_graphic() {
        format!("'{c}'")
    } else {
        format!("U+{:04X}", u32::from(c))
    }
}

/// Whether `c` changes the direction of text or is written right to left.
fn is_directional(c: char) -> bool {
    use unicode_bidi::BidiClass::{AL, FSI, LRE, LRI, LRO, PDF, PDI, R, RLE, RLI, RLO};
    matches!(
        unicode_bidi::bidi_class(c),
        AL | FSI | LRE | LRI | LRO | PDF | PDI | R | RLE | RLI | RLO
    ) || matches!(c, '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Checks a nickname as typed: spaces around it are dropped; what is left must be
/// 1 to [`MAX_NICKNAME_CHARS`] characters of the safe set. Returns the nickname to keep.
///
/// # Errors
/// What is wrong with it, naming the first character refused.
pub fn check_nickname(text: &str) -> Result<String, NicknameError> {
    let name = text.trim_matches(' ');
    for c in name.chars() {
        if c.is_control() {
            return Err(NicknameError::Control(c));
        }
        if is_directional(c) {
            return Err(NicknameError::Direction(c));
        }
        if unicode_normalization::char::is_combining_mark(c) {
            return Err(NicknameError::Combining(c));
        }
    }
    let chars = name.chars().count();
    if chars > MAX_NICKNAME_CHARS {
        return Err(NicknameError::TooLong(chars));
    }
    if let Some(c) = name
        .chars()
        .find(|&c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')))
    {
        return Err(NicknameError::Unsafe(c));
    }
    if !name.chars().any(|c| c.is_ascii_alphanumeric()) {
        return Err(NicknameError::Empty);
    }
    Ok(name.to_owned())
}

/// Seconds since the Unix epoch, now.
#[must_use]
pub fn now_secs() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// The UTC day (days since 1970-01-01) of `secs` since the epoch.
#[must_use]
pub fn day_of(secs: i64) -> i64 {
    secs.div_euclid(86_400)
}

/// Today, as a UTC day.
#[must_use]
pub fn today() -> i64 {
    day_of(now_secs())
}

/// A UTC day as `YYYY-MM-DD` (the proleptic Gregorian calendar).
#[must_use]
pub fn date(day: i64) -> String {
    // Howard Hinnant's days-to-civil.
    let z = day + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// A moment as `YYYY-MM-DD HH:MM` UTC.
#[must_use]
pub fn date_time(secs: i64) -> String {
    let in_day = secs.rem_euclid(86_400);
    format!(
        "{} {:02}:{:02}",
        date(day_of(secs)),
        in_day / 3600,
        in_day % 3600 / 60
    )
}

/// SplitMix64's mix: a fixed, well-spread function of the day.
fn mix(day: i64) -> u64 {
    let mut z = u64::from_ne_bytes(day.to_ne_bytes()).wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The daily level of `day`: among `packs`, those named in [`DAILY_PACKS`] that are built
/// in, their levels counted in order, the one at `mix(day)` modulo the count. Returns the
/// pack's index in `packs` and the level's; `None` when no such pack has a level.
///
/// The rule reads only the date and the shipped packs, so every server of one version picks
/// the same level on the same day, whatever packs it adds.
#[must_use]
pub fn daily_pick(day: i64, packs: &[Collection]) -> Option<(usize, usize)> {
    let daily: Vec<(usize, usize)> = packs
        .iter()
        .enumerate()
        .filter(|(_, pack)| {
            pack.file.is_none()
                && DAILY_PACKS.contains(&pack.name.as_str())
                && pack.key.starts_with("built-in:")
        })
        .map(|(i, pack)| (i, pack.levels.len()))
        .collect();
    let total: usize = daily.iter().map(|(_, n)| n).sum();
    if total == 0 {
        return None;
    }
    let mut at = usize::try_from(mix(day) % total as u64).unwrap_or(0);
    for (pack, count) in daily {
        if at < count {
            return Some((pack, at));
        }
        at -= count;
    }
    None
}

/// The streak on `today`: how many days in a row, ending today or yesterday, are among
/// `days` (the days a player solved the daily level; any order, repeats allowed).
#[must_use]
pub fn streak(days: &[i64], today: i64) -> u32 {
    let mut sorted = days.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut end = today;
    if sorted.binary_search(&end).is_err() {
        end -= 1;
    }
    let mut count = 0;
    while sorted.binary_search(&(end - i64::from(count))).is_ok() {
        count += 1;
    }
    count
}

/// The line a player may copy after solving the daily level: the date, the figures and the
/// streak; no moves and no board, so it spoils nothing.
#[must_use]
pub fn result_line(day: i64, figures: Figures, streak: u32) -> String {
    format!(
        "sokoshot daily {}: solved in {}; streak {}",
        date(day),
        words::figures(figures.moves, figures.pushes, figures.shots),
        words::count(streak, "day")
    )
}

/// Positions the solver may look at to prove a level's fewest pushes for the scores: a fixed
/// budget, so the answer is the same on every machine and the cost is bounded.
pub const PROVEN_POSITIONS: u64 = 50_000;

/// The most memory the proof may hold.
pub const PROVEN_MEMORY_BYTES: usize = 32 << 20;

/// The fewest pushes that solve `level`, when the solver proves them within
/// [`PROVEN_POSITIONS`] positions; `None` when it cannot (too big a search, or no solution).
#[must_use]
pub fn proven_fewest_pushes(level: &crate::level::Level) -> Option<u32> {
    prove_fewest_pushes(level, PROVEN_MEMORY_BYTES, None).ok()?
}

/// The proof was stopped by its cancel flag before it could answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("the proof of the fewest pushes was cancelled")]
pub struct ProofCancelled;

/// [`proven_fewest_pushes`] holding at most `memory_bytes` (and never more than
/// [`PROVEN_MEMORY_BYTES`]), stopped when `cancel` is set (what a proof run off the game's
/// thread uses).
///
/// # Errors
/// [`ProofCancelled`] when `cancel` stopped it: no answer either way.
pub fn prove_fewest_pushes(
    level: &crate::level::Level,
    memory_bytes: usize,
    cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
) -> Result<Option<u32>, ProofCancelled> {
    use crate::solve::{Limits, Optimize, Settings, Verdict, solve_level};
    let settings = Settings {
        optimize: Optimize::Pushes,
        limits: Limits {
            positions: Some(PROVEN_POSITIONS),
            memory_bytes: memory_bytes.min(PROVEN_MEMORY_BYTES),
            cancel: cancel.clone(),
            ..Limits::default()
        },
        threads: 1,
        ..Settings::default()
    };
    let verdict = solve_level(level, &settings, None).ok().map(|r| r.verdict);
    if cancel.is_some_and(|flag| flag.load(std::sync::atomic::Ordering::Relaxed)) {
        return Err(ProofCancelled);
    }
    Ok(match verdict {
        Some(Verdict::Solved {
            solution,
            proven: true,
        }) => Some(solution.counters.pushes),
        _ => None,
    })
}

/// Why the scores could not be kept or read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScoreError {
    /// The store was asked on behalf of no player (a guest, or the operator's listing).
    #[error("scores are kept for players with a key")]
    NoKey,
    /// The result could not be entered.
    #[error("the score is not kept: {0}")]
    NotKept(#[source] super::records::DbError),
    /// Something could not be read now (`what`: the scores, the nickname, the daily results).
    #[error("the {what} cannot be read now: {source}")]
    Unreadable {
        /// What was asked for.
        what: &'static str,
        /// What the store said.
        #[source]
        source: super::records::DbError,
    },
}

/// The scores a store keeps, as one player sees them (each call is on behalf of that
/// player, whose key the store knows).
pub trait ScoreBoard: Send + Sync + fmt::Debug {
    /// Enters a verified result for `level` in its tables (and in `day`'s daily tables when
    /// the level is that day's daily level), keeping the player's best in each.
    ///
    /// # Errors
    /// [`ScoreError::NotKept`] when the store cannot take it, [`ScoreError::NoKey`] without a
    /// player.
    fn record(
        &self,
        level: &LevelRef,
        figures: Figures,
        day: Option<i64>,
    ) -> Result<(), ScoreError>;

    /// The tables of `level` on `board`, with the player's own places.
    ///
    /// # Errors
    /// [`ScoreError::Unreadable`] when the store cannot be read.
    fn standings(&self, level: &LevelRef, board: Board) -> Result<Standings, ScoreError>;

    /// The player's nickname, if they chose one.
    ///
    /// # Errors
    /// [`ScoreError::Unreadable`] when the store cannot be read, [`ScoreError::NoKey`]
    /// without a player.
    fn nickname(&self) -> Result<Option<String>, ScoreError>;

    /// Checks and takes `wanted` as the player's nickname; returns it as kept.
    ///
    /// # Errors
    /// Why it was refused ([`check_nickname`]), or that another player holds it.
    fn set_nickname(&self, wanted: &str) -> Result<String, NicknameError>;

    /// The days the player solved the daily level.
    ///
    /// # Errors
    /// [`ScoreError::Unreadable`] when the store cannot be read, [`ScoreError::NoKey`]
    /// without a player.
    fn daily_days(&self) -> Result<Vec<i64>, ScoreError>;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(name: &str, moves: u32, pushes: u32, shots: u32, at: i64) -> Entry {
        Entry {
            fingerprint: format!("SHA256:{name}"),
            nickname: None,
            figures: Figures {
                moves,
                pushes,
                shots,
            },
            at,
        }
    }

    fn order(table: Table, entries: Vec<Entry>) -> Vec<(usize, String)> {
        rank(table, entries)
            .into_iter()
            .map(|r| (r.place, r.entry.fingerprint["SHA256:".len()..].to_owned()))
            .collect()
    }

    #[test]
    fn tables_rank_by_their_figures_then_the_earlier_date() {
        type Case = (&'static str, Table, Vec<Entry>, Vec<(usize, &'static str)>);
        let cases: [Case; 8] = [
            (
                "fewer moves first",
                Table::Moves,
                vec![entry("a", 12, 3, 0, 1), entry("b", 10, 5, 0, 2)],
                vec![(1, "b"), (2, "a")],
            ),
            (
                "fewer pushes first",
                Table::Pushes,
                vec![entry("a", 12, 3, 0, 1), entry("b", 10, 5, 0, 2)],
                vec![(1, "a"), (2, "b")],
            ),
            (
                "moves tie: pushes decide",
                Table::Moves,
                vec![entry("a", 10, 6, 0, 1), entry("b", 10, 5, 0, 2)],
                vec![(1, "b"), (2, "a")],
            ),
            (
                "pushes tie: moves decide",
                Table::Pushes,
                vec![entry("a", 11, 5, 0, 1), entry("b", 10, 5, 0, 2)],
                vec![(1, "b"), (2, "a")],
            ),
            (
                "moves and pushes tie: shots decide",
                Table::Moves,
                vec![entry("a", 10, 5, 2, 1), entry("b", 10, 5, 1, 2)],
                vec![(1, "b"), (2, "a")],
            ),
            (
                "figures tie: the earlier date first",
                Table::Pushes,
                vec![entry("late", 10, 5, 0, 9), entry("early", 10, 5, 0, 3)],
                vec![(1, "early"), (2, "late")],
            ),
            (
                "all equal: one place shared, the next place skips",
                Table::Moves,
                vec![
                    entry("c", 11, 5, 0, 1),
                    entry("b", 10, 5, 0, 4),
                    entry("a", 10, 5, 0, 4),
                ],
                vec![(1, "a"), (1, "b"), (3, "c")],
            ),
            ("empty", Table::Moves, vec![], vec![]),
        ];
        for (name, table, entries, want) in cases {
            let want: Vec<(usize, String)> =
                want.into_iter().map(|(p, n)| (p, n.to_owned())).collect();
            assert_eq!(order(table, entries), want, "{name}");
        }
    }

    #[test]
    fn only_a_strictly_better_result_replaces_an_entry() {
        let f = |moves, pushes, shots| Figures {
            moves,
            pushes,
            shots,
        };
        let cases = [
            ("fewer moves", Table::Moves, f(9, 9, 0), f(10, 1, 0), true),
            (
                "more pushes for fewer moves",
                Table::Pushes,
                f(9, 9, 0),
                f(10, 1, 0),
                false,
            ),
            ("equal", Table::Moves, f(10, 1, 0), f(10, 1, 0), false),
            ("fewer shots", Table::Pushes, f(10, 1, 0), f(10, 1, 1), true),
            (
                "more moves, same pushes",
                Table::Pushes,
                f(11, 1, 0),
                f(10, 1, 0),
                false,
            ),
        ];
        for (name, table, new, old, want) in cases {
            assert_eq!(replaces(table, new, old), want, "{name}");
        }
    }

    #[test]
    fn nicknames_are_short_and_safe() {
        use NicknameError as E;
        let cases: [(&str, &str, Result<&str, NicknameError>); 14] = [
            ("plain", "alice", Ok("alice")),
            ("digits and marks", "b0b_the-2nd.", Ok("b0b_the-2nd.")),
            ("spaces around dropped", "  carol ", Ok("carol")),
            ("sixteen", "abcdefghijklmnop", Ok("abcdefghijklmnop")),
            ("seventeen", "abcdefghijklmnopq", Err(E::TooLong(17))),
            ("empty", "", Err(E::Empty)),
            ("only marks", "._-", Err(E::Empty)),
            ("an escape", "a\u{1b}[31mred", Err(E::Control('\u{1b}'))),
            ("a newline", "a\nb", Err(E::Control('\n'))),
            (
                "right-to-left override",
                "abc\u{202e}def",
                Err(E::Direction('\u{202e}')),
            ),
            (
                "right-to-left mark",
                "\u{200f}abc",
                Err(E::Direction('\u{200f}')),
            ),
            (
                "hebrew",
                "\u{5e9}\u{5dc}\u{5d5}\u{5dd}",
                Err(E::Direction('\u{5e9}')),
            ),
            (
                "combining accent",
                "e\u{301}ve",
                Err(E::Combining('\u{301}')),
            ),
            (
                "a colon, as fingerprints have",
                "SHA256:abc",
                Err(E::Unsafe(':')),
            ),
        ];
        for (name, text, want) in cases {
            assert_eq!(check_nickname(text), want.map(str::to_owned), "{name}");
        }
        let huge = "x".repeat(1 << 20);
        assert_eq!(check_nickname(&huge), Err(E::TooLong(1 << 20)));
        assert_eq!(check_nickname("é"), Err(E::Unsafe('é')));
        assert_eq!(check_nickname("a b"), Err(E::Unsafe(' ')));
        assert!(
            E::Control('\u{1b}').to_string().contains("U+001B"),
            "the message names the character without printing it"
        );
    }

    #[test]
    fn fingerprints_shorten_to_eight_characters() {
        let cases = [
            ("sha256", "SHA256:abcdefghijklmnop", "SHA256:abcdefgh"),
            ("short already", "SHA256:abc", "SHA256:abc"),
            ("no scheme", "abcdefghijk", "abcdefgh"),
        ];
        for (name, full, want) in cases {
            assert_eq!(short_fingerprint(full), want, "{name}");
        }
    }

    #[test]
    fn dates_read_as_the_calendar_does() {
        let cases = [
            ("the epoch", 0, "1970-01-01"),
            ("a leap day", 11_016, "2000-02-29"),
            ("the day after", 11_017, "2000-03-01"),
            ("before the epoch", -1, "1969-12-31"),
            ("late 2025", 20_421, "2025-11-29"),
        ];
        for (name, day, want) in cases {
            assert_eq!(date(day), want, "{name}");
        }
        assert_eq!(date_time(86_400 + 3600 + 61), "1970-01-02 01:01");
    }

    #[test]
    fn the_daily_level_depends_on_the_date_alone() {
        let packs = super::super::packs::built_in_packs();
        let campaign_and_microban: usize = packs
            .iter()
            .filter(|p| DAILY_PACKS.contains(&p.name.as_str()))
            .map(|p| p.levels.len())
            .sum();
        assert!(campaign_and_microban > 100);
        // Another server, with a pack of its own added between the shipped ones.
        let mut other = super::super::packs::built_in_packs();
        let extra = Collection::built_in("Campaign", "", Vec::new());
        let mut extra = extra;
        extra.key = "/srv/levels/campaign.xsb".into();
        other.insert(1, extra);
        let mut seen = std::collections::HashSet::new();
        for day in 20_000..20_400 {
            let (pack, level) = daily_pick(day, &packs).expect("a level");
            assert!(DAILY_PACKS.contains(&packs[pack].name.as_str()));
            assert!(level < packs[pack].levels.len());
            let (o_pack, o_level) = daily_pick(day, &other).expect("a level");
            assert_eq!(
                (&other[o_pack].key, o_level),
                (&packs[pack].key, level),
                "day {day}: the same level on any server"
            );
            assert_eq!(daily_pick(day, &packs), Some((pack, level)), "repeatable");
            seen.insert((pack, level));
        }
        assert!(
            seen.len() > 150,
            "400 days spread over the levels: {}",
            seen.len()
        );
        assert_eq!(daily_pick(1, &[]), None);
    }

    #[test]
    fn streaks_count_days_in_a_row_up_to_today_or_yesterday() {
        let cases: [(&str, Vec<i64>, u32); 7] = [
            ("none", vec![], 0),
            ("today", vec![100], 1),
            ("yesterday still counts", vec![99], 1),
            ("three in a row", vec![98, 99, 100], 3),
            ("a gap ends it", vec![96, 98, 99, 100], 3),
            ("two days ago is broken", vec![97, 98], 0),
            ("repeats and order do not matter", vec![100, 99, 100, 99], 2),
        ];
        for (name, days, want) in cases {
            assert_eq!(streak(&days, 100), want, "{name}");
        }
    }

    #[test]
    fn the_fewest_pushes_are_proven_where_the_budget_allows() {
        let level = |text: &str| {
            crate::level::parse_pack(text)
                .levels
                .into_iter()
                .next()
                .and_then(|entry| entry.result.ok())
                .expect("a level")
        };
        let cases = [
            ("one push", "#####\n#@$.#\n#####\n", Some(1)),
            ("three pushes", "#######\n#@$  .#\n#######\n", Some(3)),
            (
                "a box in a corner",
                "######\n#@  .#\n#$   #\n######\n",
                None,
            ),
        ];
        for (name, text, want) in cases {
            assert_eq!(proven_fewest_pushes(&level(text)), want, "{name}");
        }
        let campaign = &super::super::packs::built_in_packs()[0];
        assert_eq!(
            proven_fewest_pushes(&campaign.levels[0]),
            Some(3),
            "First Push"
        );
    }

    #[test]
    fn the_result_line_spoils_nothing() {
        let figures = Figures {
            moves: 42,
            pushes: 12,
            shots: 0,
        };
        let line = result_line(20_421, figures, 3);
        assert_eq!(
            line,
            "sokoshot daily 2025-11-29: solved in 42 moves, 12 pushes, 0 shots; streak 3 days"
        );
        assert!(!line.contains('#') && !line.contains('$'), "no board");
        let one = Figures {
            moves: 1,
            pushes: 1,
            shots: 1,
        };
        assert_eq!(
            result_line(20_421, one, 1),
            "sokoshot daily 2025-11-29: solved in 1 move, 1 push, 1 shot; streak 1 day"
        );
    }
}
