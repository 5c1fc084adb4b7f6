-- Taking moves back, computer moves, and the message that carries a game's
-- controls.
--
-- The move log stays append-only: an undo is an entry of its own
-- (kind 'undo', `undoes` the seq of the move it takes back); the withdrawn
-- move stays in the log and replay skips it. `auto` names who chose a move
-- when no person did: a computer player's level, or 'idle' for a seat played
-- on after its player was removed.

ALTER TABLE moves ADD COLUMN kind TEXT NOT NULL DEFAULT 'move'
    CHECK (kind IN ('move', 'undo'));
ALTER TABLE moves ADD COLUMN undoes INTEGER;
ALTER TABLE moves ADD COLUMN auto TEXT;

-- The public message that shows the game's current controls (buttons and
-- menus), so that the next one can take them away: opaque to the store.
ALTER TABLE games ADD COLUMN table_message TEXT;
