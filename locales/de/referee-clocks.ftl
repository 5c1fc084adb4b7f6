# Die Bedenkzeit jedes Platzes in einem Spiel, das eine hat (/aq game
# settings clock:): die verbleibende Zeit, bei /aq board und /aq mygames.
#
# Zeiten ($out) kommen auf Discord relativ („in 3 Stunden“), im Terminal als
# Datum: darum stehen sie hinter einem Doppelpunkt.

# Die Bedenkzeiten eines Spiels bei /aq board. $pace: das Wort des Tempos
# (fast, normal oder slow); $seats: die Teile der Spieler unten, aufgezählt.
clocks-line = Bedenkzeit ({ $pace }): { $seats }
# Der Platz, der am Zug ist. $name: der Spieler; $left: die verbleibende
# Zeit, wie die Befehlssprache eine Dauer schreibt (23h10m); $out: wann sie
# abläuft.
clocks-seat-running = { $name } noch { $left } (läuft ab: { $out })
# Dasselbe, während das Wochenende die Uhren anhält.
clocks-seat-weekend = { $name } noch { $left } (am Wochenende angehalten)
# Ein Platz, der auf seinen Zug wartet. $left: seine Zeit für diesen Zug.
clocks-seat = { $name } { $left }
# Nach der Zeile eines Spiels bei /aq mygames: die eigene Bedenkzeit dort.
mygames-clock = Deine Bedenkzeit: noch { $left } (läuft ab: { $out }).
mygames-clock-weekend = Deine Bedenkzeit: noch { $left } (am Wochenende angehalten).
