//! `GET /ws/{table}?token=T`: one WebSocket per client. A token that holds no seat is refused
//! before the upgrade; no token is a spectator. The first frames are `hello` and the whole
//! state; then the client sends `act`, `undo` or `sync`, and gets its own `state` after every
//! change of the table.

use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};

use crate::app::{App, Table};
use crate::http::{ApiError, TokenQuery};

/// The largest message a client may send (an action is a few dozen bytes).
pub const MAX_CLIENT_MESSAGE: usize = 64 * 1024;

pub async fn upgrade(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(q): Query<TokenQuery>,
    ws: WebSocketUpgrade,
) -> Result<Response, ApiError> {
    let table = app
        .table(&id)
        .await
        .map_err(|e| ApiError(StatusCode::INTERNAL_SERVER_ERROR, format!("{e:#}")))?
        .ok_or_else(|| ApiError(StatusCode::NOT_FOUND, format!("there is no table {id:?}")))?;
    let seats = App::seats_of(&table, q.token.as_deref())
        .map_err(|e| ApiError(StatusCode::FORBIDDEN, e))?;
    // Clients send small messages: a small read buffer (the default, 128 KiB, is zeroed on
    // every read and held by every connection).
    Ok(ws
        .read_buffer_size(4096)
        .max_message_size(MAX_CLIENT_MESSAGE)
        .on_upgrade(move |socket| connection(app, table, seats, socket)))
}

async fn connection(app: Arc<App>, table: Arc<Table>, seats: Vec<u8>, socket: WebSocket) {
    let (mut sink, mut stream) = socket.split();
    let (conn, mut outbox) = app.connect(&table, seats).await;
    let writer = tokio::spawn(async move {
        while let Some(frame) = outbox.recv().await {
            if sink.send(Message::Text(frame)).await.is_err() {
                break;
            }
        }
        let _ = sink.close().await;
    });
    while let Some(msg) = stream.next().await {
        match msg {
            Ok(Message::Text(text)) => app.message(&table, conn, text.as_str()).await,
            Ok(Message::Close(_)) | Err(_) => break,
            Ok(_) => {}
        }
    }
    app.disconnect(&table, conn).await;
    writer.abort();
}
