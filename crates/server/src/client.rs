//! A small client of the protocol (HTTP and WebSocket), for the tests and the load generator.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{anyhow, bail, Context, Result};
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long a client waits for a frame before it gives up.
pub const WAIT: Duration = Duration::from_secs(20);

/// The HTTP API of a server.
#[derive(Clone)]
pub struct Http {
    base: String,
    client: reqwest::Client,
}

impl Http {
    pub fn new(addr: SocketAddr) -> Http {
        Http {
            base: format!("http://{addr}"),
            client: reqwest::Client::new(),
        }
    }

    /// `(status, JSON body)`.
    pub async fn get(&self, path: &str) -> Result<(u16, Value)> {
        let r = self
            .client
            .get(format!("{}{path}", self.base))
            .send()
            .await?;
        let status = r.status().as_u16();
        let body = r.json().await.unwrap_or(Value::Null);
        Ok((status, body))
    }

    pub async fn post(&self, path: &str, body: &Value) -> Result<(u16, Value)> {
        let r = self
            .client
            .post(format!("{}{path}", self.base))
            .json(body)
            .send()
            .await?;
        let status = r.status().as_u16();
        let body = r.json().await.unwrap_or(Value::Null);
        Ok((status, body))
    }

    /// Create a table; the answer of `201`, or the error.
    pub async fn create(&self, body: &Value) -> Result<Value> {
        let (status, v) = self.post("/api/tables", body).await?;
        if status != 201 {
            bail!("creating a table: {status} {v}");
        }
        Ok(v)
    }
}

/// One WebSocket connection to a table, keeping every text frame it received (raw, so tests
/// can look for what must never be sent).
pub struct Ws {
    stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub raw: Vec<String>,
    /// Keep raw frames (tests) or not (load generator).
    pub keep_raw: bool,
}

impl Ws {
    pub async fn connect(addr: SocketAddr, table: &str, token: Option<&str>) -> Result<Ws> {
        let url = match token {
            Some(t) => format!("ws://{addr}/ws/{table}?token={t}"),
            None => format!("ws://{addr}/ws/{table}"),
        };
        let (stream, _) = tokio_tungstenite::connect_async_with_config(
            &url,
            Some(WebSocketConfig::default().read_buffer_size(16 * 1024)),
            true,
        )
        .await
        .with_context(|| format!("connecting to {url}"))?;
        Ok(Ws {
            stream,
            raw: Vec::new(),
            keep_raw: true,
        })
    }

    pub async fn send(&mut self, v: &Value) -> Result<()> {
        self.stream.send(Message::text(v.to_string())).await?;
        Ok(())
    }

    /// The next text frame, kept in `raw` (whatever `keep_raw` says) and not parsed.
    pub async fn recv_raw(&mut self) -> Result<()> {
        let keep = std::mem::replace(&mut self.keep_raw, true);
        let r = self.recv_text().await;
        self.keep_raw = keep;
        r.map(drop)
    }

    async fn recv_text(&mut self) -> Result<String> {
        loop {
            let msg = tokio::time::timeout(WAIT, self.stream.next())
                .await
                .map_err(|_| anyhow!("no frame within {WAIT:?}"))?
                .ok_or_else(|| anyhow!("the server closed the connection"))??;
            match msg {
                Message::Text(t) => {
                    let t = t.to_string();
                    if self.keep_raw {
                        self.raw.push(t.clone());
                    }
                    return Ok(t);
                }
                Message::Close(_) => bail!("the server closed the connection"),
                _ => {}
            }
        }
    }

    /// The next text frame as JSON.
    pub async fn recv(&mut self) -> Result<Value> {
        let t = self.recv_text().await?;
        Ok(serde_json::from_str(&t)?)
    }

    /// Frames until one of type `ty` (the others are kept in `raw` only).
    pub async fn recv_type(&mut self, ty: &str) -> Result<Value> {
        loop {
            let v = self.recv().await?;
            if v["type"] == ty {
                return Ok(v);
            }
        }
    }

    /// Frames until a `state` whose version is at least `version`.
    pub async fn state_at_least(&mut self, version: u64) -> Result<Value> {
        loop {
            let v = self.recv_type("state").await?;
            if v["version"].as_u64().unwrap_or(0) >= version {
                return Ok(v);
            }
        }
    }

    pub async fn close(mut self) {
        let _ = self.stream.close(None).await;
    }
}
