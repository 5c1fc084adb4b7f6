//! Who a request comes from: the client every limit is kept for (its rate,
//! its connections, its live pages), never the link it opens, which many
//! watchers share.
//!
//! The client is the address the connection comes from, except behind a
//! reverse proxy the operator names (`WEB_TRUSTED_PROXY`): a connection
//! from such a proxy is the address its `X-Forwarded-For` ends with, the
//! last one no trusted proxy added (read from the right, so that a client
//! cannot name itself someone else by sending the header itself). An IPv6
//! client is its /64 network, what one home or machine is given; an IPv4
//! address in IPv6 form is that IPv4 address.

use axum::http::HeaderMap;
use std::net::{IpAddr, Ipv6Addr};

/// A network of addresses: an address and how many of its leading bits
/// count (`127.0.0.1` is `127.0.0.1/32`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Net {
    addr: IpAddr,
    bits: u8,
}

impl Net {
    /// Whether `ip` is in it.
    pub fn holds(&self, ip: IpAddr) -> bool {
        match (self.addr, plain(ip)) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.bits)).unwrap_or(0);
                u32::from(net) & mask == u32::from(ip) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = u128::MAX
                    .checked_shl(128 - u32::from(self.bits))
                    .unwrap_or(0);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

/// The trusted reverse proxies: `WEB_TRUSTED_PROXY`, addresses or networks
/// (`127.0.0.1`, `10.0.0.0/8`, `::1`) separated by commas; `None` when one
/// does not read.
pub fn read_proxies(text: &str) -> Option<Vec<Net>> {
    let mut nets = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (addr, bits) = match part.split_once('/') {
            Some((addr, bits)) => (addr, Some(bits.parse::<u8>().ok()?)),
            None => (part, None),
        };
        let addr = plain(addr.parse::<IpAddr>().ok()?);
        let most = if addr.is_ipv4() { 32 } else { 128 };
        let bits = bits.unwrap_or(most);
        if bits > most {
            return None;
        }
        nets.push(Net { addr, bits });
    }
    (!nets.is_empty()).then_some(nets)
}

/// An IPv4 address written as IPv6 (`::ffff:1.2.3.4`) as itself.
fn plain(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

/// The client an address stands for: itself, an IPv6 address's /64.
pub fn client_key(ip: IpAddr) -> IpAddr {
    match plain(ip) {
        IpAddr::V6(v6) => {
            let network = u128::from(v6) & (u128::MAX << 64);
            IpAddr::V6(Ipv6Addr::from(network))
        }
        v4 => v4,
    }
}

/// Whether `peer` is one of the `trusted` proxies.
pub fn is_trusted(peer: IpAddr, trusted: &[Net]) -> bool {
    trusted.iter().any(|net| net.holds(peer))
}

/// The client of a request that came from `peer` with `headers`: `peer`,
/// or, when `peer` is a trusted proxy, the last address of its
/// `X-Forwarded-For` that no trusted proxy added (the proxy itself when
/// there is none that reads); as a [`client_key`].
pub fn client_of(peer: IpAddr, headers: &HeaderMap, trusted: &[Net]) -> IpAddr {
    if !is_trusted(peer, trusted) {
        return client_key(peer);
    }
    let mut forwarded = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect::<Vec<_>>();
    forwarded.reverse();
    for hop in forwarded {
        let Some(ip) = read_hop(hop) else {
            // Unreadable: what was before it cannot be trusted either.
            break;
        };
        if !is_trusted(ip, trusted) {
            return client_key(ip);
        }
    }
    client_key(peer)
}

/// One address of `X-Forwarded-For`: `1.2.3.4`, `1.2.3.4:5678`, `::1` or
/// `[::1]:5678`.
fn read_hop(hop: &str) -> Option<IpAddr> {
    if let Ok(ip) = hop.parse::<IpAddr>() {
        return Some(ip);
    }
    if let Ok(addr) = hop.parse::<std::net::SocketAddr>() {
        return Some(addr.ip());
    }
    hop.strip_prefix('[')
        .and_then(|h| h.split_once(']'))
        .and_then(|(ip, _)| ip.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("an address")
    }

    fn forwarded(value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(
            "x-forwarded-for",
            HeaderValue::from_str(value).expect("a header"),
        );
        h
    }

    #[test]
    fn the_client_is_the_peer_unless_a_trusted_proxy_forwards_it() {
        let proxies = read_proxies("127.0.0.1, 10.0.0.0/8").expect("reads");
        let spoofed = forwarded("6.6.6.6");
        // Anyone else's header is not believed.
        assert_eq!(
            client_of(ip("203.0.113.9"), &spoofed, &proxies),
            ip("203.0.113.9")
        );
        assert_eq!(
            client_of(ip("203.0.113.9"), &spoofed, &[]),
            ip("203.0.113.9")
        );
        // The proxy's: the last address it did not add itself, read from the
        // right (what the client sent on the left is not believed).
        let chain = forwarded("6.6.6.6, 198.51.100.7, 10.1.2.3");
        assert_eq!(
            client_of(ip("127.0.0.1"), &chain, &proxies),
            ip("198.51.100.7")
        );
        assert_eq!(
            client_of(ip("127.0.0.1"), &forwarded("[2001:db8::1]:443"), &proxies),
            ip("2001:db8::")
        );
        // No header, or one that does not read: the proxy itself.
        assert_eq!(
            client_of(ip("127.0.0.1"), &HeaderMap::new(), &proxies),
            ip("127.0.0.1")
        );
        assert_eq!(
            client_of(ip("127.0.0.1"), &forwarded("junk"), &proxies),
            ip("127.0.0.1")
        );
    }

    #[test]
    fn an_ipv6_client_is_its_network_and_a_mapped_address_its_ipv4() {
        assert_eq!(client_key(ip("2001:db8:1:2:aaaa::1")), ip("2001:db8:1:2::"));
        assert_eq!(
            client_key(ip("2001:db8:1:2:bbbb::9")),
            client_key(ip("2001:db8:1:2:aaaa::1"))
        );
        assert_eq!(client_key(ip("::ffff:192.0.2.1")), ip("192.0.2.1"));
        assert_eq!(client_key(ip("127.0.0.2")), ip("127.0.0.2"));
    }

    #[test]
    fn proxies_read_as_addresses_and_networks_or_not_at_all() {
        let nets = read_proxies("::1,192.168.0.0/16").expect("reads");
        assert!(is_trusted(ip("::1"), &nets));
        assert!(is_trusted(ip("192.168.44.1"), &nets));
        assert!(!is_trusted(ip("192.169.0.1"), &nets));
        assert!(is_trusted(ip("::ffff:192.168.1.1"), &nets));
        let all = read_proxies("0.0.0.0/0").expect("reads");
        assert!(is_trusted(ip("8.8.8.8"), &all));
        for bad in ["", "localhost", "10.0.0.0/33", "1.2.3.4/x", "::1/129"] {
            assert_eq!(read_proxies(bad), None, "{bad}");
        }
    }
}
