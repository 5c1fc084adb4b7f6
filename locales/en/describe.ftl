# The table in words, for a reader who cannot see its pictures
# (src/view/describe.rs): the pictures' descriptions (Discord's attachment
# description, the web's alt text), and the table read in order (board text,
# the Describe button). Each message is a whole sentence; a picture's
# description is cut after a sentence to fit 1,024 characters, so the most
# telling come first. $game: a game's number; $name: a player.

## The table's picture

# $round: the round's number.
describe-table = Picture of the table of game #{ $game }, round { $round }.
describe-table-last = Picture of the table of game #{ $game }, round { $round }, the last round.
describe-practice = A practice game: a player chose the order of the tiles.
# $move: what the last move did, the table's narration of it.
describe-changed = Last move: { $move }

## The table read in order (board text)

describe-board = Game #{ $game }, round { $round }.
describe-board-last = Game #{ $game }, round { $round }, the last round.

## The seats' clocks, in a game with clocks, after whose turn it is

# $seats: each seat's part below, listed.
describe-clocks = Clocks: { $seats }.
# A seat waiting for its turn. $left: its time left, as the settings write a
# duration (23h10m).
describe-clock = { $name } { $left } left
# The seat whose turn it is, its clock running, or standing still (the
# weekend pause, or its player away).
describe-clock-running = { $name } { $left } left and running
describe-clock-stopped = { $name } { $left } left and stopped
# After a seat's part, when its time ran out before. $count: how many times;
# $most: the timeouts that hand the seat to the computer (3).
describe-clock-timeouts = ({ $count } of { $most } timeouts)

## The trucks: $truck (its number); $tiles (its tiles in words, a list)

describe-truck = Truck { $truck }: { $tiles }.
describe-truck-taken = Truck { $truck }, taken by { $name } this round: { $tiles }.
describe-truck-taken-empty = Truck { $truck }, taken by { $name } this round.
# An item of a truck's list. $count: its free places.
describe-free = { $count ->
    [one] one free place
   *[other] { $count } free places
}

## The players: $points, $coins (numbers)

describe-player = { $name }: { $points ->
    [one] { $points } point
   *[other] { $points } points
}, { $coins ->
    [one] { $coins } coin
   *[other] { $coins } coins
}.
# $truck: the truck they took this round.
describe-player-took = { $name }: { $points ->
    [one] { $points } point
   *[other] { $points } points
}, { $coins ->
    [one] { $coins } coin
   *[other] { $coins } coins
}; took truck { $truck } this round.
describe-player-out = { $name }, voted out for being idle: { $points ->
    [one] { $points } point
   *[other] { $points } points
}, { $coins ->
    [one] { $coins } coin
   *[other] { $coins } coins
}.
describe-player-out-of-time = { $name }, out of time too often: { $points ->
    [one] { $points } point
   *[other] { $points } points
}, { $coins ->
    [one] { $coins } coin
   *[other] { $coins } coins
}.

## A zoo

describe-zoo = Picture of { $name }'s water zoo in game #{ $game }.
# $animals: the animal's name (plural); $count: its tiles; $cells: where
# they lie (cells of the command language).
describe-basin = Basin of { $animals }, { $count ->
    [one] { $count } tile
   *[other] { $count } tiles
} on { $cells }.
# $marks: what the tiles carry (describe-males, -females, -offspring,
# -fish, -bolts), a list.
describe-basin-marked = Basin of { $animals }, { $count ->
    [one] { $count } tile
   *[other] { $count } tiles
} on { $cells }: { $marks }.
describe-no-basin = No basin yet.
# $count: fertile animals of that sex; $bred: how many of them have bred.
describe-males = { $count ->
    [one] a fertile male
   *[other] { $count } fertile males
}{ $bred ->
    [0] {""}
   *[other] {" "}({ $bred } bred)
}
describe-females = { $count ->
    [one] a fertile female
   *[other] { $count } fertile females
}{ $bred ->
    [0] {""}
   *[other] {" "}({ $bred } bred)
}
describe-offspring = { $count } offspring
describe-fish = { $count } with a fish
describe-bolts = { $count } with a bolt
# $count: empty spaces; $basins: basins the zoo has; $limit: basins it may have.
describe-spaces = { $count ->
    [one] { $count } empty space
   *[other] { $count } empty spaces
}; { $basins } of { $limit } basins.
describe-depot-empty = The depot is empty.
# $count: tiles in the depot; $tiles: them in words, top first.
describe-depot = { $count ->
    [one] In the depot, { $count } tile: { $tiles }.
   *[other] In the depot, { $count } tiles, top first: { $tiles }.
}
# $list: the coworkers (describe-cashiers...), all together.
describe-coworkers = Coworkers: { $list }.
describe-coworkers-none = No coworkers.
describe-cashiers = { $count ->
    [one] a cashier
   *[other] { $count } cashiers
}
describe-keepers = { $count ->
    [one] a keeper
   *[other] { $count } keepers
}
describe-manager = a manager
# $cells: where the trainers stand.
describe-trainers = { $count ->
    [one] a trainer on { $cells }
   *[other] { $count } trainers on { $cells }
}

