# Der Tisch in Worten, für wer seine Bilder nicht sehen kann
# (src/view/describe.rs): die Beschreibungen der Bilder (Discords
# Beschreibung eines Anhangs, der Alternativtext im Web) und der Tisch der
# Reihe nach gelesen (board text, die Schaltfläche „Vorlesen“). Jede
# Nachricht ist ein ganzer Satz; die Beschreibung eines Bildes wird nach
# einem Satz gekürzt, damit sie in 1.024 Zeichen passt, also kommt das
# Wichtigste zuerst. $game: die Nummer eines Spiels; $name: ein Spieler.

## Das Bild des Tisches

# $round: die Nummer der Runde.
describe-table = Bild des Tisches von Spiel #{ $game }, Runde { $round }.
describe-table-last = Bild des Tisches von Spiel #{ $game }, Runde { $round }, die letzte Runde.
describe-practice = Ein Übungsspiel: Jemand hat die Reihenfolge der Plättchen gewählt.
# $move: was der letzte Zug tat, wie der Tisch ihn erzählt.
describe-changed = Letzter Zug: { $move }

## Der Tisch der Reihe nach (board text)

describe-board = Spiel #{ $game }, Runde { $round }.
describe-board-last = Spiel #{ $game }, Runde { $round }, die letzte Runde.

## Die Bedenkzeit jedes Platzes, in einem Spiel mit Bedenkzeit, nach dem,
## der am Zug ist

# $seats: die Teile der Plätze unten, aufgezählt.
describe-clocks = Bedenkzeit: { $seats }.
# Ein Platz, der auf seinen Zug wartet. $left: seine verbleibende Zeit, wie
# die Einstellungen eine Dauer schreiben (23h10m).
describe-clock = { $name } noch { $left }
# Der Platz, der am Zug ist: seine Uhr läuft, oder sie steht (Wochenendpause
# oder abwesend).
describe-clock-running = { $name } noch { $left } (läuft)
describe-clock-stopped = { $name } noch { $left } (angehalten)
# Nach dem Teil eines Platzes, wenn seine Zeit schon abgelaufen ist. $count:
# wie oft; $most: nach so vielen übernimmt der Computer (3).
describe-clock-timeouts = ({ $count } von { $most } Zeitüberschreitungen)

## Die Transportwagen: $truck (seine Nummer); $tiles (seine Plättchen in
## Worten, eine Liste)

describe-truck = Transportwagen { $truck }: { $tiles }.
describe-truck-taken = Transportwagen { $truck }, in dieser Runde von { $name } genommen: { $tiles }.
describe-truck-taken-empty = Transportwagen { $truck }, in dieser Runde von { $name } genommen.
# Ein Glied der Liste eines Wagens. $count: seine freien Plätze.
describe-free = { $count ->
    [one] ein freier Platz
   *[other] { $count } freie Plätze
}

## Die Spieler: $points, $coins (Zahlen)

describe-player = { $name }: { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}, { $coins ->
    [one] { $coins } Münze
   *[other] { $coins } Münzen
}.
# $truck: der Wagen, den der Spieler in dieser Runde genommen hat.
describe-player-took = { $name }: { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}, { $coins ->
    [one] { $coins } Münze
   *[other] { $coins } Münzen
}; hat in dieser Runde Transportwagen { $truck } genommen.
describe-player-out = { $name }, wegen Untätigkeit abgewählt: { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}, { $coins ->
    [one] { $coins } Münze
   *[other] { $coins } Münzen
}.
describe-player-out-of-time = { $name }, zu oft die Bedenkzeit überschritten: { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}, { $coins ->
    [one] { $coins } Münze
   *[other] { $coins } Münzen
}.

## Ein Wasserpark

describe-zoo = Bild des Wasserparks von { $name } in Spiel #{ $game }.
# $animals: der Name des Tiers (Mehrzahl); $count: seine Plättchen;
# $cells: wo sie liegen (Felder der Befehlssprache).
describe-basin = Becken der { $animals }, { $count } Plättchen auf { $cells }.
# $marks: was die Plättchen tragen (describe-males, -females, -offspring,
# -fish, -bolts), eine Liste.
describe-basin-marked = Becken der { $animals }, { $count } Plättchen auf { $cells }: { $marks }.
describe-no-basin = Noch kein Becken.
# $count: fruchtbare Tiere dieses Geschlechts; $bred: wie viele davon schon
# Nachwuchs hatten.
describe-males = { $count ->
    [one] ein fruchtbares Männchen
   *[other] { $count } fruchtbare Männchen
}{ $bred ->
    [0] {""}
   *[other] {" "}({ $bred } mit Nachwuchs)
}
describe-females = { $count ->
    [one] ein fruchtbares Weibchen
   *[other] { $count } fruchtbare Weibchen
}{ $bred ->
    [0] {""}
   *[other] {" "}({ $bred } mit Nachwuchs)
}
describe-offspring = { $count ->
    [one] ein Nachwuchstier
   *[other] { $count } Nachwuchstiere
}
describe-fish = { $count } mit Fisch
describe-bolts = { $count } mit Blitz
# $count: freie Felder; $basins: die Becken des Parks; $limit: wie viele er
# haben darf.
describe-spaces = { $count ->
    [one] { $count } freies Feld
   *[other] { $count } freie Felder
}; { $basins } von { $limit } Becken.
describe-depot-empty = Das Depot ist leer.
# $count: Plättchen im Depot; $tiles: sie in Worten, das oberste zuerst.
describe-depot = { $count ->
    [one] Im Depot { $count } Plättchen: { $tiles }.
   *[other] Im Depot { $count } Plättchen, das oberste zuerst: { $tiles }.
}
# $list: die Mitarbeiter (describe-cashiers...), alle zusammen.
describe-coworkers = Mitarbeiter: { $list }.
describe-coworkers-none = Keine Mitarbeiter.
describe-cashiers = { $count ->
    [one] ein Kassierer
   *[other] { $count } Kassierer
}
describe-keepers = { $count ->
    [one] ein Tierpfleger
   *[other] { $count } Tierpfleger
}
describe-manager = ein Manager
# $cells: wo die Trainer stehen.
describe-trainers = { $count ->
    [one] ein Trainer auf { $cells }
   *[other] { $count } Trainer auf { $cells }
}

