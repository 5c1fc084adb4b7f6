# What the referee says about moves: refusals before a move, undo, the
# closing of a move's answer, and a game that is over.

# Refused. $game: the game's number.
play-not-started = Game #{ $game } has not started yet: its creator starts it with /aq game start.
play-game-not-started = The game has not started yet.
# Refused. $game: the game's number.
play-not-seated = You are not seated in game #{ $game }; anyone may look with /aq board.
play-changed-on-the-way = The game changed while your move was on its way; look at /aq board and try again.
play-no-game = No game is running in this channel: open one with /aq game new.
# After a move, when computer moves were many. $count: the moves not told.
play-auto-skipped = ({ $count } computer moves before these: /aq history lists them.)
# At the end of a game, for a seat voted out. $name: its player.
play-voted-out-ranked = { $name } was voted out for being idle: the seat played on automatically and ranks last.
# Refused. $game: the game's number.
play-voted-out = You were voted out of game #{ $game } for being idle: your seat plays on automatically and you cannot act in this game again.
# Refused. $level: the computer player's level word (easy, normal, strong).
play-computer-seat = That seat is a computer player ({ $level }) and plays by itself.
# Refused: a button of an older table. $made: the move it was made for;
# $now: the game's move now.
play-stale-control = That control is from move { $made }; the game is at move { $now }. Nothing was changed: use the buttons under the latest message.
# Who must act, first in a table message no command answered. $who: them.
mention = { $who }

## Undo

undo-nothing = No move has been made yet: there is nothing to take back.
undo-changed-on-the-way = The game changed while your undo was on its way; look at /aq board and try again.
# Public. $name: who took it back; $seq: the move's number; $what: what it did.
undo-took-back = { $name } took back move { $seq }: { $what }
undo-over = The game is over: its moves stand.
# Refused. $name: the player who acted since.
undo-other-acted = { $name } has acted since your last move: an undo never takes back another player's move.
undo-another-acted = Another player has acted since your last move: an undo never takes back another player's move.
undo-automatic = That move was played automatically and stands.
undo-drew = Your last move drew a tile, and a drawn tile cannot be hidden again: it stands.
# Refused: the player took a move back this turn and then played again.
undo-spent = You took a move back this turn and then played again: what you play now stands until your turn ends (undos in a row go back move by move, but once a turn).

## A game that is over (refusing a move or a control)

# $game: the game's number.
ended-abandoned = Game #{ $game } was abandoned; nothing was changed. Start another with /aq game new.
# One winner. $name: the winner; $points: their total.
ended-won = { $name } won with { $points } points
# When the result cannot be read.
ended-over = it is over
# $game: the game's number; $result: the winners, or ended-over.
ended = Game #{ $game } has ended: { $result }; nothing was changed. See the final table with /aq board and the moves with /aq history, or start another game with /aq game new.

# Refused: a command names nobody at the table. $name: the name given;
# $players: the table's players.
play-nobody-called = nobody called { $name } sits at this table: the players are { $players }
# Refused: a move's places. $side: the option (from or to).
play-trainer-by-cell = name a trainer by its cell: { $side }:K11
play-no-such-post = there is no such place for a coworker
play-coworker-not-to-depot = coworkers do not go to the depot; the manager sits on it: to:manager
play-depot-tile-to-cell = from:depot moves the top depot tile, and it goes to a cell of your zoo: to:K11
# Refused. $command: the command given, which makes no move.
play-not-a-move = { $command } is not a move
