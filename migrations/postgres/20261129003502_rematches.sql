-- A rematch: a game opened from a finished one with the same players, its
-- seats turned by one. `seats` is the JSON list of the finished game's
-- user ids in the new seating order; those present sit in that order when
-- the game starts, whoever else joined after them.
CREATE TABLE rematches (
    game_id  BIGINT  PRIMARY KEY REFERENCES games (id),
    of_game  BIGINT  NOT NULL REFERENCES games (id),
    seats    TEXT    NOT NULL
);
