# Der Tisch in Zeichen (src/view/text_table.rs), für das Terminal und für Discord, wenn
# kein Bild gezeichnet werden konnte, und die Liste `moves`
# (src/referee/look/moves.rs). Plättchenwörter (`dolphin-m`), Koordinaten
# und Befehle bleiben, wie die Befehlssprache sie schreibt.

## Der Tisch

# Die erste Zeile. $round: die Nummer der Runde; $pile: Plättchen im
# Nachziehstapel; $reserve: Plättchen im Reservestapel.
table-round = Runde { $round } - Nachziehstapel { $pile } - Reservestapel { $reserve }
# Dasselbe in der letzten Runde.
table-round-last = Runde { $round } - Nachziehstapel { $pile } - Reservestapel { $reserve } - LETZTE RUNDE
# Ein Transportwagen, den niemand genommen hat. $truck: seine Nummer;
# $slots: seine Plättchen und Plätze (Plättchenwörter, - ein freier Platz,
# # ein gesperrter), durch Kommas getrennt.
table-truck = Wagen { $truck }: [{ $slots }]
# Ein genommener Wagen. $truck, $slots: wie oben; $name: wer ihn nahm.
table-truck-taken = Wagen { $truck }: [{ $slots }] (genommen von { $name })

# Die Zeile eines Spielers. $name: wer; $coins: seine Münzen; $cashiers,
# $keepers, $trainers: wie viele; $manager: yes oder no; $score: seine
# Punkte jetzt; $truck: der genommene Wagen (0, wenn keiner; nur
# table-player-took nennt ihn).
table-player = { $name } - { $coins } { $coins ->
    [one] Münze
   *[other] Münzen
}, Kassierer { $cashiers }, Tierpfleger { $keepers }, Manager { $manager ->
    [yes] ja
   *[no] nein
}, Trainer { $trainers } - { $score ->
    [one] { $score } Punkt
   *[other] { $score } Punkte
}
# Dasselbe, nachdem er in dieser Runde einen Wagen genommen hat.
table-player-took = { $name } - { $coins } { $coins ->
    [one] Münze
   *[other] Münzen
}, Kassierer { $cashiers }, Tierpfleger { $keepers }, Manager { $manager ->
    [yes] ja
   *[no] nein
}, Trainer { $trainers } - { $score ->
    [one] { $score } Punkt
   *[other] { $score } Punkte
} - hat Wagen { $truck } genommen

# Unter der Zeile eines Spielers: ein leeres Depot.
table-depot-empty = Depot: leer
# Ein Depot. $tiles: seine Plättchenwörter, das oberste zuerst; $counts: wie
# viele von jedem Tier (table-depot-count, aufgezählt).
table-depot = Depot (oberstes zuerst): { $tiles } [{ $counts }]
# $count: wie viele Plättchen; $animal: der Name des Tiers für diese Zahl.
table-depot-count = { $count } { $animal }

# Was die Zeichen und Kürzel im Wasserpark bedeuten. $codes: das Kürzel
# jedes Tiers (table-legend-code, aufgezählt).
table-legend = m/f fruchtbares Männchen/Weibchen (M/F: hat Nachwuchs bekommen), * Fisch, ! Blitz, y Nachwuchs, TRN Trainer, . freies Feld; { $codes }
# $code: die drei Buchstaben des Tiers im Raster; $animal: sein Name.
table-legend-code = { $code } { $animal }
# Die letzte Zeile des Tisches. $legend: table-legend.
table-legend-blocked = ({ $legend }; # gesperrter Platz auf einem Wagen)

## Die Punktetabelle: die Spaltenköpfe und das Zeichen neben den Besten

table-score-player = Spieler
table-score-animals = Tiere
table-score-cashiers = Kassierer
table-score-keepers = Pfleger
table-score-trainers = Trainer
table-score-depot = Depot
table-score-total = Summe
table-score-leads = führt
table-score-winner = gewinnt

## Die Liste der Züge

# Ihre erste Zeile. $name: der Spieler am Zug; $count: wie viele Züge.
moves-heading = { $name } hat { $count ->
    [one] { $count } möglichen Zug
   *[other] { $count } mögliche Züge
}; eine Zahl spielt ihren Zug:
# Die erste Zeile von `moves <Art>`. $name: der Spieler am Zug; $chosen: wie
# viele Züge gezeigt werden; $count: wie viele es insgesamt gibt; $family:
# die eingegebenen Wörter.
moves-family-heading = { $name } hat { $chosen } von { $count } möglichen Zügen ({ $family }); eine Zahl spielt ihren Zug:
# `moves <Art>` nennt keine. $of: das Eingegebene; $name: der Spieler am
# Zug; $families: die Arten, die es gibt (Befehlswörter, aufgezählt).
moves-no-family = { $name } hat jetzt keine Züge der Art '{ $of }': Die Arten sind { $families } (moves allein zeigt alle)

# Eine Zeile für viele gleichartige Züge. $label: was sie tun (moves-*);
# $counted: wie viele (moves-count-*); $how: wo man sie sieht (moves-how-*).
moves-folded = { $label }: { $counted } — { $how }
# Im Terminal. $command: der Befehl, der sie zeigt.
moves-how-terminal = `{ $command }` zeigt sie
moves-how-discord = die Bedienelemente unter dem Tisch bieten sie an

# Wie viele Züge eine Zeile zusammenfasst. $count: wie viele.
moves-count-trucks = { $count ->
    [one] { $count } Wagen
   *[other] { $count } Wagen
}
moves-count-places = { $count ->
    [one] { $count } Platz
   *[other] { $count } Plätze
}
moves-count-cells = { $count ->
    [one] { $count } Feld
   *[other] { $count } Felder
}
moves-count-placements = { $count ->
    [one] { $count } Lage
   *[other] { $count } Lagen
}
moves-count-moves = { $count ->
    [one] { $count } Zug
   *[other] { $count } Züge
}

# Was eine Art von Zügen tut.
moves-place-offspring = den Nachwuchs legen
# $tile: das Plättchenwort des Nachwuchses (dolphin-young).
moves-place-offspring-of = den Nachwuchs legen ({ $tile })
# $slot: die Nummer des Plättchens, das gelegt werden muss.
moves-place-tile = Plättchen { $slot } legen
# $slot: wie oben; $tile: sein Plättchenwort.
moves-place-tile-of = Plättchen { $slot } legen ({ $tile })
# $role: der Mitarbeiter (role-*).
moves-hire = einen { $role } einsetzen
moves-move-depot = aus dem Depot versetzen
# $tile: das Plättchenwort oben im Depot.
moves-move-depot-of = aus dem Depot versetzen ({ $tile })
# $cell: wo der Trainer steht.
moves-move-trainer = den Trainer auf { $cell } versetzen
# $role: der Mitarbeiter (role-*).
moves-move-coworker = einen { $role } versetzen
# $name: wessen Depot.
moves-buy = von { $name } kaufen
# $name: wessen Depot; $tile: sein oberstes Plättchenwort.
moves-buy-of = von { $name } kaufen ({ $tile })
moves-discard = abwerfen
# $size: das Größenwort der Tafel (small, large).
moves-expand = mit einer { $size ->
    [small] kleinen
   *[large] großen
} Ausbautafel ausbauen
