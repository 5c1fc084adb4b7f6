# 過去：ゲームの手をページごとに、ある手のあとの盤面、サーバーのゲーム、
# ファイルとしてのゲームの記録。本人にだけ。各手で起きたことはエンジンの文が
# 言います。

# ある時点を、フロントエンドの書き方で。$when: その時点。
history-when = { $when }
history-not-a-look = その操作はゲームを見るためのものではありません。
# 拒否。$game: ゲームの番号。
history-no-such-game = このサーバーにゲーム#{ $game }はありません。
# 拒否：全員が見られるわけではない別のチャンネルのゲームで、尋ねた人が
# プレイしていなかったもの。$channel: そのチャンネル。
history-channel-hidden = ゲーム#{ $game }は、このサーバーの全員が見られるわけではないチャンネル { $channel } で行われました。そのチャンネル (Discord で見られる場所) から調べてください。
history-no-game-here = このチャンネルではまだゲームが行われていません。/aq game new で開いてください。

## /aq history move:<n>

history-no-moves = ゲーム#{ $game }にはまだ手がありません。
# $total: 記録にある手の数。
history-move-range = ゲーム#{ $game }の手は{ $total }手です。1から{ $total }までの手を指定してください。
# $n: その手、$total: 記録にある手の数、$name: 打った人、$command: 入力された
# とおりの手、$when: 打った時。
history-move-when = ゲーム#{ $game }、{ $total }手中{ $n }手目 ({ $when })：{ $name }さんの手 { $command }
history-move = ゲーム#{ $game }、{ $total }手中{ $n }手目：{ $name }さんの手 { $command }
history-taken-back-later = (のちに取り消し)

## /aq history：1ページ

# $count: ページの数。
history-pages = ゲーム#{ $game }の履歴は{ $count }ページです。
# $status: ゲームの状態 (replay-status-*)。
history-page-empty = ゲーム#{ $game } ({ $status })：まだ手はありません。
# $from、$to: そのページの手、$total: すべての手、$page、$count: そのページと
# ページの数。
history-page = ゲーム#{ $game } ({ $status })：全{ $total }手のうち{ $from }–{ $to }手目 (古い順)、{ $count }ページ中{ $page }ページ目 (1ページ目が最新)。
# 一覧の中の取り消し。$name: 取り消した人、$seq: 取り消された手。
history-undo = { $name }さんが{ $seq }手目を取り消し
history-taken-back = (取り消し済み)
history-auto = (自動)
history-see-move = どの手のあとの盤面も /aq history move:<n> で見られます。
# 同じ案内を、ターミナルで打つコマンドで。
history-see-move-terminal = どの手のあとの盤面も history move:<n> で見られます。

## /aq past games

games-none = まだゲームはありません。/aq game new で開いてください。
# 拒否。$count: ページの数。
games-pages = ゲームの一覧は{ $count }ページです。
# 拒否：一覧にある最新のゲームより先のページ。$count: ページの数、$listed: そのゲームの数。
games-pages-newest = 一覧にあるのは新しい{ $listed }ゲームだけです ({ $count }ページ)。それより古いゲームは番号で読めます (game:<id>)。
# $page: このページ、$count: ページの数、$total: ゲームの数。
games-heading-server = このサーバーのゲーム (新しい順、{ $count }ページ中{ $page }ページ目、全{ $total }ゲーム)：
games-heading-here = このチャンネルのゲーム (新しい順、{ $count }ページ中{ $page }ページ目、全{ $total }ゲーム)：
games-practice = (練習)
# $channel: ゲームのチャンネル。
games-in-channel = チャンネル { $channel }
games-nobody-seated = · 参加者なし
# $players: プレーヤーと得点 (コンマ区切り)。
games-players = · { $players }
# $winners: 勝者。
games-won-by = · 勝者 { $winners }
# $round、$move: 進行中のゲームの位置。
games-round = · 第{ $round }ラウンド、{ $move }手目
# $when: 始まった (開かれた) 時、終わった時。
games-started = · 開始 { $when }
games-ended = 、終了 { $when }

## /aq past export

# $game: 番号、$status: 状態、$moves: 記録の項目の数。
export-made = ゲーム#{ $game }の記録です ({ $status }、{ $moves }手)。形式は docs/commands.md のとおりです。

history-move-plain = { $name }: { $command }
