# Die Worte der Regel-Engine: ihre Ablehnungen, was der Spieler jetzt tun
# muss, warum ein Spiel nicht aufgebaut werden kann, nicht verstandene Wörter
# der Befehlssprache und die Gründe des Computerspielers (src/lang/engine/).
# Felder (`$cell`, `$at`), Plättchenwörter, Transportwagen und Befehlstext
# gehören zur Befehlssprache und bleiben, wie sie sind.
#
# Kasus: Ein Plättchen ($tile, $a-name, $a-animal) ist eine Nominativ-Phrase
# („ein Delfin“, „eine Schildkröte“); die Sätze stellen es deshalb hinter
# einen Doppelpunkt oder in den Nominativ („auf K11 liegt schon …“).

## Satzteile

# Die letzten zwei Glieder einer Liste von Möglichkeiten: $init, $last.
engine-list-or = { $init } oder { $last }
# Eine Liste, ein Glied mehr: $init, $next.
engine-list-comma = { $init }, { $next }
# Alle zusammen: $init, $last.
engine-list-and = { $init } und { $last }
# Ein Grund und was stattdessen geht: $why, $then.
engine-because = { $why }: { $then }
# Ein Tier mit unbestimmtem Artikel (Nominativ): $animal (das Befehlswort,
# wählt das Genus), $name (der Name des Tiers).
engine-a-animal = { $animal ->
    [turtle] eine { $name }
   *[other] ein { $name }
}
# Eine Tafelgröße als Adjektiv vor „Ausbautafel(n)“: $size (small oder large).
engine-size = { $size ->
    [small] kleine
   *[large] große
}
# In einer Liste von Plätzen für ein Plättchen (nach „auf K11 oder …“).
engine-the-depot = ins Depot
# In der Liste der Mitarbeiter, die man einsetzen kann (nach „einen …“).
engine-trainer-on-empty-space = Trainer auf einem freien Feld

## Plättchen in Sätzen: $name (Name des Tiers), $a-name (mit Artikel)

engine-tile-coin = ein Münzplättchen
engine-tile-plain = { $a-name }
engine-tile-male = ein fruchtbares Männchen ({ $name })
engine-tile-female = ein fruchtbares Weibchen ({ $name })
engine-tile-fish = { $a-name } mit Fisch
engine-tile-bolt = { $a-name } mit Blitz
engine-tile-young = { $a-name } (Nachwuchs)

## Plättchen auf Etiketten: $animal (Name des Tiers), $fish und $offspring
## (die Begriffe, für die Zeichen, die sie nennen)

engine-label-plain = { $animal }
engine-label-male = { $animal } ♂
engine-label-female = { $animal } ♀
engine-label-fish = { $animal } ({ $fish })
engine-label-bolt = { $animal } ⚡
engine-label-young = { $animal } ({ $offspring })

## Wohin ein Tier darf: $animals (Name des Tiers, Mehrzahl), $cells (Liste)

engine-room = { $animals } können auf { $cells } gelegt werden
engine-room-none = für { $animals } ist in deinem Wasserpark kein Platz
engine-only-the-depot = für { $animals } ist in deinem Wasserpark kein Platz: nur das Depot bleibt
# Nach „das oberste Plättchen deines Depots (Delfin)“: $cells.
engine-top-may-go = kann auf { $cells } gelegt werden
engine-top-nowhere = hat in deinem Wasserpark keinen Platz

## Warum ein Feld kein Tier und keinen Trainer aufnimmt: $cell

engine-blocked-cardboard = { $cell } gehört zum Rahmen der Tafel und ist kein Feld
engine-blocked-not-a-space = { $cell } ist kein Feld deines Wasserparks
# $tile: das Plättchen dort (engine-tile-*).
engine-blocked-holds = auf { $cell } liegt schon { $tile }
engine-blocked-holds-trainer = auf { $cell } steht schon ein Trainer
# $animal: die Tierart des anderen Beckens; $at: ein Feld dieses Beckens.
engine-blocked-touches-other = { $cell } grenzt bei { $at } an dein Becken „{ $animal }“, und Becken verschiedener Tierarten dürfen sich an keiner Kante berühren
# $animal: die Tierart des Plättchens.
engine-blocked-away = { $cell } berührt dein Becken „{ $animal }“ nicht, und ein Wasserpark hat nur ein Becken je Tierart
# $count: wie viele Becken; $basins: ihre Tierarten.
engine-blocked-basin-limit = dein Wasserpark hat schon { $count } Becken ({ $basins }), mehr sind nicht erlaubt: Jede große Ausbautafel erlaubt eines mehr

