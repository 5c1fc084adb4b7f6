# Was der Schiedsrichter über Spiele sagt, die auf jemanden warten:
# Einstellungen, Anstupsen, mygames, Zug-Hinweise per Direktnachricht,
# Abstimmungen, um einen untätigen Spieler zu entfernen.
#
# Zeiten ($since, $last, $next, $allowed) kommen auf Discord relativ („vor
# 3 Stunden“, „in 2 Stunden“), im Terminal als Datum: darum stehen sie hinter
# einem Doppelpunkt oder in Klammern, nie nach „seit“ oder „ab“.

## /aq game settings

# Der Teil der Einstellungen zu Erinnerungen. $every: der Abstand, wie die
# Befehlssprache ihn schreibt (12h); $max: höchstens so viele Erinnerungen je Zug.
settings-reminders-every = Erinnerungen alle { $every } (höchstens { $max } je Zug)
settings-reminders-off = Erinnerungen aus
# Der Teil zur Zugzeit. $limit: die Grenze, wie die Befehlssprache sie schreibt (2d).
settings-turn-limit = Zugzeit { $limit } (danach können die anderen einen untätigen Spieler mit /aq game kick abwählen)
settings-turn-limit-off = Zugzeit unbegrenzt
settings-hints-on = Tipps an
# Der Teil zur Bedenkzeit. $pace: das Wort des Tempos (fast, normal oder slow);
# $start, $increment, $most: Dauern, wie die Befehlssprache sie schreibt (1d, 4h, 3d).
settings-clock = Bedenkzeit { $pace }: { $start } zu Beginn, { $increment } Zuschlag je Zug, höchstens { $most }
settings-clock-weekends = Bedenkzeit { $pace }: { $start } zu Beginn, { $increment } Zuschlag je Zug, höchstens { $most }; am Wochenende angehalten (Samstag und Sonntag, UTC)
settings-clock-off = keine Bedenkzeit
# Eine Bedenkzeit (settings-clock oder settings-clock-weekends) und was
# Abwesenheit mit ihr macht. $clock, $away: diese Teile.
settings-clock-and-away = { $clock }; { $away }
# $days: wie viele Tage Abwesenheit im Jahr sie anhalten (14).
settings-vacations-on = Abwesenheit hält sie an ({ $days } Tage im Jahr)
settings-vacations-off = kein Urlaub: Abwesenheit hält sie nicht an
settings-hints-off = Tipps aus
# Die Einstellungen eines Spiels. $game: die Nummer des Spiels; $reminders,
# $limit, $clock, $hints: die Teile oben; $lang: die Sprache des Spiels mit Namen und Code.
settings-summary = Spiel #{ $game }: { $reminders }; { $limit }; { $clock }; { $hints }; { $away }; Sprache { $lang }. Ändern kann sie, wer das Spiel eröffnet hat oder den Kanal verwaltet: /aq game settings reminders:<30m|12h|2d|off> turn_limit:<2d|off> clock:<fast|normal|slow|off> weekend_pause:<on|off> vacations:<on|off> hints:<on|off> language:<code> away:<12h|off>.
# Öffentlich, vor den neuen Einstellungen. $name: wer sie geändert hat.
settings-changed = { $name } hat die Einstellungen geändert.
# Während eines Spiels, nach den Einstellungen: was erst ab dem nächsten
# Zug gilt (Zugzeit, Tipps, Frist für Abwesende). $changes: diese
# Einstellungen, wie die Übersicht sie nennt.
settings-next-turn = Ab dem nächsten Zug (der laufende Zug behält, womit er begann): { $changes }.

## Hinweise

# Privat mit dem nächsten Befehl der Person gesagt, nachdem eine
# Direktnachricht an sie gescheitert ist.
notice-dms-closed = Deine Direktnachrichten sind für diesen Bot geschlossen, darum sind die Zug-Hinweise per Direktnachricht jetzt aus. Öffne sie (Privatsphäre-Einstellungen des Servers) und schalte sie mit /aq notify dm:on wieder ein.

## Ablehnungen

