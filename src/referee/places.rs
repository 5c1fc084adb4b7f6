//! The port through which a tournament's tables get places of their own to
//! be played in: on Discord a thread of the tournament's channel
//! (`discord::places`), elsewhere a place named after it ([`NamedPlaces`]).

use std::future::Future;
use std::pin::Pin;

/// Makes the places tables are played in.
pub trait Places: Send + Sync + 'static {
    /// A new place under `parent` for one table: `key` is the table's own
    /// (`t<tournament>-r<round>-<table>`), `name` what people see; its
    /// channel id.
    fn open<'a>(
        &'a self,
        parent: &'a str,
        key: &'a str,
        name: &'a str,
    ) -> Pin<Box<dyn Future<Output = anyhow::Result<String>> + Send + 'a>>;
}

/// Places named after their parent and the table (`<parent>/<key>`): where
/// no front end makes places (the terminal, tests of the referee).
#[derive(Debug, Default, Clone, Copy)]
pub struct NamedPlaces;

impl Places for NamedPlaces {
    fn open<'a>(
        &'a self,
        parent: &'a str,
        key: &'a str,
        _name: &'a str,
    ) -> Pin<Box<dyn Future<Output = anyhow::Result<String>> + Send + 'a>> {
        Box::pin(async move { Ok(format!("{parent}/{key}")) })
    }
}
