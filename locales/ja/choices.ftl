# 入力補完の選択肢の表示 (src/referee/autocomplete.rs)：たずねた人の言語で。選ばれる値は
# コマンドの言葉のまま。表示は100文字まで。

# `draw truck` と `take truck`。$truck: トラックの番号、$tiles: のっている
# タイルの言葉、$free: 空き。
choice-truck = トラック{ $truck }：{ $tiles } (空き{ $free })
choice-truck-empty = トラック{ $truck }：空 (空き{ $free })
choice-truck-alone = トラック{ $truck }
# `place at`：置き場所 ($target: 場所か `depot`) と、そこに置けるもの ($what)。
choice-target = { $target } ({ $what })
# $tile: タイルの言葉、$slot: 取ったトラックの何枚目か。
choice-tile-of = { $tile }、{ $slot }枚目
choice-tile = { $slot }枚目のタイル
choice-offspring = 子ども
# `hire as` と `move from`/`to`。$role: 役割の言葉 (値と同じ)。
choice-role = { $role ->
    [cashier] cashier · 売り場係
    [keeper] keeper · 飼育係
   *[manager] manager · マネージャー
}
choice-hire-trainer = trainer · 調教師 (空いた場所に：at で指定)
# 調教師の場所。$cell: その場所。
choice-trainer-at = { $cell } (調教師)
# `move from`：倉庫。$tile: いちばん上のタイルの言葉。
choice-depot-top = depot · 倉庫 (いちばん上は{ $tile })
choice-depot = depot · 倉庫
# `move to`：倉庫のいちばん上のタイルを置く場所。$cell、$tile: タイルの言葉。
choice-from-depot = { $cell } (倉庫の{ $tile })
# `buy from`：プレーヤー。$name、$tile: その倉庫のいちばん上のタイルの言葉。
choice-seller = { $name } (倉庫のいちばん上は{ $tile })
# `buy at`：場所 ($cell) と、そこに買って置けるもの ($what: choice-bought)。
choice-buy-at = { $cell } ({ $what })
# $tile: タイルの言葉、$name: 売る人。
choice-bought = { $name }さんの{ $tile }
# `expand cells`。$cells: 置く場所 (値)、$size: small か large、$cost: 値段。
choice-expansion = { $cells } ({ $size ->
    [small] 小拡張
   *[large] 大拡張
}、コイン{ $cost }枚)
