//! sokoshot's database backends of the core's store interface
//! ([`sokoshot_core::store::records`]): [`sqlite`], the server's default, and [`postgres`],
//! for several servers sharing one store. The core holds everything above the driver (the
//! schema, the merge of saves, the open-mode caps, the retries); this crate runs its SQL.
//!
//! A store is named as `serve --store` takes it ([`Spec`]): `sqlite:PATH`, or a PostgreSQL
//! URL (`postgres://user@host:port/db`, or `postgresql://…`), or `folder:PATH` for the
//! folder store of earlier versions (which the core keeps itself).

pub mod postgres;
pub mod sqlite;

use std::path::PathBuf;
use std::sync::Arc;

use sokoshot_core::store::records::{self, Database, DbError};

/// Where the players are kept, as `serve --store` names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spec {
    /// A SQLite file.
    Sqlite(PathBuf),
    /// A PostgreSQL database, by its URL.
    Postgres(String),
    /// The folder store of earlier versions: one directory of text files per player.
    Folder(PathBuf),
}

/// Why a store's name could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "`{0}` is not a store: give sqlite:PATH, postgres://[USER[:PASSWORD]@]HOST[:PORT]/DB \
     or folder:PATH"
)]
pub struct BadSpec(pub String);

impl std::str::FromStr for Spec {
    type Err = BadSpec;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if let Some(path) = text.strip_prefix("sqlite:") {
            if path.is_empty() {
                return Err(BadSpec(text.to_owned()));
            }
            return Ok(Spec::Sqlite(PathBuf::from(path)));
        }
        if let Some(path) = text.strip_prefix("folder:") {
            if path.is_empty() {
                return Err(BadSpec(text.to_owned()));
            }
            return Ok(Spec::Folder(PathBuf::from(path)));
        }
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            return Ok(Spec::Postgres(text.to_owned()));
        }
        Err(BadSpec(text.to_owned()))
    }
}

/// Opens the database `spec` names (`None` for the folder store) and applies the schema.
///
/// # Errors
/// When it cannot be reached or opened, or its schema is newer than this version's; the
/// error names the store.
pub fn open(spec: &Spec) -> Result<Option<Arc<dyn Database>>, DbError> {
    let db: Arc<dyn Database> = match spec {
        Spec::Sqlite(path) => Arc::new(sqlite::Sqlite::open(path)?),
        Spec::Postgres(url) => Arc::new(postgres::Postgres::connect(url)?),
        Spec::Folder(_) => return Ok(None),
    };
    records::open(&*db)?;
    Ok(Some(db))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_names_read_or_say_what_is_expected() {
        let cases = [
            (
                "sqlite",
                "sqlite:/srv/s.db",
                Ok(Spec::Sqlite("/srv/s.db".into())),
            ),
            ("relative", "sqlite:s.db", Ok(Spec::Sqlite("s.db".into()))),
            (
                "postgres",
                "postgres://u@h/db",
                Ok(Spec::Postgres("postgres://u@h/db".into())),
            ),
            (
                "postgresql",
                "postgresql://h/db",
                Ok(Spec::Postgres("postgresql://h/db".into())),
            ),
            ("folder", "folder:/srv/p", Ok(Spec::Folder("/srv/p".into()))),
            ("empty path", "sqlite:", Err(BadSpec("sqlite:".into()))),
            ("mysql", "mysql://h/db", Err(BadSpec("mysql://h/db".into()))),
        ];
        for (name, text, want) in cases {
            assert_eq!(text.parse::<Spec>(), want, "{name}");
        }
    }
}
