// The table page (`/t/ID?token=T`): connects, keeps the table's state, and frames the game's own
// table with what every game shares: the header and turn notice, refusals, undo, the keyboard,
// and the hot-seat cover.

import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { gameModule } from "../games";
import { Connection, socketUrl, type ConnectionStatus } from "./connection";
import { Cover } from "./Cover";
import { displayOrder, indexForKey, keysInOrder } from "./keys";
import { chime, notifyTurn, turnNotice } from "./notify";
import type { ClientMessage, ServerMessage } from "./protocol";
import { replayLink, tableLink } from "../router";
import { emptyTable, myTurn, reduce, uncover, type TableState } from "./table-state";

/** How the page reaches the server (a test or a screenshot passes fakes). */
export interface TableDeps {
  connect(url: string, onMessage: (m: ServerMessage) => void, onStatus: (s: ConnectionStatus) => void): { send(m: ClientMessage): boolean; close(): void };
  fetchCatalog(game: string): Promise<unknown>;
  /** A rematch of a table (the same options and seats, a new seed), asked with a seat's token. */
  rematch?(table: string, token: string): Promise<Rematch>;
}

/** What `POST /api/tables/{id}/rematch` answers (as `POST /api/tables`). */
export interface Rematch {
  table: string;
  you?: string | null;
  invites: { seat: number; token: string; url: string }[];
  spectate: string;
}

async function rematchOnServer(table: string, token: string): Promise<Rematch> {
  const r = await fetch(`/api/tables/${encodeURIComponent(table)}/rematch?token=${encodeURIComponent(token)}`, { method: "POST" });
  const body = await r.json().catch(() => null);
  if (!r.ok) throw new Error((body as { error?: string } | null)?.error ?? `HTTP ${r.status}`);
  return body as Rematch;
}

export const browserDeps: TableDeps = {
  connect: (url, onMessage, onStatus) => new Connection({ url, onMessage, onStatus }),
  fetchCatalog: async (game) => {
    const r = await fetch(`/api/catalog/${encodeURIComponent(game)}`);
    if (!r.ok) throw new Error(`the catalog of ${game}: HTTP ${r.status}`);
    return r.json();
  },
  rematch: rematchOnServer,
};

function isTyping(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  return !!el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT" || el.isContentEditable);
}

/** What a finished table offers: its replay, its save, a rematch (for those who held a seat). */
function AfterTheGame(props: { table: string; token: string | null; deps: TableDeps; seatName(s: number): string; go?(url: string): void }) {
  const [made, setMade] = useState<Rematch | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const origin = location.origin;
  const rematch = async () => {
    if (!props.token) return;
    setBusy(true);
    setError(null);
    try {
      const r = await (props.deps.rematch ?? rematchOnServer)(props.table, props.token);
      setMade(r);
      if (r.you && r.invites.length === 0 && props.go) props.go(tableLink(r.table, r.you));
    } catch (e) {
      setError(String(e instanceof Error ? e.message : e));
    } finally {
      setBusy(false);
    }
  };
  const follow = (url: string) => (e: Event) => {
    if (!props.go) return;
    e.preventDefault();
    props.go(url);
  };
  return (
    <div class="after-game">
      <a class="button" href={replayLink(props.table)} onClick={follow(replayLink(props.table))}>
        Replay step by step
      </a>
      <a class="button" href={`/api/tables/${encodeURIComponent(props.table)}/save`} download={`tabletop-${props.table}.json`}>
        Download the save
      </a>
      {props.token ? (
        <button type="button" class="primary" onClick={rematch} disabled={busy || made !== null}>
          Rematch
        </button>
      ) : null}
      {error ? (
        <span class="refused-inline" role="alert">
          {error}
        </span>
      ) : null}
      {made ? (
        <div class="created">
          <strong>The rematch is ready.</strong>{" "}
          {made.you ? (
            <a class="primary-link" href={tableLink(made.table, made.you)} onClick={follow(tableLink(made.table, made.you))}>
              Sit down at your seat
            </a>
          ) : null}
          {made.invites.map((inv) => (
            <label key={inv.seat} class="invite">
              Invite for {props.seatName(inv.seat)}: <input readOnly value={origin + inv.url} onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
            </label>
          ))}
        </div>
      ) : null}
    </div>
  );
}

