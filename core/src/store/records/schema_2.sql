-- sokoshot's store, version 2: nicknames and verified scores.
-- A nickname is kept as chosen and, lower-cased, under a unique index, so that two players
-- (on any servers of the store) never hold one nickname whatever its case.
ALTER TABLE players ADD COLUMN nickname TEXT;
ALTER TABLE players ADD COLUMN nickname_key TEXT;
CREATE UNIQUE INDEX players_nickname ON players (nickname_key);
-- One row per player, level and table: the player's best in that table's order. `day` is 0
-- for the level's own tables, or the UTC day (days since 1970-01-01) whose daily level it
-- was; `level_no` is the level's place in its pack (0-based), `level_id` its fingerprint in
-- hex; `at` when the result was reached, in seconds since the Unix epoch.
CREATE TABLE scores (
    board TEXT NOT NULL,
    day BIGINT NOT NULL,
    pack TEXT NOT NULL,
    level_no BIGINT NOT NULL,
    level_id TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    moves BIGINT NOT NULL,
    pushes BIGINT NOT NULL,
    shots BIGINT NOT NULL,
    at BIGINT NOT NULL,
    PRIMARY KEY (board, day, pack, level_id, fingerprint)
);
CREATE INDEX scores_fingerprint ON scores (fingerprint);
