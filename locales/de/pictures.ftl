# Die Wörter in den Bildern: der Tisch nach einem Zug, ein Wasserpark groß,
# die Wertungstabelle am Ende und die Bildunterschriften einer Wiederholung.
# Jedes steht in einem Kasten: längere Wörter verbreitern eine Spalte oder
# werden gekürzt, also kurze Beschriftungen.

## Die Statuszeile und die Aufforderung über den Wagen

# $round: die Runde.
picture-round = Runde { $round }
picture-last-round = LETZTE RUNDE
picture-draw-pile = Stapel
picture-reserve = Reserve
# Wer am Zug ist, rechts in der Statuszeile. $name: der Spieler.
picture-turn-of = { $name } ist am Zug
# Neben der Aufforderung einer Übungspartie.
picture-practice = ÜBUNG
# Der Titel am Ende einer Übungspartie. $title: picture-game-over*.
picture-practice-title = { $title } (Übung)
# Die Aufforderung, wenn nichts wartet. $name: der Spieler.
picture-prompt-turn = { $name } ist am Zug: ein Plättchen ziehen, einen Wagen nehmen oder Münzen ausgeben.
# Die Aufforderung, wenn etwas wartet. $name: der Spieler; $tasks:
# picture-task-* (mehrere mit picture-task-then verbunden).
picture-prompt-must = { $name } muss { $tasks }.
# $done: das Bisherige; $next: eins mehr.
picture-task-then = { $done }, dann { $next }
# $animal: der Name des Tiers (animal-*).
picture-task-offspring-one = den Nachwuchs ({ $animal }) legen
# $count: wartender Nachwuchs (2 oder mehr).
picture-task-offspring = { $count } Nachwuchstiere legen
picture-task-hire-one = den neuen Mitarbeiter einsetzen
# $count: wartende Mitarbeiter (2 oder mehr).
picture-task-hire = { $count } Mitarbeiter einsetzen
# $count: wartende Plättchen; $tiles: ihre Plätze (Nummern).
picture-task-tiles = { $count ->
    [one] Plättchen { $tiles } legen
   *[other] die Plättchen { $tiles } legen
}
# Dasselbe, mit dem Wagen, auf dem sie kamen. $truck: seine Nummer.
picture-task-tiles-of-truck = { $count ->
    [one] Plättchen { $tiles } von Wagen { $truck } legen
   *[other] die Plättchen { $tiles } von Wagen { $truck } legen
}

## Die Transportwagen

# $truck: seine Nummer.
picture-truck = Wagen { $truck }
# Unter einem genommenen Wagen. $name: wer ihn nahm.
picture-taken-by = bei { $name }
picture-truck-full = voll
# $count: freie Plätze auf dem Wagen.
picture-truck-free = { $count ->
    [one] 1 Platz frei
   *[other] { $count } Plätze frei
}
# Die Karte dessen, was gelegt werden muss, neben den Wagen, und ihr Fuß.
picture-waiting = Wartet
picture-waiting-offspring = Nachwuchs legen
picture-waiting-coworker = Mitarbeiter einsetzen
picture-waiting-both = Nachwuchs, Mitarbeiter

## Die Tafel eines Spielers

# Ein Spieler, dessen Name nichts Darstellbares hat. $seat: sein Platz (1-5).
picture-player = Spieler { $seat }
# Das Zeichen hinter dem Namen eines Platzes, den der Computer spielt.
picture-auto = 🤖 Auto
# Das Schild hinter dem Namen.
picture-tag-to-play = am Zug
picture-tag-placing = legt
picture-tag-winner = Sieger
# Die Zeile der Bedenkzeit in einem Spiel mit Bedenkzeit. $left: die
# verbleibende Zeit des Platzes, wie die Einstellungen eine Dauer schreiben
# (23h10m). Ein Platz, der auf seinen Zug wartet:
picture-clock = noch { $left }
# Der Platz, der am Zug ist, seine Uhr läuft.
picture-clock-running = noch { $left }, läuft
# Der Platz, der am Zug ist, seine Uhr steht (Wochenendpause oder abwesend).
picture-clock-stopped = noch { $left }, angehalten
# Hinter der Uhr, wenn seine Zeit schon abgelaufen ist. $count: wie oft;
# $most: nach so vielen übernimmt der Computer (3).
picture-clock-timeouts = { $count } von { $most } Zeitüberschreitungen
# Dasselbe, kurz, wo die Zeile keinen Platz dafür hat.
picture-clock-timeouts-short = { $count }/{ $most }
# Hinter der Summe in der Kopfzeile. $count: die Summe (nur ihr Plural).
picture-points-unit = { $count ->
    [one] {" "}Pkt.
   *[other] {" "}Pkt.
}
# Die Punktezeile unter der Kopfzeile, ihre Teile mit Leerzeichen verbunden:
# die Punkte der Tiere, dann die Punkte jeder anderen Kategorie mit
# Vorzeichen. $count: die Punkte der Tiere.
picture-points-animals = { $count ->
    [one] { $count } Tier
   *[other] { $count } Tiere
}
# $points: Punkte mit Vorzeichen, etwa +2 oder −3 (wie geschrieben).
picture-points-cashiers = { $points } Kassierer
picture-points-keepers = { $points } Tierpfleger
picture-points-trainers = { $points } Trainer
picture-points-depot = { $points } Depot
# Dasselbe, kurz, wenn die lange Zeile nicht passt.
picture-points-cashiers-short = { $points } Kass.
picture-points-keepers-short = { $points } Pfl.
picture-points-trainers-short = { $points } Train.
picture-points-depot-short = { $points } Dep.
# Die Mitarbeiterzeile. $roles: die besetzten Rollen (picture-cashiers...),
# mit " · " verbunden.
picture-coworkers = Mitarbeiter: { $roles }
picture-coworkers-none = Noch keine Mitarbeiter
# $count: wie viele die Rolle besetzen.
picture-cashiers = { $count } Kassierer
picture-keepers = { $count } Tierpfleger
picture-trainers = { $count } Trainer
picture-manager = Manager
# Die Zeile des Depots: seine Beschriftung, dann sein oberstes Plättchen,
# seine Plättchen nach Art und sein Manager.
picture-depot = Depot
picture-depot-empty = leer
picture-depot-top = oben
picture-depot-manager = Manager

