# What the referee says in the lobby: opening, joining, leaving, computer
# players, starting and abandoning a game.

# Under a practice game's table and its opening.
lobby-practice-note = Practice game: its seed or deck was chosen, so it is left out of the stats.

## Refusals

# $game: the open game's number.
lobby-already-gathering = Game #{ $game } is already gathering players in this channel: finish it, or its creator abandons it with /aq game abandon.
lobby-already-running = Game #{ $game } is already running in this channel: finish it, or abandon it with /aq game abandon (in a game that counts, every player agrees).
lobby-no-game = No game is open in this channel: open one with /aq game new.
lobby-started-already = Game #{ $game } has already started.
lobby-not-this-command = That is not a lobby command.
# $animals: the show animal named, in the plural.
lobby-show-animal = { $animals } cannot be removed: dolphins, orcas and sea lions always play; remove fish eaters (turtle, penguin, polarbear, crocodile, hippo).
lobby-seated-already = You are already seated in game #{ $game }.
lobby-full = The table is full: Aquaretto seats 5 players at most.
lobby-not-seated = You are not seated in game #{ $game }.
# $creator: the creator's name (or lobby-its-creator); $game: the game's number.
lobby-start-not-yours = Only { $creator }, who opened game #{ $game }, can start it.
lobby-addbot-not-yours = Only { $creator }, who opened game #{ $game }, can seat computer players.
lobby-removebot-not-yours = Only { $creator }, who opened game #{ $game }, can remove computer players.
lobby-its-creator = its creator
lobby-too-few = Aquaretto needs 2 to 5 players: wait until someone joins with /aq game join.
# The same at the terminal, where one person types every name.
lobby-too-few-terminal = Aquaretto needs 2 to 5 players: type another name, or cpu:normal for a computer player.
# $why: why the player named cannot be found.
lobby-first-unknown = The first player was named at /aq game new, but { $why }.
lobby-no-bot = No computer player is seated in game #{ $game }: /aq game addbot seats one.
lobby-abandon-not-yours = Only the game's creator or someone who manages this channel can abandon it.

## Public

# $name: who opened it; $game: its number.
lobby-opened = { $name } opened game #{ $game } of Aquaretto. Join with the Join button or /aq game join; { $name } starts it with Start or /aq game start once 2 to 5 players are seated.
# $name: who joined; $game: the game's number; $seated: everyone seated, with commas.
lobby-joined = { $name } joined game #{ $game }. Seated: { $seated }.
# $level: the computer player's level word.
lobby-bot-joined = { $name }, a computer player ({ $level }), joined game #{ $game }. Seated: { $seated }.
lobby-left = { $name } left game #{ $game }.
# After lobby-left. $name: who runs the lobby now.
lobby-runs-now = { $name } now runs the lobby.
lobby-only-computers = Only computer players are seated: { $name } still runs the lobby (/aq game start plays the game out, /aq game abandon closes it).
lobby-closed = Nobody is left, so the lobby is closed.
lobby-nobody-seated = Nobody is seated.
lobby-seated = Seated: { $seated }.
# $players: the players, with commas.
lobby-begins = Game #{ $game } begins with { $players }.
# $animals: the animal types left out, with commas.
lobby-out-of-the-box = Out of the box: { $animals }.
# $name: who abandoned it.
lobby-abandoned = { $name } abandoned game #{ $game }; it stays in the history, unscored.
# Refusal: someone who does not play in a running game that counts.
abandon-not-playing = Game #{ $game } counts for ratings: the people playing in it abandon it together (each with /aq game abandon), or a channel manager who does not play in it.
# Refusal: a second vote in the same position.
abandon-voted-already = You already voted to abandon game #{ $game }: the other players agree with /aq game abandon before the next move.
# Public. $name: who votes; $votes of $needed: the players who agree;
# $waiting: the players who have not voted yet.
abandon-vote = { $name } votes to abandon game #{ $game }: { $votes } of { $needed } players agree. It ends unrated when { $waiting } agree too (/aq game abandon) before the next move; a move cancels the votes.
# Public: every person playing voted. $count: how many.
abandon-agreed = All { $count } players agreed: game #{ $game } is abandoned; it stays in the history, unrated, and nobody's rating moves.
# Public: a person alone against computer players abandons a game that
# counts. $name: who.
abandon-forfeit = { $name } abandoned game #{ $game } against the computer players alone: it counts as a loss for { $name } (ranked last in the ratings, the computer players first).
# $game: the game; $tournament: its title.
abandon-tournament-table = Game #{ $game } is a table of { $tournament }: it is not abandoned. It is played to its end, and what is still open at the round's deadline the computer plays out; the organiser may drop a player (/tournament drop).