## Warum eine Ausbautafel dort nicht hinkann

# $cells: Felder einer passenden Tafel, wie die Option cells sie nimmt.
engine-expansion-example = zum Beispiel cells:"{ $cells }"
engine-expansion-no-example = es ist keine Stelle mehr frei
# $size: engine-size.
engine-expansion-both-placed = { $size } Ausbautafeln hast du schon beide angelegt
# $size: engine-size; $shape: small oder large (wählt die Form); $cells: die
# angegebenen Felder; $example: engine-expansion-example oder -no-example.
engine-expansion-shape = eine { $size } Ausbautafel bedeckt { $shape ->
    [small] 3 Felder in L-Form (ein 2×2-Quadrat ohne eine Ecke)
   *[large] 4 Felder in einem 2×2-Quadrat
}, und das ist „{ $cells }“ nicht: { $example }
# $cell, $example.
engine-expansion-on-frame = { $cell } liegt auf deiner Wasserpark-Tafel: Eine Ausbautafel kommt außen an sie heran, { $example }
engine-expansion-on-board = { $cell } liegt schon auf einer deiner Ausbautafeln: { $example }
# $example.
engine-expansion-detached = eine Ausbautafel muss eine Kante mit deiner Wasserpark-Tafel oder einer früheren Ausbautafel teilen: { $example }

## Was der Spieler jetzt tun muss (auch in einer Ablehnung)

# Als Satz: $asked (eines der engine-asked-*).
engine-prompt = { $asked }.
engine-asked-over = Das Spiel ist vorbei
# $name: der Spieler; $animal: die Tierart des Nachwuchses; $room: engine-room oder -room-none.
engine-asked-offspring = { $name } muss den Nachwuchs ({ $animal }) anlegen: { $room }
# $name; $command: der Befehl zum Einsetzen.
engine-asked-hire = { $name } muss den gerade erhaltenen Mitarbeiter einsetzen: { $command }
# $name; $tiles: jedes wartende Plättchen mit seinem Platz, „1: dolphin-m, 3: orca“.
engine-asked-truck-tiles = { $name } muss die Plättchen des genommenen Transportwagens anlegen ({ $tiles })
# $name.
engine-asked-turn = { $name } ist am Zug

## Was der Spieler jetzt tun muss, an ihn gerichtet (Erinnerungen)

# $animal: die Tierart des Nachwuchses.
engine-task-offspring = leg den Nachwuchs ({ $animal }) an
engine-task-hire = setz den erhaltenen Mitarbeiter ein
# $tiles: jedes wartende Plättchen mit seinem Platz.
engine-task-truck-tiles = leg die Plättchen deines Transportwagens an ({ $tiles })
engine-task-turn = zieh ein Plättchen auf einen Transportwagen, nimm einen Transportwagen oder mach eine Geldaktion

## Transportwagen: $truck (seine Nummer)

engine-truck-none = es gibt keinen Transportwagen { $truck }
# $name: wer ihn genommen hat.
engine-truck-taken = Transportwagen { $truck } hat in dieser Runde schon { $name } genommen
engine-truck-full = Transportwagen { $truck } ist voll
engine-truck-empty = auf Transportwagen { $truck } liegt noch kein Plättchen
engine-truck-none-to-draw = Alle Transportwagen in der Mitte sind voll: Nimm einen Transportwagen oder mach eine Geldaktion
engine-truck-none-to-take = Auf keinem Transportwagen in der Mitte liegt bisher ein Plättchen: Zieh ein Plättchen auf einen davon
# $trucks: die Wagen, die gehen.
engine-truck-may-draw = Du kannst auf Transportwagen { $trucks } ziehen
engine-truck-may-take = Du kannst Transportwagen { $trucks } nehmen

## Plätze der Mitarbeiter

engine-post-both-cashiers = in beiden Kassenhäuschen sitzt schon ein Kassierer
engine-post-both-keepers = an beiden Futterstationen steht schon ein Tierpfleger
engine-post-has-manager = dein Depot hat schon einen Manager
# $cell.
engine-post-no-trainer = auf { $cell } steht kein Trainer
# $role: der Name der Rolle.
engine-post-no-role = du hast keinen { $role }
engine-no-coworker-to-move = Du hast keinen Mitarbeiter, den du versetzen könntest
# $posts: wo die Mitarbeiter des Spielers stehen (Rollenwörter und Felder).
engine-may-move-from = Du kannst deinen Mitarbeiter von { $posts } versetzen

## Ablehnungen eines Zugs

