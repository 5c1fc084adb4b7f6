//! Links to the web pages: what a link opens (one game, one server, one
//! person's play of one game), signed with HMAC-SHA256 so that nobody can
//! make one, and carrying the generation of its scope so that `/aq web
//! reset` revokes every link signed before. A personal link to play, and a
//! link to a server's page, also carry when they expire. Links carry no secret of Discord (user and
//! game ids are no secret).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

/// How long a personal link to play lasts.
pub const PLAY_LINK_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// How long a link to a server's page lasts: a week, like a link to play;
/// `/aq past games` gives a fresh one, and `/aq web reset what:server`
/// revokes every one before.
pub const SERVER_LINK_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// Bytes of the signature kept in a link: 128 bits.
const SIGNATURE_BYTES: usize = 16;

/// The longest token read: anything longer is no link of ours.
const MAX_TOKEN: usize = 400;

/// What a link opens.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k")]
pub enum Link {
    /// A game's page, to watch.
    #[serde(rename = "w")]
    Watch {
        #[serde(rename = "g")]
        game: i64,
        /// The game's generation.
        #[serde(rename = "n")]
        generation: i64,
    },
    /// A game's page with the moves of `user` clickable.
    #[serde(rename = "p")]
    Play {
        #[serde(rename = "g")]
        game: i64,
        #[serde(rename = "u")]
        user: String,
        /// When it stops working (milliseconds since the epoch).
        #[serde(rename = "e")]
        expires: i64,
        /// The game's generation, and the player's.
        #[serde(rename = "n")]
        generation: i64,
        #[serde(rename = "m")]
        mine: i64,
    },
    /// A server's games and leaderboard.
    #[serde(rename = "s")]
    Server {
        #[serde(rename = "s")]
        guild: String,
        /// When it stops working (milliseconds since the epoch). A link
        /// made before server links expired has none, and opens nothing.
        #[serde(rename = "e")]
        expires: i64,
        #[serde(rename = "n")]
        generation: i64,
    },
}

impl Link {
    /// The game it opens, if any.
    pub fn game(&self) -> Option<i64> {
        match self {
            Link::Watch { game, .. } | Link::Play { game, .. } => Some(*game),
            Link::Server { .. } => None,
        }
    }
}

/// Signs and reads links with one secret.
#[derive(Clone)]
pub struct Signer {
    key: Vec<u8>,
}

impl std::fmt::Debug for Signer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Signer(..)")
    }
}

impl Signer {
    pub fn new(secret: &str) -> Signer {
        Signer {
            key: secret.as_bytes().to_vec(),
        }
    }

    fn mac(&self) -> Hmac<Sha256> {
        // HMAC takes a key of any length.
        match Hmac::<Sha256>::new_from_slice(&self.key) {
            Ok(mac) => mac,
            Err(_) => unreachable!("HMAC accepts keys of every length"),
        }
    }

    /// The token of a link: its JSON and its signature, each in base64url.
    pub fn sign(&self, link: &Link) -> String {
        let body = serde_json::to_vec(link).unwrap_or_default();
        let mut mac = self.mac();
        mac.update(&body);
        let tag = mac.finalize().into_bytes();
        format!(
            "{}.{}",
            URL_SAFE_NO_PAD.encode(&body),
            URL_SAFE_NO_PAD.encode(&tag[..SIGNATURE_BYTES])
        )
    }

    /// The link a token stands for, when its signature is ours; `None` for
    /// anything else (made up, altered, cut, too long).
    pub fn read(&self, token: &str) -> Option<Link> {
        if token.len() > MAX_TOKEN {
            return None;
        }
        let (body, tag) = token.split_once('.')?;
        let body = URL_SAFE_NO_PAD.decode(body).ok()?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        if tag.len() != SIGNATURE_BYTES {
            return None;
        }
        let mut mac = self.mac();
        mac.update(&body);
        mac.verify_truncated_left(&tag).ok()?;
        serde_json::from_slice(&body).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signed_link_reads_back_and_an_altered_one_does_not() {
        let signer = Signer::new("a secret of the operator's");
        let link = Link::Play {
            game: 7,
            user: "123".into(),
            expires: 99,
            generation: 1,
            mine: 0,
        };
        let token = signer.sign(&link);
        assert_eq!(signer.read(&token), Some(link));
        let (body, tag) = token.split_once('.').expect("two parts");
        // Another game in the same signature.
        let other = URL_SAFE_NO_PAD.encode(
            serde_json::to_vec(&Link::Watch {
                game: 8,
                generation: 1,
            })
            .expect("json"),
        );
        assert_eq!(signer.read(&format!("{other}.{tag}")), None);
        assert_eq!(signer.read(&format!("{body}.{}", &tag[1..])), None);
        assert_eq!(signer.read(body), None);
        assert_eq!(Signer::new("another secret").read(&token), None);
        assert_eq!(signer.read(&"a".repeat(1000)), None);
    }
}
