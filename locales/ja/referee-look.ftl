# ゲームを見る (本人にだけ)：盤面、水族館、得点、できる手。それとリプレイ。

# もう進んでいないゲームの番号のあとに (前の空白ごと)。
look-status-finished = {" "}(終了)
look-status-abandoned = {" "}(中止)
# $game: ゲームの番号、$players: 座っている人 (「、」区切り)。
look-gathering = ゲーム#{ $game }はプレーヤーを集めています：{ $players }。/aq game join で参加できます。
# 手番のプレーヤーがすべきことの前に。$status: look-status-* か空、
# $round: ラウンドの番号。
look-board = ゲーム#{ $game }{ $status }、第{ $round }ラウンド。
# $name: 誰の水族館か。
look-zoo = ゲーム#{ $game }{ $status }、{ $name }さんの水族館。
# 得点表の前に。
look-scores = ゲーム#{ $game }{ $status }の得点：
look-nobody-moves = ゲーム#{ $game }{ $status }：いま動けるプレーヤーはいません。
look-not-this-command = それはゲームを見るコマンドではありません。

## /aq past replay

replay-not-started = ゲーム#{ $game }はまだ始まっていないので、リプレイするものがありません。
replay-no-pictures = リプレイはアニメーション画像ですが、ここでは画像がオフになっています。
replay-failed = ゲーム#{ $game }のリプレイを描けませんでした。何も変更していません。
replay-status-lobby = ロビー
replay-status-running = 進行中
replay-status-finished = 終了
replay-status-abandoned = 中止
# $game: ゲームの番号、$status: replay-status-*、$moves: 見せる手の数、
# $pictures: 画像の枚数、$speed: 速さの言葉 (slow、normal、fast)。
replay-made = ゲーム#{ $game } ({ $status })：{ $moves }手、画像{ $pictures }枚、速さ { $speed }。
# $count: 省いた画像の枚数。
replay-dropped = Discord のアップロードの上限に収めるため、画像を{ $count }枚省きました。
# $percent: 盤面に対する大きさ (%)。
replay-scaled = 上限に収めるため、盤面の{ $percent }%の大きさで描きました。
