# Die Vergangenheit: die Züge eines Spiels Seite für Seite, der Tisch nach
# einem Zug, die Spiele des Servers, das Spielprotokoll als Datei. Privat
# gesagt. Was jeder Zug bewirkt hat, sagen die Sätze der Engine.
#
# $when kommt auf Discord relativ („vor 3 Stunden“), im Terminal als Datum:
# darum steht es in Klammern oder hinter einem Partizip („begonnen …“).

# Ein Zeitpunkt, wie sein Frontend ihn sagt. $when: der Zeitpunkt.
history-when = { $when }
history-not-a-look = Dieser Knopf dient nicht zum Ansehen.
# Abgelehnt. $game: die Nummer des Spiels.
history-no-such-game = Auf diesem Server gibt es kein Spiel #{ $game }.
# Abgelehnt: ein Spiel eines anderen Kanals, den nicht jedes Mitglied sieht,
# und in dem der Fragende nicht spielte. $channel: dieser Kanal.
history-channel-hidden = Spiel #{ $game } lief in { $channel }, einem Kanal, den nicht jedes Mitglied dieses Servers sieht: Sieh es dort nach, wo Discord es dir zeigt.
history-no-game-here = In diesem Kanal wurde noch kein Spiel gespielt: Eröffne eines mit /aq game new.

## /aq history move:<n>

history-no-moves = Spiel #{ $game } hat noch keine Züge.
# $total: die Züge in seinem Protokoll.
history-move-range = Spiel #{ $game } hat { $total ->
    [one] { $total } Zug
   *[other] { $total } Züge
}: Frag nach Zug 1 bis { $total }.
# $n: der Zug; $total: die Züge im Protokoll; $name: wer ihn gespielt hat;
# $command: der Zug, wie getippt; $when: wann er gespielt wurde.
history-move-when = Spiel #{ $game }, Zug { $n } von { $total } ({ $when }): { $name } hat { $command } gespielt
history-move = Spiel #{ $game }, Zug { $n } von { $total }: { $name } hat { $command } gespielt
history-taken-back-later = (später zurückgenommen)

## /aq history: eine Seite

# $count: die Seiten.
history-pages = Der Verlauf von Spiel #{ $game } hat { $count ->
    [one] { $count } Seite
   *[other] { $count } Seiten
}.
# $status: der Stand des Spiels (replay-status-*).
history-page-empty = Spiel #{ $game } ({ $status }): noch keine Züge.
# $from, $to: die Züge auf der Seite; $total: alle Züge; $page, $count: die
# Seite und die Seiten.
history-page = Spiel #{ $game } ({ $status }): Züge { $from }–{ $to } von { $total }, älteste zuerst; Seite { $page } von { $count }, Seite 1 die neueste.
# Eine Rücknahme in der Liste. $name: wer; $seq: der zurückgenommene Zug.
history-undo = { $name } hat Zug { $seq } zurückgenommen
history-taken-back = (zurückgenommen)
history-auto = (automatisch)
history-see-move = Den Tisch nach jedem beliebigen Zug zeigt /aq history move:<n>.
# Dasselbe, wie man den Befehl im Terminal tippt.
history-see-move-terminal = Den Tisch nach jedem beliebigen Zug zeigt history move:<n>.

## /aq past games

games-none = Noch keine Spiele: Eröffne eines mit /aq game new.
# Abgelehnt. $count: die Seiten.
games-pages = Es gibt { $count ->
    [one] { $count } Seite
   *[other] { $count } Seiten
} mit Spielen.
# Abgelehnt: eine Seite hinter den neuesten aufgelisteten Spielen.
# $count: die Seiten; $listed: die Spiele darauf.
games-pages-newest = Aufgelistet werden nur die neuesten { $listed } Spiele ({ $count } Seiten): ein älteres Spiel liest du über seine Nummer, mit game:<id>.
# $page: diese Seite; $count: die Seiten; $total: die Spiele.
games-heading-server = Spiele auf diesem Server, neueste zuerst (Seite { $page } von { $count }, insgesamt { $total }):
games-heading-here = Spiele hier, neueste zuerst (Seite { $page } von { $count }, insgesamt { $total }):
games-practice = (Übung)
# $channel: der Kanal des Spiels.
games-in-channel = in { $channel }
games-nobody-seated = · niemand am Tisch
# $players: die Spieler mit ihren Punkten, durch Kommas getrennt.
games-players = · { $players }
# $winners: die Gewinner.
games-won-by = · gewonnen von { $winners }
# $round, $move: wo ein laufendes Spiel steht.
games-round = · Runde { $round }, Zug { $move }
# $when: wann es begann (oder eröffnet wurde), endete.
games-started = · begonnen { $when }
games-ended = , beendet { $when }

## /aq past export

# $game: seine Nummer; $status: sein Stand; $moves: die Einträge seines Protokolls.
export-made = Das Spielprotokoll von Spiel #{ $game } ({ $status }, { $moves ->
    [one] { $moves } Zug
   *[other] { $moves } Züge
}), wie docs/commands.md es beschreibt.

history-move-plain = { $name }: { $command }
