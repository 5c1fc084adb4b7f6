//! What a reply shows besides its words, free of any transport: the buttons
//! and menus under a table ([`controls`]), the table in characters
//! ([`text_table`]) and where things are on its picture ([`places`]). The referee builds them; each front end shows them its
//! own way (Discord's components, the terminal's lines, the web's picks).

pub mod controls;
pub mod fonts;
pub mod places;
pub mod text_table;
