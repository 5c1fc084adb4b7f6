# The words drawn in the pictures: the table after a move, one zoo large,
# the score table at the end, and the captions of a replay. Each is drawn in
# a box: a language whose words are longer gets a wider column or a cut, so
# short labels are best.

## The status row and the prompt above the trucks

# $round: the round's number.
picture-round = Round { $round }
picture-last-round = LAST ROUND
picture-draw-pile = Draw pile
picture-reserve = Reserve
# Whose turn it is, at the right of the status row. $name: the player.
picture-turn-of = { $name }’s turn
# Beside the prompt of a practice game.
picture-practice = PRACTICE
# The end-of-game title of a practice game. $title: picture-game-over*.
picture-practice-title = { $title } (practice)
# The prompt when the player has nothing waiting. $name: the player.
picture-prompt-turn = { $name } to play: draw a tile, take a truck, or spend coins.
# The prompt when something waits. $name: the player; $tasks: picture-task-*
# (several joined by picture-task-then).
picture-prompt-must = { $name } must { $tasks }.
# $done: the tasks so far; $next: one more.
picture-task-then = { $done }, then { $next }
# $animal: the animal's name (animal-*).
picture-task-offspring-one = place the { $animal } offspring
# $count: offspring waiting (2 or more).
picture-task-offspring = place { $count } offspring
picture-task-hire-one = hire the coworker just gained
# $count: coworkers waiting (2 or more).
picture-task-hire = hire { $count } coworkers
# $count: tiles waiting; $tiles: their slots (a list of numbers).
picture-task-tiles = { $count ->
    [one] place tile { $tiles }
   *[other] place tiles { $tiles }
}
# The same, with the truck they came on. $truck: its number.
picture-task-tiles-of-truck = { $count ->
    [one] place tile { $tiles } of truck { $truck }
   *[other] place tiles { $tiles } of truck { $truck }
}

## The trucks

# $truck: its number.
picture-truck = Truck { $truck }
# Under a taken truck. $name: who took it.
picture-taken-by = taken by { $name }
picture-truck-full = full
# $count: spaces left on the truck.
picture-truck-free = { $count ->
    [one] 1 space free
   *[other] { $count } spaces free
}
# The card of what waits to be placed, beside the trucks, and its foot.
picture-waiting = Waiting
picture-waiting-offspring = offspring to place
picture-waiting-coworker = coworker to hire
picture-waiting-both = offspring, coworker

## A player's panel

# A player whose name has nothing that can be drawn. $seat: their seat (1-5).
picture-player = Player { $seat }
# The marker after the name of a seat the computer plays.
picture-auto = 🤖 auto
# The pill after the name.
picture-tag-to-play = to play
picture-tag-placing = placing
picture-tag-winner = winner
# A panel's clock row, in a game with clocks. $left: the seat's time left,
# as the settings write a duration (23h10m). The seat waiting for its turn:
picture-clock = { $left } left
# The seat whose turn it is, its clock running.
picture-clock-running = { $left } left, running
# The seat whose turn it is, its clock standing still (the weekend pause, or
# its player away).
picture-clock-stopped = { $left } left, stopped
# After the clock, when it ran out before. $count: how many times; $most:
# the timeouts that hand the seat to the computer (3).
picture-clock-timeouts = { $count } of { $most } timeouts
# The same, short, where the row has no room for it.
picture-clock-timeouts-short = { $count }/{ $most }
# After the total in the header. $count: the total (its plural only).
picture-points-unit = { $count ->
    [one] {" "}pt
   *[other] {" "}pts
}
# The score line under the header, its parts joined by spaces: the points of
# the animals, then each other category's signed points. $count: the
# animals' points.
picture-points-animals = { $count ->
    [one] { $count } animal
   *[other] { $count } animals
}
# $points: signed points, e.g. +2 or −3 (as written).
picture-points-cashiers = { $points } cashiers
picture-points-keepers = { $points } keepers
picture-points-trainers = { $points } trainers
picture-points-depot = { $points } depot
# The same, short, when the long line does not fit.
picture-points-cashiers-short = { $points } cash.
picture-points-keepers-short = { $points } keep.
picture-points-trainers-short = { $points } train.
picture-points-depot-short = { $points } depot
# The coworker line. $roles: the roles filled (picture-cashiers...), joined by
# " · ".
picture-coworkers = Coworkers: { $roles }
picture-coworkers-none = No coworkers yet
# $count: how many fill the role.
picture-cashiers = { $count ->
    [one] 1 cashier
   *[other] { $count } cashiers
}
picture-keepers = { $count ->
    [one] 1 keeper
   *[other] { $count } keepers
}
picture-trainers = { $count ->
    [one] 1 trainer
   *[other] { $count } trainers
}
picture-manager = manager
# The depot's line: its label, then its top tile, its tiles by type and
# its manager.
picture-depot = Depot
picture-depot-empty = empty
picture-depot-top = top
picture-depot-manager = manager

