//! The PostgreSQL backend, for several servers sharing one store: a pool of at most
//! [`POOL_SIZE`] connections per server, a connection waited for at most
//! [`CONNECT_TIMEOUT`] and a statement at most [`STATEMENT_TIMEOUT`], so that a slow or
//! stopped database holds up only the sessions saving to it, each for a bounded time (their
//! saves then wait in memory and are retried: see [`sokoshot_core::store::records::retry`]).
//! Each [`Lock`] is a transaction-level advisory lock, so servers take turns on a player's
//! row and on admissions.

use std::time::Duration;

use postgres::types::{ToSql, Type};
use postgres::{Config, NoTls};
use r2d2::Pool;
use r2d2_postgres::PostgresConnectionManager;
use sokoshot_core::store::records::{Database, DbError, Lock, Tx, Value};

/// The most connections one server holds.
pub const POOL_SIZE: u32 = 16;
/// How long to wait for a connection (from the pool, or a new one) before giving up.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
/// How long one statement may run before PostgreSQL cancels it.
pub const STATEMENT_TIMEOUT: Duration = Duration::from_secs(5);

/// A PostgreSQL database of players.
#[derive(Debug)]
pub struct Postgres {
    /// The URL without its password.
    name: String,
    pool: Pool<PostgresConnectionManager<NoTls>>,
}

impl Postgres {
    /// Connects to the database at `url`.
    ///
    /// # Errors
    /// When the URL does not read, or no connection can be made within
    /// [`CONNECT_TIMEOUT`] (the error names the database, without its password).
    pub fn connect(url: &str) -> Result<Self, DbError> {
        let name = without_password(url);
        let mut config: Config = url
            .parse()
            .map_err(|err| DbError::Failed(format!("{name}: {err}")))?;
        config
            .connect_timeout(CONNECT_TIMEOUT)
            .options(&format!(
                "-c statement_timeout={}",
                STATEMENT_TIMEOUT.as_millis()
            ))
            .application_name("sokoshot");
        let manager = PostgresConnectionManager::new(config, NoTls);
        let pool = Pool::builder()
            .max_size(POOL_SIZE)
            .min_idle(Some(1))
            .connection_timeout(CONNECT_TIMEOUT)
            .build(manager)
            .map_err(|err| DbError::Unreachable(format!("{name} cannot be reached: {err}")))?;
        Ok(Self { name, pool })
    }
}

/// `url` with any password replaced by `***`, to name it in logs and errors.
#[must_use]
pub fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let (authority, tail) = rest.split_at(rest.find(['/', '?']).unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((user, host)) if user.contains(':') => {
            let user = user.split_once(':').map_or(user, |(user, _)| user);
            format!("{scheme}://{user}:***@{host}{tail}")
        }
        _ => url.to_owned(),
    }
}

/// Whether the error says the database is gone or too slow (try later) or refused the work.
fn error(err: &postgres::Error) -> DbError {
    let transient = err.is_closed()
        || err.code().is_none_or(|code| {
            let code = code.code();
            // Connection exceptions (08), operator intervention (57: shutdown, statement
            // timeout), insufficient resources (53), serialization failures (40).
            ["08", "57", "53", "40"]
                .iter()
                .any(|class| code.starts_with(class))
        });
    if transient {
        DbError::Unreachable(err.to_string())
    } else {
        DbError::Failed(err.to_string())
    }
}

struct PgTx<'a, 'b>(&'a mut postgres::Transaction<'b>);

fn params(values: &[Value]) -> Vec<Box<dyn ToSql + Sync>> {
    values
        .iter()
        .map(|value| -> Box<dyn ToSql + Sync> {
            match value {
                Value::Int(n) => Box::new(*n),
                Value::Text(text) => Box::new(text.clone()),
                Value::Null => Box::new(None::<String>),
            }
        })
        .collect()
}

fn row_values(row: &postgres::Row) -> Vec<Value> {
    (0..row.len())
        .map(|i| {
            let ty = row.columns()[i].type_();
            if *ty == Type::INT8 || *ty == Type::INT4 {
                let n: Option<i64> = if *ty == Type::INT8 {
                    row.get(i)
                } else {
                    row.get::<_, Option<i32>>(i).map(i64::from)
                };
                n.map_or(Value::Null, Value::Int)
            } else {
                row.get::<_, Option<String>>(i)
                    .map_or(Value::Null, Value::Text)
            }
        })
        .collect()
}

impl Tx for PgTx<'_, '_> {
    fn rows(&mut self, sql: &str, values: &[Value]) -> Result<Vec<Vec<Value>>, DbError> {
        let owned = params(values);
        let refs: Vec<&(dyn ToSql + Sync)> = owned.iter().map(AsRef::as_ref).collect();
        let rows = self.0.query(sql, &refs).map_err(|e| error(&e))?;
        Ok(rows.iter().map(row_values).collect())
    }

    fn execute(&mut self, sql: &str, values: &[Value]) -> Result<u64, DbError> {
        let owned = params(values);
        let refs: Vec<&(dyn ToSql + Sync)> = owned.iter().map(AsRef::as_ref).collect();
        self.0.execute(sql, &refs).map_err(|e| error(&e))
    }

    fn batch(&mut self, sql: &str) -> Result<(), DbError> {
        self.0.batch_execute(sql).map_err(|e| error(&e))
    }

    fn lock(&mut self, lock: Lock) -> Result<(), DbError> {
        self.0
            .execute("SELECT pg_advisory_xact_lock($1)", &[&lock.key()])
            .map(|_| ())
            .map_err(|e| error(&e))
    }
}

impl Database for Postgres {
    fn describe(&self) -> String {
        self.name.clone()
    }

    fn transaction(
        &self,
        work: &mut dyn FnMut(&mut dyn Tx) -> Result<(), DbError>,
    ) -> Result<(), DbError> {
        let mut conn = self
            .pool
            .get()
            .map_err(|err| DbError::Unreachable(format!("{}: {err}", self.name)))?;
        let mut tx = conn.transaction().map_err(|e| error(&e))?;
        work(&mut PgTx(&mut tx))?;
        tx.commit().map_err(|e| error(&e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_never_named() {
        let cases = [
            ("none", "postgres://u@h/db", "postgres://u@h/db"),
            (
                "password",
                "postgres://u:pw@h:5432/db",
                "postgres://u:***@h:5432/db",
            ),
            (
                "no user",
                "postgres://h/db?sslmode=disable",
                "postgres://h/db?sslmode=disable",
            ),
            (
                "at in password",
                "postgres://u:p@w@h/db",
                "postgres://u:***@h/db",
            ),
        ];
        for (name, url, want) in cases {
            assert_eq!(without_password(url), want, "{name}");
        }
    }
}