settings-not-this-command = Das ist nicht /aq game settings.
settings-no-game = In diesem Kanal ist kein Spiel offen: Einstellungen gehören zu einem Spiel; eröffne eines mit /aq game new.
# $game: die Nummer des Spiels.
settings-weekend-no-clock = Spiel #{ $game } hat keine Bedenkzeit, die am Wochenende anhalten könnte: gib ihm auch eine, zum Beispiel /aq game settings clock:normal weekend_pause:on.
# $game: die Nummer des Spiels.
settings-not-yours = Die Einstellungen von Spiel #{ $game } ändert nur, wer es eröffnet hat oder den Kanal verwaltet; ansehen kann sie jeder mit /aq game settings.
waiting-no-game = In diesem Kanal läuft kein Spiel.
# $game: die Nummer des Spiels.
waiting-voted-out = Du wurdest aus Spiel #{ $game } abgewählt und kannst darin nicht mehr handeln.

## /aq nudge

# Abgelehnt. $game: die Nummer des Spiels.
nudge-nobody = In Spiel #{ $game } muss niemand angestupst werden: Gerade muss kein Mensch handeln.
nudge-not-seated = Anstupsen können nur Spieler, die in Spiel #{ $game } mitspielen.
nudge-own-turn = Du bist selbst am Zug: Anstupsen könntest du nur dich.
# Abgelehnt. $game: die Nummer des Spiels; $last: der letzte Stupser; $next:
# wann der nächste erlaubt ist.
nudge-too-soon = In Spiel #{ $game } wurde schon angestupst (zuletzt: { $last }); der nächste Stupser geht wieder: { $next }.
# Wer angestupst wird, wenn sein Platz nicht zu finden ist.
nudge-the-player = der Spieler am Zug
# Öffentlich. $name: wer anstupst; $who: wer am Zug ist; $game: die Nummer des
# Spiels; $since: wann das Warten begann; $task: was zu tun ist.
nudge = { $name } stupst { $who } an: Dein Zug in Spiel #{ $game } wartet (Zugbeginn: { $since }): { $task }.

## /aq mygames (privat)

mygames-none = Kein Spiel wartet auf dich: Wenn es hakt, liegt es an den anderen.
# $count: die Spiele.
mygames-heading = Du bist am Zug in { $count ->
    [one] { $count } Spiel
   *[other] { $count } Spielen
}, das längste Warten zuerst:
# Ein Spiel. $channel: sein Kanal; $game: seine Nummer; $task: was zu tun ist;
# $since: wann das Warten begann.
mygames-game-since = - { $channel } Spiel #{ $game }: { $task } (Zugbeginn: { $since })
mygames-game = - { $channel } Spiel #{ $game }: { $task }

## /aq notify (privat)

notify-not-this-command = Das ist nicht /aq notify.
notify-on = Zug-Hinweise per Direktnachricht sind an: Wenn du am Zug bist, bekommst du eine Direktnachricht mit dem Kanal. Ausschalten mit /aq notify dm:off.
notify-off = Zug-Hinweise per Direktnachricht sind aus.

## /aq game kick

