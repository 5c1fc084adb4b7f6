-- A finished game's review: for each player, the decisions that cost them
-- the most by the strong player's judgement (cpu::review), as JSON. Written
-- once, after the game's last move (or when first asked for), never changed.
CREATE TABLE reviews (
    game_id  BIGINT  PRIMARY KEY REFERENCES games(id),
    -- The length of the game's log the review was made from.
    seq      BIGINT  NOT NULL,
    review   TEXT    NOT NULL,
    made_at  TEXT    NOT NULL
);
