# /season: die Rangliste eines Ortes nach Saison (Kalendermonat oder
# Quartal, UTC), Wertungen laufen weiter. Nur für den Fragenden.

season-length-who = Nur wer den Server verwalten darf, wählt, wie lange seine Saisons dauern.
season-length-set = { $length ->
    [month] Saisons dauern hier jetzt einen Monat.
    [off] Saisons sind hier jetzt aus: die Rangliste ist die ewige (/aq past stats).
   *[quarter] Saisons dauern hier jetzt ein Quartal (drei Monate).
}
season-off = Es gibt keine Saisons { $place }: wer ihn verwalten darf, schaltet sie mit /season length:month oder length:quarter ein.
season-unknown = Eine Saison namens { $which } gibt es nicht: this, last, ein Monat wie 2026-11 oder ein Quartal wie 2026-Q4.
season-not-begun = Die Saison { $season } hat noch nicht begonnen.
season-title = Saison { $season } { $place }: { $games ->
    [one] { $games } gewertete Partie
   *[other] { $games } gewertete Partien
}.
season-nobody = In dieser Saison hat noch niemand { $min } gewertete Partien gespielt.
season-line = { $rank }. { $name }: Wertung { $estimate } ({ $gained } in dieser Saison), { $games ->
    [one] { $games } Partie
   *[other] { $games } Partien
}, { $wins } gewonnen
season-up = +{ $by }
season-down = −{ $by }
season-more = …und { $people } weitere in der Rangliste.
season-unranked = { $people ->
    [one] { $people } weitere Person hat
   *[other] { $people } weitere Personen haben
} weniger als { $min } gewertete Partien gespielt.
season-how = Wertungen laufen von Saison zu Saison weiter: eine Saison reiht, wer in ihr { $min } oder mehr gewertete Partien gespielt hat, nach der Wertung nach seiner letzten.
season-kept = Sie ist vorbei: die Rangliste, wie sie damals war.
season-ends = Diese Saison endet { $end }.
season-other-length = Diese Saison läuft noch; die Saisons hier sind anders lang.
