-- A table (one game): what it is, who sits where, where it stands. The game itself is
-- (game, options, seed, engine version, content fingerprint) plus the rows of `actions`.
CREATE TABLE tables (
    id          TEXT    PRIMARY KEY,
    game        TEXT    NOT NULL,
    options     TEXT    NOT NULL,              -- the engine's options, JSON
    seed        INTEGER NOT NULL,              -- the u64 seed's bits as i64
    engine      TEXT    NOT NULL,              -- the server's version when the table was made
    fingerprint TEXT    NOT NULL,              -- the content fingerprint
    summary     TEXT    NOT NULL,              -- one line for the lobby
    status      TEXT    NOT NULL CHECK (status IN ('waiting', 'playing', 'over')),
    version     INTEGER NOT NULL DEFAULT 0,    -- = the seq of the last row of `actions`
    created     INTEGER NOT NULL,              -- unix milliseconds
    rematch_of  TEXT
);
CREATE INDEX tables_by_status ON tables (status);
CREATE INDEX tables_by_created ON tables (created);

-- Who sits in each seat: a person (with the SHA-256 of their secret token) or a bot.
CREATE TABLE seats (
    table_id    TEXT    NOT NULL REFERENCES tables (id),
    seat        INTEGER NOT NULL,
    kind        TEXT    NOT NULL CHECK (kind IN ('human', 'bot')),
    bot         TEXT,                          -- the bot's name for a bot seat
    token_hash  TEXT,                          -- hex SHA-256 of the token for a human seat
    taken       INTEGER NOT NULL DEFAULT 0,    -- someone has used the seat's token
    PRIMARY KEY (table_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_by_token ON seats (token_hash);

-- The append-only record: every action taken, and every undo, in order. Rows are never
-- changed or deleted. An undo row takes back the last `takes_back` actions still standing
-- (the actions' rows stay, so the audit trail keeps what was taken back and by whom).
CREATE TABLE actions (
    table_id    TEXT    NOT NULL REFERENCES tables (id),
    seq         INTEGER NOT NULL,              -- 1, 2, 3 … : the table's version after this row
    seat        INTEGER NOT NULL,
    action      TEXT,                          -- the engine's action, JSON (NULL for an undo)
    takes_back  INTEGER,                       -- for an undo: how many actions (NULL otherwise)
    at          INTEGER NOT NULL,              -- unix milliseconds
    PRIMARY KEY (table_id, seq),
    CHECK ((action IS NULL) <> (takes_back IS NULL))
) WITHOUT ROWID;