## Eine Wiederholung, eine Punktekarte, eine besprochene Entscheidung

# $moves: die Züge, die sie zeigt.
describe-replay = Animierte Wiederholung von Spiel #{ $game }, { $moves ->
    [one] { $moves } Zug
   *[other] { $moves } Züge
}.
describe-card = Schlusswertung von Spiel #{ $game }.
# $names: die Gewinner (nach Punkten oder Münzen gewinnt einer allein).
describe-card-won = { $names } gewinnt nach Punkten.
describe-card-won-coins = { $names } gewinnt nach Münzen, bei Gleichstand nach Punkten.
describe-card-shared = { $names } teilen sich den Sieg, gleich nach Punkten und Münzen.
# $rank: der Platz; $points: die Summe; $animals, $cashiers, $keepers,
# $trainers, $depot: Punkte je Kategorie; $coins: die übrigen Münzen.
describe-card-player = Platz { $rank }: { $name }, { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
} (Tiere { $animals }, Kassierer { $cashiers }, Tierpfleger { $keepers }, Trainer { $trainers }, Depot { $depot }), { $coins ->
    [one] { $coins } Münze
   *[other] { $coins } Münzen
}.
describe-card-player-out = Platz { $rank }: { $name }, wegen Untätigkeit abgewählt, { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
} (Tiere { $animals }, Kassierer { $cashiers }, Tierpfleger { $keepers }, Trainer { $trainers }, Depot { $depot }), { $coins ->
    [one] { $coins } Münze
   *[other] { $coins } Münzen
}.
describe-card-player-out-of-time = Platz { $rank }: { $name }, zu oft die Bedenkzeit überschritten, { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
} (Tiere { $animals }, Kassierer { $cashiers }, Tierpfleger { $keepers }, Trainer { $trainers }, Depot { $depot }), { $coins ->
    [one] { $coins } Münze
   *[other] { $coins } Münzen
}.
# $n: die Nummer des Zugs im Protokoll; $cost: etwa wie viele Punkte er kostete.
describe-decision = Bild der Besprechung von Zug { $n }: die Entscheidung von { $name }, die etwa { $cost } Punkte kostete.
# $move: was der Zug täte, wie der Tisch ihn erzählen würde.
describe-played = Gespielt: { $move }
describe-preferred = Besser: { $move }

## Plättchen, wo die Befehlssprache sie nannte

# Ein wartendes Plättchen: $slot (seine Platznummer), $tile (in Worten).
engine-slot = { $slot }: { $tile }
# Wie man ein wartendes Plättchen nennt: $option (wie getippt, tile:1), $tile.
engine-slot-option = { $option } ({ $tile })

## Der Tisch in Worten auf Discord

# Die Schaltfläche unter der Nachricht eines Tisches, die ihn privat in
# Worten gibt (höchstens 80 Zeichen).
label-describe = Beschreiben

## Schaltflächen der Geldaktionen, wenn der Name des Plättchens sie zu lang macht

label-money-move-depot-tile-short = Oberstes Depot-Plättchen in den Wasserpark setzen (1 Münze)
label-money-discard-short = Oberstes Depot-Plättchen abwerfen (2 Münzen)

## Die Webseite eines beendeten Spiels

# Eine Entscheidung in der Liste der Besprechung auf der Webseite (ein
# Listeneintrag: kein Strich). Wie review-decision.
review-decision-entry =
    Zug { $n }, etwa { $cost } Punkte: gespielt { $played_command } ({ $played })
    besser { $preferred_command } ({ $preferred })

# Die Tabelle der Endwertung auf der Webseite (src/web/result.rs).
web-final-place = Platz
web-final-animals = Tiere
web-final-cashiers = Kassierer
web-final-keepers = Tierpfleger
web-final-trainers = Trainer
web-final-depot = Depot
web-final-voted-out = (abgewählt)
web-final-out-of-time = (Bedenkzeit abgelaufen)
web-final-card = Die Endwertung als Bild
