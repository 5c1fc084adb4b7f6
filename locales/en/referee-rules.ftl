# /aq rules: the rules in short, by topic, written for Discord. A topic's
# name is a word of the command language (/aq rules topic:money).

rules-turn = On your turn do one thing: draw the top tile onto a truck with room (/aq draw), take a truck with at least one tile and place its tiles (/aq take, then /aq place), or pay for one money action. Once you have taken a truck you sit out the rest of the round. The last player without a truck takes turn after turn. The round ends when everyone has a truck; whoever took the last one starts the next.
rules-basins = A basin is all your tiles of one animal; it must stay connected, edge to edge. A new animal starts a basin only while you have fewer types than your limit (3, +1 per large expansion). Tiles of different animals must never share an edge (corners are fine). Any animal may go to your depot instead.
rules-bonuses = When a basin reaches 3, 6, 9 or 12 tiles you get a coin; at 5 and 10 a coworker, placed at once. A fertile male and female in one basin breed at once: the offspring must join that basin if it can, else it goes to the depot. Each fertile animal breeds once.
rules-coworkers = Cashiers (2 at most) score 1 point per coin each; keepers (2 at most) 1 per fish tile each; the manager (1) halves the depot's minus points; trainers stand on empty spaces and score 1 per dolphin, orca or sea lion without a bolt on the 8 squares around.
rules-money = Money actions, one per turn, never after taking a truck: move the top depot tile into your zoo or a coworker (1 coin); buy the top tile of another depot into your zoo (2 coins: 1 to them, 1 to the bank); discard your top depot tile (2 coins); add a small (1 coin, 3 spaces) or large (2 coins, 4 spaces, +1 basin) expansion touching your zoo.
rules-end = Drawing the first reserve tile makes the round the last. Scoring: 1 per animal in the zoo, plus cashiers, keepers and trainers, minus 2 per animal type in the depot (1 with a manager). Most points wins; ties go to the most coins.
rules-two = With 2 players: 3 trucks with 2, 1 and 3 usable spaces; when both players have a truck, the tiles left on the third truck leave the game.

# One topic. $name: the topic's word; $body: the topic.
rules-topic = Rules - { $name }: { $body }
# Refused. $topic: what was asked; $topics: the topics, with commas.
rules-no-topic = No topic '{ $topic }'. Topics: { $topics }.
# Before every topic, one a line.
rules-short = Aquaretto in short (topics: turn, basins, bonuses, coworkers, money, end, two):
# A topic in the list. $name: its word; $body: the topic.
rules-item = - { $name }: { $body }
