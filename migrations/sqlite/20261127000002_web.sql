-- The web pages: links to a game or a server are signed with a secret and
-- carry a generation; `/aq web reset` moves a generation on, so every link
-- signed before it stops opening anything.
--
-- The secret the links are signed with when the operator sets none
-- (`WEB_SECRET`): made once, by the first process that needs it, and shared
-- by every process on this database.
CREATE TABLE web_secret (
    id BIGINT PRIMARY KEY CHECK (id = 1),
    secret TEXT NOT NULL
);

-- A scope's generation: `game:<id>` (every link to a game),
-- `player:<game id>:<user id>` (one player's links to play a game),
-- `server:<guild id>` (links to a server's games). A scope without a row is
-- at generation 0.
CREATE TABLE web_generations (
    scope TEXT PRIMARY KEY,
    generation BIGINT NOT NULL
);
