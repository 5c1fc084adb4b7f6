# Discord のフロントエンド自身の言葉 (src/discord/)。尋ねた人の言語で。

discord-working = ⏳ 処理中です。まもなく盤面が表示されます。

discord-done = 完了しました。

# $count: 足りない権限の数 / $permissions: 権限名 (Discord の設定の表示どおり)
discord-missing-in-channel = このチャンネルではゲームを進められません。ここでの権限 { $permissions } がありません。サーバー管理者がチャンネルの設定 (権限) で付与できます。何も変更していません。
discord-missing-in-thread = このスレッドではゲームを進められません。ここでの権限 { $permissions } がありません。サーバー管理者がスレッドの設定 (権限) で付与できます。何も変更していません。

discord-went-wrong = こちら側で問題が起きました。もう一度お試しください。

# $error: 理由 (ライブラリの英語のまま)
discord-unreadable-option = オプションの一つを読み取れませんでした ({ $error })。/aq help でコマンドの一覧を表示できます。

discord-restarting = ボットを再起動しています。数秒後にもう一度お試しください。何も変更していません。

# $count, $permissions: discord-missing-in-channel と同じ
discord-missing-notice = ここでの権限 { $permissions } がないため、このチャンネルにリマインダー、コンピューターの手番、ウェブでの手番を投稿できません。サーバー管理者がチャンネルの設定 (権限) で付与できます。

discord-private-thread = 私はこのプライベートスレッドのメンバーではないため、リマインダーやコンピューターの手番を投稿できません。スレッドで私をメンションする (またはスレッドのメンバー一覧から追加する) と参加できます。そのあとでもう一度ゲームを開いてください。何も変更していません。

discord-thread-locked = このスレッドはロックされているため投稿できません。別のチャンネルかスレッドでゲームを開くか、モデレーターにロックの解除を頼んでください。何も変更していません。

# テーブルのメッセージの下の、Discord の中でテーブルを開くボタン。
discord-open-table = テーブルを開く
discord-table-elsewhere = ここでは Discord の中でテーブルを開けません。代わりにウェブのページを開いてください。
discord-table-no-web = ここでは Discord の中でテーブルを開けません。このボットはウェブページも提供していません。
