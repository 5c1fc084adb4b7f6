# ルールエンジンの言葉：拒否の理由、いまプレーヤーがすべきこと、ゲームを
# 準備できない理由、読めなかったコマンドの言葉、コンピューターの理由
# (src/lang/engine/)。マス ($cell, $at)、タイルの言葉 (dolphin-m など)、
# トラックの番号、コマンドはコマンドの言葉のまま渡されます。
#
# 部品は英語と同じく文末の「。」を付けずに書きます (ほかの文に埋め込まれる
# ため)。部品の中で文が続くときは「。」で区切ります。

## 文の部品

# 選択肢の一覧の最後の2つ。$init: それより前 (engine-list-comma で連結)、$last。
engine-list-or = { $init }、{ $last }のいずれか
# 一覧にもう1つ加える。$init: それまで、$next。
engine-list-comma = { $init }、{ $next }
# 全部そろって。$init: それまで、$last。
engine-list-and = { $init }と{ $last }
# 理由と、代わりにできること。$why、$then。
engine-because = { $why }。{ $then }
# 動物 (日本語に冠詞はない)。$name: 動物の名前。英語の $animal は冠詞を選ぶだけ。
engine-a-animal = { $name }
# 拡張ボードの大きさ。$size: small か large。
engine-size = { $size ->
    [small] 小さい
   *[large] 大きい
}
# タイルを置ける場所の一覧の中で。
engine-the-depot = 倉庫
# 置ける従業員の一覧の中で。
engine-trainer-on-empty-space = 調教師 (空いたマスに)

## 文の中のタイル：$name (動物の名前)、$a-name (日本語では同じ)

engine-tile-coin = コインタイル
engine-tile-plain = { $a-name }
engine-tile-male = 受精できるオスの{ $name }
engine-tile-female = 受精できるメスの{ $name }
engine-tile-fish = 魚マークの{ $a-name }
engine-tile-bolt = 稲妻マークの{ $a-name }
engine-tile-young = { $a-name }の子ども

## ラベルのタイル：$animal (動物の名前)、$fish と $offspring (印を表す用語)

engine-label-plain = { $animal }
engine-label-male = { $animal }♂
engine-label-female = { $animal }♀
engine-label-fish = { $animal } ({ $fish })
engine-label-bolt = { $animal }⚡
engine-label-young = { $animal } ({ $offspring })

## 動物を置ける場所：$animals (動物の名前)、$cells (一覧)

engine-room = { $animals }は{ $cells }に置けます
engine-room-none = 水族館には{ $animals }を置ける場所がありません
engine-only-the-depot = 水族館には{ $animals }を置ける場所がありません。倉庫にだけ置けます
# 「倉庫の一番上のイルカは」のあとに。$cells。
engine-top-may-go = { $cells }に置けます
engine-top-nowhere = 水族館に置ける場所がありません

## マスに動物や調教師を置けない理由：$cell

engine-blocked-cardboard = { $cell }はボードの枠で、マスではありません
engine-blocked-not-a-space = { $cell }はあなたの水族館のマスではありません
# $tile: そこにあるタイル (engine-tile-*)。
engine-blocked-holds = { $cell }にはすでに{ $tile }が置かれています
engine-blocked-holds-trainer = { $cell }にはすでに調教師がいます
# $animal: となりの水槽の動物、$at: その水槽のマス。
engine-blocked-touches-other = { $cell }は{ $at }の{ $animal }の水槽と接しています。違う種類の動物の水槽は、辺で接してはいけません
# $animal: タイルの動物。
engine-blocked-away = { $cell }は{ $animal }の水槽と接していません。水族館の水槽は、動物1種類につき1つです
# $count: 水槽の数、$basins: その動物。
engine-blocked-basin-limit = 水族館の水槽はすでに上限の{ $count }つです ({ $basins })。大きい拡張ボード1枚ごとに1つ増えます

## 拡張ボードをそこに置けない理由

