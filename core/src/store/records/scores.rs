//! Verified scores and nicknames in a database (schema version 2): the [`ScoreBoard`] of
//! one player ([`DbScores`]), and every table for the operator ([`list`]).
//!
//! A player's entries change under their row's lock, one transaction per result, so two
//! servers recording for one player at once keep the best of both; a nickname is taken under
//! one lock for all nicknames, and the unique index on its lower-cased form holds whatever
//! happens, so two players racing for one nickname on two servers get it once.

use std::sync::Arc;

use super::{Database, DbError, Lock, Tx, Value, now_secs, player_lock};
use crate::store::progress::Figures;
use crate::store::scores::{
    Board, Entry, LevelRef, NicknameError, Ranked, ScoreBoard, ScoreError, Standings, TOP, Table,
    check_nickname, rank,
};

/// One player's scores (or, without a fingerprint, anyone's: then only reading works).
#[derive(Debug, Clone)]
pub struct DbScores {
    db: Arc<dyn Database>,
    fingerprint: Option<String>,
}

impl DbScores {
    /// The scores in `db`, as the player with `fingerprint` sees them.
    #[must_use]
    pub fn new(db: Arc<dyn Database>, fingerprint: Option<String>) -> Self {
        Self { db, fingerprint }
    }

    fn me(&self) -> Result<&str, ScoreError> {
        self.fingerprint.as_deref().ok_or(ScoreError::NoKey)
    }
}

fn int(n: u32) -> Value {
    Value::Int(i64::from(n))
}

fn figure(value: Option<&Value>) -> u32 {
    match value {
        Some(Value::Int(n)) => u32::try_from(*n).unwrap_or(u32::MAX),
        _ => 0,
    }
}

fn text(value: Option<&Value>) -> Option<String> {
    match value {
        Some(Value::Text(text)) => Some(text.clone()),
        _ => None,
    }
}

fn level_key(level: &LevelRef) -> (Value, Value) {
    (
        Value::Text(level.pack.clone()),
        Value::Text(format!("{:016x}", level.id)),
    )
}

/// The SQL order of `table`.
fn order(table: Table) -> &'static str {
    match table {
        Table::Moves => "s.moves, s.pushes, s.shots, s.at, s.fingerprint",
        Table::Pushes => "s.pushes, s.moves, s.shots, s.at, s.fingerprint",
    }
}

/// Keeps `figures` as the player's entry in one table if it is better than the one held.
fn keep(
    tx: &mut dyn Tx,
    table: Table,
    day: i64,
    level: &LevelRef,
    fingerprint: &str,
    figures: Figures,
) -> Result<(), DbError> {
    let (pack, id) = level_key(level);
    let key = [
        Value::Text(table.name().into()),
        Value::Int(day),
        pack,
        id,
        Value::Text(fingerprint.into()),
    ];
    let held = tx.rows(
        "SELECT moves, pushes, shots FROM scores \
         WHERE board = $1 AND day = $2 AND pack = $3 AND level_id = $4 AND fingerprint = $5",
        &key,
    )?;
    let now = Value::Int(now_secs());
    let mut params = key.to_vec();
    params.extend([
        int(figures.moves),
        int(figures.pushes),
        int(figures.shots),
        now,
    ]);
    match held.first() {
        None => {
            params.push(Value::Int(i64::try_from(level.level).unwrap_or(i64::MAX)));
            tx.execute(
                "INSERT INTO scores \
                 (board, day, pack, level_id, fingerprint, moves, pushes, shots, at, level_no) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                &params,
            )?;
        }
        Some(row) => {
            let old = Figures {
                moves: figure(row.first()),
                pushes: figure(row.get(1)),
                shots: figure(row.get(2)),
            };
            if crate::store::scores::replaces(table, figures, old) {
                tx.execute(
                    "UPDATE scores SET moves = $6, pushes = $7, shots = $8, at = $9 \
                     WHERE board = $1 AND day = $2 AND pack = $3 AND level_id = $4 \
                     AND fingerprint = $5",
                    &params,
                )?;
            }
        }
    }
    Ok(())
}

fn entry_of(row: &[Value]) -> Entry {
    Entry {
        fingerprint: text(row.first()).unwrap_or_default(),
        nickname: text(row.get(1)),
        figures: Figures {
            moves: figure(row.get(2)),
            pushes: figure(row.get(3)),
            shots: figure(row.get(4)),
        },
        at: match row.get(5) {
            Some(Value::Int(at)) => *at,
            _ => 0,
        },
    }
}

const ENTRY_COLUMNS: &str = "s.fingerprint, p.nickname, s.moves, s.pushes, s.shots, s.at";

