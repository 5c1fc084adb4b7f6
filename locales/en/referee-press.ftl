# What the referee says to a press of a button or a menu that it refuses.
# Each says that nothing was changed.

press-not-ours = That control is not one of this bot's: nothing was changed.
press-no-game = That control belongs to no game in this channel: nothing was changed.
# $game: the game's number.
press-not-started = Game #{ $game } has not started yet: nothing was changed.
press-started-already = Game #{ $game } has already started: nothing was changed.
press-not-seated = You are not seated in game #{ $game }: nothing was changed.
press-voted-out = You were voted out of game #{ $game } for being idle: your seat plays on automatically and you cannot act in this game again: nothing was changed.
# $level: the computer player's level word.
press-computer-seat = That seat is a computer player ({ $level }) and plays by itself: nothing was changed.
# $name: the player to act.
press-not-your-turn = It is { $name }'s turn, not yours: nothing was changed.
press-not-your-turn-anyone = It is someone else's turn, not yours: nothing was changed.
# $why: why the control cannot be used, worded by the controls.
press-nothing-changed = { $why }: nothing was changed.
