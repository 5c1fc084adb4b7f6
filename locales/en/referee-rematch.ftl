# A rematch: a new game after the channel's finished one (src/referee/rematch.rs).

## Refusals

# $game: the open game's number.
rematch-gathering = Game #{ $game } is already gathering players in this channel: join it, or finish or abandon it before a rematch.
rematch-running = Game #{ $game } is running in this channel: a rematch opens once it is over.
rematch-no-game = No game has finished in this channel yet: there is nothing to play again. Open one with /aq game new.
# $game: the game under whose table Rematch was pressed; $latest: the channel's latest game.
rematch-not-latest = Game #{ $game } is no longer this channel's latest game (game #{ $latest } is): only the latest game can be played again.
# $game: the channel's latest game, which was abandoned.
rematch-not-finished = Game #{ $game }, this channel's latest, was abandoned: only a finished game can be played again.
rematch-not-a-player = Only the players of game #{ $game } can call its rematch.

## Public

# $name: who called it; $of: the finished game; $game: the new game;
# $seated: its players in their new order, with commas; $first: who starts.
rematch-opened = { $name } called a rematch of game #{ $of }: game #{ $game }, the same players and settings, the seats turned: { $seated }. { $first } starts.
# $of: the finished game, a practice game.
rematch-dealt-afresh = Game #{ $of } was a practice deal; the rematch is dealt afresh and counts in the stats.
# $names: who has not joined yet, with commas; $name: who called it.
rematch-waiting = Waiting for { $names } to join (the Join button or /aq game join): it starts when all have joined, or { $name } starts it with those present (Start).
