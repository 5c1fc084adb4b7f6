# The rules engine's words: its refusals, what the player must do now, why a
# game cannot be set up, the words of the command language it did not
# understand, and the computer player's reasons (src/lang/engine/). Cells
# (`$cell`, `$at`), tile words (`$tile` where it is a word like dolphin-m),
# trucks and command text are the command language, passed verbatim.

## Pieces of sentences

# A list of alternatives, its last two items: $init (the items before,
# joined by engine-list-comma), $last.
engine-list-or = { $init } or { $last }
# A list, one more item: $init (the items so far), $next.
engine-list-comma = { $init }, { $next }
# Items all together: $init (the items so far), $last.
engine-list-and = { $init } and { $last }
# A reason and what to do instead: $why, $then.
engine-because = { $why }: { $then }
# An animal with its article: $animal (the command word, to choose the
# article), $name (the animal's name).
engine-a-animal = { $animal ->
    [orca] an { $name }
   *[other] a { $name }
}
# A board size in a sentence: $size (small or large).
engine-size = { $size ->
    [small] small
   *[large] large
}
# In a list of places a tile may go.
engine-the-depot = the depot
# In the list of coworkers a player may hire.
engine-trainer-on-empty-space = trainer on an empty space

## Tiles in sentences: $name (the animal's name), $a-name (with its article)

engine-tile-coin = a coin tile
engine-tile-plain = { $a-name }
engine-tile-male = a fertile male { $name }
engine-tile-female = a fertile female { $name }
engine-tile-fish = { $a-name } with a fish
engine-tile-bolt = { $a-name } with a bolt
engine-tile-young = { $a-name } offspring

## Tiles on labels: $animal (the animal's name), $fish and $offspring (the
## terms, for the marks that name them)

engine-label-plain = { $animal }
engine-label-male = { $animal } ♂
engine-label-female = { $animal } ♀
engine-label-fish = { $animal } ({ $fish })
engine-label-bolt = { $animal } ⚡
engine-label-young = { $animal } ({ $offspring })

## Where an animal may go: $animals (the animal's name, plural), $cells (a list)

engine-room = { $animals } may go to { $cells }
engine-room-none = { $animals } have no space in your zoo
engine-only-the-depot = { $animals } have no space in your zoo: only the depot
# After "the dolphin on top of your depot": $cells.
engine-top-may-go = may go to { $cells }
engine-top-nowhere = has no space in your zoo

## Why a space takes no animal or trainer: $cell

engine-blocked-cardboard = { $cell } is cardboard of the frame, not a space
engine-blocked-not-a-space = { $cell } is not a space of your zoo
# $tile: the tile there, as engine-tile-*.
engine-blocked-holds = { $cell } already holds { $tile }
engine-blocked-holds-trainer = { $cell } already holds a trainer
# $animal: the other basin's animal; $at: the cell of that basin.
engine-blocked-touches-other = { $cell } touches your { $animal } basin at { $at }, and basins of different animals must not share an edge
# $animal: the tile's animal.
engine-blocked-away = { $cell } does not touch your { $animal } basin, and a zoo has one basin per animal
# $count: how many basins; $basins: their animals.
engine-blocked-basin-limit = your zoo already has { $count } basins ({ $basins }), its limit: each large expansion allows one more

## Why an expansion board cannot go there

# $cells: cells of a board that would do, as the cells option takes them.
engine-expansion-example = for example cells:"{ $cells }"
engine-expansion-no-example = no placement is left
# $size: engine-size.
engine-expansion-both-placed = you have placed both your { $size } expansion boards already
# $size: engine-size; $shape: small or large (selects the shape); $cells: the
# cells given; $example: engine-expansion-example or -no-example.
engine-expansion-shape = a { $size } expansion board covers { $shape ->
    [small] 3 cells in an L (a 2x2 square less one corner)
   *[large] 4 cells in a 2x2 square
}, which "{ $cells }" is not: { $example }
# $cell, $example.
engine-expansion-on-frame = { $cell } is on your water zoo board: an expansion goes outside it, { $example }
engine-expansion-on-board = { $cell } is on one of your expansion boards already: { $example }
# $example.
engine-expansion-detached = an expansion board must share an edge with your water zoo board or an earlier expansion: { $example }

## What the player must do now (the game's prompt; also inside a refusal)