## One zoo large: the side column

picture-side-coworkers = Coworkers
picture-side-manager = Manager
# $count: coworkers in the role; $most: how many the role can have.
picture-of = { $count } of { $most }
picture-yes = yes
picture-no = no
# $count: animal types in the zoo; $limit: the basins it may have.
picture-basins = Basins { $count } of { $limit }
picture-side-score = Score so far

## The score table at the end (its columns; also the side column's lines)

picture-score-animals = Animals
picture-score-cashiers = Cashiers
picture-score-keepers = Keepers
picture-score-trainers = Trainers
picture-score-depot = Depot
picture-score-total = Total
picture-score-coins = Coins
picture-game-over = Game over
# $name: the winner.
picture-game-over-won = Game over: { $name } wins!
# $names: the winners (a list).
picture-game-over-shared = Game over: { $names } share the win!

## The captions of a replay

# $round: the round.
picture-replay-start = Round { $round }: the game begins.
# A replay by round. $move: the moves played.
picture-replay-round-end = End of round { $round }, move { $move }.
# $sentence: what the move did (the engine's event).
picture-replay-move = Round { $round }, move { $move }: { $sentence }
# Several moves in one picture: $from, $to: the first and the last.
picture-replay-moves = Round { $round }, moves { $from }-{ $to }: { $sentence }
# The last picture. $moves: the moves played.
picture-replay-over = Game over after { $moves } moves.
# $names: the winner (or a list); $points: their total.
picture-replay-won = Game over after { $moves } moves: { $names } wins with { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
picture-replay-shared = Game over after { $moves } moves: { $names } share the win with { $points ->
    [one] { $points } point
   *[other] { $points } points
}.

## The score card beside the final table (src/render/score_card.rs)

# $game: the game's number.
picture-card-title = Game #{ $game }: final scores
# $name: the winner.
picture-card-wins = { $name } wins!
# $names: the winners (a list).
picture-card-share = { $names } share the win!
# Under the winner: the rulebook's tie-break that decided.
picture-card-by-points = The most points.
picture-card-by-coins = Tied on points: the most coins decide.
picture-card-by-nothing = Tied on points and on coins: the win is shared.
picture-card-note-total = Total: animals, cashiers, keepers, trainers, less the depot.
picture-card-note-coins = Coins are no points: they break a tie on points.
# Under a player voted out for being idle.
picture-card-voted-out = Voted out for being idle: ranked last.
# Under a player whose clock ran out too often.
picture-card-out-of-time = Out of time too often: ranked last.

## A tournament's standings (src/render/standings.rs)

# The columns. The place (a number).
picture-standings-place = #
picture-standings-player = Player
picture-standings-points = Points
picture-standings-games = Games
picture-standings-byes = Byes
picture-standings-game-points = Game points
picture-standings-buchholz = Buchholz
# Nobody has signed up.
picture-standings-nobody = Nobody has signed up yet.
# Players below the last row shown. $count: how many.
picture-standings-more = { $count ->
        [one] and { $count } more player: tournament standings lists everyone.
       *[other] and { $count } more players: tournament standings lists everyone.
    }
# Under the table: how it is ranked.
picture-standings-note = By points (a table's first 12 down to its last 0, a bye 6), then game points, Buchholz, head to head, sign-up.
# A number of the table (points, Buchholz). $value: it.
picture-standings-number = { $value }
