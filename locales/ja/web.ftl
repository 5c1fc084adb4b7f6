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
# /aq web reset what:server、本人にだけ。
web-reset-server = このサーバーのウェブページへのリンクをすべて新しくしました。これまでに配ったリンクはもう開けません。/aq past games で新しいリンクを受け取れます。
web-reset-server-who = サーバーのページへのリンクを新しくできるのは、このサーバーを管理できる人 (サーバー管理) だけです。
web-reset-no-server = ここはサーバーではありません。新しくできるのは、サーバーのページへのリンクだけです。

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
web-close-up = 拡大図：強調された場所を選んでください。
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
web-season = 今季
web-tournaments = 大会
web-link-unknown = このリンクは何も開きません。ボットが配ったものではないか、変更されています。
web-too-fast = お使いの接続からのリクエストが多すぎます。数秒待ってからもう一度お試しください。
web-link-expired = このプレイ用リンクは期限切れです。手番に /aq board で新しいリンクを受け取れます。
web-server-link-expired = このサーバーのゲームへのリンクは期限切れです (1週間で切れます)。/aq past games で新しいリンクを受け取れます。
web-link-revoked = このリンクは新しくされたため使えません。ゲームの新しいリンクを尋ねてください。
web-trouble = ボットは今答えられません。何も変更されていません。少ししてからお試しください。
web-pick-stale = その選択はもう使えません。ゲームが進みました。選び直してください。
web-watch-only = このリンクは観戦用です。/aq board で受け取る自分のリンクでプレイしてください。
web-no-picture = 表示する画像がありません。
web-busy = ボットは今混み合っています。少ししてからもう一度お試しください。
web-live-lost = このページは今、ゲームの進行を追えていません。再接続を試み続けています。最新の手を見るにはページを再読み込みしてください。

## Discord の中のテーブル（アクティビティ: src/web/activity.rs, assets/web/activity/activity.js）

web-activity-title = Discord の中のアクアレット
web-activity-loading = テーブルを開いています…
web-activity-outside = これは Discord の中で開くテーブルです。ゲームのテーブルの下の「テーブルを開く」か /aq web table で、Discord から開いてください。
web-activity-off = ここでは Discord の中でテーブルを開けません。ボットがアクティビティを有効にして Discord に接続していません。ゲームのウェブのリンクを使ってください。
web-activity-refused = Discord であなたを確認できませんでした。アクティビティを閉じて、もう一度開いてください。
web-activity-not-here = あなたはこのアクティビティに参加していません。ゲームのチャンネルから自分でテーブルを開いてください。
web-activity-not-live = このアクティビティは終了しました。チャンネルからもう一度テーブルを開いてください。
web-activity-no-game = このチャンネルにゲームはありません。/aq game new で始めてください。
web-activity-playing = あなたの席です。テーブルの強調された場所をタップしてプレイしてください。
web-activity-watching = 観戦中です。ここでプレイできるのはゲームのプレーヤーだけです。
# アクティビティを開いている人の名前の前。
web-activity-here = 参加中:
web-activity-back = テーブルに戻る