export function TablePage(props: { table: string; token: string | null; deps?: TableDeps; go?(url: string): void }) {
  const deps = props.deps ?? browserDeps;
  const [state, setState] = useState<TableState>(emptyTable);
  const [status, setStatus] = useState<ConnectionStatus>("connecting");
  const [catalog, setCatalog] = useState<unknown>(null);
  const [error, setError] = useState<string | null>(null);
  const [alerts, setAlerts] = useState(false);
  const stateRef = useRef(state);
  const conn = useRef<{ send(m: ClientMessage): boolean; close(): void } | null>(null);

  useEffect(() => {
    const url = socketUrl(location, props.table, props.token);
    const c = deps.connect(
      url,
      (msg) => {
        const [next, effect] = reduce(stateRef.current, msg);
        stateRef.current = next;
        setState(next);
        if (effect.kind === "sync") c.send({ type: "sync" });
      },
      setStatus,
    );
    conn.current = c;
    return () => c.close();
  }, [props.table, props.token]);

  const game = state.hello ? gameModule(state.hello.table.game) : null;
  const gameId = state.hello?.table.game ?? null;
  useEffect(() => {
    if (!gameId) return;
    deps.fetchCatalog(gameId).then(setCatalog, (e) => setError(String(e)));
  }, [gameId]);

  const mySeats = state.hello?.seats ?? [];
  const mine = myTurn(state);
  const group = game?.group ?? (() => "Actions");
  const order = useMemo(() => displayOrder(state.legal, group), [state.legal, game]);
  const keys = useMemo(() => keysInOrder(order), [order]);

  const act = useCallback((i: number) => {
    const s = stateRef.current;
    const l = s.legal[i];
    if (!l || s.pending || s.cover !== null) return;
    if (conn.current?.send({ type: "act", version: s.version, action: l.action })) {
      stateRef.current = { ...s, pending: true };
      setState(stateRef.current);
    } else {
      setError("Not connected: the action was not sent. Reconnecting…");
    }
  }, []);
  const undo = useCallback(() => {
    const s = stateRef.current;
    if (s.undo && !s.pending) conn.current?.send({ type: "undo", version: s.version });
  }, []);
  const take = useCallback(() => {
    stateRef.current = uncover(stateRef.current);
    setState(stateRef.current);
  }, []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target)) return;
      const s = stateRef.current;
      if (s.cover !== null) {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          take();
        }
        return;
      }
      if (e.key === "Backspace" && s.undo) {
        e.preventDefault();
        undo();
        return;
      }
      const i = indexForKey(e, keys);
      if (i >= 0) {
        e.preventDefault();
        act(i);
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [keys]);

  const seatName = (seat: number) => game?.seatName(seat) ?? `seat ${seat + 1}`;
  const base = game ? `${game.name} — tabletop` : "tabletop";
  const wasMine = useRef(false);
  useEffect(() => {
    const who = mySeats.length > 1 && state.actor !== null ? seatName(state.actor) : null;
    const n = turnNotice(wasMine.current, mine, base, who);
    document.title = n.title;
    if (n.alert && alerts && document.hidden) {
      chime();
      notifyTurn(n.title);
    }
    wasMine.current = mine;
  }, [mine, state.version, base]);

  const enableAlerts = () => {
    setAlerts(!alerts);
    if (!alerts && typeof Notification !== "undefined" && Notification.permission === "default") {
      void Notification.requestPermission();
    }
  };

  const outcome = state.outcome as { winners?: number[]; reason?: string } | null;
  const over = outcome !== null && outcome !== undefined;
  let overText = "";
  if (over) {
    const w = outcome.winners ?? [];
    const who = w.length === 0 ? "Nobody wins" : `${w.map(seatName).join(" and ")} ${w.length === 1 ? "wins" : "win"}`;
    overText = `Game over: ${who}${outcome.reason ? ` (${outcome.reason})` : ""}.`;
  }
  let turnLine: string;
  if (state.outcome !== null && state.outcome !== undefined) turnLine = "The game is over.";
  else if (state.actor === null) turnLine = state.received ? "" : "Connecting to the table…";
  else if (mine) turnLine = mySeats.length > 1 ? `Your decision, ${seatName(state.actor)}` : "Your decision";
  else turnLine = `Waiting for ${seatName(state.actor)}`;

  return (
    <div class={`table-page game-${gameId ?? "none"}${mine ? " my-turn" : ""}`}>
      <header class="table-header">
        <a class="home" href="/">
          tabletop
        </a>
        <span class="game-name">{game?.name ?? ""}</span>
        <span class="summary">{game && state.view ? game.summary(state.view) : ""}</span>
        <span class={`turn-line${mine ? " mine" : ""}`} role="status">
          {turnLine}
        </span>
        <span class="header-tools">
          {state.hello?.role === "spectator" ? <span class="badge">spectating</span> : null}
          <span class={`conn conn-${status}`} title={`connection: ${status}`}>
            {status === "open" ? "online" : status === "connecting" ? "connecting…" : "offline, retrying…"}
          </span>
          <label class="alerts">
            <input type="checkbox" checked={alerts} onChange={enableAlerts} /> sound &amp; notify
          </label>
        </span>
      </header>
      {state.refused ? (
        <div class="refused" role="alert">
          Not taken: {state.refused}
        </div>
      ) : null}
      {error ? (
        <div class="refused" role="alert">
          {error}
        </div>
      ) : null}
      {over ? (
        <div class="game-over" role="status">
          {overText}
        </div>
      ) : null}
      {over ? <AfterTheGame table={props.table} token={state.hello?.role === "player" ? props.token : null} deps={deps} seatName={seatName} go={props.go} /> : null}
      {state.undo && state.cover === null ? (
        <div class="undo-bar">
          <button type="button" class="act act-undo" onClick={undo} disabled={state.pending} title="Backspace">
            <kbd>⌫</kbd>
            <span class="act-text">Undo: {state.undo.actions.join("; ")}</span>
          </button>
        </div>
      ) : null}
      <main class="table-main">
        {game && catalog && state.received && state.cover === null ? (
          <game.Table catalog={catalog} state={state} keys={keys} order={order} act={act} mySeats={mySeats} />
        ) : (
          <p class="loading">{state.cover !== null ? "" : state.hello && !game ? `This browser cannot show ${state.hello.table.game} tables.` : "Loading the table…"}</p>
        )}
      </main>
      {state.cover !== null ? <Cover who={seatName(state.cover)} onTake={take} /> : null}
    </div>
  );
}
