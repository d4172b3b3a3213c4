// The lobby's HTTP calls (docs/PROTOCOL.md) and what they answer.

import type { LobbyEntry, SeatKind } from "../shell/protocol";

export interface FireflyChoices {
  game: "firefly";
  /** `expansion`: the expansion a story comes with; `needs`: every expansion it needs (its own and any other). */
  stories: { id: string; name: string; premise?: string; players: { min: number; max: number }; expansion?: string; needs?: string[] }[];
  first_game?: string;
  /** The expansions this server has (Blue Sun, Kalidasa…). */
  expansions?: { id: string; name: string }[];
  /** The Set Up cards (FF-BS-5), each with the expansion it comes with, and its text. */
  setup_cards?: { id: string; name: string; expansion?: string | null; text: string }[];
  seats: { min: number; max: number };
  bots: string[];
}

export interface MandalorianChoices {
  game: "mandalorian";
  missions: { number: number; id: string; name: string; characters: string[] }[];
  difficulties: string[];
  modes: string[];
  characters: { id: string; name: string; locked?: boolean }[];
  seats: { min: number; max: number };
  bots: string[];
}

export type Choices = FireflyChoices | MandalorianChoices;

export interface SeatRequest {
  kind: SeatKind;
  bot?: string;
}

export interface NewTable {
  game: string;
  options: Record<string, unknown>;
  seed?: number;
  seats: SeatRequest[];
}

export interface Created {
  table: string;
  you?: string | null;
  invites: { seat: number; token: string; url: string }[];
  spectate: string;
}

async function json<T>(r: Response): Promise<T> {
  const body = await r.json().catch(() => null);
  if (!r.ok) throw new Error((body as { error?: string } | null)?.error ?? `HTTP ${r.status}`);
  return body as T;
}

export const api = {
  choices: (game: string) => fetch(`/api/options/${encodeURIComponent(game)}`).then((r) => json<Choices>(r)),
  tables: () => fetch("/api/tables").then((r) => json<LobbyEntry[]>(r)),
  create: (t: NewTable) =>
    fetch("/api/tables", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(t) }).then((r) =>
      json<Created>(r),
    ),
  /** A table from a save file or a scenario file (`POST /api/tables/import`). */
  import: (body: ImportBody) =>
    fetch("/api/tables/import", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) =>
      json<Created>(r),
    ),
};

/** The body of `POST /api/tables/import`: a save, or a scenario file for a game. */
export type ImportBody =
  | { save: Record<string, unknown>; seats: SeatRequest[] }
  | { game: string; scenario: string; options: Record<string, unknown>; seats: SeatRequest[] };

/** What a chosen file is: a save (JSON, with its game and seat count) or a scenario (TOML text). */
export type TableFile = { kind: "save"; game: string; seats: number; save: Record<string, unknown> } | { kind: "scenario"; text: string } | { kind: "bad"; reason: string };

/**
 * Read a file a player chose to start a table from. A save is the JSON the server, the terminal
 * or JSON mode writes (`game`, `options`, `seed`, `actions`); its seat count is Firefly's
 * `players` or the Mandalorian's `seats`. Anything else that is text is taken as a scenario.
 */
export function readTableFile(text: string): TableFile {
  const t = text.trim();
  if (t.startsWith("{")) {
    let v: unknown;
    try {
      v = JSON.parse(t);
    } catch (e) {
      return { kind: "bad", reason: `This file looks like a save but is not valid JSON: ${e instanceof Error ? e.message : String(e)}` };
    }
    const save = v as Record<string, unknown>;
    const game = typeof save.game === "string" ? save.game : null;
    const options = (save.options ?? {}) as Record<string, unknown>;
    const n = Number(game === "firefly" ? options.players : options.seats);
    if (!game || !Array.isArray(save.actions)) return { kind: "bad", reason: "This JSON file is not a tabletop save (it has no \"game\" and \"actions\")." };
    if (!Number.isInteger(n) || n < 1 || n > 8) return { kind: "bad", reason: `This ${game} save does not say how many seats it has.` };
    return { kind: "save", game, seats: n, save };
  }
  if (t.length === 0) return { kind: "bad", reason: "The file is empty." };
  return { kind: "scenario", text };
}

/** The Firefly options of a new table (expansions and a Set Up card only when chosen). */
export function fireflyOptions(story: string, firstGame: boolean, expansions: readonly string[] = [], setupCard = ""): Record<string, unknown> {
  const o: Record<string, unknown> = { story, first_game: firstGame };
  if (expansions.length > 0) o.expansions = [...expansions];
  if (setupCard) o.setup_card = setupCard;
  return o;
}

/** The Mandalorian options of a new table: characters only when chosen (else the mission's). */
export function mandalorianOptions(mission: number, difficulty: string, mode: string, characters: string[]): Record<string, unknown> {
  const o: Record<string, unknown> = { mission, difficulty, mode };
  if (characters.length > 0) o.characters = characters;
  return o;
}

/**
 * How many characters a Mandalorian table needs: 2 shared ones in the shared mode (solo is the
 * shared mode with one seat), else one per seat.
 */
export function charactersNeeded(mode: string, seats: number): number {
  return mode === "shared" ? 2 : seats;
}

/** The bot level a new bot seat gets. */
export const DEFAULT_BOT = "normal";

/**
 * How the seat picker names a bot (issue 12: three levels per seat). `bot` is the old name of
 * `normal`, which tables made before the levels still carry.
 */
export function botLabel(bot: string | null | undefined): string {
  switch (bot ?? DEFAULT_BOT) {
    case "easy":
      return "easy bot (a beginner)";
    case "normal":
    case "bot":
      return "normal bot";
    case "hard":
      return "hard bot (thinks ahead)";
    case "random":
      return "random bot (any legal move)";
    default:
      return `${bot} bot`;
  }
}

/** Seats of a new table, clamped to what the game or story allows, keeping the choices made. */
export function resizeSeats(seats: SeatRequest[], n: number): SeatRequest[] {
  const out = seats.slice(0, n);
  while (out.length < n) out.push({ kind: "bot", bot: DEFAULT_BOT });
  return out;
}

/** Tables created in this browser, with the creator's token, so the lobby can lead back to them. */
export interface MyTable {
  table: string;
  token: string | null;
  summary: string;
  created: number;
}

const KEY = "tabletop.tables";

export function myTables(storage: Pick<Storage, "getItem"> = localStorage): MyTable[] {
  try {
    const v = JSON.parse(storage.getItem(KEY) ?? "[]");
    return Array.isArray(v) ? (v as MyTable[]) : [];
  } catch {
    return [];
  }
}

export function rememberTable(t: MyTable, storage: Pick<Storage, "getItem" | "setItem"> = localStorage): void {
  const all = [t, ...myTables(storage).filter((x) => x.table !== t.table)].slice(0, 30);
  storage.setItem(KEY, JSON.stringify(all));
}

/** The path of a table link pasted into the lobby (a whole URL or a path), or null. */
export function linkPath(text: string): string | null {
  const t = text.trim();
  const m = /(\/t\/[^/?#\s]+(?:\?[^#\s]*)?)/.exec(t);
  return m ? m[1] : null;
}

/** The expansions a story is played with (older servers name only the story's own). */
export function storyNeeds(story: { expansion?: string; needs?: string[] } | undefined): string[] {
  if (!story) return [];
  return story.needs ?? (story.expansion ? [story.expansion] : []);
}

