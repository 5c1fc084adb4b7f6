# /aq past review: die teuersten Entscheidungen eines beendeten Spiels nach
# dem Urteil des starken Computerspielers.

# $game: die Nummer des Spiels.
review-in-progress = Spiel #{ $game } ist nicht zu Ende: Ein Spiel wird besprochen, wenn es vorbei ist.
review-abandoned = Spiel #{ $game } wurde abgebrochen: Besprochen werden nur beendete Spiele.
review-preparing = Die Besprechung von Spiel #{ $game } wird vorbereitet: Der starke Computerspieler wägt jede Entscheidung ab. Frag in einer Minute noch einmal.
review-failed = Die Besprechung von Spiel #{ $game } konnte nicht erstellt werden; nichts wurde geändert.
# $futures: die wenigsten Zukünfte, auf denen eine gezeigte Entscheidung abgewogen wurde.
review-head = Besprechung von Spiel #{ $game }: die teuersten Entscheidungen jedes Spielers nach dem Urteil des starken Computerspielers, abgewogen auf je mindestens { $futures } Zukünften mit neu verteilten verdeckten Plättchen (nie in ihrer echten Reihenfolge). Die Kosten sind Punkte gegenüber den Gegnern.
review-head-plain = Besprechung von Spiel #{ $game }: die teuersten Entscheidungen jedes Spielers nach dem Urteil des starken Computerspielers, abgewogen auf Zukünften mit neu verteilten verdeckten Plättchen (nie in ihrer echten Reihenfolge).
review-nobody = In diesem Spiel hat kein Mensch eine Entscheidung mit Wahl getroffen.
# $name: der Spieler; $judged: seine Entscheidungen mit Wahl.
review-player = { $name } ({ $judged } Entscheidungen mit Wahl):
review-player-clean = { $name } ({ $judged } Entscheidungen mit Wahl): Nach dem Urteil der Suche hat keine etwas gekostet.
# $n: die Nummer des Zugs im Protokoll (wie history move: sie zählt); $cost:
# die Punkte, die er kostete; $played_command, $preferred_command: die Züge als
# Befehle; $played, $preferred: was der Tisch dazu sagen würde.
review-decision =
    - Zug { $n }, etwa { $cost } Punkte: gespielt { $played_command } ({ $played })
      besser { $preferred_command } ({ $preferred })
# Die Bildunterschriften einer Entscheidung.
review-caption-move = Zug { $n }: { $name }, etwa { $cost } Punkte
review-caption-moves = Gespielt { $played } - besser { $preferred }
