//! What a reply shows besides its words, free of any transport: the buttons
//! and menus under a table ([`controls`]), the table in characters
//! ([`text_table`]), where things are on its picture ([`places`]), what a
//! finished game's score card shows ([`score_card`]), a tournament's
//! standings as their picture shows them ([`standings`]), the seats' clocks a
//! table shows ([`clocks`]), and every picture in words ([`describe`]). The
//! referee builds them; each front end shows them its own way (Discord's
//! components, the terminal's lines, the web's picks).

pub mod clocks;
pub mod controls;
pub mod describe;
pub mod fonts;
pub mod places;
pub mod score_card;
pub mod standings;
pub mod text_table;
