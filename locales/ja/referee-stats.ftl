# /aq past stats：ある場所の終わったゲームの数字とランキング、または1人の
# プレーヤーの数字。本人にだけ。

# 数字を数える場所。
stats-this-server = このサーバー
stats-this-channel = このチャンネル
# 拒否。$name: 指定されたプレーヤー、$place: stats-this-*。
stats-nobody-called = { $place }で、{ $name }という名前でゲームを終えた人はいません。プレーヤーを指定せずに /aq past stats を使うと、終えた人がわかります。
stats-no-games = { $place }ではまだゲームが終わっていません (シードやデッキを指定した練習ゲームは数えません)。/aq game new でゲームを開いてください。

## ある場所の数字

# $place: stats-this-*、$games: 終わったゲームの数。
stats-place = { $place }のアクアレット：終わったゲームは{ $games }ゲームです。練習ゲーム (シードやデッキを指定したもの) は数えません。
# $average: 平均点。
stats-scores = 得点 (コンピューターのプレーヤーを含む全席)：平均{ $average }点。
# $best: 最高点、$name: 誰の、$game: どのゲームで。
stats-scores-best = 得点 (コンピューターのプレーヤーを含む全席)：平均{ $average }点、最高{ $best }点 (ゲーム#{ $game }の{ $name }さん)。
# $animals: 動物の名前、$tiles: タイルの枚数。
stats-favourite = 人気の動物：{ $animals } (ゲーム終了時に水族館にあったタイル{ $tiles }枚)。
# $times: コンピューターのプレーヤーが勝ったゲームの数。
stats-computer-wins = コンピューターのプレーヤーは{ $times }回勝っています。
# 空行のあとに。$min: ランキングに入るのに必要な終えたゲームの数。
stats-leaderboard =
    { "" }
    ランキング：勝利数、勝率、平均得点の順。終えたゲームが{ $min }ゲーム以上の人が対象です (コンピューターのプレーヤーは入りません)。
stats-nobody-ranked = まだランキングに入った人はいません。ランキングには{ $min }ゲームを終える必要があります。
# ランキングの1人。$rank: 順位 (桁をそろえたもの)、$name、$wins、$games、
# $rate: 勝率 (%)、$average: 平均点、$best: 最高点。
stats-leader = { $rank }. { $name }：{ $games }ゲーム中{ $wins }勝 ({ $rate }%)、平均{ $average }点、最高{ $best }点
# $people: まだランキングに入っていない人の数、$min: 必要な終えたゲームの数。
stats-unranked = ほかに{ $people }人が、終えたゲームが{ $min }ゲーム未満のため、まだランキングに入っていません。
stats-own-numbers = プレーヤーごとの数字：/aq past stats player:<player>

## プレーヤーの数字

# $name: プレーヤー、$place: stats-this-*、$games、$wins、$rate: 勝率 (%)。
stats-player = { $place }の{ $name }さん：終えたゲーム{ $games }、{ $wins }勝 ({ $rate }%)。
# $average: 平均点、$best: 最高点、$game: そのゲーム。
stats-player-scores = 平均{ $average }点、最高{ $best }点 (ゲーム#{ $game })。
stats-player-favourite = よく集める動物：{ $animals } (ゲーム終了時に水族館にあったタイル{ $tiles }枚)。
stats-computer-not-ranked = コンピューターのプレーヤーはランキングに入りません。
# $rank: 順位、$of: ランキングの人数。$suffix は英語の序数の語尾 (st、nd、
# rd、th) で、日本語では使いません (言わずに済むよう、空の選択で受けます)。
stats-player-rank = ランキング：{ $of }人中{ $rank }位{ $suffix ->
   *[other] {""}
}。
stats-player-not-ranked = まだランキングに入っていません。ランキングには{ $min }ゲームを終える必要があります。

## レーティングと手番の時間

# 空行のあとに：レーティングのランキング。
stats-ratings =
    { "" }
    レーティング (Weng-Lin)：平均から標準偏差の3倍を引いた控えめな推定値の高い順。コンピューターのプレーヤーは強さごとに評価し、練習ゲームと中止したゲームは評価しません。
stats-nobody-rated = まだレーティングのある人はいません。
# $rank: 順位 (桁をそろえたもの)、$name、$estimate: 平均−標準偏差×3、
# $mean: 平均、$deviation: 標準偏差、$games: 評価されたゲームの数。
stats-rating = { $rank }. { $name } — { $estimate } ({ $mean } ± { $deviation })、評価されたゲーム{ $games }
# 空行のあとに：人の手番にかかった時間の中央値。
stats-pace =
    { "" }
    手番にかかった時間の中央値 (人の手番、終わったゲームと進行中のゲーム)：
# $name、$time: stats-seconds / stats-minutes / stats-hours、$moves: 数えた手番の数。
stats-pace-line = { $name }：{ $time } ({ $moves }手)
# 空行のあとに。$game: このチャンネルで進行中のゲーム。
stats-pace-game =
    { "" }
    このチャンネルのゲーム#{ $game }で手番にかかった時間の中央値：
# 手番にかかった時間。
stats-seconds = { $s }秒
stats-minutes = { $m }分{ $s }秒
stats-hours = { $h }時間{ $m }分
# プレーヤーのレーティング。$estimate、$mean、$deviation、$rank: 順位、
# $of: レーティングのある人数、$games: 評価されたゲームの数。$suffix は英語の
# 序数の語尾で、日本語では使いません。
stats-player-rating = レーティング：{ $estimate } ({ $mean } ± { $deviation })、{ $of }人中{ $rank }位{ $suffix ->
   *[other] {""}
}、評価されたゲーム{ $games }。
stats-player-unrated = まだレーティングはありません。
stats-player-history = 最近の評価されたゲームごとのレーティング (新しい順)：
# $game、$estimate、$mean、$deviation: そのゲーム後のレーティング、$place: そのゲームの順位、
# $players: 席の数。$suffix は使いません。
stats-player-history-line = ゲーム#{ $game }：{ $estimate } ({ $mean } ± { $deviation })、{ $players }人中{ $place }位{ $suffix ->
   *[other] {""}
}
# $time、$moves: 数えた手番の数。
stats-player-pace = 手番にかかった時間の中央値：{ $time } ({ $moves }手)。
