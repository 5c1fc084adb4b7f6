# 画像が見えない人のための、言葉で読む盤面 (src/view/describe.rs)：画像の説明
# (Discord の添付ファイルの説明、ウェブの代替テキスト) と、順に読む盤面 (board
# text、「読み上げ」ボタン)。メッセージはそれぞれ1つの文です。画像の説明は
# 1,024文字に収まるよう文の切れ目で切られるので、大事なことから先に言います。
# $game: ゲームの番号、$name: プレーヤー。

## 盤面の画像

# $round: ラウンドの番号。
describe-table = ゲーム#{ $game }の盤面の画像、第{ $round }ラウンド。
describe-table-last = ゲーム#{ $game }の盤面の画像、第{ $round }ラウンド (最終ラウンド)。
describe-practice = 練習ゲームです (プレーヤーがタイルの順番を決めました)。
# $move: 直前の手がしたこと (盤面の実況)。
describe-changed = 直前の手：{ $move }

## 順に読む盤面 (board text)

describe-board = ゲーム#{ $game }、第{ $round }ラウンド。
describe-board-last = ゲーム#{ $game }、第{ $round }ラウンド (最終ラウンド)。

## 対局時計があるゲームの各席の対局時計 (手番のあと)

# $seats: 下の各席の部分を並べたもの。
describe-clocks = 対局時計：{ $seats }。
# 手番を待っている席。$left: 残り時間 (設定の書き方、23h10m)。
describe-clock = { $name }さん 残り{ $left }
# 手番の席。時計が進んでいる、または止まっている (週末の停止、または不在)。
describe-clock-running = { $name }さん 残り{ $left } (進行中)
describe-clock-stopped = { $name }さん 残り{ $left } (停止中)
# 席の部分のあとに、以前に時間切れになったことがあるとき。$count: 回数、
# $most: 席がコンピューターに渡される回数 (3)。
describe-clock-timeouts = (時間切れ { $count }/{ $most }回)

## トラック：$truck (番号)、$tiles (のっているタイルを言葉で、一覧)

describe-truck = トラック{ $truck }：{ $tiles }。
describe-truck-taken = トラック{ $truck }、このラウンドで{ $name }さんが取りました：{ $tiles }。
describe-truck-taken-empty = トラック{ $truck }、このラウンドで{ $name }さんが取りました。
# トラックの一覧の1項目。$count: 空いた場所の数。
describe-free = 空き{ $count }か所

## プレーヤー：$points、$coins (数)

describe-player = { $name }さん：{ $points }点、コイン{ $coins }枚。
# $truck: このラウンドで取ったトラック。
describe-player-took = { $name }さん：{ $points }点、コイン{ $coins }枚。このラウンドでトラック{ $truck }を取りました。
describe-player-out = { $name }さん (放置のため投票で外されました)：{ $points }点、コイン{ $coins }枚。
describe-player-out-of-time = { $name }さん (時間切れが続きました)：{ $points }点、コイン{ $coins }枚。

## 水族館

describe-zoo = ゲーム#{ $game }の{ $name }さんの水族館の画像。
# $animals: 動物の名前、$count: タイルの枚数、$cells: 置かれているマス
# (コマンドの言葉の座標)。
describe-basin = { $animals }の水槽、{ $count }枚 ({ $cells })。
# $marks: タイルの印 (describe-males、-females、-offspring、-fish、-bolts) の一覧。
describe-basin-marked = { $animals }の水槽、{ $count }枚 ({ $cells })：{ $marks }。
describe-no-basin = 水槽はまだありません。
# $count: 受精できるその性の動物の数、$bred: そのうち子どもが生まれた数。
describe-males = 受精できるオス{ $count }枚{ $bred ->
    [0] {""}
   *[other] (うち{ $bred }枚は子どもが生まれました)
}
describe-females = 受精できるメス{ $count }枚{ $bred ->
    [0] {""}
   *[other] (うち{ $bred }枚は子どもが生まれました)
}
describe-offspring = 子ども{ $count }枚
describe-fish = 魚マーク{ $count }枚
describe-bolts = 稲妻マーク{ $count }枚
# $count: 空いた場所、$basins: いまの水槽の数、$limit: 持てる水槽の数。
describe-spaces = 空いた場所{ $count }か所。水槽は{ $limit }つまでのうち{ $basins }つ。
describe-depot-empty = 倉庫は空です。
# $count: 倉庫のタイルの枚数、$tiles: それを言葉で (一番上から)。
describe-depot = 倉庫に{ $count }枚 (上から)：{ $tiles }。
# $list: 従業員 (describe-cashiers など) をまとめたもの。
describe-coworkers = 従業員：{ $list }。
describe-coworkers-none = 従業員はいません。
describe-cashiers = 売り場係{ $count }人
describe-keepers = 飼育係{ $count }人
describe-manager = マネージャー
# $cells: 調教師のいるマス。
describe-trainers = 調教師{ $count }人 ({ $cells })

