-- sokoshot's store, version 1: the players, and the open-mode rate per address.
-- Times are seconds since the Unix epoch; texts are the progress format and the Pasted
-- pack's XSB, exactly as the files of local play hold them.
CREATE TABLE players (
    fingerprint TEXT PRIMARY KEY,
    created BIGINT NOT NULL,
    seen BIGINT NOT NULL,
    progress TEXT,
    pasted TEXT,
    bytes BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX players_seen ON players (seen);
CREATE TABLE newcomers (
    address TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX newcomers_address ON newcomers (address, at);
