# Die Beschriftungen der Schaltflächen und Menüs (src/controls/).

## Ein Spiel, das Spieler sucht

label-join = Beitreten
label-leave = Verlassen
label-start = Starten
label-add-computer = Computerspieler hinzufügen
label-level-easy = Leicht
label-level-easy-about = Spielt einen zufälligen erlaubten Zug
label-level-normal = Normal
label-level-normal-about = Spielt den besten Zug, den er jetzt sieht
label-level-strong = Stark
label-level-strong-about = Schaut über viele mögliche Verläufe voraus

## Blättern

label-older = ◀ Älter
label-newer = Neuer ▶
label-games-newer = ◀ Neuer
label-games-older = Älter ▶
label-previous-move = ◀ Zug { $n }
label-next-move = Zug { $n } ▶
