# Was der Zeitplaner schickt: Erinnerungen im Kanal eines Spiels und
# Zug-Hinweise per Direktnachricht; dazu, was der Spieler am Zug tun muss,
# gesagt in beiden, beim Anstupsen und in /aq mygames.

## Was der Spieler am Zug tun muss, an ihn gerichtet

# Wenn das Spiel nicht zu lesen ist: in Erinnerungen und beim Anstupsen.
task-your-turn = du bist am Zug
# Wenn das Spiel nicht zu lesen ist: in /aq mygames.
task-your-move = du bist dran

## Nachrichten

# Eine Erinnerung im Kanal des Spiels, in der Sprache des Spiels. $who: wer
# am Zug ist; $game: die Nummer des Spiels; $since: wann das Warten begann
# (auf Discord relativ, „vor 3 Stunden“; im Terminal ein Datum); $task: was zu
# tun ist; $sent: die Nummer dieser Erinnerung; $max: höchstens so viele.
reminder = { $who }, dein Zug in Spiel #{ $game } wartet (Zugbeginn: { $since }): { $task }. (Erinnerung { $sent } von { $max }.)
# Dasselbe in einem Spiel mit Bedenkzeit, wo Erinnerungen bei Anteilen der
# verbleibenden Zeit kommen (die Hälfte, ein Viertel, ein Zehntel); danach
# reminder-clock. $who, $game, $since, $task: wie oben.
reminder-timed = { $who }, dein Zug in Spiel #{ $game } wartet (Zugbeginn: { $since }): { $task }.
# Nach reminder-timed: die Bedenkzeit dessen, der am Zug ist. $left: seine
# verbleibende Zeit, wie die Einstellungen eine Dauer schreiben (23h10m);
# $out: wann sie abläuft.
reminder-clock = Deine Bedenkzeit: noch { $left } (läuft ab: { $out }).
# Ein Zug-Hinweis per Direktnachricht, in der Sprache des Empfängers. $game:
# die Nummer des Spiels; $channel: sein Kanal; $task: was zu tun ist.
dm-your-turn = Du bist am Zug in Spiel #{ $game } in { $channel }: { $task }
# Eigene Zeile unter einem Tisch im Kanal, der noch nicht gepostete Tische
# desselben Spiels ersetzt. $count: wie viele.
letters-left-out = ({ $count ->
        [one] Der Tisch davor wurde ausgelassen: Er zeigte eine schon vergangene Stellung.
       *[other] Die { $count } Tische davor wurden ausgelassen: Sie zeigten schon vergangene Stellungen.
    } /aq past history zeigt jeden Zug.)
dm-you-are-next = Spiel #{ $game } in { $channel }: { $who } ist dran, und danach bist du dran.
