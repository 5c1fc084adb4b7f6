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