# $cells: 置けるボードのマス (cells オプションの書き方で)。
engine-expansion-example = たとえば cells:"{ $cells }"
engine-expansion-no-example = 置ける場所はもう残っていません
# $size: engine-size。
engine-expansion-both-placed = { $size }拡張ボードは、すでに2枚とも置いています
# $size: engine-size、$shape: small か large (形を選ぶ)、$cells: 指定された
# マス、$example: engine-expansion-example か -no-example。
engine-expansion-shape = { $size }拡張ボードは{ $shape ->
    [small] L字形の3マス (2×2の正方形から角を1つ除いた形)
   *[large] 2×2の正方形の4マス
}を覆いますが、「{ $cells }」はその形になっていません。{ $example }
# $cell、$example。
engine-expansion-on-frame = { $cell }は水族館ボードの上です。拡張ボードはボードの外側に置きます。{ $example }
engine-expansion-on-board = { $cell }にはすでに拡張ボードがあります。{ $example }
# $example。
engine-expansion-detached = 拡張ボードは、水族館ボードか先に置いた拡張ボードと辺で接していなければなりません。{ $example }

## いまプレーヤーがすべきこと (ゲームの案内。拒否の中にも入る)

# 案内の文。$asked: engine-asked-* のどれか。
engine-prompt = { $asked }。
engine-asked-over = ゲームは終了しました
# $name: プレーヤー、$animal: 子どもの動物、$room: engine-room か -room-none。
engine-asked-offspring = { $name }さんは{ $animal }の子どもを置いてください。{ $room }
# $name、$command: 従業員を置くコマンド。
engine-asked-hire = { $name }さんは得たばかりの従業員を置いてください：{ $command }
# $name、$tiles: 待っているタイルとその位置 ("1: dolphin-m, 3: orca")。
engine-asked-truck-tiles = { $name }さんは取ったトラックのタイルを置いてください ({ $tiles })
# $name。
engine-asked-turn = { $name }さんのターンです

## 手番のプレーヤーがすべきこと、本人に向けて (リマインダー)

# $animal: 子どもの動物。
engine-task-offspring = { $animal }の子どもを置く
engine-task-hire = 得た従業員を置く
# $tiles: 待っている各タイルとその位置。
engine-task-truck-tiles = 取ったトラックのタイルを置く ({ $tiles })
engine-task-turn = タイルを引いてトラックにのせる、トラックを取る、またはお金のアクションを行う

## トラック：$truck (番号)

engine-truck-none = トラック{ $truck }はありません
# $name: 取った人。
engine-truck-taken = トラック{ $truck }は、このラウンドで{ $name }さんが取りました
engine-truck-full = トラック{ $truck }はいっぱいです
engine-truck-empty = トラック{ $truck }にはタイルがのっていません
engine-truck-none-to-draw = 場に残っているトラックはすべていっぱいです。トラックを取るか、お金のアクションを行ってください
engine-truck-none-to-take = 場のトラックにはまだタイルがのっていません。タイルを引いてトラックにのせてください
# $trucks: 使えるトラック。
engine-truck-may-draw = トラック{ $trucks }になら、タイルをのせられます
engine-truck-may-take = トラック{ $trucks }なら取れます

## 従業員の場所

engine-post-both-cashiers = 入場券売り場には、2か所とも売り場係がいます
engine-post-both-keepers = えさやり場には、2か所とも飼育係がいます
engine-post-has-manager = 倉庫にはすでにマネージャーがいます
# $cell。
engine-post-no-trainer = { $cell }には調教師がいません
# $role: 仕事の名前。
engine-post-no-role = あなたには{ $role }がいません
engine-no-coworker-to-move = 移動できる従業員がいません
# $posts: 従業員のいる場所 (仕事の言葉とマス)。
engine-may-move-from = { $posts }から従業員を移動できます

## 手の拒否

