# 文字で描いた盤面 (src/view/text_table.rs)：ターミナルで、また画像を描けなかったときの
# Discord で見せます。それと `moves` の一覧 (src/referee/look/moves.rs)。
# タイルの言葉 (dolphin-m)、座標、コマンドはコマンドの言葉のまま。

## 盤面

# 最初の行。$round: ラウンドの番号、$pile: 山のタイルの枚数、$reserve: 予備の
# 山のタイルの枚数。
table-round = 第{ $round }ラウンド - 山 { $pile }枚 - 予備の山 { $reserve }枚
# 最終ラウンドのとき。
table-round-last = 第{ $round }ラウンド - 山 { $pile }枚 - 予備の山 { $reserve }枚 - 最終ラウンド
# 誰も取っていないトラック。$truck: 番号、$slots: のっているタイルと空き
# (タイルの言葉、- は空き、# はふさがった場所、「,」区切り)。
table-truck = トラック{ $truck }: [{ $slots }]
# 取られたトラック。$truck、$slots: 同上、$name: 取った人。
table-truck-taken = トラック{ $truck }: [{ $slots }] ({ $name }さんが取りました)

# プレーヤーの行。$name: 誰か、$coins: コイン、$cashiers、$keepers、
# $trainers: 人数、$manager: yes か no、$score: いまの得点、$truck: 取った
# トラック (ないときは 0。table-player-took だけが言う)。
table-player = { $name }さん - コイン{ $coins }枚、売り場係{ $cashiers }人、飼育係{ $keepers }人、マネージャー{ $manager ->
    [yes] あり
   *[no] なし
}、調教師{ $trainers }人 - 得点 { $score }点
# このラウンドでトラックを取ったあと。
table-player-took = { $name }さん - コイン{ $coins }枚、売り場係{ $cashiers }人、飼育係{ $keepers }人、マネージャー{ $manager ->
    [yes] あり
   *[no] なし
}、調教師{ $trainers }人 - 得点 { $score }点 - トラック{ $truck }を取りました

# プレーヤーの行の下：空の倉庫。
table-depot-empty = 倉庫: 空
# 倉庫。$tiles: タイルの言葉 (一番上から)、$counts: 動物ごとの枚数
# (table-depot-count を並べたもの)。
table-depot = 倉庫 (上から): { $tiles } [{ $counts }]
# $count: 枚数、$animal: 動物の名前。
table-depot-count = { $animal }{ $count }枚

# 水族館の図の記号と略号の意味。$codes: 動物ごとの略号 (table-legend-code
# を並べたもの)。
table-legend = m/f 受精できるオス/メス (M/F: 子どもが生まれた)、* 魚マーク、! 稲妻マーク、y 子ども、TRN 調教師、. 空いた場所。{ $codes }
# $code: 図の中の動物の3文字、$animal: その名前。
table-legend-code = { $code } { $animal }
# 盤面の最後の行。$legend: table-legend。
table-legend-blocked = ({ $legend }。# はトラックのふさがった場所)

## 得点表：列の見出しと、一番の人の印

table-score-player = プレーヤー
table-score-animals = 動物
table-score-cashiers = 売り場係
table-score-keepers = 飼育係
table-score-trainers = 調教師
table-score-depot = 倉庫
table-score-total = 合計
table-score-leads = トップ
table-score-winner = 勝者

## できる手の一覧

# 最初の行。$name: 手番のプレーヤー、$count: 手の数。
moves-heading = { $name }さんのできる手 ({ $count }通り)。番号を入力するとその手を打ちます:
# `moves <種類>` の最初の行。$name: 手番のプレーヤー、$chosen: 並べた手の数、
# $count: 手の総数、$family: 打たれた言葉。
moves-family-heading = { $name }さんのできる手 { $count }通りのうち { $family } の{ $chosen }通り。番号を入力するとその手を打ちます:
# `moves <種類>` がどの種類でもないとき。$of: 打たれた言葉、$name: 手番の
# プレーヤー、$families: ある種類 (コマンドの言葉を並べたもの)。
moves-no-family = いま { $name }さんには '{ $of }' の手はありません。手の種類は { $families } です (moves だけで全部を見られます)

# 似た手をまとめた行。$label: 何をするか (moves-*)、$counted: 何通りか
# (moves-count-*)、$how: どこで見られるか (moves-how-*)。
moves-folded = { $label }: { $counted } — { $how }
# ターミナルで。$command: 一覧を見せるコマンド。
moves-how-terminal = `{ $command }` で一覧を見られます
moves-how-discord = 盤面の下の操作から選べます

# 1行がまとめている手の数。$count: 数。
moves-count-trucks = トラック{ $count }台
moves-count-places = 置き場所{ $count }か所
moves-count-cells = マス{ $count }か所
moves-count-placements = 置き方{ $count }通り
moves-count-moves = { $count }通り

# 手の種類が何をするか。
moves-place-offspring = 子どもを置く
# $tile: 子どものタイルの言葉 (dolphin-young)。
moves-place-offspring-of = 子どもを置く ({ $tile })
# $slot: 置くのを待っているタイルの番号。
moves-place-tile = タイル{ $slot }を置く
# $slot: 同上、$tile: そのタイルの言葉。
moves-place-tile-of = タイル{ $slot }を置く ({ $tile })
# $role: 従業員 (role-*)。
moves-hire = { $role }を置く
moves-move-depot = 倉庫から移動する
# $tile: 倉庫の一番上のタイルの言葉。
moves-move-depot-of = 倉庫から移動する ({ $tile })
# $cell: 調教師のいる場所。
moves-move-trainer = { $cell }の調教師を移動する
# $role: 従業員 (role-*)。
moves-move-coworker = { $role }を移動する
# $name: 誰の倉庫か。
moves-buy = { $name }さんから購入する
# $name: 誰の倉庫か、$tile: その一番上のタイルの言葉。
moves-buy-of = { $name }さんから購入する ({ $tile })
moves-discard = 廃棄する
# $size: ボードの大きさの言葉 (small、large)。
moves-expand = { $size ->
    [small] 小さい
   *[large] 大きい
}拡張ボードで拡張する