# Abgelehnt. $game: die Nummer des Spiels.
kick-not-started = Spiel #{ $game } hat noch nicht begonnen.
kick-nobody = In Spiel #{ $game } muss gerade kein Mensch handeln: Es gibt niemanden abzuwählen.
kick-not-seated = Abstimmen können nur Spieler, die in Spiel #{ $game } mitspielen.
kick-own-turn = Du bist selbst am Zug: Spiel, oder überlass den Tisch der Abstimmung der anderen.
kick-no-limit = Spiel #{ $game } hat keine Zugzeit, darum kann niemand abgewählt werden; wer es eröffnet hat oder den Kanal verwaltet, kann mit /aq game settings turn_limit:2d eine festlegen.
kick-idle-not-seated = Der Spieler am Zug sitzt nicht an diesem Tisch.
# Abgelehnt. $name: wer am Zug ist; $since: seit wann; $limit: die Zugzeit
# (2d); $allowed: wann eine Abstimmung erlaubt ist.
kick-too-soon = { $name } ist am Zug (Zugbeginn: { $since }), und die Zugzeit ist { $limit }: Abstimmen geht erst { $allowed }.
# Abgelehnt. $name: wer am Zug ist.
kick-voted-already = Du hast schon dafür gestimmt, { $name } zu entfernen.
# Öffentlich. $name: wer abstimmt; $idle: wer am Zug ist; $since: seit wann;
# $votes: Stimmen bisher; $needed: nötige Stimmen.
kick-vote = { $name } stimmt dafür, { $idle } zu entfernen (Zugbeginn: { $since }): { $votes } von { $needed } nötigen Stimmen.
# Öffentlich, nach kick-vote. $name: der entfernte Spieler; $level: die Stufe,
# auf der der Platz weiterspielt.
kick-removed = { $name } ist entfernt: Der Platz spielt automatisch weiter (Stufe { $level }) und landet am Ende auf dem letzten Rang.
# Öffentlich, nach kick-vote, wenn eine Stimme den einzigen anderen Menschen
# in einem gewerteten Spiel entfernt. $name: der entfernte Spieler; $game:
# die Nummer des Spiels.
kick-ends-unrated = Mit nur zwei Menschen am Tisch beendet die Abstimmung Spiel #{ $game }, statt den Platz von { $name } dem Computer zu geben: Es bleibt ohne Wertung im Verlauf, und keine Wertungszahl ändert sich.
## Abwesend (/aq away, und die Einstellung eines Spiels dazu)

settings-away-computer = der Computer spielt die Züge eines Abwesenden nach { $after }
settings-away-waits = die Züge eines Abwesenden warten auf ihn
nudge-away = { $who } ist bis { $until } weg: Bis dahin wird nicht angestupst.
notify-before-on = Direktnachricht, wenn der Spieler vor dir dran ist: an. Abschalten mit /aq notify before:off.
notify-before-off = Direktnachricht, wenn der Spieler vor dir dran ist: aus.
away-not-this-command = Das ist nicht /aq away.
away-is = Du bist bis { $until } weg: Bis dahin keine Erinnerungen, kein Anstupsen, keine Zugnachrichten. Früher zurück mit /aq away until:off.
away-is-not = Du bist nicht weg. /aq away until:3d (oder ein Datum, 2026-12-24) sagt, dass du eine Weile weg bist.
away-in-the-past = „{ $value }“ ist schon vorbei: Gib eine Zeit in der Zukunft an.
away-too-long = „{ $value }“ ist zu weit weg: Abwesend höchstens 60d am Stück.
away-back = Willkommen zurück: Erinnerungen und Zugnachrichten sind wieder an.
away-set = Du bist bis { $until } weg: Bis dahin keine Erinnerungen, kein Anstupsen, keine Zugnachrichten. { $games ->
    [0] Du sitzt gerade an keinem Tisch.
    [one] Dein Tisch weiß Bescheid.
   *[other] Deine { $games } Tische wissen Bescheid.
} Früher zurück mit /aq away until:off.
away-told = { $name } ist bis { $until } weg (Spiel #{ $game }): Bis dahin keine Erinnerungen und kein Anstupsen; { $plays }.
away-told-computer = nach { $after } Warten spielt der Computer die Züge, im Verlauf als Computerzüge markiert
away-told-waits = die Züge warten auf die Rückkehr
# Nach away-set: wie viel der Abwesenheit dieses Jahres in Spielen mit
# Bedenkzeit noch die Uhr anhält. $left: diese Zeit, wie die Einstellungen
# eine Dauer schreiben (10d4h); $days: die Tage im Jahr (14).
away-allowance = In Spielen mit Bedenkzeit steht deine Uhr still, solange du abwesend bist, { $days } Tage im Kalenderjahr (UTC): Von diesem Jahr bleiben ab jetzt { $left } (außer in Spielen mit vacations:off).
# $game: the game; $tournament: its title.
settings-tournament-table = Partie #{ $game } ist ein Tisch von { $tournament }: sie spielt nach den Einstellungen des Turniers (Bedenkzeit, Zugfrist, Hinweise, Abwesenheit); nur Erinnerungen und Sprache lassen sich ändern.
