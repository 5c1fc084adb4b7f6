# /aq hint: a move suggested privately to the player to act, and why.

hint-no-game = No game is running in this channel: hints are for the player to act.
# $game: the game's number.
hint-not-started = Game #{ $game } has not started yet: hints are for the player to act.
hint-not-seated = Hints are for the players seated in game #{ $game }.
hint-plays-itself = Your seat in game #{ $game } plays by itself now: there is nothing to hint.
hint-off = Hints are turned off in game #{ $game }; its creator can turn them on with /aq game settings hints:on.
# $name: the player to act.
hint-not-your-turn = It is { $name }'s turn: ask for a hint when it is yours.
hint-not-your-turn-anyone = It is another player's turn: ask for a hint when it is yours.
hint-over = Game #{ $game } is over.
hint-no-move = You have no legal move now.
hint-none = No hint can be given now; nothing was changed.
# $game: the game's number; $command: the move as a command; $what: what the
# table would say once it is played (its own words, in the past tense); $why:
# the reason, without its full stop.
hint =
    Hint for game #{ $game }: { $command }
    Played, the table would say: { $what }
    Why: { $why }.
# What the table would say of a draw, told without the tile. $name: the player; $truck:
# the truck's number.
hint-draw-pile = { $name } drew the top tile of the draw pile onto truck { $truck }: a tile nobody has seen yet.
hint-draw-reserve = { $name } drew the top tile of the reserve onto truck { $truck }: a tile nobody has seen yet.
hint-last-round = This is now the last round.
