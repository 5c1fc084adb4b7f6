# Die Beschriftungen der Vorschläge beim Tippen (src/referee/autocomplete.rs), in der
# Sprache dessen, der fragt. Die gewählten Werte bleiben Wörter der
# Befehlssprache; eine Beschriftung hat höchstens 100 Zeichen.

# `draw truck` und `take truck`. $truck: die Nummer des Wagens; $tiles: die
# Wörter seiner Plättchen; $free: seine freien Plätze.
choice-truck = Wagen { $truck }: { $tiles } ({ $free ->
    [one] { $free } Platz
   *[other] { $free } Plätze
} frei)
choice-truck-empty = Wagen { $truck }: leer ({ $free ->
    [one] { $free } Platz
   *[other] { $free } Plätze
} frei)
choice-truck-alone = Wagen { $truck }
# `place at`: ein Ziel ($target: ein Feld oder `depot`) und was dorthin darf ($what).
choice-target = { $target } ({ $what })
# $tile: das Wort des Plättchens; $slot: sein Platz auf dem genommenen Wagen.
choice-tile-of = { $tile }, Plättchen { $slot }
choice-tile = Plättchen { $slot }
choice-offspring = Nachwuchs
# `hire as` und `move from`/`to`. $role: das Wort der Rolle (zugleich der Wert).
choice-role = { $role ->
    [cashier] cashier · Kassierer
    [keeper] keeper · Tierpfleger
   *[manager] manager · Manager
}
choice-hire-trainer = trainer · Trainer (auf ein freies Feld: mit at angeben)
# Das Feld eines Trainers. $cell: das Feld.
choice-trainer-at = { $cell } (Trainer)
# `move from`: das Depot. $tile: das Wort des obersten Plättchens.
choice-depot-top = depot · Depot ({ $tile } oben)
choice-depot = depot · Depot
# `move to`: ein Feld für das oberste Plättchen des Depots. $cell; $tile.
choice-from-depot = { $cell } ({ $tile } aus dem Depot)
# `buy from`: ein Spieler. $name; $tile: das oberste Plättchen seines Depots.
choice-seller = { $name } ({ $tile } oben im Depot)
# `buy at`: ein Feld ($cell) und was dafür gekauft werden kann ($what).
choice-buy-at = { $cell } ({ $what })
# $tile: das Wort des Plättchens; $name: der Verkäufer.
choice-bought = { $tile } von { $name }
# `expand cells`. $cells: die Felder (der Wert); $size: small oder large;
# $cost: der Preis in Münzen.
choice-expansion = { $cells } ({ $size ->
    [small] klein
   *[large] groß
}, { $cost ->
    [one] { $cost } Münze
   *[other] { $cost } Münzen
})
