// The state of one table as this browser knows it, and how each server message changes it.
// Pure functions: the connection feeds messages in, the page renders what comes out.

import type { Hello, LegalAction, PlayerStatus, Refused, ServerMessage, StateMessage } from "./protocol";

export interface TableState {
  hello: Hello | null;
  /** The version of the state last received (sent back with every action). */
  version: number;
  seat: number | null;
  actor: number | null;
  view: unknown;
  legal: LegalAction[];
  /** This seat's log, from line 0. */
  log: string[];
  outcome: unknown;
  undo: { actions: string[] } | null;
  players: PlayerStatus[];
  /** The last refusal, shown to the player until the next state. */
  refused: string | null;
  /** An action was sent and no answer has come yet: the buttons wait. */
  pending: boolean;
  /** The seat whose hands are covered until its player says they hold the screen. */
  cover: number | null;
  received: boolean;
}

export const emptyTable: TableState = {
  hello: null,
  version: -1,
  seat: null,
  actor: null,
  view: null,
  legal: [],
  log: [],
  outcome: null,
  undo: null,
  players: [],
  refused: null,
  pending: false,
  cover: null,
  received: false,
};

/**
 * Merge new log lines that start at line `from` into the lines held. `null` when lines are
 * missing in between (we hold fewer than `from`): the client must ask for a `sync`.
 */
export function mergeLog(held: readonly string[], from: number, lines: readonly string[]): string[] | null {
  if (from > held.length) return null;
  return held.slice(0, from).concat(lines);
}

/**
 * The hot-seat cover (one browser holds several seats): when the seat whose view is shown
 * changes from one of this browser's seats to another, that view stays covered until its
 * player takes the screen. Also at the first state when the browser holds several seats.
 * Returns the seat to cover for, or null.
 */
export function coverFor(prevSeat: number | null, received: boolean, nextSeat: number | null, mySeats: readonly number[]): number | null {
  if (mySeats.length < 2 || nextSeat === null || !mySeats.includes(nextSeat)) return null;
  if (!received) return nextSeat;
  return prevSeat !== nextSeat ? nextSeat : null;
}

export type Effect = { kind: "sync" } | { kind: "none" };

/** Apply one server message. The effect tells the caller to ask for a sync when lines were lost. */
export function reduce(s: TableState, msg: ServerMessage): [TableState, Effect] {
  switch (msg.type) {
    case "hello":
      return [{ ...s, hello: msg }, { kind: "none" }];
    case "refused":
      return [refused(s, msg), { kind: "none" }];
    case "state":
      return applyState(s, msg);
  }
}

function refused(s: TableState, msg: Refused): TableState {
  return { ...s, refused: msg.reason, pending: false };
}

function applyState(s: TableState, msg: StateMessage): [TableState, Effect] {
  if (msg.version < s.version) return [s, { kind: "none" }];
  const log = mergeLog(s.log, msg.log.from, msg.log.lines);
  const mySeats = s.hello?.seats ?? [];
  const cover = coverFor(s.seat, s.received, msg.seat, mySeats);
  const next: TableState = {
    ...s,
    version: msg.version,
    seat: msg.seat,
    actor: msg.actor,
    view: msg.view,
    legal: msg.legal,
    log: log ?? s.log,
    outcome: msg.outcome,
    undo: msg.undo,
    players: msg.players,
    refused: msg.version === s.version ? s.refused : null,
    pending: false,
    cover: cover ?? (s.cover !== null && s.cover === msg.seat ? s.cover : null),
    received: true,
  };
  return [next, log === null ? { kind: "sync" } : { kind: "none" }];
}

/** The player took the screen: uncover. */
export function uncover(s: TableState): TableState {
  return { ...s, cover: null };
}

/** Whether this browser is to decide now. */
export function myTurn(s: TableState): boolean {
  return s.actor !== null && s.legal.length > 0 && (s.hello?.seats ?? []).includes(s.actor);
}
