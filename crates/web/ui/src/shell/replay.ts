// A finished game step by step (`GET /api/tables/{id}/replay`): the record the server sends and
// the table state each step shows. Pure functions; the replay page renders what comes out.

import type { Hello, LegalAction } from "./protocol";
import { emptyTable, type TableState } from "./table-state";

/** One step of the record: who acted, what they did (public text), what followed. */
export interface ReplayStep {
  seat: number;
  action: unknown;
  text: string;
  lines: string[];
  view: unknown;
}

/** The whole record (docs/PROTOCOL.md, `GET /api/tables/{id}/replay`). */
export interface ReplayRecord {
  save: { game: string; options?: Record<string, unknown>; seed?: number; actions?: unknown[] };
  start: unknown;
  steps: ReplayStep[];
  outcome: unknown;
}

/** Step 0 is the position after set-up; step k the position after the k-th action. */
export function lastStep(r: ReplayRecord): number {
  return r.steps.length;
}

/** A step number kept within the record. */
export function clampStep(r: ReplayRecord, k: number): number {
  return Math.max(0, Math.min(lastStep(r), Math.round(k)));
}

/** The log up to step `k`: each action's public text, then the lines it caused. */
export function logUpTo(r: ReplayRecord, k: number, seatName: (s: number) => string): string[] {
  const out: string[] = [];
  for (const st of r.steps.slice(0, clampStep(r, k))) {
    out.push(`${seatName(st.seat)}: ${st.text}`);
    out.push(...st.lines);
  }
  return out;
}

/**
 * The table state at step `k`, as a spectator sees it: the public view, no legal actions (a
 * replay takes no decisions, so nothing on the table is clickable), the outcome at the end.
 */
export function stateAt(r: ReplayRecord, k: number, hello: Hello, seatName: (s: number) => string): TableState {
  const i = clampStep(r, k);
  const end = i === lastStep(r);
  const next = r.steps[i];
  const legal: LegalAction[] = [];
  return {
    ...emptyTable,
    hello,
    version: i,
    seat: null,
    actor: end ? null : (next?.seat ?? null),
    view: i === 0 ? r.start : r.steps[i - 1].view,
    legal,
    log: logUpTo(r, i, seatName),
    outcome: end ? r.outcome : null,
    received: true,
  };
}

/** A spectator's `hello` for a replayed table, so the game's table component can be reused. */
export function replayHello(table: string, r: ReplayRecord): Hello {
  return {
    type: "hello",
    protocol: 1,
    role: "spectator",
    seats: [],
    table: { table, game: r.save.game, summary: "", status: "over", seats: [], created: 0, options: r.save.options },
  };
}

/** The step a key moves to from `k` (←/→ one step, PageUp/PageDown ten, Home/End), or null. */
export function stepForKey(r: ReplayRecord, k: number, key: string): number | null {
  switch (key) {
    case "ArrowLeft":
      return clampStep(r, k - 1);
    case "ArrowRight":
      return clampStep(r, k + 1);
    case "PageUp":
      return clampStep(r, k - 10);
    case "PageDown":
      return clampStep(r, k + 10);
    case "Home":
      return 0;
    case "End":
      return lastStep(r);
    default:
      return null;
  }
}
