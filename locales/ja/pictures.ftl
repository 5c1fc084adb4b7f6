# 絵に描かれる言葉：手のあとの盤面、大きく描いた1つの水族館、終了時の得点表、
# リプレイの説明文。どれも枠の中に描かれます。長い言葉は列を広げるか切られる
# ので、ラベルは短く。

## 状況の行と、トラックの上の指示

# $round: ラウンドの番号。
picture-round = ラウンド{ $round }
picture-last-round = 最終ラウンド
picture-draw-pile = 山
picture-reserve = 予備の山
# 状況の行の右に、だれのターンか。$name: プレーヤー。
picture-turn-of = { $name }さんのターン
# 練習ゲームの指示の横に。
picture-practice = 練習
# 練習ゲームの終了時の見出し。$title: picture-game-over*。
picture-practice-title = { $title } (練習)
# 待っているものがないときの指示。$name: プレーヤー。
picture-prompt-turn = { $name }さんの番です：タイルを引く、トラックを取る、またはコインを使う。
# 待っているものがあるときの指示。$name: プレーヤー、$tasks: picture-task-*
# (いくつかは picture-task-then でつなぐ)。
picture-prompt-must = { $name }さんは{ $tasks }必要があります。
# $done: それまでのこと、$next: もう1つ。
picture-task-then = { $done }、次に{ $next }
# $animal: 動物の名前 (animal-*)。
picture-task-offspring-one = { $animal }の子どもを置く
# $count: 待っている子どもの数 (2以上)。
picture-task-offspring = 子ども{ $count }枚を置く
picture-task-hire-one = 得たばかりの従業員を置く
# $count: 待っている従業員の数 (2以上)。
picture-task-hire = 従業員{ $count }人を置く
# $count: 待っているタイルの数、$tiles: その位置 (番号の並び)。
picture-task-tiles = タイル{ $tiles }を置く
# 同じく、運んできたトラックとともに。$truck: その番号。
picture-task-tiles-of-truck = トラック{ $truck }のタイル{ $tiles }を置く

## トラック

# $truck: その番号。
picture-truck = トラック{ $truck }
# 取られたトラックの下に。$name: 取った人。
picture-taken-by = { $name }さんが取った
picture-truck-full = 満載
# $count: トラックの空き。
picture-truck-free = 空き{ $count }
# トラックの横の、置くのを待っているもののカードと、その下の言葉。
picture-waiting = 待機中
picture-waiting-offspring = 置く子ども
picture-waiting-coworker = 置く従業員
picture-waiting-both = 子ども、従業員

## プレーヤーのパネル

# 名前に描ける文字がないプレーヤー。$seat: 席 (1〜5)。
picture-player = プレーヤー{ $seat }
# コンピューターが打つ席の名前のあとの印。
picture-auto = 🤖 自動
# 名前のあとの札。
picture-tag-to-play = 手番
picture-tag-placing = 配置中
picture-tag-winner = 勝者
# 対局時計があるゲームのパネルの時計の行。$left: その席の残り時間 (設定の
# 書き方、23h10m)。手番を待っている席：
picture-clock = 残り{ $left }
# 手番の席。時計が進んでいる。
picture-clock-running = 残り{ $left } 進行中
# 手番の席。時計が止まっている (週末の停止、または不在)。
picture-clock-stopped = 残り{ $left } 停止中
# 時計のあとに、以前に時間切れになったことがあるとき。$count: 回数、$most:
# 席がコンピューターに渡される回数 (3)。
picture-clock-timeouts = 時間切れ { $count }/{ $most }回
# 同じく、行に入らないときの短い形。
picture-clock-timeouts-short = 切れ{ $count }/{ $most }
# 見出しの合計のあと。
picture-points-unit = 点
# 見出しの下の得点の行。部分は空白でつなぐ：動物の点、次にほかの項目の符号
# つきの点。$count: 動物の点。
picture-points-animals = 動物{ $count }
# $points: 符号つきの点 (+2、−3 など、そのまま)。
picture-points-cashiers = 売り場係{ $points }
picture-points-keepers = 飼育係{ $points }
picture-points-trainers = 調教師{ $points }
picture-points-depot = 倉庫{ $points }
# 同じく、長い行が入らないときの短い形。
picture-points-cashiers-short = 売{ $points }
picture-points-keepers-short = 飼{ $points }
picture-points-trainers-short = 調{ $points }
picture-points-depot-short = 倉{ $points }
# 従業員の行。$roles: いる役 (picture-cashiers…) を「 · 」でつないだもの。
picture-coworkers = 従業員：{ $roles }
picture-coworkers-none = 従業員はまだいません
# $count: その役の人数。
picture-cashiers = 売り場係{ $count }人
picture-keepers = 飼育係{ $count }人
picture-trainers = 調教師{ $count }人
picture-manager = マネージャー
# 倉庫の行：見出し、いちばん上のタイル、種類ごとのタイル、マネージャー。
picture-depot = 倉庫
picture-depot-empty = 空
picture-depot-top = 上
picture-depot-manager = マネージャー