# The prompt as a sentence: $asked (one of engine-asked-*).
engine-prompt = { $asked }.
engine-asked-over = The game is over
# $name: the player; $animal: the offspring's animal; $room: engine-room or -room-none.
engine-asked-offspring = { $name } must place { $animal } offspring: { $room }
# $name; $command: the command to hire.
engine-asked-hire = { $name } must hire the coworker just gained: { $command }
# $name; $tiles: each waiting tile with its slot, "1: dolphin-m, 3: orca".
engine-asked-truck-tiles = { $name } must place the tiles of their truck ({ $tiles })
# $name.
engine-asked-turn = It is { $name }'s turn

## What the player must do now, addressed to them (reminders)

# $animal: the offspring's animal.
engine-task-offspring = place the { $animal } offspring
engine-task-hire = hire the coworker you gained
# $tiles: each waiting tile with its slot.
engine-task-truck-tiles = place the tiles of your truck ({ $tiles })
engine-task-turn = draw a tile onto a truck, take a truck, or make a money action

## Trucks: $truck (its number)

engine-truck-none = there is no truck { $truck }
# $name: who took it.
engine-truck-taken = truck { $truck } was taken by { $name } this round
engine-truck-full = truck { $truck } is full
engine-truck-empty = truck { $truck } has no tile on it
engine-truck-none-to-draw = every truck still in the middle is full: take a truck or make a money action
engine-truck-none-to-take = no truck in the middle has a tile yet: draw a tile onto one
# $trucks: the trucks that would do.
engine-truck-may-draw = you may draw onto truck { $trucks }
engine-truck-may-take = you may take truck { $trucks }

## Coworkers' places

engine-post-both-cashiers = both checkout booths already have a cashier
engine-post-both-keepers = both feeding stations already have a keeper
engine-post-has-manager = your depot already has a manager
# $cell.
engine-post-no-trainer = no trainer stands on { $cell }
# $role: the role's name.
engine-post-no-role = you have no { $role }
engine-no-coworker-to-move = you have no coworker to move
# $posts: where the player's coworkers stand (role words and cells).
engine-may-move-from = you may move your coworker from { $posts }

## Refusals of a move

engine-refusal-game-over = the game is over: no more moves
engine-refusal-not-seated = you are not seated in this game
# $name: the player to act.
engine-refusal-took-truck = you took a truck this round and play again next round; it is { $name }'s turn
engine-refusal-not-your-turn = it is { $name }'s turn, not yours
# $asked: one of engine-asked-*.
engine-refusal-finish-first = { $asked }; nothing else until then
engine-refusal-no-tiles-left = no tiles are left to draw: take a truck or make a money action
# $animal: the offspring's animal; $room: engine-room or -room-none; $slot: the tile named.
engine-refusal-offspring-first = the { $animal } offspring waits and is placed first (leave out tile): { $room }; then tile { $slot }
# $why: engine-blocked-*; $room.
engine-refusal-offspring-blocked = { $why }: the offspring must join its basin, and { $room }
# $room.
engine-refusal-offspring-has-room = an offspring goes to the depot only when its basin has no room, and { $room }
# $command: the command to hire.
engine-refusal-hire-first = hire the coworker you just gained first: { $command }
engine-refusal-nothing-to-place = no tile waits to be placed: place follows taking a truck
# $at: the place asked (a cell or depot); $slots: how to name each waiting tile.
engine-refusal-no-tile-fits = none of the waiting tiles may go to { $at }: say which tile goes where, with { $slots }
# $count: tiles waiting; $slots.
engine-refusal-which-tile = { $count } tiles wait: say which with { $slots }
# $fitting: tiles that may go there; $count: tiles waiting; $at; $slots: the fitting ones.
engine-refusal-some-tiles-fit = { $fitting } of the { $count } waiting tiles may go to { $at }: say which with { $slots }
# $slot: the slot named; $slots.
engine-refusal-no-tile-in-slot = no tile waits in slot { $slot }: use { $slots }
engine-refusal-no-coworker-waiting = no coworker waits to be hired: coworkers come with the 5th and 10th tile of a basin
engine-refusal-trainer-needs-cell = a trainer stands on a space of your zoo: say where with at:<cell>
# $role: the role's name.
engine-refusal-only-trainer-on-cell = only a trainer stands on a cell; a { $role } takes no at:
# $why: engine-post-* or engine-blocked-*; $roles: the places open.
engine-refusal-post-taken = { $why }: you may hire a { $roles }
# $cost, $coins: numbers.
engine-refusal-cannot-afford = that costs { $cost ->
    [one] { $cost } coin
   *[other] { $cost } coins
} and you have { $coins }
engine-refusal-depot-empty-to-move = your depot is empty: there is no tile to move
# $why: engine-blocked-*; $animal: the tile's animal; $may-go: engine-top-*.
engine-refusal-depot-tile-blocked = { $why }: the { $animal } on top of your depot { $may-go }
# $post: the place asked (a role word or a cell).
engine-refusal-already-there = the coworker is already at { $post }: choose another place
engine-refusal-buy-from-other = buy from another player at the table
# $seller.
engine-refusal-seller-empty-all = { $seller }'s depot is empty, and so are the others'
# $seller; $others: players with a tile in their depot.
engine-refusal-seller-empty = { $seller }'s depot is empty: you may buy from { $others }
# $why; $animal; $seller; $may-go: engine-top-*.
engine-refusal-bought-tile-blocked = { $why }: the { $animal } on top of { $seller }'s depot { $may-go }
engine-refusal-nothing-to-discard = your depot is empty: there is nothing to discard
engine-refusal-not-money-action = that is not a money action

