# ゲームで起きたこと、1行に1つ：エンジンのイベント。盤面の実況、履歴、
# リプレイで使います (src/lang/engine/event.rs)。
# $name: プレーヤー、$tile: タイル (engine-tile-*)。$cell と $truck は
# コマンドの言葉のまま。

# $truck: トラックの番号。
event-drew = { $name }さんが{ $tile }を引き、トラック{ $truck }にのせました。
event-drew-reserve = { $name }さんが予備の山から{ $tile }を引き、トラック{ $truck }にのせました。
event-last-round = 予備の山から最初のタイルが引かれました。このラウンドが最終ラウンドです。
# $truck、$tiles: トラックのタイル (タイルの言葉)。
event-took-truck = { $name }さんがトラック{ $truck }を取りました ({ $tiles })。
event-coin-tile = { $name }さんがコインタイルを自分のコインに加えました。
# $tile、$cell。
event-placed = { $name }さんが{ $tile }を{ $cell }に置きました。
event-to-depot = { $name }さんが{ $tile }を倉庫に置きました。
# $animal: 水槽の動物、$size: そのタイルの枚数。
event-coin-bonus = { $name }さんの{ $animal }の水槽が{ $size }枚になりました：+1コイン。
event-coworker-bonus = { $name }さんの{ $animal }の水槽が{ $size }枚になりました：従業員が1人加わります。
event-no-coworker-left = { $name }さんは従業員を得ましたが、残っている従業員がいません。
# $a-animal: 動物 (engine-a-animal)。
event-offspring = 受精できるオスとメスがそろいました：{ $name }さんに{ $a-animal }の子どもが生まれます。
# $cell: 調教師の立つマス。
event-hired-trainer = { $name }さんが{ $cell }に調教師を置きました。
# $role: 仕事の名前。
event-hired = { $name }さんが{ $role }を置きました。
event-coworker-returned = { $name }さんには従業員を置ける場所がないので、その従業員は戻されます。
# $from、$to: 場所 (仕事の言葉かマス)。
event-moved-coworker = { $name }さんが従業員を{ $from }から{ $to }へ移動しました。
# $tile、$seller、$cell。
event-bought = { $name }さんが{ $seller }さんの倉庫から{ $tile }を購入し、{ $cell }に置きました。
event-discarded = { $name }さんが倉庫から{ $tile }を廃棄しました。
# $size: engine-size、$cells: ボードのマス。
event-expanded = { $name }さんが{ $cells }に{ $size }拡張ボードを加えました。
# $count: コイン。
event-paid = { $name }さんが{ $count }コインを払いました。
event-turn = { $name }さんのターンです。
# $round: ラウンドの番号。
event-round-ended = 第{ $round }ラウンドが終わりました。
# $round、$tiles: タイルの言葉。
event-round-ended-cleared = 第{ $round }ラウンドが終わりました。取られなかったトラックの{ $tiles }はゲームから取り除かれました。
event-round-started = 第{ $round }ラウンドは{ $name }さんから始まります。
event-game-over = ゲーム終了です。
event-game-over-winner = ゲーム終了：{ $name }さんの勝ちです！
# $names: 勝った人たち。
event-game-over-shared = ゲーム終了：{ $names }が勝利を分け合いました！
