# 対局時計があるゲーム (/aq game settings clock:) の各席の残り時間。
# /aq board と /aq mygames に出る。

# ゲームの対局時計 (/aq board)。$pace: ペースの言葉 (fast、normal、slow)、
# $seats: 下の各プレーヤーの部分を並べたもの。
clocks-line = 対局時計 ({ $pace })：{ $seats }
# 手番の席。$name: プレーヤー、$left: 残り時間 (コマンドの言葉の書き方、
# 23h10m)、$out: 時間切れになる時刻。
clocks-seat-running = { $name } 残り{ $left } (時間切れ：{ $out })
# 週末で止まっているとき。
clocks-seat-weekend = { $name } 残り{ $left } (週末のため停止中)
# プレーヤーが不在のとき (1年に認められる日数の範囲内)。
clocks-seat-away = { $name } 残り{ $left } (不在のため停止中)
# 手番を待っている席。$left: その手番の持ち分。
clocks-seat = { $name } { $left }
# 席の部分のあとに、以前に時間切れになったことがあるとき。$count: 回数、
# $most: 席がコンピューターに渡される回数 (3)。
clocks-timeouts = (時間切れ { $count }/{ $most }回)
# /aq mygames のゲームの行のあとに：そのゲームでの自分の対局時計。
mygames-clock = あなたの対局時計：残り{ $left } (時間切れ：{ $out })。
mygames-clock-weekend = あなたの対局時計：残り{ $left } (週末のため停止中)。
mygames-clock-away = あなたの対局時計：残り{ $left } (不在のため停止中)。

## 時間切れ

# 対局時計が切れたプレーヤーの代わりにコンピューターが指す前に。$name: プレーヤー、
# $count: このゲームでのその人の時間切れの回数 (今回を含む)、$most: 席がコンピューターに
# 渡される回数 (3)、$level: コンピューターの強さ。
clocks-ran-out = { $name }さんの持ち分が時間切れになりました ({ $most }回中{ $count }回目)。このターンはコンピューター (強さ { $level }) が代わりに指します。
# そのターンのあと、最後の1回だったとき。$name、$most、$level: 上と同じ。
clocks-handed-over = { $name }さんは{ $most }回時間切れになりました。その席は自動でプレイを続け (強さ { $level })、最後は最下位になります。
# ゲームの終わりに、時間切れでコンピューターに渡された席について。$name: プレーヤー、$most: 上と同じ。
play-timed-out-ranked = { $name }さんは{ $most }回時間切れになりました。その席は自動でプレイを続け、順位は最下位です。
# そのような席の人が手を打とうとしたとき。$game: ゲームの番号。
play-timed-out = あなたはゲーム#{ $game }で{ $most }回時間切れになったので、その席は自動でプレイを続けます。このゲームではもう手を打てません。
press-timed-out = あなたはゲーム#{ $game }で{ $most }回時間切れになったので、その席は自動でプレイを続けます。このゲームではもう手を打てません。何も変わっていません。
