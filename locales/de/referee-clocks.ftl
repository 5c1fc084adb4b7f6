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
# Dasselbe, während sein Spieler abwesend ist (im Rahmen der Tage im Jahr).
clocks-seat-away = { $name } noch { $left } (angehalten: abwesend)
# Ein Platz, der auf seinen Zug wartet. $left: seine Zeit für diesen Zug.
clocks-seat = { $name } { $left }
# Nach dem Teil eines Platzes, wenn seine Zeit schon abgelaufen ist.
# $count: wie oft; $most: nach so vielen übernimmt der Computer (3).
clocks-timeouts = ({ $count } von { $most } Zeitüberschreitungen)
# Nach der Zeile eines Spiels bei /aq mygames: die eigene Bedenkzeit dort.
mygames-clock = Deine Bedenkzeit: noch { $left } (läuft ab: { $out }).
mygames-clock-weekend = Deine Bedenkzeit: noch { $left } (am Wochenende angehalten).
mygames-clock-away = Deine Bedenkzeit: noch { $left } (angehalten, solange du abwesend bist).

## Zeitüberschreitung

# Vor den Zügen des Computers für einen Spieler, dessen Bedenkzeit
# abgelaufen ist. $name: der Spieler; $count: seine Zeitüberschreitungen in
# diesem Spiel, diese mitgezählt; $most: nach so vielen übernimmt der
# Computer den Platz (3); $level: die Stufe des Computers.
clocks-ran-out = Die Bedenkzeit von { $name } ist abgelaufen ({ $count } von { $most }): Der Computer (Stufe { $level }) spielt diesen Zug für { $name }.
# Nach diesem Zug, wenn es die letzte erlaubte war. $name, $most, $level: wie oben.
clocks-handed-over = Die Bedenkzeit von { $name } ist { $most }-mal abgelaufen: Der Platz spielt automatisch weiter (Stufe { $level }) und landet am Ende auf dem letzten Rang.
# Am Ende eines Spiels, für einen Platz, den der Computer wegen
# Zeitüberschreitung übernommen hat. $name: sein Spieler; $most: wie oben.
play-timed-out-ranked = Die Bedenkzeit von { $name } ist { $most }-mal abgelaufen: Der Platz wurde automatisch weitergespielt und landet auf dem letzten Rang.
# An die Person eines solchen Platzes, die ziehen will. $game: die Nummer des Spiels.
play-timed-out = Deine Bedenkzeit in Spiel #{ $game } ist { $most }-mal abgelaufen: Dein Platz spielt automatisch weiter, und du kannst in diesem Spiel nicht mehr ziehen.
press-timed-out = Deine Bedenkzeit in Spiel #{ $game } ist { $most }-mal abgelaufen: Dein Platz spielt automatisch weiter, und du kannst in diesem Spiel nicht mehr ziehen: Nichts wurde geändert.