engine-refusal-game-over = das Spiel ist vorbei: Es gibt keine Züge mehr
engine-refusal-not-seated = du spielst in diesem Spiel nicht mit
# $name: wer am Zug ist.
engine-refusal-took-truck = du hast in dieser Runde schon einen Transportwagen genommen und bist erst in der nächsten Runde wieder dran; { $name } ist am Zug
engine-refusal-not-your-turn = { $name } ist am Zug, nicht du
# $asked: eines der engine-asked-*.
engine-refusal-finish-first = { $asked }; vorher geht nichts anderes
engine-refusal-no-tiles-left = es gibt keine Plättchen mehr zum Ziehen: Nimm einen Transportwagen oder mach eine Geldaktion
# $animal: die Tierart des Nachwuchses; $room: engine-room oder -room-none; $slot: das genannte Plättchen.
engine-refusal-offspring-first = zuerst wird der wartende Nachwuchs ({ $animal }) angelegt (lass tile weg): { $room }; danach das Plättchen { $slot }
# $why: engine-blocked-*; $room.
engine-refusal-offspring-blocked = { $why }: Der Nachwuchs muss in sein Becken, und { $room }
# $room.
engine-refusal-offspring-has-room = Nachwuchs kommt nur ins Depot, wenn sein Becken keinen Platz hat, und { $room }
# $command: der Befehl zum Einsetzen.
engine-refusal-hire-first = setz zuerst den gerade erhaltenen Mitarbeiter ein: { $command }
engine-refusal-nothing-to-place = kein Plättchen wartet aufs Anlegen: place kommt erst, wenn du einen Transportwagen genommen hast
# $at: der genannte Platz (ein Feld oder depot); $slots: wie man jedes wartende Plättchen nennt.
engine-refusal-no-tile-fits = keines der wartenden Plättchen darf an den Platz { $at }: Sag mit { $slots }, welches Plättchen wohin kommt
# $count: wartende Plättchen; $slots.
engine-refusal-which-tile = { $count ->
    [one] { $count } Plättchen wartet
   *[other] { $count } Plättchen warten
}: Sag mit { $slots }, welches
# $fitting: Plättchen, die dorthin dürfen; $count: wartende Plättchen; $at; $slots: die passenden.
engine-refusal-some-tiles-fit = { $fitting ->
    [one] { $fitting } von { $count } wartenden Plättchen darf
   *[other] { $fitting } von { $count } wartenden Plättchen dürfen
} an den Platz { $at }: Sag mit { $slots }, welches
# $slot: der genannte Platz; $slots.
engine-refusal-no-tile-in-slot = auf Platz { $slot } wartet kein Plättchen: Nimm { $slots }
engine-refusal-no-coworker-waiting = kein Mitarbeiter wartet aufs Einsetzen: Mitarbeiter gibt es für das 5. und das 10. Plättchen eines Beckens
engine-refusal-trainer-needs-cell = ein Trainer steht auf einem Feld deines Wasserparks: Sag mit at:<cell>, auf welchem
# $role: der Name der Rolle.
engine-refusal-only-trainer-on-cell = nur ein Trainer steht auf einem Feld; ein { $role } bekommt kein at:
# $why: engine-post-* oder engine-blocked-*; $roles: die freien Plätze.
engine-refusal-post-taken = { $why }: Du kannst einen { $roles } einsetzen
# $cost, $coins: Zahlen.
engine-refusal-cannot-afford = das kostet { $cost ->
    [one] { $cost } Münze
   *[other] { $cost } Münzen
}, und du hast { $coins }
engine-refusal-depot-empty-to-move = dein Depot ist leer: Es gibt kein Plättchen zum Versetzen
# $why: engine-blocked-*; $animal: die Tierart des Plättchens; $may-go: engine-top-*.
engine-refusal-depot-tile-blocked = { $why }: Das oberste Plättchen deines Depots ({ $animal }) { $may-go }
# $post: der genannte Platz (ein Rollenwort oder ein Feld).
engine-refusal-already-there = der Mitarbeiter ist schon an dem Platz { $post }: Wähl einen anderen
engine-refusal-buy-from-other = kauf bei einem anderen Spieler am Tisch
# $seller.
engine-refusal-seller-empty-all = das Depot von { $seller } ist leer, und die Depots der anderen auch
# $seller; $others: Spieler mit einem Plättchen im Depot.
engine-refusal-seller-empty = das Depot von { $seller } ist leer: Du kannst bei { $others } kaufen
# $why; $animal; $seller; $may-go: engine-top-*.
engine-refusal-bought-tile-blocked = { $why }: Das oberste Plättchen im Depot von { $seller } ({ $animal }) { $may-go }
engine-refusal-nothing-to-discard = dein Depot ist leer: Es gibt nichts abzuwerfen
engine-refusal-not-money-action = das ist keine Geldaktion