## Why a game cannot be set up

# $count: the players.
engine-setup-players = Aquaretto is played by 2 to 5 players, not { $count }
engine-setup-empty-name = a player's name is empty
# $name.
engine-setup-same-name = two players are called { $name }
engine-setup-unknown-first = { $name } is not one of the players
# $animals: the animal's name, plural.
engine-setup-show-animal-removed = { $animals } cannot be removed: dolphins, orcas and sea lions always play
# $players; $count: types to remove; $given: types named.
engine-setup-removed-count = with { $players } players { $count ->
    [one] { $count } type is
   *[other] { $count } types are
} removed, not { $given }
# $players; $count: types to remove; $left: fish eaters absent from the deck.
engine-setup-deck-uses-types = with { $players } players { $count } fish-eater types must be removed, but the deck uses all but { $left }: name the removed types
# $tile: the tile word; $animals: its animal, plural.
engine-setup-deck-holds-removed = the deck holds { $tile }, but { $animals } are removed from this game
# $line: the deck's line; $why.
engine-setup-deck-line = deck line { $line }: { $why }
engine-setup-two-reserves = a second 'reserve'; a deck has one reserve
engine-setup-deck-empty = the deck holds no tiles
# $tile.
engine-setup-deck-offspring = the deck holds { $tile }: offspring stay in their supply and are never drawn
# $count; $tile; $in-box.
engine-setup-deck-too-many = the deck holds { $count } { $tile } tiles but the box has only { $in-box }

## Why a game's log could not be replayed (logs)

# $why: engine-setup-*.
engine-replay-setup = the setup is invalid: { $why }
# $move: its number; $why: a refusal.
engine-replay-move = move { $move } is refused: { $why }

## Words of the command language not understood: $word (as typed)

engine-bad-cell = '{ $word }' is not a cell: write a column A-U and a row 1-21, like K11
engine-bad-animal = '{ $word }' is not an animal: use dolphin, orca, sealion, turtle, penguin, polarbear, crocodile or hippo
engine-bad-role = '{ $word }' is not a role: use cashier, keeper, manager or trainer
engine-bad-size = '{ $word }' is not a size: use small or large
engine-bad-level = '{ $word }' is not a level of computer player: use easy, normal or strong
# $mark: the unknown mark, without its dash.
engine-bad-mark = '{ $word }' has an unknown mark '-{ $mark }': use -m, -f, -fish, -bolt or -young
engine-bad-tile-show = there is no tile '{ $word }': show animals carry bolts, never fish
engine-bad-tile-fish = there is no tile '{ $word }': fish eaters carry fish, never bolts

## The computer player's reasons (the hint's "Why")

engine-hint-only = the only legal move
engine-hint-first = no search was possible; the first legal move
engine-hint-immediate = the best immediate evaluation (no future was simulated)
# $share: percent of futures; $count: futures simulated.
engine-hint-wins = wins { $share }% of { $count } simulated futures
engine-hint-ahead = ahead in { $share }% of { $count } simulated futures to the end of next round
# $head: engine-hint-wins or -ahead; $sign: plus or minus; $points: the
# mean margin over the next best move.
engine-hint-margin = { $head }; { $sign ->
    [minus] -{ $points }
   *[plus] +{ $points }
} points over the next best
