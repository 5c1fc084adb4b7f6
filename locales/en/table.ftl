# The table in characters (src/view/text_table.rs), for the terminal and for Discord
# when no picture could be drawn, and the `moves` list
# (src/referee/look/moves.rs). Tile words (`dolphin-m`), coordinates and
# command text stay as the command language writes them.

## The table

# The first line. $round: the round's number; $pile: tiles in the draw pile;
# $reserve: tiles in the reserve.
table-round = Round { $round } - draw pile { $pile } - reserve { $reserve }
# The same in the last round.
table-round-last = Round { $round } - draw pile { $pile } - reserve { $reserve } - LAST ROUND
# A truck nobody took. $truck: its number; $slots: its tiles and spaces
# (tile words, - an empty space, # a blocked one), joined by commas.
table-truck = truck { $truck }: [{ $slots }]
# A truck a player took. $truck, $slots: as above; $name: who took it.
table-truck-taken = truck { $truck }: [{ $slots }] (taken by { $name })

# A player's line. $name: who; $coins: their coins; $cashiers, $keepers,
# $trainers: how many; $manager: yes or no; $score: their score now;
# $truck: the truck they took (0 when none; only table-player-took says it).
table-player = { $name } - { $coins } { $coins ->
    [one] coin
   *[other] coins
}, cashiers { $cashiers }, keepers { $keepers }, manager { $manager ->
    [yes] yes
   *[no] no
}, trainers { $trainers } - score { $score }
# The same once they took a truck this round.
table-player-took = { $name } - { $coins } { $coins ->
    [one] coin
   *[other] coins
}, cashiers { $cashiers }, keepers { $keepers }, manager { $manager ->
    [yes] yes
   *[no] no
}, trainers { $trainers } - score { $score } - took truck { $truck }

# Under a player's line: an empty depot.
table-depot-empty = depot: empty
# A depot. $tiles: its tile words, the top first, joined by commas;
# $counts: how many of each animal (table-depot-count, joined).
table-depot = depot (top first): { $tiles } [{ $counts }]
# $count: how many tiles; $animal: the animal's name, for that count.
table-depot-count = { $count } { $animal }

# What a zoo grid's marks and codes mean. $codes: each animal's code
# (table-legend-code), joined.
table-legend = m/f fertile male/female (M/F: has bred), * fish, ! bolt, y offspring, TRN trainer, . empty space; { $codes }
# $code: the animal's three letters in the grid; $animal: its name.
table-legend-code = { $code } { $animal }
# The last line of the table. $legend: table-legend.
table-legend-blocked = ({ $legend }; # blocked truck space)

## The score table: its column headers, and the mark beside the best

table-score-player = player
table-score-animals = animals
table-score-cashiers = cashiers
table-score-keepers = keepers
table-score-trainers = trainers
table-score-depot = depot
table-score-total = total
table-score-leads = leads
table-score-winner = winner

## The moves list

# Its first line. $name: the player to act; $count: how many moves.
moves-heading = { $name } may play ({ $count ->
    [one] { $count } move
   *[other] { $count } moves
}); a number plays its move:
# The first line of `moves <family>`. $name: the player to act; $chosen:
# how many moves listed; $count: how many moves in all; $family: the words
# typed.
moves-family-heading = { $name } may play { $chosen } of { $count } moves ({ $family }); a number plays its move:
# `moves <family>` names none. $of: what was typed; $name: the player to
# act; $families: the families there are (command words, joined).
moves-no-family = no moves of '{ $of }' for { $name } now: the families are { $families } (moves alone lists them all)

# A line for many alike moves. $label: what they do (moves-*); $counted:
# how many (moves-count-*); $how: where to see them (moves-how-*).
moves-folded = { $label }: { $counted } — { $how }
# At the terminal. $command: the command that lists them.
moves-how-terminal = `{ $command }` lists them
moves-how-discord = the controls under the table offer them

# How many moves a line stands for. $count: how many.
moves-count-trucks = { $count ->
    [one] { $count } truck
   *[other] { $count } trucks
}
moves-count-places = { $count ->
    [one] { $count } place
   *[other] { $count } places
}
moves-count-cells = { $count ->
    [one] { $count } cell
   *[other] { $count } cells
}
moves-count-placements = { $count ->
    [one] { $count } placement
   *[other] { $count } placements
}
moves-count-moves = { $count ->
    [one] { $count } move
   *[other] { $count } moves
}

# What a family of moves does.
moves-place-offspring = place the offspring
# $tile: the offspring's tile word (dolphin-young).
moves-place-offspring-of = place the offspring ({ $tile })
# $slot: the number of the tile waiting to be placed.
moves-place-tile = place tile { $slot }
# $slot: as above; $tile: its tile word.
moves-place-tile-of = place tile { $slot } ({ $tile })
# $role: the coworker (role-*).
moves-hire = hire a { $role }
moves-move-depot = move from the depot
# $tile: the depot's top tile word.
moves-move-depot-of = move from the depot ({ $tile })
# $cell: where the trainer stands.
moves-move-trainer = move the trainer at { $cell }
# $role: the coworker (role-*).
moves-move-coworker = move a { $role }
# $name: whose depot.
moves-buy = buy from { $name }
# $name: whose depot; $tile: its top tile word.
moves-buy-of = buy from { $name } ({ $tile })
moves-discard = discard
# $size: the board's size word (small, large).
moves-expand = expand { $size }