## Warum ein Spiel nicht aufgebaut werden kann

# $count: die Spieler.
engine-setup-players = Aquaretto ist für 2 bis 5 Spieler, nicht für { $count }
engine-setup-empty-name = ein Spielername ist leer
# $name.
engine-setup-same-name = zwei Spieler heißen { $name }
engine-setup-unknown-first = { $name } ist keiner der Spieler
# $animals: Name des Tiers, Mehrzahl.
engine-setup-show-animal-removed = { $animals } können nicht aus dem Spiel genommen werden: Delfine, Orcas und Seelöwen spielen immer mit
# $players; $count: herauszunehmende Tierarten; $given: genannte Tierarten.
engine-setup-removed-count = bei { $players } Spielern { $count ->
    [one] wird { $count } Tierart
   *[other] werden { $count } Tierarten
} aus dem Spiel genommen, nicht { $given }
# $players; $count: herauszunehmende Tierarten; $left: Fischfresser, die im Stapel fehlen.
engine-setup-deck-uses-types = bei { $players } Spielern { $count ->
    [one] muss { $count } Fischfresser-Art
   *[other] müssen { $count } Fischfresser-Arten
} aus dem Spiel, aber der Stapel enthält alle bis auf { $left }: Nenne die herausgenommenen Tierarten
# $tile: das Plättchenwort; $animals: seine Tierart, Mehrzahl.
engine-setup-deck-holds-removed = der Stapel enthält { $tile }, aber { $animals } sind in diesem Spiel herausgenommen
# $line: die Zeile des Stapels; $why.
engine-setup-deck-line = Zeile { $line } des Stapels: { $why }
engine-setup-two-reserves = ein zweites 'reserve'; ein Stapel hat nur eine Reserve
engine-setup-deck-empty = der Stapel enthält keine Plättchen
# $tile.
engine-setup-deck-offspring = der Stapel enthält { $tile }: Nachwuchs bleibt im Vorrat und wird nie gezogen
# $count; $tile; $in-box.
engine-setup-deck-too-many = der Stapel enthält { $count }-mal { $tile }, aber in der Schachtel sind nur { $in-box }

## Warum das Protokoll eines Spiels nicht nachgespielt werden konnte

# $why: engine-setup-*.
engine-replay-setup = der Spielaufbau ist ungültig: { $why }
# $move: seine Nummer; $why: eine Ablehnung.
engine-replay-move = Zug { $move } wird abgelehnt: { $why }

## Nicht verstandene Wörter der Befehlssprache: $word (wie eingegeben)

engine-bad-cell = „{ $word }“ ist kein Feld: Schreib eine Spalte A–U und eine Zeile 1–21, etwa K11
engine-bad-animal = „{ $word }“ ist kein Tier: Nimm dolphin, orca, sealion, turtle, penguin, polarbear, crocodile oder hippo
engine-bad-role = „{ $word }“ ist keine Rolle: Nimm cashier, keeper, manager oder trainer
engine-bad-size = „{ $word }“ ist keine Größe: Nimm small oder large
engine-bad-level = „{ $word }“ ist keine Stufe für Computerspieler: Nimm easy, normal oder strong
# $mark: das unbekannte Zeichen, ohne seinen Bindestrich.
engine-bad-mark = „{ $word }“ hat ein unbekanntes Zeichen „-{ $mark }“: Nimm -m, -f, -fish, -bolt oder -young
engine-bad-tile-show = ein Plättchen „{ $word }“ gibt es nicht: Showtiere tragen Blitze, nie Fische
engine-bad-tile-fish = ein Plättchen „{ $word }“ gibt es nicht: Fischfresser tragen Fische, nie Blitze

## Die Gründe des Computerspielers (das „Warum“ des Tipps)

engine-hint-only = der einzige erlaubte Zug
engine-hint-first = keine Suche möglich; der erste erlaubte Zug
engine-hint-immediate = die beste sofortige Bewertung (ohne Blick in die Zukunft)
# $share: Prozent der Verläufe; $count: simulierte Verläufe.
engine-hint-wins = gewinnt in { $share } % von { $count } simulierten Spielverläufen
engine-hint-ahead = vorn in { $share } % von { $count } simulierten Spielverläufen bis zum Ende der nächsten Runde
# $head: engine-hint-wins oder -ahead; $sign: plus oder minus; $points: der
# mittlere Abstand zum nächstbesten Zug.
engine-hint-margin = { $head }; { $sign ->
    [minus] -{ $points }
   *[plus] +{ $points }
} Punkte vor dem nächstbesten Zug
