-- Real servers: games whose channel the bot cannot post in, people it
-- cannot write to for now, letters tried for a day, and processes that
-- connect to Discord one at a time.

-- A running game the bot cannot post in for now, and why: 'removed' (the bot
-- left or was removed from the server: back when it returns), 'deleted' (its
-- channel or thread is gone), 'unreachable' (Discord refused the bot there:
-- a lost permission, a private thread it is not in, a locked thread; back
-- when someone acts there and the bot may post again). NULL: not paused. A
-- paused game gets no reminders, no computer moves and no letters.
ALTER TABLE games ADD COLUMN paused TEXT;

-- Discord refuses to let the bot write to this person because they share no
-- server with it (50278, not their choice): their direct-message alerts wait
-- until they use a command in a server again.
ALTER TABLE people ADD COLUMN dm_no_server INTEGER NOT NULL DEFAULT 0;

-- When a letter was first due (ms): letters other than a table's are given
-- up after a day of failed tries. NULL for letters written before.
ALTER TABLE outbox ADD COLUMN posted_at INTEGER;

-- The processes of one bot open their gateway sessions one at a time, as
-- Discord asks (at most `max_concurrency` IDENTIFYs every 5 seconds): a
-- process takes the gate until its shards have identified.
CREATE TABLE identify_gate (
    id        INTEGER PRIMARY KEY CHECK (id = 1),
    until_ms  INTEGER NOT NULL
);