## 大きく描いた水族館：横の列

picture-side-coworkers = 従業員
picture-side-manager = マネージャー
# $count: その役の従業員、$most: その役の上限。
picture-of = { $count }/{ $most }
picture-yes = あり
picture-no = なし
# $count: 水族館の動物の種類、$limit: 持てる水槽の数。
picture-basins = 水槽 { $count }/{ $limit }
picture-side-score = ここまでの得点

## 終了時の得点表 (その列。横の列の行にも)

picture-score-animals = 動物
picture-score-cashiers = 売り場係
picture-score-keepers = 飼育係
picture-score-trainers = 調教師
picture-score-depot = 倉庫
picture-score-total = 合計
picture-score-coins = コイン
picture-game-over = ゲーム終了
# $name: 勝者。
picture-game-over-won = ゲーム終了：{ $name }さんの勝ち！
# $names: 勝者たち (並び)。
picture-game-over-shared = ゲーム終了：{ $names }さんが同点で勝ち！

## リプレイの説明文

# $round: ラウンド。
picture-replay-start = ラウンド{ $round }：ゲーム開始。
# ラウンドごとのリプレイ。$move: それまでの手の数。
picture-replay-round-end = ラウンド{ $round }終了、{ $move }手目。
# $sentence: その手で起きたこと (エンジンの文)。
picture-replay-move = ラウンド{ $round }、{ $move }手目：{ $sentence }
# 1枚の絵に何手か：$from、$to: 最初と最後の手。
picture-replay-moves = ラウンド{ $round }、{ $from }〜{ $to }手目：{ $sentence }
# 最後の絵。$moves: 打たれた手の数。
picture-replay-over = { $moves }手でゲーム終了。
# $names: 勝者 (または並び)、$points: その合計。
picture-replay-won = { $moves }手でゲーム終了：{ $points }点で{ $names }さんの勝ち。
picture-replay-shared = { $moves }手でゲーム終了：{ $points }点で{ $names }さんが同点で勝ち。

## 最後の盤面に添える得点カード (src/render/score_card.rs)

# $game: ゲームの番号。
picture-card-title = ゲーム#{ $game }：最終得点
# $name: 勝った人。
picture-card-wins = { $name }さんの勝ち！
# $names: 勝った人たち (リスト)。
picture-card-share = { $names }さんが同点で勝ち！
# 勝者の下に：勝ちを決めたルール (同点のとき)。
picture-card-by-points = 得点がいちばん多い。
picture-card-by-coins = 得点が同点：コインの多いほうの勝ち。
picture-card-by-nothing = 得点もコインも同点：勝ちを分け合います。
picture-card-note-total = 合計：動物、売り場係、飼育係、調教師から倉庫を引いたもの。
picture-card-note-coins = コインは得点ではありません。得点が同点のときに勝ちを決めます。
# 放置で外されたプレーヤーの下に。
picture-card-voted-out = 放置で外されたので最下位です。
# 時間切れが続いた人の下。
picture-card-out-of-time = 時間切れが続いたので最下位です。

## 大会の順位表 (src/render/standings.rs)

picture-standings-place = 順位
picture-standings-player = プレイヤー
picture-standings-points = ポイント
picture-standings-games = ゲーム
picture-standings-byes = 不戦
picture-standings-game-points = 得点合計
picture-standings-buchholz = ブッフホルツ
picture-standings-nobody = まだ誰も参加登録していません。
picture-standings-more = ほか{ $count }人：全員の順位は tournament standings で見られます。
picture-standings-note = ポイント (卓の1位12点から最下位0点、不戦6点) の順。同点なら得点合計、ブッフホルツ、直接対決、登録順。
picture-standings-number = { $value }
