# Warum der Text eines Befehls nicht verstanden wurde (der Befehlsleser;
# src/lang/command.rs). Befehlsnamen, Optionen, Schreibweisen und getippte
# Werte sind die Befehlssprache und werden unverändert übergeben.

parse-empty = Gib einen Befehl ein, etwa /aq board oder /aq help
parse-unclosed-quote = Ein Anführungszeichen ist nicht geschlossen: Schreib Werte mit Leerzeichen wie cells:"N10 N11 O10"
parse-unknown-command = Einen Befehl „{ $name }“ gibt es nicht: Die Befehle sind { $commands }
parse-no-options = /aq { $command } hat keine Optionen, also nicht „{ $given }“
parse-bare-value = „{ $value }“ allein ist keine Option von /aq { $command }: Nenn die Option, wie in { $usage }
parse-unknown-option = /aq { $command } hat keine Option „{ $option }“: Seine Optionen sind { $options }
parse-option-twice = Die Option { $option } ist doppelt angegeben
parse-missing-usage = /aq { $command } braucht die Option { $option }: { $usage }
parse-missing = /aq { $command } braucht die Option { $option }
parse-not-number = { $option } muss eine ganze Zahl sein, nicht „{ $value }“
parse-no-such = { $option } { $number } gibt es nicht
parse-tiles-differ = tile:{ $tile } und at:{ $at } nennen verschiedene Plättchen: Gib das Plättchen nur einmal an
parse-cell-or-depot = { $why }, oder depot
parse-not-place = „{ $value }“ ist kein Platz: Schreib ein Feld wie K11 oder depot, wahlweise gefolgt von tile:<n>
parse-not-spot = „{ $value }“ ist weder depot noch eine Rolle (cashier, keeper, manager) noch ein Feld wie K11
parse-not-switch = { $option } ist on oder off, nicht „{ $value }“
parse-not-duration = „{ $value }“ ist keine Dauer: Schreib off oder eine Zahl mit Einheit, etwa 30m, 12h, 2d oder 1h30m (m Minuten, h Stunden, d Tage, w Wochen)
parse-too-short = „{ $value }“ ist zu kurz: Eine Einstellung braucht mindestens 1m (eine Minute) oder off
parse-too-long = „{ $value }“ ist zu lang: Eine Einstellung geht höchstens bis 60d oder off
parse-not-speed = „{ $value }“ ist keine Geschwindigkeit: slow, normal oder fast
parse-not-clock = „{ $value }“ ist keine Bedenkzeit: fast, normal, slow oder off
parse-not-reset-what = „{ $value }“ kann reset nicht erneuern: game (die Links dieses Spiels) oder server (die Seite des Servers)
parse-with-usage = { $why } ({ $usage })
parse-not-when = „{ $value }“ ist keine Rückkehr: Schreib eine Dauer wie 3d oder 12h, ein Datum wie 2026-12-24, oder off
parse-not-one-of = { $option } ist eines von { $choices }, nicht „{ $value }“
parse-only-for = { $option } ist eine Einstellung von /aq tournament { $of }, nicht von /aq tournament { $action }
