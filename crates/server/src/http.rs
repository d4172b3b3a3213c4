//! The HTTP API of docs/PROTOCOL.md: information, options, tables (create, import, lobby,
//! rematch), saves and replays of finished games.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use tabletop_firefly::Firefly;
use tabletop_mandalorian::Mandalorian;

use crate::app::{new_live, new_seed, seat_requests, App, NewTable, SeatRequest};
use crate::games::{ServerGame, GAMES};
use crate::live::{self, Live, LiveGame};
use crate::table::PROTOCOL;

/// An error a player can read: `{"error": …}` with a status.
pub struct ApiError(pub StatusCode, pub String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(json!({"error": self.1}))).into_response()
    }
}

fn bad(e: impl std::fmt::Display) -> ApiError {
    ApiError(StatusCode::BAD_REQUEST, e.to_string())
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    tracing::error!("{e}");
    ApiError(
        StatusCode::INTERNAL_SERVER_ERROR,
        format!("the server failed: {e}"),
    )
}

fn not_found(id: &str) -> ApiError {
    ApiError(StatusCode::NOT_FOUND, format!("there is no table {id:?}"))
}

type ApiResult = Result<Response, ApiError>;

pub async fn info() -> Json<Value> {
    Json(json!({"protocol": PROTOCOL, "engine": env!("CARGO_PKG_VERSION"), "games": GAMES}))
}

pub async fn options(Path(game): Path<String>) -> ApiResult {
    Ok(Json(match game.as_str() {
        "firefly" => Firefly::choices(),
        "mandalorian" => Mandalorian::choices(),
        _ => {
            return Err(ApiError(
                StatusCode::NOT_FOUND,
                format!("there is no game {game:?} here"),
            ))
        }
    })
    .into_response())
}

/// `GET /api/catalog/{game}`: every id a view or action holds → name, kind, rendered text; the
/// same as `tabletop <game> content --json` for the content built into this server.
pub async fn catalog(Path(game): Path<String>) -> ApiResult {
    use crate::games::ServerGame;
    use tabletop_driver::Driven;
    Ok(Json(match game.as_str() {
        "firefly" => <Firefly as Driven>::catalog(<Firefly as ServerGame>::content()),
        "mandalorian" => <Mandalorian as Driven>::catalog(<Mandalorian as ServerGame>::content()),
        _ => {
            return Err(ApiError(
                StatusCode::NOT_FOUND,
                format!("there is no game {game:?} here"),
            ))
        }
    })
    .into_response())
}

fn created(c: crate::app::Created) -> Response {
    (StatusCode::CREATED, Json(c.json())).into_response()
}

/// `POST /api/tables`.
pub async fn create(State(app): State<Arc<App>>, Json(body): Json<Value>) -> ApiResult {
    let game = body.get("game").and_then(Value::as_str).unwrap_or("");
    let seats = seat_requests(body.get("seats").unwrap_or(&Value::Null)).map_err(bad)?;
    let seed = match body.get("seed") {
        None | Some(Value::Null) => new_seed(),
        Some(s) => s
            .as_u64()
            .ok_or_else(|| bad("\"seed\" must be a non-negative integer"))?,
    };
    let request = body.get("options").unwrap_or(&Value::Null);
    let options = match game {
        "firefly" => serde_json::to_value(Firefly::options_for(request, seats.len()).map_err(bad)?),
        "mandalorian" => {
            serde_json::to_value(Mandalorian::options_for(request, seats.len()).map_err(bad)?)
        }
        other => {
            return Err(bad(format!(
                "\"game\" is {other:?}: one of {}",
                GAMES.join(", ")
            )))
        }
    }
    .map_err(internal)?;
    let live = new_live(game, &options, seed).map_err(bad)?;
    let c = app
        .create(NewTable {
            live,
            taken: Vec::new(),
            seats,
            rematch_of: None,
        })
        .await
        .map_err(internal)?;
    Ok(created(c))
}

