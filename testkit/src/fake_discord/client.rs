//! A bare gateway client, for the tests of the fake itself: it speaks the
//! WebSocket protocol by hand (an HTTP upgrade, then frames; a client's
//! frames masked) so that a test can send exactly the IDENTIFY it means and
//! read every frame the fake sends, as serenity would receive it.

use super::FakeDiscord;
use anyhow::{anyhow, bail, Context, Result};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// What the fake sent on the gateway.
#[derive(Debug, Clone, PartialEq)]
pub enum Frame {
    /// A JSON payload (HELLO, a dispatch, op 9...), as text and parsed.
    Json(String, Value),
    /// The connection was closed with this code.
    Close(u16),
}

/// One gateway connection to the fake.
pub struct GatewayClient {
    stream: TcpStream,
}

impl GatewayClient {
    /// Connects to the fake's gateway and reads its HELLO.
    pub async fn connect(fake: &FakeDiscord) -> Result<GatewayClient> {
        let port = fake.shared.port;
        let mut stream = TcpStream::connect(("127.0.0.1", port)).await?;
        let request = format!(
            "GET /gw?v=10 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n\
             Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
             Sec-WebSocket-Version: 13\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).await?;
        let mut head = Vec::new();
        while !head.ends_with(b"\r\n\r\n") {
            let mut byte = [0u8; 1];
            stream.read_exact(&mut byte).await?;
            head.push(byte[0]);
        }
        let head = String::from_utf8_lossy(&head);
        if !head.starts_with("HTTP/1.1 101") {
            bail!("no WebSocket upgrade: {head}");
        }
        let mut client = GatewayClient { stream };
        match client.next().await? {
            Frame::Json(_, v) if v["op"] == 10 => Ok(client),
            other => bail!("HELLO expected, got {other:?}"),
        }
    }

    /// Sends a JSON payload as a masked text frame.
    pub async fn send(&mut self, payload: &Value) -> Result<()> {
        let data = payload.to_string().into_bytes();
        let mask = [0x5a, 0x13, 0xc7, 0x88];
        let mut frame = vec![0x81];
        match data.len() {
            n if n < 126 => frame.push(0x80 | n as u8),
            n if n <= 0xffff => {
                frame.push(0x80 | 126);
                frame.extend_from_slice(&(n as u16).to_be_bytes());
            }
            n => {
                frame.push(0x80 | 127);
                frame.extend_from_slice(&(n as u64).to_be_bytes());
            }
        }
        frame.extend_from_slice(&mask);
        frame.extend(data.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.stream.write_all(&frame).await?;
        Ok(())
    }

    /// IDENTIFY as shard `shard` of `total`, asking for `intents`.
    pub async fn identify(&mut self, shard: u64, total: u64, intents: u64) -> Result<()> {
        self.send(&json!({"op": 2, "d": {
            "token": "Bot fake-token", "intents": intents, "shard": [shard, total],
            "properties": {"os": "linux", "browser": "test", "device": "test"}}}))
            .await
    }

    /// The next frame, waiting up to 10 s.
    pub async fn next(&mut self) -> Result<Frame> {
        tokio::time::timeout(Duration::from_secs(10), self.read_frame())
            .await
            .map_err(|_| anyhow!("no frame from the fake within 10 s"))?
    }

    /// The next dispatch (op 0), skipping other payloads: `(t, d)`.
    pub async fn next_dispatch(&mut self) -> Result<(String, Value)> {
        loop {
            match self.next().await? {
                Frame::Json(_, v) if v["op"] == 0 => {
                    let t = v["t"].as_str().unwrap_or_default().to_string();
                    return Ok((t, v["d"].clone()));
                }
                Frame::Json(..) => {}
                Frame::Close(code) => bail!("closed ({code}) while waiting for a dispatch"),
            }
        }
    }

    async fn read_frame(&mut self) -> Result<Frame> {
        loop {
            let mut head = [0u8; 2];
            self.stream.read_exact(&mut head).await.context("a frame")?;
            let opcode = head[0] & 0x0f;
            let len = match head[1] & 0x7f {
                126 => {
                    let mut n = [0u8; 2];
                    self.stream.read_exact(&mut n).await?;
                    u64::from(u16::from_be_bytes(n))
                }
                127 => {
                    let mut n = [0u8; 8];
                    self.stream.read_exact(&mut n).await?;
                    u64::from_be_bytes(n)
                }
                n => u64::from(n),
            };
            let mut data = vec![0u8; len as usize];
            self.stream.read_exact(&mut data).await?;
            match opcode {
                1 => {
                    let text = String::from_utf8(data)?;
                    let v = serde_json::from_str(&text)?;
                    return Ok(Frame::Json(text, v));
                }
                8 => {
                    let code = data
                        .get(..2)
                        .map_or(1005, |c| u16::from_be_bytes([c[0], c[1]]));
                    return Ok(Frame::Close(code));
                }
                // Pings and pongs.
                _ => {}
            }
        }
    }
}
