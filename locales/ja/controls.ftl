# ボタンとメニューの表示 (src/view/controls/)。

## 募集中のゲーム

label-join = 参加
label-leave = 退席
label-start = 開始
label-rematch = 再戦
label-add-computer = コンピューターを追加
label-level-easy = やさしい
label-level-easy-about = 打てる手からランダムに打つ
label-level-normal = ふつう
label-level-normal-about = 今見えるいちばん良い手を打つ
label-level-strong = 強い
label-level-strong-about = 多くの先を読んで打つ

## ページ

label-older = ◀ 前へ
label-newer = 次へ ▶
label-games-newer = ◀ 新しい
label-games-older = 古い ▶
label-previous-move = ◀ { $n } 手目
label-next-move = { $n } 手目 ▶

## 盤面の下の操作 (mod.rs、labels.rs)：ゲームの言語で

# $role: 従業員の役割の言葉 (cashier、keeper、manager)。
label-hire = { $role ->
    [cashier] 売り場係
    [keeper] 飼育係
   *[manager] マネージャー
}として雇う
# $truck: トラックの番号、$free: トラックの空き。
label-draw = トラック{ $truck }に引く (空き{ $free })
# $truck: トラックの番号、$tiles: のっているタイルの言葉。
label-take = トラック{ $truck }を取る ({ $tiles })
# 同じもの、タイルのせいでボタンに入らないとき。
label-take-short = トラック{ $truck }を取る
# $coins: 持っているコイン。
label-money = お金のアクション (コイン{ $coins }枚)
label-undo-mine = 自分の最後の手を取り消す
# $name: 手を取り消されるプレーヤー。
label-undo-of = 取り消す ({ $name }さんの最後の手)
# 手順のメニューを開くボタン。$slot: トラックの何枚目か、$tile: タイルの言葉。
label-place-tile = { $slot }枚目のタイルを置く
label-place-tile-of = { $slot }枚目のタイルを置く ({ $tile })
label-place-offspring = 子どもを置く
label-hire-trainer = 調教師を雇う
# 選択肢：タイルの置き場所としての自分の倉庫。
label-depot = 倉庫
# 選択肢：従業員の持ち場。$role: 役割の言葉、$cell: 調教師のいる場所。
label-post-role = { $role ->
    [cashier] 売り場係
    [keeper] 飼育係
   *[manager] マネージャー
}
label-post-trainer = { $cell }の調教師

## 手順のメニューの問い (メニューの案内文と、自分だけに見える操作の上の行)

# $slot: トラックの何枚目か、$tile: タイルの言葉。
panel-where-tile = { $slot }枚目のタイルをどこに置きますか？
panel-where-tile-of = { $slot }枚目のタイル ({ $tile }) をどこに置きますか？
# $animal: 子どもの動物 (animal-*)。
panel-where-offspring-of = { $animal }の子どもをどこに置きますか？
panel-where-offspring = 子どもをどこに置きますか？
panel-where-trainer = 調教師をどこに置きますか？
# $tile: 倉庫のいちばん上のタイルの言葉。
panel-where-depot-tile = 倉庫の{ $tile }をどこに移しますか？ (コイン1枚)
panel-which-coworker = どの従業員を移しますか？ (コイン1枚)
# $post: 従業員の持ち場 (panel-post-role か panel-post-trainer)。
panel-where-coworker = { $post }をどこに移しますか？ (コイン1枚)
# panel-where-coworker の中の持ち場。$role: 役割の言葉、$cell: 調教師のいる場所。
panel-post-role = { $role ->
    [cashier] 売り場係
    [keeper] 飼育係
   *[manager] マネージャー
}
panel-post-trainer = { $cell }の調教師
# $tile: $name さんの倉庫のいちばん上のタイルの言葉。
panel-where-bought-tile = { $name }さんの倉庫の{ $tile }をどこに置きますか？ (コイン2枚)
# $size: small か large、$cost: 値段 (コインの枚数)。
panel-where-expansion = { $size ->
    [small] 小さい
   *[large] 大きい
}拡張ボードをどこに置きますか？ (コイン{ $cost }枚)
# 分けたメニュー：$question、そのメニューの最初と最後の選択肢。
panel-part = { $question } ({ $first }～{ $last })
# ページのある操作の問いのあと。$page、$pages: 数。
panel-page = { $pages }ページ中{ $page }ページ目。
# ページをめくるボタン。$page: めくった先のページ。
label-previous-page = 前へ ({ $page }ページ目)
label-next-page = 次へ ({ $page }ページ目)

## お金のアクション：押した人の言語で

# $coins: 持っているコイン。
panel-money = お金のアクション (コイン{ $coins }枚)：1手番に1回まで。トラックを取ったあとはできません。
# $tile: 倉庫のいちばん上のタイルの言葉。
label-money-move-depot-tile = 倉庫の{ $tile }を水族館に移す (コイン1枚)
label-money-move-coworker = 従業員を移す (コイン1枚)
# $tile: $name さんの倉庫のいちばん上のタイルの言葉。
label-money-buy = { $name }さんの倉庫の{ $tile }を買う (コイン2枚)
# 同じもの、タイルと名前のせいでボタンに入らないとき。
label-money-buy-short = { $name }さんの倉庫から買う (コイン2枚)
# $size: small か large、$cost: 値段 (コインの枚数)。
label-money-expand = { $size ->
    [small] 小拡張
   *[large] 大拡張
} (コイン{ $cost }枚)
# $tile: 倉庫のいちばん上のタイルの言葉。
label-money-discard = 倉庫の{ $tile }を捨てる (コイン2枚)

## 操作が使えない理由 (press-nothing-changed の前に言う)

panel-choice-closed = その選択はもうできません
panel-no-such-page = そのページはありません
panel-not-seated = あなたはこのゲームの卓についていません
panel-no-money-action = いまできるお金のアクションはありません
panel-only-looks = その操作は見るだけのもので、手は打てません
panel-lobby-control = その操作は募集中のゲームのもので、このゲームはもう始まっています
panel-choose-one = メニューから1つ選んでください
panel-option-closed = その選択肢はいま選べません
panel-choose-level = コンピューターの強さを1つ選んでください
# $level: 送られた値 (強さの言葉ではない)。
panel-no-such-level = コンピューターの強さ「{ $level }」はありません
panel-not-lobby-control = その操作は募集中のゲームのものではありません
