# Was in einem Spiel geschah, je eine Zeile: die Ereignisse der Engine, in der
# Erzählung des Tisches, im Verlauf und in der Wiederholung
# (src/lang/engine/event.rs). $name: der Spieler; $tile: ein Plättchen wie
# engine-tile-* (eine Nominativ-Phrase, darum hinter dem Doppelpunkt); $cell
# und $truck gehören zur Befehlssprache.

# $truck: die Nummer des Wagens.
event-drew = { $name } hat auf Transportwagen { $truck } gezogen: { $tile }.
event-drew-reserve = { $name } hat vom Reservestapel auf Transportwagen { $truck } gezogen: { $tile }.
event-last-round = Das erste Plättchen des Reservestapels ist gezogen: Dies ist die letzte Runde.
# $truck; $tiles: die Plättchen des Wagens als Plättchenwörter.
event-took-truck = { $name } hat Transportwagen { $truck } genommen ({ $tiles }).
event-coin-tile = { $name } hat ein Münzplättchen zu den eigenen Münzen gelegt.
# $tile; $cell.
event-placed = { $name } hat auf { $cell } gelegt: { $tile }.
event-to-depot = { $name } hat ins Depot gelegt: { $tile }.
# $animal: die Tierart des Beckens; $size: seine Plättchen.
event-coin-bonus = Im Becken „{ $animal }“ von { $name } liegen jetzt { $size } Plättchen: +1 Münze.
event-coworker-bonus = Im Becken „{ $animal }“ von { $name } liegen jetzt { $size } Plättchen: Ein Mitarbeiter kommt dazu.
event-no-coworker-left = { $name } hat einen Mitarbeiter verdient, aber im Vorrat ist keiner mehr.
# $a-animal: das Tier mit seinem Artikel (Nominativ).
event-offspring = Ein fruchtbares Paar hat Nachwuchs bekommen: Für { $name } kommt { $a-animal } dazu.
# $cell: wo der Trainer steht.
event-hired-trainer = { $name } hat einen Trainer auf { $cell } eingesetzt.
# $role: der Name der Rolle.
event-hired = { $name } hat einen { $role } eingesetzt.
event-coworker-returned = { $name } hat keinen freien Platz für einen Mitarbeiter: Er geht zurück in den Vorrat.
# $from, $to: Plätze, als Rollenwörter oder Felder.
event-moved-coworker = { $name } hat einen Mitarbeiter von { $from } nach { $to } versetzt.
# $tile; $seller; $cell.
event-bought = { $name } hat aus dem Depot von { $seller } gekauft und auf { $cell } gelegt: { $tile }.
event-discarded = { $name } hat aus dem Depot abgeworfen: { $tile }.
# $size: kleine oder große, wie engine-size; $cells: die Felder der Tafel.
event-expanded = { $name } hat eine { $size } Ausbautafel auf { $cells } angelegt.
# $count: Münzen.
event-paid = { $name } hat { $count ->
    [one] { $count } Münze
   *[other] { $count } Münzen
} bezahlt.
event-turn = { $name } ist am Zug.
# $round: ihre Nummer.
event-round-ended = Runde { $round } ist vorbei.
# $round; $tiles: Plättchenwörter.
event-round-ended-cleared = Runde { $round } ist vorbei; vom nicht genommenen Transportwagen aus dem Spiel: { $tiles }.
event-round-started = Runde { $round } beginnt mit { $name }.
event-game-over = Das Spiel ist vorbei.
event-game-over-winner = Das Spiel ist vorbei: { $name } gewinnt!
# $names: die Gewinner.
event-game-over-shared = Das Spiel ist vorbei: { $names } teilen sich den Sieg!
