# The labels of controls (src/view/controls/): buttons, menus and their options,
# in the language of the message they sit under (the game's for a table or
# a lobby, the asker's for a private panel). Discord's limits: a button
# label at most 80 characters, a menu's option 100, a placeholder 150.

## A lobby's controls (lobby.rs)

label-join = Join
label-leave = Leave
label-start = Start
label-rematch = Rematch
# The menu that seats a computer player.
label-add-computer = Add computer player
label-level-easy = Easy
label-level-easy-about = Plays a random legal move
label-level-normal = Normal
label-level-normal-about = Plays the best move it sees now
label-level-strong = Strong
label-level-strong-about = Looks ahead over many futures

## Paging (pages.rs)

# Under a page of a game's history or of the server's games.
label-older = ◀ Older
label-newer = Newer ▶
# Under the server's games, newest first.
label-games-newer = ◀ Newer
label-games-older = Older ▶
# Under the table after a move. $n: the move's number.
label-previous-move = ◀ Move { $n }
label-next-move = Move { $n } ▶

## The table's controls (mod.rs, labels.rs), in the game's language

# $role: the coworker's role word (cashier, keeper or manager).
label-hire = Hire a { $role ->
    [cashier] cashier
    [keeper] keeper
   *[manager] manager
}
# $truck: the truck's number; $free: the spaces left on it.
label-draw = Draw onto truck { $truck } ({ $free ->
    [one] { $free } space
   *[other] { $free } spaces
} left)
# $truck: the truck's number; $tiles: its tiles' words, joined by commas.
label-take = Take truck { $truck } ({ $tiles })
# The same, when the tiles make it too long for a button.
label-take-short = Take truck { $truck }
# $coins: the player's coins.
label-money = Money actions ({ $coins ->
    [one] { $coins } coin
   *[other] { $coins } coins
})
label-undo-mine = Undo my last move
# $name: the player whose move it takes back.
label-undo-of = Undo ({ $name }'s last move)
# The buttons that open a step's menu. $slot: the truck slot (from 1);
# $tile: the tile's word.
label-place-tile = Place tile { $slot }
label-place-tile-of = Place tile { $slot } ({ $tile })
label-place-offspring = Place the offspring
label-hire-trainer = Hire a trainer
# An option: the player's depot, as a place for a tile.
label-depot = Depot
# An option: a coworker's post. $role: the role word (cashier, keeper or
# manager); $cell: the trainer's space.
label-post-role = { $role ->
    [cashier] Cashier
    [keeper] Keeper
   *[manager] Manager
}
label-post-trainer = Trainer on { $cell }

## The questions of the step menus (their placeholders, and the line above a
## private panel), in the game's language on the table, the presser's alone

# $slot: the truck slot (from 1); $tile: the tile's word.
panel-where-tile = Where does tile { $slot } go?
panel-where-tile-of = Where does tile { $slot } ({ $tile }) go?
# $animal: the offspring's animal (animal-*).
panel-where-offspring-of = Where does the { $animal } offspring go?
panel-where-offspring = Where does the offspring go?
panel-where-trainer = Where does the trainer stand?
# $tile: the word of the tile on top of the depot.
panel-where-depot-tile = Where does { $tile } from the depot go? (1 coin)
panel-which-coworker = Which coworker moves? (1 coin)
# $post: the coworker's post (panel-post-role or panel-post-trainer).
panel-where-coworker = Where does the { $post } go? (1 coin)
# A coworker's post inside panel-where-coworker. $role: the role word
# (cashier, keeper or manager); $cell: the trainer's space.
panel-post-role = { $role ->
    [cashier] cashier
    [keeper] keeper
   *[manager] manager
}
panel-post-trainer = trainer on { $cell }
# $tile: the word of the tile on top of $name's depot.
panel-where-bought-tile = Where does { $tile } from { $name }'s depot go? (2 coins)
# $size: small or large; $cost: its price in coins.
panel-where-expansion = Where does the { $size ->
    [small] small
   *[large] large
} expansion go? ({ $cost ->
    [one] { $cost } coin
   *[other] { $cost } coins
})
# A menu split in parts: $question, then the first and last option in it.
panel-part = { $question } ({ $first } to { $last })
# After the question of a paged panel. $page, $pages: numbers.
panel-page = Page { $page } of { $pages }.
# The buttons that turn the pages. $page: the page they lead to.
label-previous-page = Previous (page { $page })
label-next-page = Next (page { $page })

## The money panel, in the presser's language

# $coins: the player's coins.
panel-money = Money actions ({ $coins ->
    [one] { $coins } coin
   *[other] { $coins } coins
}): one per turn, never after taking a truck.
# $tile: the word of the tile on top of the depot.
label-money-move-depot-tile = Move { $tile } from the depot into the zoo (1 coin)
label-money-move-coworker = Move a coworker (1 coin)
# $tile: the word of the tile on top of $name's depot.
label-money-buy = Buy { $tile } from { $name }'s depot (2 coins)
# The same, when the tile and the name make it too long for a button.
label-money-buy-short = Buy from { $name }'s depot (2 coins)
# $size: small or large; $cost: its price in coins.
label-money-expand = { $size ->
    [small] Small
   *[large] Large
} expansion ({ $cost ->
    [one] { $cost } coin
   *[other] { $cost } coins
})
# $tile: the word of the tile on top of the depot.
label-money-discard = Discard { $tile } from the depot (2 coins)

## Why a press of a control cannot be used (said before press-nothing-changed)

panel-choice-closed = That choice is no longer open
panel-no-such-page = That page does not exist
panel-not-seated = You are not seated in this game
panel-no-money-action = No money action is open to you now
panel-only-looks = That control only looks: nothing to play
panel-lobby-control = That control belongs to a lobby, and this game has started
panel-choose-one = Choose one option from the menu
panel-option-closed = That option is not open now
panel-choose-level = Choose one level of computer player
# $level: the value sent, not a level's word.
panel-no-such-level = There is no computer level '{ $level }'
panel-not-lobby-control = That is not a control of a lobby
