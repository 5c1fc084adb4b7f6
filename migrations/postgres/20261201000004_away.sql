-- Away and heads-up: a person away until a time (no reminders, nudges or
-- turn alerts to them until then), a person who asked to be told when the
-- player before them starts a turn, and a game that lets the computer play
-- an away player's turns after a grace period.

-- Until when (ms) the person is away; NULL: not away.
ALTER TABLE people ADD COLUMN away_until BIGINT;

-- 1: a direct message when the player before them starts a turn.
ALTER TABLE people ADD COLUMN notify_before BIGINT NOT NULL DEFAULT 0;

-- How long (ms) an away player's turn waits before the computer plays it;
-- NULL: it waits for them (the default).
ALTER TABLE games ADD COLUMN away_after_ms BIGINT;

-- A notice in a game's channel that mentions no one ('notice': a player
-- went away).
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
    CHECK (kind IN ('reminder', 'dm', 'table', 'notice'));
