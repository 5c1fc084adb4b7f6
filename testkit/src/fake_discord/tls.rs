//! The fake as `discord.com` over HTTPS, so that the bot reaches it exactly
//! as it reaches Discord: the same URLs, TLS, and serenity's own rate limiter
//! on (serenity leaves its rate limiter out when it talks to a proxy). A
//! certificate authority is made once per test process, and a certificate
//! for discord.com that it signs; the bot is told to trust that authority
//! and to find discord.com at the fake's address
//! (`DiscordConfig::discord_at`).

use axum_server::accept::{TcpConfigAcceptor, TcpSocketConfig};
use axum_server::tls_rustls::{RustlsAcceptor, RustlsConfig};
use std::sync::OnceLock;

/// The authority and the certificate the fake serves.
pub struct Identity {
    /// The authority's certificate, for the client to trust (PEM).
    pub ca_pem: String,
    cert_pem: String,
    key_pem: String,
}

/// Made once per process (key generation is the slow part).
pub fn identity() -> &'static Identity {
    static IDENTITY: OnceLock<Identity> = OnceLock::new();
    IDENTITY.get_or_init(|| {
        let ca_key = rcgen::KeyPair::generate().expect("a key for the authority");
        let mut ca = rcgen::CertificateParams::new(Vec::<String>::new()).expect("CA params");
        ca.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        ca.distinguished_name
            .push(rcgen::DnType::CommonName, "aquaretto-bot test authority");
        let ca_cert = ca.self_signed(&ca_key).expect("the authority signs itself");
        let issuer = rcgen::Issuer::new(ca, ca_key);
        let key = rcgen::KeyPair::generate().expect("a key for discord.com");
        let leaf = rcgen::CertificateParams::new(vec!["discord.com".to_string()])
            .expect("discord.com params")
            .signed_by(&key, &issuer)
            .expect("the authority signs discord.com");
        Identity {
            ca_pem: ca_cert.pem(),
            cert_pem: leaf.pem(),
            key_pem: key.serialize_pem(),
        }
    })
}

/// Serves `app` over TLS on `listener` until the task is aborted.
pub async fn serve(listener: std::net::TcpListener, app: axum::Router) {
    let id = identity();
    let config = RustlsConfig::from_pem(
        id.cert_pem.clone().into_bytes(),
        id.key_pem.clone().into_bytes(),
    )
    .await
    .expect("the fake's TLS configuration");
    // Without TCP_NODELAY an answer can wait ~40 ms for a delayed ACK.
    let acceptor = RustlsAcceptor::new(config)
        .acceptor(TcpConfigAcceptor::new(TcpSocketConfig::new().nodelay(true)));
    axum_server::from_tcp(listener)
        .expect("the TLS listener")
        .acceptor(acceptor)
        .serve(app.into_make_service())
        .await
        .expect("the fake's HTTPS server");
}
