-- Rated games that cannot be gamed.
--
-- A setting changed while a game runs that could bite the turn under way
-- (the turn limit, hints, how long an away player's turn waits for the
-- computer) applies from the next turn: until then it waits here, as JSON
-- ({"turn_limit": ms or null, "hints": true or false, "away_after": ms or
-- null}). NULL: nothing waits.
ALTER TABLE games ADD COLUMN next_settings TEXT;

-- The person whose abandoning of a running game that counts was their
-- loss (they played alone against computer players): the game is then
-- rated with them last. NULL for every other game.
ALTER TABLE games ADD COLUMN forfeited_by TEXT;

-- Votes to abandon a running game, each for the position it was cast in
-- (the log's length): every person still playing must agree.
CREATE TABLE abandon_votes (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seq      INTEGER NOT NULL,
    voter    TEXT    NOT NULL,
    at       INTEGER NOT NULL,
    PRIMARY KEY (game_id, seq, voter)
);
