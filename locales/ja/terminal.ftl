# ターミナル自身の言葉 (src/terminal/)。

terminal-first-turn =
    手番の流れ: 自分の手番には 1 つだけ行います。山の一番上のタイルを空きのある
    トラックにのせる (draw 1)、タイルののったトラックを取って水族館か倉庫に置く
    (take 2 のあと place K11)、またはコインを払ってお金のアクションを 1 つ
    (buy, move, discard, expand)。トラックを取ったら次のラウンドまで待ちます。
    まずは: moves (できる手を番号つきで表示。番号を入力するとその手を打ちます)、
    board (盤面全体)、help (全コマンド)。quit で終了 (ゲームは保存されます)。
terminal-acts-as = 全員がこのキーボードで遊びます。プロンプトに手番の人の名前が出ます。「{ $name }: take 1」と入力すると { $name } として手を打ちます。

terminal-nobody-moves = 今は誰も手を打てません。
terminal-no-such-move = { $n } 番の手はありません。moves で { $count } 個の打てる手を表示できます。
terminal-cannot-read = ゲームを読み込めません: { $error }

terminal-refused = 受け付けられません: { $why }
terminal-script-refused = 受付不可: { $why }
terminal-refused-entry = 受け付けられません ({ $entry }): { $why }
terminal-file = (ファイル: { $file })
terminal-picture = (画像: { $path })
terminal-file-saved = { $path } ({ $kb } KB)
terminal-file-not-saved = { $name } ({ $kb } KB) は保存していません。保存するにはコマンドの最後に --out FILE をつけてください

terminal-damaged = このチャンネルのゲームが壊れています: { $damage }。abandon で終了できます。
terminal-continuing = ゲーム #{ $game } を続けます (データベースに保存済み)。
terminal-type-a-command = コマンドを入力してください (help で一覧、moves で打てる手、番号でその手を打ちます。'名前: コマンド' で他のプレーヤーとして手を打ちます。quit で終了、ゲームは保存されます)。
terminal-bye-saved = さようなら。ゲームは保存されました。`aquaretto-bot play` で続けられます。
terminal-bye = さようなら。
terminal-no-game-now = 進行中のゲームはありません。名前の入力で新しいゲームを始めます。rematch で前のゲームを席を一つずらして再戦します (score, history, replay は前のゲームを表示します)。

## 名前の入力

# 名前を入力するプロンプトの見出し ("> " の前)。
terminal-names-prompt = 名前

terminal-who-plays = 誰がプレイしますか? 名前を入力してください (カンマ区切りで複数可)。cpu:easy, cpu:normal, cpu:strong でコンピューターが着席します (help で説明、quit で終了)。
terminal-lobby-empty = ゲーム #{ $game } にはまだ誰も着席していません。名前か、コンピューターなら cpu:normal を入力してください (abandon で閉じます)。
terminal-lobby-one = { $name } さんが着席しました。次の名前か cpu:normal を。2 人以上なら Enter で開始します。
terminal-lobby-full = 着席: { $names }。満席です。Enter で開始します。
terminal-lobby-some = 着席: { $names }。次の名前か cpu:normal、または Enter で開始します。
terminal-lobby-gathering = ゲーム #{ $game } はプレーヤーを募集中です: { $names }。名前 (または cpu:normal) で追加、2 人以上なら Enter で開始、abandon で閉じます。
terminal-name-taken = { $name } はもう席についています。別の名前を入力してください。
terminal-bad-name = '{ $text }' は名前にできません。名前は ':' を含まない言葉です。cpu:easy, cpu:normal, cpu:strong でコンピューターが着席します

terminal-unknown-lang = --lang { $lang }: この言語には対応していません。{ $choices } から選んでください。

terminal-web-watch = ウェブのゲーム: { $url }
terminal-web-play = { $name } はブラウザで { $url } からプレイできます

## 場所の移動(トーナメントの卓)

terminal-back-home = ローカルゲームのチャンネルに戻りました。
terminal-now-at = { $place } にいます(ゲーム #{ $game }):入力はここで行われます。go だけで戻ります。
terminal-no-such-place = { $place } ではゲームが行われていません:go にはラウンドの告知にある卓の場所(t1-r1-2)を指定します。go だけで戻ります。
terminal-table-over = { $place } のゲームは終わりました:ローカルゲームのチャンネルに戻ります。
