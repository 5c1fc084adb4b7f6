# ウェブページ (src/web/) と、それについて審判が言うこと。

## テーブルをクリックして指す手の選択 (src/view/controls/clicks.rs)

click-truck = トラック { $truck }
click-space = マス { $cell }
click-own-depot = あなたの倉庫
click-depot-of = { $name } の倉庫
click-cells = 拡張ボード { $cells }

## 審判の答え (src/referee/web.rs)

web-game-not-running = このゲームは進行中ではありません。手を指すことはできません。
web-not-a-move = それは手ではありません。
web-reset-game = ゲーム #{ $game } のウェブのリンクを新しくしました。これまでに配った観戦用・プレイ用のリンクはもう開けません。
web-reset-mine = ゲーム #{ $game } をブラウザでプレイするあなたのリンクは使えなくなりました。手番に /aq board で新しいリンクを受け取れます。
web-reset-who = ゲーム #{ $game } のリンクを新しくできるのは、作成者、チャンネル管理者、プレーヤーだけです。

## Discord のメッセージの下のリンクボタン

web-button-watch = ウェブで観戦
web-button-play = ブラウザでプレイ
web-button-server = このサーバーのゲームをウェブで

## ページ

web-title-game = アクアレット ゲーム #{ $game }
web-title-server = アクアレット: このサーバーのゲーム
web-title-problem = アクアレット
web-status-lobby = プレーヤーを募集中です。
web-status-abandoned = このゲームは中止されました。
web-moves = 手の記録
web-no-moves = まだ手はありません。
web-taken-back = (取り消し)
web-automatic = (コンピューターの手)
web-replay = ゲーム全体のアニメーション
web-review = 振り返り
web-review-preparing = このゲームの振り返りを準備中です。強いコンピューターがすべての判断を検討しています。できあがるとこのページに表示されます。
web-your-move = あなたの手番
web-waiting-for = { $name } の手を待っています。
web-picked = 選択:
web-start-over = 選び直す
web-confirm = 指す: { $move }
web-click = テーブルの強調された場所か、次のどれかをクリックしてください:
web-slider = 手
web-show = 表示
web-before = 前の手
web-after = 次の手
web-now = 現在
web-scores = 得点
web-player = プレーヤー
web-points = 点
web-coins = コイン
web-games = ゲーム
web-leaderboard = ランキング
web-link-unknown = このリンクは何も開きません。ボットが配ったものではないか、変更されています。
web-too-fast = お使いの接続からのリクエストが多すぎます。数秒待ってからもう一度お試しください。
web-link-expired = このプレイ用リンクは期限切れです。手番に /aq board で新しいリンクを受け取れます。
web-link-revoked = このリンクは新しくされたため使えません。ゲームの新しいリンクを尋ねてください。
web-trouble = ボットは今答えられません。何も変更されていません。少ししてからお試しください。
web-pick-stale = その選択はもう使えません。ゲームが進みました。選び直してください。
web-watch-only = このリンクは観戦用です。/aq board で受け取る自分のリンクでプレイしてください。
web-no-picture = 表示する画像がありません。
web-busy = ボットは今混み合っています。少ししてからもう一度お試しください。
web-live-lost = このページは今、ゲームの進行を追えていません。再接続を試み続けています。最新の手を見るにはページを再読み込みしてください。
