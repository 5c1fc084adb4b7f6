# /aq past review: a finished game's costliest decisions by the strong
# computer player's judgement.

# $game: the game's number.
review-in-progress = Game #{ $game } is not over: a game is reviewed once it has ended.
review-abandoned = Game #{ $game } was abandoned: only finished games are reviewed.
review-preparing = The review of game #{ $game } is being prepared: the strong computer player is weighing every decision. Ask again in a minute.
review-failed = The review of game #{ $game } could not be made; nothing was changed.
# $futures: the fewest futures a decision shown was weighed on.
review-head = Review of game #{ $game }: each player's costliest decisions by the strong computer player's judgement, weighed on at least { $futures } futures each with the unseen tiles dealt again (never their real order). Costs are in points against the opponents.
review-head-plain = Review of game #{ $game }: each player's costliest decisions by the strong computer player's judgement, weighed on futures with the unseen tiles dealt again (never their real order).
review-nobody = No person made a decision with a choice in this game.
# $name: the player; $judged: their decisions that had a choice.
review-player = { $name } ({ $judged } decisions with a choice):
review-player-clean = { $name } ({ $judged } decisions with a choice): none cost anything by the search's judgement.
# $n: the move's number in the game's log (as history move: numbers it);
# $cost: the points it cost; $played_command, $preferred_command: the
# moves as commands; $played, $preferred: what the table would say of them.
review-decision =
    - Move { $n }, about { $cost } points: played { $played_command } ({ $played })
      preferred { $preferred_command } ({ $preferred })
# The captions of a decision's picture.
review-caption-move = Move { $n }: { $name }, about { $cost } points
review-caption-moves = Played { $played } - preferred { $preferred }