engine-refusal-game-over = ゲームは終了しています。これ以上手は打てません
engine-refusal-not-seated = あなたはこのゲームの卓についていません
# $name: 手番のプレーヤー。
engine-refusal-took-truck = あなたはこのラウンドでトラックを取ったので、次のターンは次のラウンドです。いまは{ $name }さんのターンです
engine-refusal-not-your-turn = いまは{ $name }さんのターンです。あなたのターンではありません
# $asked: engine-asked-* のどれか。
engine-refusal-finish-first = { $asked }。それが済むまでほかの手は打てません
engine-refusal-no-tiles-left = 引けるタイルが残っていません。トラックを取るか、お金のアクションを行ってください
# $animal: 子どもの動物、$room: engine-room か -room-none、$slot: 指定されたタイル。
engine-refusal-offspring-first = { $animal }の子どもが待っているので、先にそれを置きます (tile は指定しません)。{ $room }。そのあとでタイル{ $slot }を置きます
# $why: engine-blocked-*、$room。
engine-refusal-offspring-blocked = { $why }。子どもは自分の水槽に入れなければなりません。{ $room }
# $room。
engine-refusal-offspring-has-room = 子どもを倉庫に置けるのは、その水槽に場所がないときだけです。{ $room }
# $command: 従業員を置くコマンド。
engine-refusal-hire-first = 先に、得たばかりの従業員を置いてください：{ $command }
engine-refusal-nothing-to-place = 置くのを待っているタイルはありません。place はトラックを取ったあとに使います
# $at: 指定された場所 (マスか depot)、$slots: 待っている各タイルの指定のしかた。
engine-refusal-no-tile-fits = 待っているタイルはどれも{ $at }に置けません。どのタイルをどこに置くか、{ $slots }で指定してください
# $count: 待っているタイルの数、$slots。
engine-refusal-which-tile = タイルが{ $count }枚待っています。どれを置くか、{ $slots }で指定してください
# $fitting: そこに置けるタイルの数、$count: 待っているタイルの数、$at、$slots: 置けるタイル。
engine-refusal-some-tiles-fit = 待っている{ $count }枚のうち{ $fitting }枚が{ $at }に置けます。どれを置くか、{ $slots }で指定してください
# $slot: 指定された位置、$slots。
engine-refusal-no-tile-in-slot = 位置{ $slot }に待っているタイルはありません。{ $slots }を使ってください
engine-refusal-no-coworker-waiting = 置くのを待っている従業員はいません。従業員は、水槽の5枚目と10枚目のタイルで得られます
engine-refusal-trainer-needs-cell = 調教師は水族館のマスに立ちます。at:<cell> で場所を指定してください
# $role: 仕事の名前。
engine-refusal-only-trainer-on-cell = マスに立つのは調教師だけです。{ $role }には at: を付けません
# $why: engine-post-* か engine-blocked-*、$roles: 空いている場所。
engine-refusal-post-taken = { $why }。置けるのは{ $roles }です
# $cost、$coins: 数。
engine-refusal-cannot-afford = それには{ $cost }コインかかりますが、あなたのコインは{ $coins }枚です
engine-refusal-depot-empty-to-move = 倉庫が空なので、移動するタイルがありません
# $why: engine-blocked-*、$animal: タイルの動物、$may-go: engine-top-*。
engine-refusal-depot-tile-blocked = { $why }。倉庫の一番上の{ $animal }は、{ $may-go }
# $post: 指定された場所 (仕事の言葉かマス)。
engine-refusal-already-there = その従業員はすでに{ $post }にいます。別の場所を選んでください
engine-refusal-buy-from-other = 同じ卓のほかのプレーヤーから購入してください
# $seller。
engine-refusal-seller-empty-all = { $seller }さんの倉庫は空です。ほかのプレーヤーの倉庫も空です
# $seller、$others: 倉庫にタイルがあるプレーヤー。
engine-refusal-seller-empty = { $seller }さんの倉庫は空です。購入できる相手：{ $others }
# $why、$animal、$seller、$may-go: engine-top-*。
engine-refusal-bought-tile-blocked = { $why }。{ $seller }さんの倉庫の一番上の{ $animal }は、{ $may-go }
engine-refusal-nothing-to-discard = 倉庫が空なので、廃棄するタイルがありません
engine-refusal-not-money-action = それはお金のアクションではありません

## ゲームを準備できない理由

