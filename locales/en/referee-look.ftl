# Looking at a game, privately: the board, a zoo, the scores, the moves; and
# replays.

# After a game's number when it is no longer played (with its space).
look-status-finished = {" "}(finished)
look-status-abandoned = {" "}(abandoned)
# $game: the game's number; $players: who is seated, with commas.
look-gathering = Game #{ $game } is gathering players: { $players }. Join with /aq game join.
# Before what the player to act must do. $status: look-status-* or nothing;
# $round: the round's number.
look-board = Game #{ $game }{ $status }, round { $round }.
# $name: whose zoo.
look-zoo = { $name }'s zoo in game #{ $game }{ $status }.
# Before the table of scores.
look-scores = Scores in game #{ $game }{ $status }:
look-nobody-moves = Game #{ $game }{ $status }: nobody may move.
look-not-this-command = That command is not a way of looking.

## /aq past replay

replay-not-started = Game #{ $game } has not started: there is nothing to replay yet.
replay-no-pictures = Replays are animated pictures, and pictures are off here.
replay-failed = The replay of game #{ $game } could not be drawn: nothing was changed.
replay-status-lobby = lobby
replay-status-running = running
replay-status-finished = finished
replay-status-abandoned = abandoned
# $game: the game's number; $status: replay-status-*; $moves: moves shown;
# $pictures: pictures in it; $speed: its speed word (slow, normal, fast).
replay-made = Game #{ $game } ({ $status }), { $moves } moves in { $pictures } pictures, { $speed } speed.
# $count: pictures left out.
replay-dropped = { $count } pictures were left out to fit Discord's upload limit.
# $percent: the size against the table's, in percent.
replay-scaled = Drawn at { $percent }% of the table's size to fit.
