# What the terminal says itself (src/terminal/): prompts, guidance and the
# frame around the referee's replies, in the terminal's language (--lang,
# else LANG / LC_ALL, else English).

# The first thing said once a game begins at the keyboard.
terminal-first-turn =
    How a turn works: on your turn you do one thing: draw the top tile onto a
    truck with room (draw 1), take a truck with tiles on it and place them in your
    zoo or depot (take 2, then place K11), or pay coins for one money action (buy,
    move, discard, expand). Once you have taken a truck you wait for the next round.
    Try first: moves (what you may do, numbered: type a number to play it),
    board (the whole table), help (every command); quit stops, and the game is saved.
# Said after it when two or more people play at one keyboard. $name: one of them.
terminal-acts-as = Everyone plays at this keyboard: the prompt names who is to act, and '{ $name }: take 1' acts as { $name }.

# A number typed when nobody may move.
terminal-nobody-moves = Nobody may move now.
# A number beyond the moves list. $n: the number typed; $count: how many moves.
terminal-no-such-move = There is no move { $n }: type moves to list the { $count } legal moves.
# The game could not be read to pick a numbered move. $error: why (technical).
terminal-cannot-read = cannot read the game: { $error }

# A refused line at the game's prompt. $why: the refusal.
terminal-refused = Refused: { $why }
# A refused line of a script (plain output). $why: the refusal.
terminal-script-refused = refused: { $why }
# A refused entry at the names prompt. $entry: the name typed; $why: the refusal.
terminal-refused-entry = Refused ({ $entry }): { $why }
# A file written. $file: where, and its size.
terminal-file = (file: { $file })
# A picture written. $path: where.
terminal-picture = (picture: { $path })
# A file of a reply written. $path: where; $kb: its size in KB.
terminal-file-saved = { $path } ({ $kb } KB)
# A file of a reply not written. $name: its name; $kb: its size in KB.
terminal-file-not-saved = { $name } ({ $kb } KB) not saved: end the command with --out FILE to save it

# The game of the channel cannot be read. $damage: what is wrong (technical).
terminal-damaged = The game in this channel is damaged: { $damage }. Type abandon to end it.
# A saved game taken up again. $game: its number.
terminal-continuing = Continuing game #{ $game } (saved in the database).
# Said once below the table of a game taken up again.
terminal-type-a-command = Type a command (help lists them; moves lists the legal moves, and a number plays one; 'name: command' acts as another player; quit to stop - the game is saved).
# Leaving with a game still saved.
terminal-bye-saved = Bye: the game is saved; `aquaretto-bot play` continues it.
# Leaving with no game.
terminal-bye = Bye.
# The game ended or was abandoned: back to the names prompt.
terminal-no-game-now = No game runs now: the names prompt starts a new one, and rematch plays the last one again with the seats turned (score, history and replay still show the last).

## The names prompt

# The names prompt's own label, before "> ".
terminal-names-prompt = names

# No lobby yet.
terminal-who-plays = Who plays? Type a name, or several separated by commas; cpu:easy, cpu:normal or cpu:strong seats a computer player (help explains, quit leaves).
# A lobby with nobody seated. $game: its number.
terminal-lobby-empty = Game #{ $game } has nobody seated yet: type a name, or cpu:normal for a computer player (or abandon to close it).
# One seated. $name: who.
terminal-lobby-one = { $name } is seated. Another name, or cpu:normal for a computer player; Enter to start with 2 or more.
# A full table. $names: who, joined by commas.
terminal-lobby-full = Seated: { $names }. The table is full: Enter to start.
# Some seated. $names: who, joined by commas.
terminal-lobby-some = Seated: { $names }. Another name or cpu:normal, or Enter to start.
# A lobby found when the names prompt opens. $game: its number; $names: who.
terminal-lobby-gathering = Game #{ $game } is gathering players: { $names }. To go on, type a name (or cpu:normal) to add a player, Enter to start with 2 or more, or abandon to close it.
# A name typed at the names prompt that is already seated. $name: it.
terminal-name-taken = { $name } is already seated: type another name.
# An entry that cannot be a name. $text: the entry.
terminal-bad-name = '{ $text }' cannot be a player's name: names are words without ':'; cpu:easy, cpu:normal or cpu:strong seats a computer player

# --lang with a language the bot does not speak. $lang: what was given;
# $choices: the codes it speaks.
terminal-unknown-lang = --lang { $lang }: not a language of the bot; choose one of { $choices }.

# The web pages of a game played in the terminal (aquaretto-bot web).
# $url: the page's address.
terminal-web-watch = The game on the web: { $url }
# $name: a player; $url: their link to play in the browser (valid a week).
terminal-web-play = { $name } plays in the browser with { $url }

## Going between places (a tournament's tables)

# `go` alone, or to the local game's channel.
terminal-back-home = Back at the local game's channel.
# The keyboard is at a table now. $place: its name (t1-r1-2); $game: its game's number.
terminal-now-at = At { $place } now (game #{ $game }): lines act there; go alone comes back.
# `go` to a place with no game. $place: what was typed.
terminal-no-such-place = No game was ever played at { $place }: go takes a table's place as the round's announcement names it (t1-r1-2), and go alone comes back.
# The game at the table the keyboard was at is over. $place: its name.
terminal-table-over = The game at { $place } is over: back at the local game's channel.