/// The top of one table, and the player's entry with its place.
fn standing(
    tx: &mut dyn Tx,
    table: Table,
    day: i64,
    level: &LevelRef,
    me: Option<&str>,
) -> Result<(Vec<Ranked>, Option<Ranked>), DbError> {
    let (pack, id) = level_key(level);
    let board = Value::Text(table.name().into());
    let sql = format!(
        "SELECT {ENTRY_COLUMNS} FROM scores s LEFT JOIN players p ON p.fingerprint = s.fingerprint \
         WHERE s.board = $1 AND s.day = $2 AND s.pack = $3 AND s.level_id = $4 \
         ORDER BY {} LIMIT $5",
        order(table)
    );
    let top_rows = tx.rows(
        &sql,
        &[
            board.clone(),
            Value::Int(day),
            pack.clone(),
            id.clone(),
            Value::Int(TOP as i64),
        ],
    )?;
    let top = rank(table, top_rows.iter().map(|row| entry_of(row)).collect());
    let Some(me) = me else {
        return Ok((top, None));
    };
    let mine = tx.rows(
        &format!(
            "SELECT {ENTRY_COLUMNS} FROM scores s LEFT JOIN players p \
             ON p.fingerprint = s.fingerprint \
             WHERE s.board = $1 AND s.day = $2 AND s.pack = $3 AND s.level_id = $4 \
             AND s.fingerprint = $5"
        ),
        &[
            board.clone(),
            Value::Int(day),
            pack.clone(),
            id.clone(),
            Value::Text(me.into()),
        ],
    )?;
    let Some(row) = mine.first() else {
        return Ok((top, None));
    };
    let entry = entry_of(row);
    let [a, b, c] = table.key(entry.figures);
    let (first, second) = match table {
        Table::Moves => ("moves", "pushes"),
        Table::Pushes => ("pushes", "moves"),
    };
    let better = super::count(
        tx,
        &format!(
            "SELECT COUNT(*) FROM scores \
             WHERE board = $1 AND day = $2 AND pack = $3 AND level_id = $4 \
             AND ({first}, {second}, shots, at) < ($5, $6, $7, $8)"
        ),
        &[
            board,
            Value::Int(day),
            pack,
            id,
            int(a),
            int(b),
            int(c),
            Value::Int(entry.at),
        ],
    )?;
    let place = usize::try_from(better).unwrap_or(0) + 1;
    Ok((top, Some(Ranked { place, entry })))
}

fn players_in(tx: &mut dyn Tx, day: i64, level: &LevelRef) -> Result<i64, DbError> {
    let (pack, id) = level_key(level);
    super::count(
        tx,
        "SELECT COUNT(*) FROM scores WHERE board = 'moves' AND day = $1 AND pack = $2 \
         AND level_id = $3",
        &[Value::Int(day), pack, id],
    )
}

impl ScoreBoard for DbScores {
    fn record(
        &self,
        level: &LevelRef,
        figures: Figures,
        day: Option<i64>,
    ) -> Result<(), ScoreError> {
        let me = self.me()?;
        self.db
            .transaction(&mut |tx| {
                tx.lock(player_lock(me))?;
                tx.execute(
                    "INSERT INTO players (fingerprint, created, seen, bytes) \
                     VALUES ($1, $2, $2, 0) ON CONFLICT (fingerprint) DO NOTHING",
                    &[Value::Text(me.into()), Value::Int(now_secs())],
                )?;
                for table in Table::BOTH {
                    keep(tx, table, 0, level, me, figures)?;
                    if let Some(day) = day {
                        keep(tx, table, day, level, me, figures)?;
                    }
                }
                Ok(())
            })
            .map_err(ScoreError::NotKept)
    }

    fn standings(&self, level: &LevelRef, board: Board) -> Result<Standings, ScoreError> {
        let mut standings = Standings::default();
        let me = self.fingerprint.as_deref();
        self.db
            .transaction(&mut |tx| {
                let day = board.day();
                let (by_moves, mine_by_moves) = standing(tx, Table::Moves, day, level, me)?;
                let (by_pushes, mine_by_pushes) = standing(tx, Table::Pushes, day, level, me)?;
                let players = players_in(tx, day, level)?;
                standings = Standings {
                    by_moves,
                    by_pushes,
                    mine_by_moves,
                    mine_by_pushes,
                    players: usize::try_from(players).unwrap_or(0),
                };
                Ok(())
            })
            .map_err(|source| ScoreError::Unreadable {
                what: "scores",
                source,
            })?;
        Ok(standings)
    }

    fn nickname(&self) -> Result<Option<String>, ScoreError> {
        let me = self.me()?;
        let mut nickname = None;
        self.db
            .transaction(&mut |tx| {
                let rows = tx.rows(
                    "SELECT nickname FROM players WHERE fingerprint = $1",
                    &[Value::Text(me.into())],
                )?;
                nickname = rows.first().and_then(|row| text(row.first()));
                Ok(())
            })
            .map_err(|source| ScoreError::Unreadable {
                what: "nickname",
                source,
            })?;
        Ok(nickname)
    }