## リプレイ、得点カード、振り返りの決断

# $moves: 見せる手の数。
describe-replay = ゲーム#{ $game }のリプレイのアニメーション、{ $moves }手。
describe-card = ゲーム#{ $game }の最終得点。
# $names: 勝った人 (得点かコインで勝つのは1人だけ)。
describe-card-won = 得点で{ $names }さんの勝ちです。
describe-card-won-coins = 得点は同点で、コインの数で{ $names }さんの勝ちです。
describe-card-shared = 得点もコインも同じで、{ $names }さんが勝ちを分け合いました。
# $rank: 順位、$points: 合計、$animals、$cashiers、$keepers、$trainers、
# $depot: 種類ごとの得点、$coins: 残ったコイン。
describe-card-player = { $rank }位：{ $name }さん、{ $points }点 (動物 { $animals }、売り場係 { $cashiers }、飼育係 { $keepers }、調教師 { $trainers }、倉庫 { $depot })、コイン{ $coins }枚。
describe-card-player-out = { $rank }位：{ $name }さん (放置のため投票で外されました)、{ $points }点 (動物 { $animals }、売り場係 { $cashiers }、飼育係 { $keepers }、調教師 { $trainers }、倉庫 { $depot })、コイン{ $coins }枚。
describe-card-player-out-of-time = { $rank }位：{ $name }さん (時間切れが続きました)、{ $points }点 (動物 { $animals }、売り場係 { $cashiers }、飼育係 { $keepers }、調教師 { $trainers }、倉庫 { $depot })、コイン{ $coins }枚。
# $n: ログでの手の番号、$cost: 失ったおよその点数。
describe-decision = 振り返りの画像：{ $n }手目、{ $name }さんの決断 (およそ{ $cost }点の損)。
# $move: その手がすること (盤面の実況)。
describe-played = 打った手：{ $move }
describe-preferred = よりよい手：{ $move }

## コマンドの言葉でタイルを言っていたところ

# 待っているタイル：$slot (位置の番号)、$tile (タイルを言葉で)。
engine-slot = { $slot }: { $tile }
# 待っているタイルの指定のしかた：$option (入力するとおり、tile:1)、$tile。
engine-slot-option = { $option } ({ $tile })

## Discordで盤面を文章に

# 盤面のメッセージの下のボタン。盤面を文章で本人にだけ見せる (80文字まで)。
label-describe = 文章で説明

## お金を使うアクションのボタン (タイルの名前で長すぎるとき)

label-money-move-depot-tile-short = 倉庫のいちばん上のタイルを水族館に移す (コイン1枚)
label-money-discard-short = 倉庫のいちばん上のタイルを捨てる (コイン2枚)

## 終わったゲームのウェブページ

# ウェブページの振り返りの一覧の項目 (ダッシュなし)。review-decision と同じ。
review-decision-entry =
    { $n }手目、約{ $cost }点の損：打った手 { $played_command } ({ $played })
    よりよい手 { $preferred_command } ({ $preferred })

# ウェブページの最終得点の表 (src/web/result.rs)。
web-final-place = 順位
web-final-animals = 動物
web-final-cashiers = 売り場係
web-final-keepers = 飼育係
web-final-trainers = 調教師
web-final-depot = 倉庫
web-final-voted-out = (投票で外されました)
web-final-out-of-time = (時間切れ)
web-final-card = 最終得点の画像
