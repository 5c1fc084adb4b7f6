# What happened in a game, one line each: the engine's events, said in the
# table's narration, the history and the replay (src/lang/engine/event.rs).
# $name: the player; $tile: a tile as engine-tile-*; $cell and $truck are the
# command language's.

# $truck: the truck's number.
event-drew = { $name } drew { $tile } onto truck { $truck }.
event-drew-reserve = { $name } drew { $tile } from the reserve onto truck { $truck }.
event-last-round = The first reserve tile was drawn: this is the last round.
# $truck; $tiles: the truck's tiles, as tile words.
event-took-truck = { $name } took truck { $truck } ({ $tiles }).
event-coin-tile = { $name } added a coin tile to their coins.
# $tile; $cell.
event-placed = { $name } placed { $tile } on { $cell }.
event-to-depot = { $name } put { $tile } in the depot.
# $animal: the basin's animal; $size: its tiles.
event-coin-bonus = { $name }'s { $animal } basin reached { $size }: +1 coin.
event-coworker-bonus = { $name }'s { $animal } basin reached { $size }: a coworker joins.
event-no-coworker-left = { $name } earned a coworker, but none is left in the supply.
# $a-animal: the animal with its article.
event-offspring = A fertile pair bred: { $name } gets { $a-animal } offspring.
# $cell: where the trainer stands.
event-hired-trainer = { $name } hired a trainer on { $cell }.
# $role: the role's name.
event-hired = { $name } hired a { $role }.
event-coworker-returned = { $name } has no free place for a coworker: it goes back to the supply.
# $from, $to: places, as role words or cells.
event-moved-coworker = { $name } moved a coworker from { $from } to { $to }.
# $tile; $seller; $cell.
event-bought = { $name } bought { $tile } from { $seller }'s depot and placed it on { $cell }.
event-discarded = { $name } discarded { $tile } from the depot.
# $size: small or large, as engine-size; $cells: the board's cells.
event-expanded = { $name } added a { $size } expansion on { $cells }.
# $count: coins.
event-paid = { $name } paid { $count ->
    [one] { $count } coin
   *[other] { $count } coins
}.
event-turn = { $name }'s turn.
# $round: its number.
event-round-ended = Round { $round } is over.
# $round; $tiles: tile words.
event-round-ended-cleared = Round { $round } is over; { $tiles } left the game from the untaken truck.
event-round-started = Round { $round } begins with { $name }.
event-game-over = The game is over.
event-game-over-winner = The game is over: { $name } wins!
# $names: the winners.
event-game-over-shared = The game is over: { $names } share the win!
