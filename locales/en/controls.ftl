# The labels of controls (src/controls/): buttons, menus and their options,
# in the language of the message they sit under (the game's for a table or
# a lobby, the asker's for a private panel). Discord's limits: a button
# label at most 80 characters, a menu's option 100, a placeholder 150.

## A lobby's controls (lobby.rs)

label-join = Join
label-leave = Leave
label-start = Start
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
