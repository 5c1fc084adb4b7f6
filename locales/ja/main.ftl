decimal-separator = .

discord-working = ⏳ 処理中です。まもなく盤面が表示されます。