## Ein Wasserpark groß: die Seitenspalte

picture-side-coworkers = Mitarbeiter
picture-side-manager = Manager
# $count: Mitarbeiter in der Rolle; $most: wie viele die Rolle haben kann.
picture-of = { $count } von { $most }
picture-yes = ja
picture-no = nein
# $count: Tierarten im Wasserpark; $limit: wie viele Becken er haben darf.
picture-basins = Becken: { $count } von { $limit }
picture-side-score = Bisherige Punkte

## Die Wertungstabelle am Ende (ihre Spalten; auch die Zeilen der Seitenspalte)

picture-score-animals = Tiere
picture-score-cashiers = Kassierer
picture-score-keepers = Tierpfleger
picture-score-trainers = Trainer
picture-score-depot = Depot
picture-score-total = Summe
picture-score-coins = Münzen
picture-game-over = Spielende
# $name: der Sieger.
picture-game-over-won = Spielende: { $name } gewinnt!
# $names: die Sieger (eine Liste).
picture-game-over-shared = Spielende: { $names } teilen sich den Sieg!

## Die Bildunterschriften einer Wiederholung

# $round: die Runde.
picture-replay-start = Runde { $round }: das Spiel beginnt.
# Eine Wiederholung nach Runden. $move: die gespielten Züge.
picture-replay-round-end = Ende von Runde { $round }, Zug { $move }.
# $sentence: was der Zug tat (der Satz der Spielregeln).
picture-replay-move = Runde { $round }, Zug { $move }: { $sentence }
# Mehrere Züge in einem Bild: $from, $to: der erste und der letzte.
picture-replay-moves = Runde { $round }, Züge { $from }-{ $to }: { $sentence }
# Das letzte Bild. $moves: die gespielten Züge.
picture-replay-over = Spielende nach { $moves } Zügen.
# $names: der Sieger (oder eine Liste); $points: seine Summe.
picture-replay-won = Spielende nach { $moves } Zügen: { $names } gewinnt mit { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkten
}.
picture-replay-shared = Spielende nach { $moves } Zügen: { $names } teilen sich den Sieg mit { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkten
}.

## Die Punktekarte neben dem letzten Tisch (src/render/score_card.rs)

# $game: die Nummer des Spiels.
picture-card-title = Spiel #{ $game }: Endstand
# $name: wer gewinnt.
picture-card-wins = { $name } gewinnt!
# $names: die Gewinner (eine Liste).
picture-card-share = { $names } teilen sich den Sieg!
# Unter dem Sieger: was nach den Regeln entschied.
picture-card-by-points = Die meisten Punkte.
picture-card-by-coins = Gleich viele Punkte: die meisten Münzen entscheiden.
picture-card-by-nothing = Gleich viele Punkte und Münzen: der Sieg wird geteilt.
picture-card-note-total = Summe: Tiere, Kassierer, Tierpfleger, Trainer, abzüglich Depot.
picture-card-note-coins = Münzen sind keine Punkte: Sie entscheiden bei Punktgleichstand.
# Unter einem Spieler, der wegen Untätigkeit abgewählt wurde.
picture-card-voted-out = Wegen Untätigkeit abgewählt: auf dem letzten Platz.
# Unter einem Platz, dessen Bedenkzeit zu oft ablief.
picture-card-out-of-time = Zu oft die Bedenkzeit überschritten: auf dem letzten Platz.

## Die Tabelle eines Turniers (src/render/standings.rs)

picture-standings-place = Platz
picture-standings-player = Spieler
picture-standings-points = Punkte
picture-standings-games = Spiele
picture-standings-byes = Freilose
picture-standings-game-points = Spielpunkte
picture-standings-buchholz = Buchholz
picture-standings-nobody = Noch hat sich niemand angemeldet.
picture-standings-more = { $count ->
        [one] und { $count } weiterer Spieler: tournament standings nennt alle.
       *[other] und { $count } weitere Spieler: tournament standings nennt alle.
    }
picture-standings-note = Nach Punkten (Erster eines Tisches 12 bis Letzter 0, Freilos 6), dann Spielpunkte, Buchholz, direkter Vergleich, Anmeldung.
picture-standings-number = { $value }
