# The labels of autocomplete's choices (src/referee/autocomplete.rs), in the asker's
# language. The values chosen stay words of the command language; a label
# is at most 100 characters.

# `draw truck` and `take truck`. $truck: the truck's number; $tiles: its
# tiles' words, joined by commas; $free: the spaces left on it.
choice-truck = truck { $truck }: { $tiles } ({ $free ->
    [one] { $free } space
   *[other] { $free } spaces
} left)
choice-truck-empty = truck { $truck }: empty ({ $free ->
    [one] { $free } space
   *[other] { $free } spaces
} left)
choice-truck-alone = truck { $truck }
# `place at`: a target ($target: a cell or `depot`) and what may go there
# ($what: choice-tile-of, choice-tile, an offspring's word or choice-offspring).
choice-target = { $target } ({ $what })
# $tile: the tile's word; $slot: its place on the taken truck (from 1).
choice-tile-of = { $tile }, tile { $slot }
choice-tile = tile { $slot }
choice-offspring = offspring
# `hire as` and `move from`/`to`. $role: the role word (cashier, keeper or
# manager), which is also the value.
choice-role = { $role ->
    [cashier] cashier
    [keeper] keeper
   *[manager] manager
}
choice-hire-trainer = trainer (on an empty space: give at)
# A trainer's space. $cell: the space.
choice-trainer-at = { $cell } (trainer)
# `move from`: the depot. $tile: the word of the tile on top.
choice-depot-top = depot ({ $tile } on top)
choice-depot = depot
# `move to`: a cell for the depot's top tile. $cell; $tile: the tile's word.
choice-from-depot = { $cell } ({ $tile } from the depot)
# `buy from`: a player. $name; $tile: the word of the tile on top of their depot.
choice-seller = { $name } ({ $tile } on top of the depot)
# `buy at`: a cell ($cell) and what may be bought for it ($what: one or more
# choice-bought).
choice-buy-at = { $cell } ({ $what })
# $tile: the tile's word; $name: the seller.
choice-bought = { $tile } from { $name }
# `expand cells`. $cells: the placement's cells (the value); $size: small or
# large; $cost: its price in coins.
choice-expansion = { $cells } ({ $size ->
    [small] small
   *[large] large
}, { $cost ->
    [one] { $cost } coin
   *[other] { $cost } coins
})
