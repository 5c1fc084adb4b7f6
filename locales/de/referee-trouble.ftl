# Was ein Spieler hört, wenn ein Befehl bei uns scheitert oder doppelt ankommt.
# Jede Nachricht sagt, dass nichts geändert wurde.

trouble-busy = Die Datenbank der Spiele ist gerade beschäftigt, darum wurde nichts geändert; bitte versuch es gleich noch einmal.
trouble-full = Die Datenbank der Spiele ist voll (auf dem Server ist kein Platz mehr), darum wurde nichts geändert; bitte gib der Person Bescheid, die diesen Bot betreibt.
trouble-read-only = In die Datenbank der Spiele kann gerade nicht geschrieben werden, darum wurde nichts geändert; bitte gib der Person Bescheid, die diesen Bot betreibt.
trouble-other = Bei uns ist etwas schiefgegangen, und nichts wurde geändert; bitte versuch es noch einmal.
# Eine Discord-Interaktion, die doppelt ankam.
once-already = Diese Anfrage kam schon an und wurde einmal ausgeführt: Nichts weiter wurde geändert.
# Ein Spiel, dessen Protokoll sich nicht mehr nachspielen lässt. $game: seine
# Nummer; $damage: was nicht stimmt, für wer den Bot betreibt.
damaged = Spiel #{ $game } kann nicht weitergehen: { $damage }. Nichts wurde geändert; wer den Kanal verwaltet, kann es mit /aq game abandon beenden.