    fn set_nickname(&self, wanted: &str) -> Result<String, NicknameError> {
        let me = self
            .me()
            .map_err(|err| NicknameError::Store(err.to_string()))?;
        let nickname = check_nickname(wanted)?;
        let key = nickname.to_lowercase();
        let mut taken = false;
        let result = self.db.transaction(&mut |tx| {
            tx.lock(Lock::Nicknames)?;
            let holders = tx.rows(
                "SELECT fingerprint FROM players WHERE nickname_key = $1",
                &[Value::Text(key.clone())],
            )?;
            taken = holders
                .iter()
                .any(|row| text(row.first()).as_deref() != Some(me));
            if taken {
                return Ok(());
            }
            tx.execute(
                "INSERT INTO players (fingerprint, created, seen, bytes) \
                 VALUES ($1, $2, $2, 0) ON CONFLICT (fingerprint) DO NOTHING",
                &[Value::Text(me.into()), Value::Int(now_secs())],
            )?;
            tx.execute(
                "UPDATE players SET nickname = $2, nickname_key = $3 WHERE fingerprint = $1",
                &[
                    Value::Text(me.into()),
                    Value::Text(nickname.clone()),
                    Value::Text(key.clone()),
                ],
            )?;
            Ok(())
        });
        match result {
            Ok(()) if taken => Err(NicknameError::Taken(nickname)),
            Ok(()) => Ok(nickname),
            // The unique index: another server took it between our look and our write.
            Err(DbError::Failed(why)) if why.to_lowercase().contains("unique") => {
                Err(NicknameError::Taken(nickname))
            }
            Err(err) => Err(NicknameError::Store(err.to_string())),
        }
    }

    fn daily_days(&self) -> Result<Vec<i64>, ScoreError> {
        let me = self.me()?;
        let mut days = Vec::new();
        self.db
            .transaction(&mut |tx| {
                let rows = tx.rows(
                    "SELECT day FROM scores WHERE fingerprint = $1 AND board = 'moves' \
                     AND day > 0",
                    &[Value::Text(me.into())],
                )?;
                days = rows
                    .iter()
                    .filter_map(|row| match row.first() {
                        Some(Value::Int(day)) => Some(*day),
                        _ => None,
                    })
                    .collect();
                Ok(())
            })
            .map_err(|source| ScoreError::Unreadable {
                what: "daily results",
                source,
            })?;
        Ok(days)
    }
}

/// One line of every table: which level and table, and the ranked entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listed {
    /// The pack's key.
    pub pack: String,
    /// The level's place in the pack, 0-based.
    pub level: usize,
    /// The table.
    pub table: Table,
    /// All time, or a day's daily level.
    pub board: Board,
    /// The entry and its place.
    pub ranked: Ranked,
}

/// Every entry of every table, level by level, table by table, in place order; only the
/// pack whose key is `pack` (or ends with `:PACK`, as `Campaign` names `built-in:Campaign`,
/// whatever the case), and only its level `level` (0-based), when given.
///
/// # Errors
/// When the database cannot be read.
pub fn list(
    db: &dyn Database,
    pack: Option<&str>,
    level: Option<usize>,
) -> Result<Vec<Listed>, DbError> {
    let mut rows = Vec::new();
    db.transaction(&mut |tx| {
        rows = tx.rows(
            &format!(
                "SELECT {ENTRY_COLUMNS}, s.pack, s.level_no, s.level_id, s.board, s.day \
                 FROM scores s LEFT JOIN players p ON p.fingerprint = s.fingerprint"
            ),
            &[],
        )?;
        Ok(())
    })?;
    let wanted = |key: &str| {
        pack.is_none_or(|pack| {
            key.eq_ignore_ascii_case(pack)
                || key
                    .rsplit_once(':')
                    .is_some_and(|(_, name)| name.eq_ignore_ascii_case(pack))
        })
    };
    type Group = (String, usize, String, i64, Table);
    let mut groups: std::collections::BTreeMap<Group, Vec<Entry>> = Default::default();
    for row in &rows {
        let key = text(row.get(6)).unwrap_or_default();
        let number = match row.get(7) {
            Some(Value::Int(n)) => usize::try_from(*n).unwrap_or(usize::MAX),
            _ => usize::MAX,
        };
        if !wanted(&key) || level.is_some_and(|l| l != number) {
            continue;
        }
        let table = match text(row.get(9)).as_deref() {
            Some("pushes") => Table::Pushes,
            _ => Table::Moves,
        };
        let day = match row.get(10) {
            Some(Value::Int(day)) => *day,
            _ => 0,
        };
        let id = text(row.get(8)).unwrap_or_default();
        groups
            .entry((key, number, id, day, table))
            .or_default()
            .push(entry_of(row));
    }
    let mut listed = Vec::new();
    for ((pack, level, _, day, table), entries) in groups {
        let board = if day == 0 {
            Board::AllTime
        } else {
            Board::Day(day)
        };
        for ranked in rank(table, entries) {
            listed.push(Listed {
                pack: pack.clone(),
                level,
                table,
                board,
                ranked,
            });
        }
    }
    Ok(listed)
}
