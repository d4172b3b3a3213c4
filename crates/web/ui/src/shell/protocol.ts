// The wire format of docs/PROTOCOL.md (version 1): what the server sends and what we send back.

export const PROTOCOL = 1;

/** An engine action in its JSON form; a client never builds one, it sends back a `legal` entry. */
export interface Action {
  a: string;
  v?: unknown;
}

export interface LegalAction {
  action: Action;
  text: string;
}

export type SeatKind = "you" | "invite" | "bot";

export interface LobbySeat {
  seat: number;
  kind: SeatKind | string;
  /** A bot seat's level (`easy`, `normal`, `hard`, `random`; `bot` on tables made before the levels). */
  bot?: string | null;
  taken: boolean;
  connected: boolean;
}

/** One row of `GET /api/tables` (and the `table` of `hello`). */
export interface LobbyEntry {
  table: string;
  game: string;
  summary: string;
  status: "waiting" | "playing" | "over";
  seats: LobbySeat[];
  created: string | number;
  options?: Record<string, unknown>;
}

export interface Hello {
  type: "hello";
  protocol: number;
  table: LobbyEntry;
  /** The seats this connection's token holds (several for hot-seat). */
  seats: number[];
  role: "player" | "spectator";
}

export interface PlayerStatus {
  seat: number;
  kind: string;
  connected: boolean;
}

export interface StateMessage {
  type: "state";
  version: number;
  /** Whose view this is; null for a spectator. */
  seat: number | null;
  actor: number | null;
  view: unknown;
  legal: LegalAction[];
  log: { from: number; lines: string[] };
  outcome: unknown;
  undo: { actions: string[] } | null;
  players: PlayerStatus[];
}

export interface Refused {
  type: "refused";
  id?: string | number;
  reason: string;
  version: number;
}

export type ServerMessage = Hello | StateMessage | Refused;

export type ClientMessage =
  | { type: "act"; version: number; action: Action; id?: number }
  | { type: "undo"; version: number; id?: number }
  | { type: "sync"; id?: number };

/** Parse one frame; anything that is not a known message is reported, not thrown. */
export function parseServerMessage(text: string): ServerMessage | { type: "invalid"; reason: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { type: "invalid", reason: `not JSON: ${String(e)}` };
  }
  if (typeof value !== "object" || value === null || !("type" in value)) {
    return { type: "invalid", reason: "a message without a type" };
  }
  const t = (value as { type: unknown }).type;
  if (t === "hello" || t === "state" || t === "refused") {
    return value as ServerMessage;
  }
  return { type: "invalid", reason: `unknown message type ${JSON.stringify(t)}` };
}

/** Two actions are the same when their JSON forms are (key order as the server sent it). */
export function sameAction(x: Action, y: Action): boolean {
  return JSON.stringify(x) === JSON.stringify(y);
}