## A replay, a score card, a reviewed decision

# $moves: the moves it shows.
describe-replay = Animated replay of game #{ $game }, { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}.
describe-card = Final scores of game #{ $game }.
# $names: the winners (one alone wins on points or on coins).
describe-card-won = { $names } won on points.
describe-card-won-coins = { $names } won on coins, tied on points.
describe-card-shared = { $names } share the win, tied on points and coins.
# $rank: the place; $points: the total; $animals, $cashiers, $keepers,
# $trainers, $depot: points by category; $coins: the coins left.
describe-card-player = Place { $rank }: { $name }, { $points ->
    [one] { $points } point
   *[other] { $points } points
} (animals { $animals }, cashiers { $cashiers }, keepers { $keepers }, trainers { $trainers }, depot { $depot }), { $coins ->
    [one] { $coins } coin
   *[other] { $coins } coins
}.
describe-card-player-out = Place { $rank }: { $name }, voted out for being idle, { $points ->
    [one] { $points } point
   *[other] { $points } points
} (animals { $animals }, cashiers { $cashiers }, keepers { $keepers }, trainers { $trainers }, depot { $depot }), { $coins ->
    [one] { $coins } coin
   *[other] { $coins } coins
}.
describe-card-player-out-of-time = Place { $rank }: { $name }, out of time too often, { $points ->
    [one] { $points } point
   *[other] { $points } points
} (animals { $animals }, cashiers { $cashiers }, keepers { $keepers }, trainers { $trainers }, depot { $depot }), { $coins ->
    [one] { $coins } coin
   *[other] { $coins } coins
}.
# $n: the move's number in the log; $cost: about how many points it cost.
describe-decision = Review picture of move { $n }, { $name }'s decision, which cost about { $cost } points.
# $move: what the move would do, as the table would tell it.
describe-played = Played: { $move }
describe-preferred = Preferred: { $move }

## Tiles named where the command language named them

# A waiting tile: $slot (its slot number), $tile (the tile in words).
engine-slot = { $slot }: { $tile }
# How to name a waiting tile: $option (as typed, tile:1), $tile.
engine-slot-option = { $option } ({ $tile })

## The table in words on Discord

# The button under a table's message that gives the table in words,
# privately (at most 80 characters).
label-describe = Describe

## Money actions' buttons, when the tile's name makes them too long

label-money-move-depot-tile-short = Move the depot's top tile into the zoo (1 coin)
label-money-discard-short = Discard the depot's top tile (2 coins)

## The finished game's web page

# A decision in the review's list on the web page (a list item: no dash).
# As review-decision.
review-decision-entry =
    Move { $n }, about { $cost } points: played { $played_command } ({ $played })
    preferred { $preferred_command } ({ $preferred })

# The final scores' table on the web page (src/web/result.rs).
web-final-place = Place
web-final-animals = Animals
web-final-cashiers = Cashiers
web-final-keepers = Keepers
web-final-trainers = Trainers
web-final-depot = Depot
web-final-voted-out = (voted out)
web-final-out-of-time = (out of time)
web-final-card = The final scores as a picture
