# Die Beschriftungen der Schaltflächen und Menüs (src/view/controls/).

## Ein Spiel, das Spieler sucht

label-join = Beitreten
label-leave = Verlassen
label-start = Starten
label-rematch = Revanche
label-add-computer = Computerspieler hinzufügen
label-level-easy = Leicht
label-level-easy-about = Spielt einen zufälligen erlaubten Zug
label-level-normal = Normal
label-level-normal-about = Spielt den besten Zug, den er jetzt sieht
label-level-strong = Stark
label-level-strong-about = Schaut über viele mögliche Verläufe voraus

## Blättern

label-older = ◀ Älter
label-newer = Neuer ▶
label-games-newer = ◀ Neuer
label-games-older = Älter ▶
label-previous-move = ◀ Zug { $n }
label-next-move = Zug { $n } ▶

## Die Bedienelemente unter dem Tisch (mod.rs, labels.rs), in der Sprache des Spiels

# $role: das Wort der Rolle (cashier, keeper oder manager).
label-hire = { $role ->
    [cashier] Kassierer
    [keeper] Tierpfleger
   *[manager] Manager
} einstellen
# $truck: die Nummer des Wagens; $free: seine freien Plätze.
label-draw = Auf Wagen { $truck } ziehen ({ $free ->
    [one] { $free } Platz
   *[other] { $free } Plätze
} frei)
# $truck: die Nummer des Wagens; $tiles: die Wörter seiner Plättchen.
label-take = Wagen { $truck } nehmen ({ $tiles })
# Dasselbe, wenn die Plättchen es für eine Schaltfläche zu lang machen.
label-take-short = Wagen { $truck } nehmen
# $coins: die Münzen des Spielers.
label-money = Geldaktionen ({ $coins ->
    [one] { $coins } Münze
   *[other] { $coins } Münzen
})
label-undo-mine = Meinen letzten Zug zurücknehmen
# $name: der Spieler, dessen Zug zurückgenommen wird.
label-undo-of = Zurücknehmen (letzter Zug von { $name })
# Die Schaltflächen, die das Menü eines Schritts öffnen. $slot: der Platz
# auf dem Wagen (ab 1); $tile: das Wort des Plättchens.
label-place-tile = Plättchen { $slot } legen
label-place-tile-of = Plättchen { $slot } legen ({ $tile })
label-place-offspring = Nachwuchs legen
label-hire-trainer = Trainer einstellen
# Eine Option: das eigene Depot als Ort für ein Plättchen.
label-depot = Depot
# Eine Option: der Posten eines Mitarbeiters. $role: das Wort der Rolle;
# $cell: das Feld des Trainers.
label-post-role = { $role ->
    [cashier] Kassierer
    [keeper] Tierpfleger
   *[manager] Manager
}
label-post-trainer = Trainer auf { $cell }

## Die Fragen der Menüs (ihr Platzhalter und die Zeile über einem privaten Menü)

# $slot: der Platz auf dem Wagen (ab 1); $tile: das Wort des Plättchens.
panel-where-tile = Wohin kommt Plättchen { $slot }?
panel-where-tile-of = Wohin kommt Plättchen { $slot } ({ $tile })?
# $animal: das Tier des Nachwuchses (animal-*).
panel-where-offspring-of = Wohin kommt der Nachwuchs ({ $animal })?
panel-where-offspring = Wohin kommt der Nachwuchs?
panel-where-trainer = Auf welches Feld kommt der Trainer?
# $tile: das Wort des obersten Plättchens im Depot.
panel-where-depot-tile = Wohin kommt { $tile } aus dem Depot? (1 Münze)
panel-which-coworker = Welcher Mitarbeiter wechselt? (1 Münze)
# $post: der Posten des Mitarbeiters (panel-post-role oder panel-post-trainer).
panel-where-coworker = Wohin wechselt { $post }? (1 Münze)
# Ein Posten in panel-where-coworker. $role: das Wort der Rolle; $cell: das
# Feld des Trainers.
panel-post-role = { $role ->
    [cashier] der Kassierer
    [keeper] der Tierpfleger
   *[manager] der Manager
}
panel-post-trainer = der Trainer auf { $cell }
# $tile: das Wort des obersten Plättchens im Depot von $name.
panel-where-bought-tile = Wohin kommt { $tile } aus dem Depot von { $name }? (2 Münzen)
# $size: small oder large; $cost: der Preis in Münzen.
panel-where-expansion = Wohin kommt die { $size ->
    [small] kleine
   *[large] große
} Ausbautafel? ({ $cost ->
    [one] { $cost } Münze
   *[other] { $cost } Münzen
})
# Ein geteiltes Menü: $question, dann die erste und die letzte Option darin.
panel-part = { $question } ({ $first } bis { $last })
# Nach der Frage eines Menüs mit Seiten. $page, $pages: Zahlen.
panel-page = Seite { $page } von { $pages }.
# Die Schaltflächen zum Blättern. $page: die Seite, zu der sie führen.
label-previous-page = Zurück (Seite { $page })
label-next-page = Weiter (Seite { $page })

## Das Menü der Geldaktionen, in der Sprache dessen, der drückt

# $coins: die Münzen des Spielers.
panel-money = Geldaktionen ({ $coins ->
    [one] { $coins } Münze
   *[other] { $coins } Münzen
}): eine pro Zug, nie nach dem Nehmen eines Wagens.
# $tile: das Wort des obersten Plättchens im Depot.
label-money-move-depot-tile = { $tile } aus dem Depot in den Wasserpark setzen (1 Münze)
label-money-move-coworker = Einen Mitarbeiter versetzen (1 Münze)
# $tile: das Wort des obersten Plättchens im Depot von $name.
label-money-buy = { $tile } aus dem Depot von { $name } kaufen (2 Münzen)
# Dasselbe, wenn Plättchen und Name es zu lang machen.
label-money-buy-short = Aus dem Depot von { $name } kaufen (2 Münzen)
# $size: small oder large; $cost: der Preis in Münzen.
label-money-expand = { $size ->
    [small] Kleine
   *[large] Große
} Ausbautafel ({ $cost ->
    [one] { $cost } Münze
   *[other] { $cost } Münzen
})
# $tile: das Wort des obersten Plättchens im Depot.
label-money-discard = { $tile } aus dem Depot abwerfen (2 Münzen)

## Warum ein Bedienelement nicht geht (vor press-nothing-changed gesagt)

panel-choice-closed = Diese Wahl ist nicht mehr offen
panel-no-such-page = Diese Seite gibt es nicht
panel-not-seated = Du spielst in diesem Spiel nicht mit
panel-no-money-action = Dir steht gerade keine Geldaktion offen
panel-only-looks = Dieses Element zeigt nur etwas an: kein Zug
panel-lobby-control = Dieses Element gehört zu einem Spiel, das Spieler sucht, und dieses Spiel hat schon begonnen
panel-choose-one = Wähle eine Option aus dem Menü
panel-option-closed = Diese Option ist gerade nicht offen
panel-choose-level = Wähle eine Stufe für den Computerspieler
# $level: der gesendete Wert, keine Stufe.
panel-no-such-level = Es gibt keine Computerstufe „{ $level }“
panel-not-lobby-control = Das ist kein Element eines Spiels, das Spieler sucht
