-- Every player in their own language.
--
-- A game speaks one language in public (its table, reminders, the end):
-- `games.lang`, a code of the catalogue (`en`, `ja`, `de`), set from its
-- creator's locale when it is opened and changed with
-- `/aq game settings language:`. Older games speak English (NULL).
ALTER TABLE games ADD COLUMN lang TEXT;

-- A person's own choice (`/aq language set:`), beating their Discord locale
-- for what is said to them alone; and the locale Discord last gave with one
-- of their commands, so that a direct message that answers no command is
-- worded in their language too.
ALTER TABLE people ADD COLUMN lang TEXT;
ALTER TABLE people ADD COLUMN locale TEXT;

-- Letters keep what they say as a message of the catalogue and its
-- arguments (the JSON of a `Text`), worded in the game's or the recipient's
-- language when they are sent. `content` stays for letters written before:
-- a letter without `words` is sent as its `content`, verbatim.
ALTER TABLE outbox ADD COLUMN words TEXT;
