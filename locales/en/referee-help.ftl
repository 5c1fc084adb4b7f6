# /aq help: the commands, opening with what a newcomer needs first. The
# command and option names, and what is in <>, stay as they are in every
# language: they are the command language.

# Discord's help: every command as Discord reaches it (/aq game new).
help-discord =
    To begin: /aq game new opens a game in this channel; the others tap Join (or /aq game join), and its creator taps Start.
    On your turn, tap the buttons under the table: they offer exactly your legal moves, or type /aq draw...
    /aq moves lists your legal moves, /aq hint suggests one, /aq rules explains the game.

    Moves (the player to act):
    /aq draw truck:<n> - add the top tile to a truck (A)
    /aq take truck:<n> - take a truck (B); then place its tiles
    /aq place at:<cell|depot> [tile:<n>] - place a waiting tile or offspring
    /aq hire as:<cashier|keeper|manager|trainer> [at:<cell>] - place a new coworker
    /aq move from:depot to:<cell> - top depot tile into the zoo, 1 coin
    /aq move from:<cell|role> to:<cell|role> - move a coworker, 1 coin
    /aq buy from:<player> at:<cell> - top tile of their depot, 2 coins
    /aq discard - top tile of your depot leaves the game, 2 coins
    /aq expand size:<small|large> cells:"<cells>" - 1 or 2 coins
    /aq undo - take back your last move (until another acts or a tile is drawn; once a turn)
    Looking: /aq board [text] (text: in words, for a screen reader) - /aq zoo [player] - /aq score - /aq history [move:<n>] [game:<id>] - /aq rules [topic] - /aq help
    Waiting: /aq mygames - where you must act; /aq nudge - remind the player to act; /aq notify dm|before:<on|off> - DMs; /aq away until:<3d|off>
    The table: /aq game new [removed:"penguin hippo"] [first:<player>] [seed:<n>] [deck:<tiles>] - /aq game join - /aq game leave - /aq game start - /aq game abandon (a rated game: every player agrees)
    /aq game addbot [level:<easy|normal|strong>] - /aq game removebot - computer players
    /aq game rematch - after a game: the same players and settings again, the seats turned (or the Rematch button under the final table)
    /aq game settings [reminders:<12h|off>] [turn_limit:<2d|off>] [clock:<fast|normal|slow|off>] [weekend_pause:<true|false>] [vacations:<true|false>] [hints:<true|false>] [language:<code>] (during a game: from the next turn) - /aq game kick - vote out an idle player
    The past: /aq past games [page:<n>] - /aq past replay [game:<id>] [speed:<slow|normal|fast>] - /aq past export [game:<id>] - /aq past stats [player] - /aq past review
    Web: /aq web reset [what:server] - stops this game's (or the server page's) web links working; /aq web table - opens the table inside Discord (or its link), as Open the table does
    Tournaments (a command of their own): /tournament new [name] [format] [size] [rounds] [clock] [deadline] [rated] [vacations] [closes] [players] - open one (Swiss, tables of 4, 3 rounds, clock normal, 14d a round, rated, no vacations unless said) - /tournament join - /tournament leave - /tournament start (its organiser: each table a thread, the rounds go on by themselves) - /tournament standings - /tournament drop player - /tournament extend (once a round) - /tournament end
    Seasons (a command of their own): /season - this server's leaderboard this season (a quarter unless its managers chose a month); /season which:last (or 2026-11, 2026-Q4) - another; /season length:<month|quarter|off> - those who manage the server. Ratings carry on from season to season.
    Language: /aq language [set:<code>] - yours; a game's is in its settings. Command and option names are the same in every language.
    The terminal and scripts drop the group word: new, join, replay.

# The terminal's help: how to begin and to play by numbers, then the
# commands as typed there.
help-terminal =
    How to begin: type the players' names at the names prompt, one a line or several separated by commas (cpu:easy, cpu:normal or cpu:strong seats a computer player), then Enter to start; a game left open is continued when you start again.
    How to play by numbers: type moves to see what the player to act can do, each move with a number, and type a number to play that move; a line like '4-43. expand small: 40 placements' folds alike moves, and moves expand small lists them with their numbers. undo takes your move back.
    The /aq before a command may be left out, and a command's one option may be given bare: draw 2, take 1, place K11, hire cashier, zoo ana, rules money. 'ben: take 1' acts as ben.

    Moves (the player to act):
    /aq draw truck:<n> - add the top tile to a truck (A)
    /aq take truck:<n> - take a truck (B); then place its tiles
    /aq place at:<cell|depot> [tile:<n>] - place a waiting tile or offspring
    /aq hire as:<cashier|keeper|manager|trainer> [at:<cell>] - place a coworker just gained
    /aq move from:depot to:<cell> - top depot tile into the zoo, 1 coin
    /aq move from:<cell|role> to:<cell|role> - move a coworker, 1 coin
    /aq buy from:<player> at:<cell> - top tile of their depot, 2 coins
    /aq discard - top tile of your depot leaves the game, 2 coins
    /aq expand size:<small|large> cells:"<cells>" - 1 or 2 coins
    /aq undo - take back your last move (again: the one before), until another player acts or a tile is drawn; once a turn
    /aq moves [of:<family>] - the legal moves, numbered - /aq hint - a suggested move
    Looking: /aq board [text] (text: in words, for a screen reader) - /aq zoo [player] - /aq score - /aq rules [topic] - /aq settings
    The past: /aq history [move:<n>] [game:<id>] - /aq games [page:<n>] - /aq stats [player] - /aq review [game:<id>] [player]
    Files: /aq replay [game:<id>] [speed:<slow|normal|fast>] --out game.gif - /aq export [game:<id>] --out game.json
    The table: /aq new [removed:"penguin hippo"] [first:<player>] [seed:<n>] - /aq join - /aq leave - /aq start - /aq abandon (a rated game: every player agrees)
    /aq addbot [level:<easy|normal|strong>] - /aq removebot - seat or remove a computer player
    /aq rematch - after a game: the same players again, the seats turned; it starts at once
    /aq settings [clock:<fast|normal|slow|off>] [weekend_pause:<on|off>] [vacations:<on|off>] [reminders:<12h|off>] [hints:<on|off>] - the game's settings; a change during a game applies from the next turn
    A computer player goes by its level in each reader's language (Strong bot, コンピューター（強い）, Computer (stark)); a command that names a player (zoo, buy from:, stats, first:) takes any of these names. removebot takes the one seated last; kick votes out an idle person (a computer player never keeps a table waiting).
    Tournaments: /aq tournament new [name:<text>] [format:<swiss|round_robin|elimination>] [size:<2-5>] [rounds:<n>] [clock:<fast|normal|slow|off>] [deadline:<14d>] [rated:<on|off>] [vacations:<on|off>] [closes:<2d>] [players:<n>] - open one (Swiss, tables of 4, 3 rounds, clock normal, 14d a round, rated, no vacations unless said) - /aq tournament join - /aq tournament leave - sign up or withdraw - /aq tournament start - close sign-up and open the first round (its organiser); the rounds go on by themselves - /aq tournament standings - /aq tournament drop player:<name> - /aq tournament extend (once a round) - /aq tournament end (its organiser)
    Seasons: /aq season [which:<this|last|2026-11|2026-Q4>] - the leaderboard of a season (ratings carried on) - /aq season length:<month|quarter|off> - how long seasons last here
    go <place> - to a tournament's table (its place as the round's announcement names it, like t1-r1-2); go alone comes back
    quit leaves; the game is saved and continues next time.
