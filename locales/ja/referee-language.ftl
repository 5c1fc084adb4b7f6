# 誰がどの言語で読むか：/aq language と、設定で指定する言語。

# この言語の名前を、その言語で (各フォルダーが自分の名前を持つ)。
language-name = 日本語
# 言語の名前とコード。$name: 名前、$code: en、ja、de。
language-named = { $name } ({ $code })

## /aq language (非公開)

# $lang: 尋ねた人の言語 (名前とコード)。
language-current-chosen = { $lang }でお話ししています。あなたが選んだ言語です。
language-current-locale = { $lang }でお話ししています。あなたの Discord の言語です。
language-current-default = { $lang }でお話ししています。あなたの言語がわからないときに使う言語です。
# $choices: すべての言語の名前とコード (「、」区切り)。
language-choices = 選べる言語：{ $choices }。/aq language set:<code> で選べます。set:auto で Discord の言語に戻ります。ゲームで全員に向けて話す言葉は、ゲームの言語になります：/aq game settings language:<code>
# 選んだ言語で。$lang: その言語 (名前とコード)。
language-set = これからは{ $lang }でお話しします。あなただけに見えるメッセージと DM で使います。
# $lang: 尋ねた人の Discord の言語 (話せない言語なら英語)。
language-auto = これからはあなたの Discord の言語でお話しします：{ $lang }。
# 拒否。$code: 指定された言語、$choices: 上と同じ。
language-unknown = 「{ $code }」は話せる言語ではありません。選べる言語：{ $choices }。
# /aq language に回されたほかのコマンド。
language-not-this-command = それは /aq language ではありません。
