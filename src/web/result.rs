//! A finished game's result on its page, in one place: its final scores as
//! an HTML table (place, player, points by category, coins), with who won
//! in a sentence above it, so that a screen reader reads the numbers as a
//! table and the text follows the reader's font size. The score card's
//! picture (the one Discord shows) is a link beside it, not shown again.
//! The words are the score card's description's (`describe.ftl`).

use crate::lang::{plain, Lang, Names, Text};
use crate::view::describe::card_winners;
use crate::view::score_card::ScoreCard;
use maud::{html, Markup};

/// The final scores of `card`, players named by `names` in `lang`; `base`
/// the game page's address.
pub(super) fn final_scores(base: &str, lang: &Lang, card: &ScoreCard, names: &Names) -> Markup {
    let t = |key: &'static str| plain(lang, &Text::msg(key));
    let head = plain(
        lang,
        &Text::msg("describe-card").arg("game", card.game_id.to_string()),
    );
    let said = names.all_said(lang);
    html! {
        section.scores.final aria-labelledby="scores-h" {
            h2 id="scores-h" { (t("web-scores")) }
            @if let Some(won) = card_winners(card, names) {
                p.won { (plain(lang, &won)) }
            }
            div.wide role="region" aria-labelledby="scores-caption" tabindex="0" {
                table {
                    caption id="scores-caption" { (head) }
                    thead { tr {
                        th scope="col" { (t("web-final-place")) }
                        th scope="col" { (t("web-player")) }
                        th scope="col" { (t("web-points")) }
                        th scope="col" { (t("web-final-animals")) }
                        th scope="col" { (t("web-final-cashiers")) }
                        th scope="col" { (t("web-final-keepers")) }
                        th scope="col" { (t("web-final-trainers")) }
                        th scope="col" { (t("web-final-depot")) }
                        th scope="col" { (t("web-coins")) }
                    } }
                    tbody {
                        @for p in &card.players {
                            tr class=[p.won.then_some("won")] {
                                td { (p.rank) }
                                th scope="row" {
                                    (said.get(p.seat).map_or(p.name.as_str(), String::as_str))
                                    @if p.out_of_time { " " span.note { (t("web-final-out-of-time")) } }
                                    @else if p.voted_out { " " span.note { (t("web-final-voted-out")) } }
                                }
                                td { (p.score.total) }
                                td { (p.score.animals) }
                                td { (p.score.cashiers) }
                                td { (p.score.keepers) }
                                td { (p.score.trainers) }
                                td { (p.score.depot) }
                                td { (p.coins) }
                            }
                        }
                    }
                }
            }
            p { a href={ (base) "/score.png" } { (t("web-final-card")) } }
        }
    }
}
