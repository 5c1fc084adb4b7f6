# What a player is told when a command fails on our side, or comes twice.
# Each says that nothing was changed.

trouble-busy = The games' database is busy right now, so nothing was changed; please try again in a moment.
trouble-full = The games' database is full (the server's disk has no room left), so nothing was changed; please tell whoever runs this bot.
trouble-read-only = The games' database cannot be written right now, so nothing was changed; please tell whoever runs this bot.
trouble-other = Something went wrong on our side and nothing was changed; please try again.
# A Discord interaction delivered twice.
once-already = This request was already received and played once: nothing more was changed.
# A game whose log no longer replays. $game: its number; $damage: what is
# wrong, for whoever runs the bot.
damaged = Game #{ $game } cannot go on: { $damage }. Nothing was changed; a channel manager can end it with /aq game abandon.