/// `POST /api/tables/import`: a save, or a scenario file.
pub async fn import(State(app): State<Arc<App>>, Json(body): Json<Value>) -> ApiResult {
    let seats = seat_requests(body.get("seats").unwrap_or(&Value::Null)).map_err(bad)?;
    let (live, taken) = if let Some(save) = body.get("save") {
        let game = save.get("game").and_then(Value::as_str).unwrap_or("");
        let save = save.clone();
        // Replaying a long save is engine work: off the async runtime.
        let game = game.to_string();
        tokio::task::spawn_blocking(move || -> anyhow::Result<(Box<dyn LiveGame>, _)> {
            match game.as_str() {
                "firefly" => {
                    let (l, t) = Live::<Firefly>::from_save(save)?;
                    Ok((Box::new(l), t))
                }
                "mandalorian" => {
                    let (l, t) = Live::<Mandalorian>::from_save(save)?;
                    Ok((Box::new(l), t))
                }
                other => anyhow::bail!(
                    "the save's \"game\" is {other:?}: one of {}",
                    GAMES.join(", ")
                ),
            }
        })
        .await
        .map_err(internal)?
        .map_err(bad)?
    } else if let Some(text) = body.get("scenario").and_then(Value::as_str) {
        let game = body.get("game").and_then(Value::as_str).unwrap_or("");
        let request = body.get("options").unwrap_or(&Value::Null);
        let (options, seed) = match game {
            "firefly" => {
                let (o, s) = Firefly::scenario_options(text, request).map_err(bad)?;
                (serde_json::to_value(o).map_err(internal)?, s)
            }
            "mandalorian" => {
                let (o, s) = Mandalorian::scenario_options(text, request).map_err(bad)?;
                (serde_json::to_value(o).map_err(internal)?, s)
            }
            other => {
                return Err(bad(format!(
                    "\"game\" is {other:?}: one of {}",
                    GAMES.join(", ")
                )))
            }
        };
        let seed = seed.unwrap_or_else(new_seed);
        (new_live(game, &options, seed).map_err(bad)?, Vec::new())
    } else {
        return Err(bad(
            "an import needs \"save\" (a save) or \"game\" and \"scenario\" (a scenario file's text)",
        ));
    };
    let c = app
        .create(NewTable {
            live,
            taken,
            seats,
            rematch_of: None,
        })
        .await
        .map_err(bad)?;
    Ok(created(c))
}

#[derive(Deserialize)]
pub struct Lobby {
    limit: Option<u32>,
}

/// `GET /api/tables`: the newest tables first.
pub async fn lobby(State(app): State<Arc<App>>, Query(q): Query<Lobby>) -> ApiResult {
    let limit = q.limit.unwrap_or(200).min(1000);
    Ok(Json(Value::Array(app.lobby(limit).await.map_err(internal)?)).into_response())
}

#[derive(Deserialize)]
pub struct TokenQuery {
    pub token: Option<String>,
}

/// `POST /api/tables/{id}/rematch?token=`: same game, options and seats, a new seed. The
/// caller's seats are theirs again (one new token); the other people get new invitations.
pub async fn rematch(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    Query(q): Query<TokenQuery>,
) -> ApiResult {
    let table = app
        .table(&id)
        .await
        .map_err(internal)?
        .ok_or_else(|| not_found(&id))?;
    let mine = match App::seats_of(&table, q.token.as_deref()) {
        Ok(s) if !s.is_empty() => s,
        Ok(_) => {
            return Err(ApiError(
                StatusCode::FORBIDDEN,
                "a rematch needs the token of a seat of this table (?token=)".into(),
            ))
        }
        Err(e) => return Err(ApiError(StatusCode::FORBIDDEN, e)),
    };
    let seats: Vec<SeatRequest> = table
        .info
        .seats
        .iter()
        .map(|s| match &s.bot {
            Some(b) => SeatRequest::Bot(b.clone()),
            None if mine.contains(&s.seat) => SeatRequest::You,
            None => SeatRequest::Invite,
        })
        .collect();
    let live = new_live(table.info.game, &table.info.options, new_seed()).map_err(bad)?;
    let c = app
        .create(NewTable {
            live,
            taken: Vec::new(),
            seats,
            rematch_of: Some(id),
        })
        .await
        .map_err(internal)?;
    Ok(created(c))
}

/// The save of a finished table; `403` while the game is on (the seed tells every card to
/// come).
async fn finished_save(app: &Arc<App>, id: &str) -> Result<(&'static str, Value), ApiError> {
    let table = app
        .table(id)
        .await
        .map_err(internal)?
        .ok_or_else(|| not_found(id))?;
    let st = table.state.lock().await;
    if st.live.actor().is_some() {
        return Err(ApiError(
            StatusCode::FORBIDDEN,
            "the game is not over: its save would tell every card and die roll to come".into(),
        ));
    }
    Ok((table.info.game, st.live.save()))
}

/// `GET /api/tables/{id}/save`.
pub async fn save(State(app): State<Arc<App>>, Path(id): Path<String>) -> ApiResult {
    let (_, save) = finished_save(&app, &id).await?;
    Ok((
        [(
            axum::http::header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"tabletop-{id}.json\""),
        )],
        Json(save),
    )
        .into_response())
}

/// `GET /api/tables/{id}/replay`: the save and the game step by step.
pub async fn replay(State(app): State<Arc<App>>, Path(id): Path<String>) -> ApiResult {
    let (game, save) = finished_save(&app, &id).await?;
    let s = save.clone();
    let steps = tokio::task::spawn_blocking(move || match game {
        "firefly" => live::replay_steps::<Firefly>(s),
        "mandalorian" => live::replay_steps::<Mandalorian>(s),
        other => Err(format!("there is no game {other:?} here")),
    })
    .await
    .map_err(internal)?
    .map_err(internal)?;
    let mut v = steps;
    v["save"] = save;
    Ok(Json(v).into_response())
}
