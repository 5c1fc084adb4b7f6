# /aq rules: die Regeln in Kürze, nach Thema, für Discord geschrieben. Der
# Name eines Themas ist ein Wort der Befehlssprache (/aq rules topic:money)
# und bleibt englisch.

rules-turn = In deinem Zug tust du genau eines: Du ziehst das oberste Plättchen auf einen Transportwagen mit freiem Platz (/aq draw), oder du nimmst einen Transportwagen mit mindestens einem Plättchen und legst seine Plättchen an (/aq take, dann /aq place), oder du bezahlst eine Geldaktion. Wer einen Transportwagen genommen hat, setzt den Rest der Runde aus. Wer als Letzter noch keinen Wagen hat, ist immer wieder am Zug, bis er einen nimmt. Die Runde endet, wenn alle einen Wagen haben; wer den letzten genommen hat, beginnt die nächste.
rules-basins = Ein Becken umfasst alle deine Plättchen einer Tierart; sie müssen Kante an Kante zusammenhängen. Eine neue Tierart darf nur ein Becken beginnen, solange du weniger Tierarten hast, als du haben darfst (3, +1 je große Ausbautafel). Plättchen verschiedener Tierarten dürfen sich nie an einer Kante berühren (an den Ecken schon). Jedes Tier darfst du stattdessen auch in dein Depot legen.
rules-bonuses = Erreicht ein Becken 3, 6, 9 oder 12 Plättchen, bekommst du eine Münze; bei 5 und 10 einen Mitarbeiter, den du sofort einsetzt. Ein fruchtbares Männchen und ein fruchtbares Weibchen im selben Becken bekommen sofort Nachwuchs: Er kommt in dieses Becken, wenn dort Platz ist, sonst ins Depot. Jedes fruchtbare Tier bekommt nur einmal Nachwuchs.
rules-coworkers = Kassierer (höchstens 2) bringen je 1 Punkt pro Münze; Tierpfleger (höchstens 2) je 1 Punkt pro Plättchen mit Fischsymbol; der Manager (nur einer) halbiert die Minuspunkte des Depots; Trainer stehen auf freien Feldern des Wasserparks und bringen je 1 Punkt für jeden Delfin, Orca oder Seelöwen ohne Blitz auf den 8 Feldern ringsum.
rules-money = Geldaktionen: eine pro Zug, nie nachdem du einen Transportwagen genommen hast. Versetzen (1 Münze): das oberste Plättchen deines Depots in deinen Wasserpark oder einen Mitarbeiter an einen anderen Platz. Kaufen (2 Münzen: 1 an den Besitzer, 1 an die Bank): das oberste Plättchen aus dem Depot eines anderen Spielers in deinen Wasserpark. Abwerfen (2 Münzen): Das oberste Plättchen deines Depots verlässt das Spiel. Ausbauen: eine kleine (1 Münze, 3 Felder) oder große Ausbautafel (2 Münzen, 4 Felder, +1 Becken) an deinen Wasserpark anlegen.
rules-end = Wird das erste Plättchen vom Reservestapel gezogen, ist die laufende Runde die letzte. Wertung: 1 Punkt je Tier im Wasserpark, dazu die Punkte der Kassierer, Tierpfleger und Trainer, minus 2 Punkte je Tierart im Depot (mit Manager nur 1). Wer die meisten Punkte hat, gewinnt; bei Gleichstand gewinnt, wer mehr Münzen hat.
rules-two = Zu zweit spielt ihr mit 3 Transportwagen, die 2, 1 und 3 nutzbare Plätze haben. Sobald beide einen Wagen genommen haben, verlassen die Plättchen, die noch auf dem dritten Wagen liegen, das Spiel.

# Ein Thema. $name: das Wort des Themas; $body: das Thema.
rules-topic = Regeln – { $name }: { $body }
# Abgelehnt. $topic: was gefragt wurde; $topics: die Themen, durch Kommas getrennt.
rules-no-topic = Kein Thema „{ $topic }“. Themen: { $topics }.
# Vor allen Themen, je eines pro Zeile.
rules-short = Aquaretto in Kürze (Themen: turn, basins, bonuses, coworkers, money, end, two):
# Ein Thema in der Liste. $name: sein Wort; $body: das Thema.
rules-item = - { $name }: { $body }
