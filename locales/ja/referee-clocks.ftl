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
# 手番を待っている席。$left: その手番の持ち分。
clocks-seat = { $name } { $left }
# /aq mygames のゲームの行のあとに：そのゲームでの自分の対局時計。
mygames-clock = あなたの対局時計：残り{ $left } (時間切れ：{ $out })。
mygames-clock-weekend = あなたの対局時計：残り{ $left } (週末のため停止中)。