# $count: プレーヤーの数。
engine-setup-players = アクアレットは2〜5人で遊びます。{ $count }人では遊べません
engine-setup-empty-name = 名前が空のプレーヤーがいます
# $name。
engine-setup-same-name = { $name }という名前のプレーヤーが2人います
engine-setup-unknown-first = { $name }はこのゲームのプレーヤーではありません
# $animals: 動物の名前。
engine-setup-show-animal-removed = { $animals }は除けません。イルカ、シャチ、アシカは必ず使います
# $players、$count: 除く種類の数、$given: 指定された種類の数。
engine-setup-removed-count = { $players }人で遊ぶときに除く動物は{ $count }種類です。{ $given }種類ではありません
# $players、$count: 除く種類の数、$left: デッキにない魚を食べる動物の種類の数。
engine-setup-deck-uses-types = { $players }人で遊ぶときは魚を食べる動物を{ $count }種類除きますが、このデッキに入っていない種類は{ $left }種類だけです。除く種類を指定してください
# $tile: タイルの言葉、$animals: その動物。
engine-setup-deck-holds-removed = デッキに{ $tile }がありますが、このゲームでは{ $animals }を除いています
# $line: デッキの行、$why。
engine-setup-deck-line = デッキの{ $line }行目：{ $why }
engine-setup-two-reserves = 2つ目の 'reserve' があります。デッキの reserve は1つだけです
engine-setup-deck-empty = デッキにタイルがありません
# $tile。
engine-setup-deck-offspring = デッキに{ $tile }があります。子どもは山に入れず、引くことはありません
# $count、$tile、$in-box。
engine-setup-deck-too-many = デッキに{ $tile }のタイルが{ $count }枚ありますが、箱には{ $in-box }枚しかありません

## ゲームの記録を再生できなかった理由 (ログ)

# $why: engine-setup-*。
engine-replay-setup = ゲームの準備が正しくありません：{ $why }
# $move: 手の番号、$why: 拒否の理由。
engine-replay-move = { $move }手目が認められません：{ $why }

## 読めなかったコマンドの言葉：$word (入力のまま)

engine-bad-cell = 「{ $word }」はマスではありません。K11 のように、列 A〜U と行 1〜21 で書いてください
engine-bad-animal = 「{ $word }」は動物ではありません。dolphin、orca、sealion、turtle、penguin、polarbear、crocodile、hippo のどれかを使ってください
engine-bad-role = 「{ $word }」は従業員の仕事ではありません。cashier、keeper、manager、trainer のどれかを使ってください
engine-bad-size = 「{ $word }」は大きさではありません。small か large を使ってください
engine-bad-level = 「{ $word }」はコンピューターのプレーヤーの強さではありません。easy、normal、strong のどれかを使ってください
# $mark: 知らない印 (ダッシュなし)。
engine-bad-mark = 「{ $word }」の印「-{ $mark }」はありません。-m、-f、-fish、-bolt、-young のどれかを使ってください
engine-bad-tile-show = 「{ $word }」というタイルはありません。ショーの動物には稲妻マークがあり、魚マークはありません
engine-bad-tile-fish = 「{ $word }」というタイルはありません。魚を食べる動物には魚マークがあり、稲妻マークはありません

## コンピューターの理由 (ヒントの「理由」)

engine-hint-only = できる手はこれだけです
engine-hint-first = 探索できなかったので、最初にできる手です
engine-hint-immediate = その場の評価で最もよい手です (先の展開はシミュレーションしていません)
# $share: 展開の割合 (%)、$count: シミュレーションした展開の数。
engine-hint-wins = シミュレーションした{ $count }通りの展開のうち{ $share }%で勝ちます
engine-hint-ahead = 次のラウンドの終わりまでシミュレーションした{ $count }通りの展開のうち{ $share }%でリードしています
# $head: engine-hint-wins か -ahead、$sign: plus か minus、$points: 次によい
# 手との平均の差。
engine-hint-margin = { $head }。次によい手との差は{ $sign ->
    [minus] -{ $points }
   *[plus] +{ $points }
}点です
