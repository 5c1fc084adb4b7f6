# /season：シーズンごとのランキング (暦の月または四半期、UTC)。
# レーティングは引き継ぎ。本人にだけ表示。

season-length-who = シーズンの長さを決められるのはサーバーを管理できる人だけです。
season-length-set = { $length ->
    [month] ここのシーズンは1か月ごとになりました。
    [off] ここではシーズンを設けなくなりました。ランキングは通算のものだけです (/aq past stats)。
   *[quarter] ここのシーズンは四半期 (3か月) ごとになりました。
}
season-off = { $place }にはシーズンがありません。サーバー管理者が /season length:month または length:quarter で始められます。
season-unknown = 「{ $which }」というシーズンはありません。this、last、2026-11 のような月、2026-Q4 のような四半期を指定してください。
season-not-begun = シーズン { $season } はまだ始まっていません。
season-title = { $place }のシーズン { $season }：レーティング対象 { $games } 局。
season-nobody = 今季まだ誰もレーティング対象を { $min } 局打っていません。
season-line = { $rank }. { $name }：レーティング { $estimate } (今季 { $gained })、{ $games } 局 { $wins } 勝
season-up = +{ $by }
season-down = −{ $by }
season-more = ほかに { $people } 人がランク入りしています。
season-unranked = ほかに { $people } 人がレーティング対象 { $min } 局未満です。
season-how = レーティングは季をまたいで引き継がれます。その季にレーティング対象を { $min } 局以上打った人を、最後の対局後のレーティングで順位付けします。
season-kept = このシーズンは終わりました。終了時の順位です。
season-ends = 今季は { $end } に終わります。
season-other-length = このシーズンは進行中です。ここのシーズンは別の長さです。
