// Firefly facts the table page works out from the catalog and the view: routes and fuel,
// which sectors a click can act on, where the jobs go, what a ship holds.

import type { LegalAction } from "../../shell/protocol";
import type { Catalog, PlayerView, UpgradeEntry, View } from "./types";

export const SEAT_COLOURS = ["#ff6b6b", "#3ddc97", "#c792ff", "#ffb020", "#4fc3f7"] as const;

export function seatColour(seat: number): string {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

export function captain(seat: number): string {
  return `captain ${seat + 1}`;
}

/**
 * The shortest route between two sectors along the board's links (FF-FLY-6): the sectors from
 * `from` to `to`, both included; `[from]` when they are the same; null when unreachable.
 * Breadth-first, neighbours in the catalog's order, so the route is the same every time.
 */
export function route(cat: Pick<Catalog, "sectors">, from: number, to: number): number[] | null {
  if (from === to) return [from];
  const prev = new Map<number, number>([[from, from]]);
  let frontier = [from];
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const s of frontier) {
      for (const n of cat.sectors[s]?.neighbours ?? []) {
        if (prev.has(n)) continue;
        prev.set(n, s);
        if (n === to) {
          const path = [to];
          let at = to;
          while (at !== from) {
            at = prev.get(at) as number;
            path.push(at);
          }
          return path.reverse();
        }
        next.push(n);
      }
    }
    frontier = next;
  }
  return null;
}

/**
 * The board a table plays on: the base sectors and those of the expansions in its options
 * (`source`). Sectors of other expansions stay in the list (ids are indices) but are marked
 * `out`, lose their links, and links into them are dropped, so routes, lanes and the map's
 * bounds are this table's alone.
 */
export function boardInPlay(cat: Catalog, expansions: readonly string[]): Catalog {
  const inPlay = cat.sectors.map((s) => s.source === undefined || s.source === "base" || expansions.includes(s.source));
  if (inPlay.every(Boolean)) return cat;
  const sectors = cat.sectors.map((s, i) => (inPlay[i] ? { ...s, neighbours: s.neighbours.filter((n) => inPlay[n]) } : { ...s, neighbours: [], out: true }));
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const s of sectors) {
    if (s.out) continue;
    const [l, t, w, h] = s.box;
    x0 = Math.min(x0, l);
    y0 = Math.min(y0, t);
    x1 = Math.max(x1, l + w);
    y1 = Math.max(y1, t + h);
  }
  const board: [number, number, number, number] = Number.isFinite(x0) ? [x0, y0, x1 - x0, y1 - y0] : cat.board;
  return { ...cat, sectors, board };
}

/** The expansions a table plays with, from its options (`hello.table.options.expansions`). */
export function expansionsOf(options: Record<string, unknown> | undefined): string[] {
  const e = options?.expansions;
  return Array.isArray(e) ? e.filter((x): x is string => typeof x === "string") : [];
}

export interface DriveCore {
  name: string;
  range: number;
  fuelPerBurn: number;
}

/** The ship's drive core (its starting one or a bought card), or null before set-up. */
export function driveCore(cat: Catalog, p: PlayerView): DriveCore | null {
  const dc = p.drive_core;
  if (!dc) return null;
  let def: UpgradeEntry | undefined;
  if ("Starting" in dc) def = cat.upgrades[dc.Starting];
  else {
    const card = cat.supply[dc.Card];
    def = card && card.card === "upgrade" ? cat.upgrades[card.def] : undefined;
  }
  if (!def?.drive_core) return null;
  return { name: def.name, range: def.drive_core.range, fuelPerBurn: def.drive_core.fuel_per_burn };
}

export interface RoutePlan {
  path: number[];
  /** Sectors to enter. */
  moves: number;
  /** Full Burns at the drive core's range, and the Fuel they cost (FF-FLY-2, -3). */
  burns: number;
  fuel: number;
  /** One sector away: a Mosey gets there without Fuel (FF-FLY-5). */
  mosey: boolean;
}

/** How far a destination is: moves, Full Burns and Fuel, for a ship with this drive core. */
export function plan(cat: Pick<Catalog, "sectors">, from: number, to: number, core: DriveCore | null): RoutePlan | null {
  const path = route(cat, from, to);
  if (!path) return null;
  const moves = path.length - 1;
  const range = Math.max(1, core?.range ?? 1);
  const burns = Math.ceil(moves / range);
  return { path, moves, burns, fuel: burns * (core?.fuelPerBurn ?? 1), mosey: moves === 1 };
}

/** "4 sectors: 1 Full Burn, 1 Fuel" */
export function planText(p: RoutePlan): string {
  if (p.moves === 0) return "you are here";
  const sectors = p.moves === 1 ? "1 sector" : `${p.moves} sectors`;
  const burns = p.burns === 1 ? "1 Full Burn" : `${p.burns} Full Burns`;
  const mosey = p.mosey ? " (or Mosey, no Fuel)" : "";
  return `${sectors}: ${burns}, ${p.fuel} Fuel${mosey}`;
}

/** The sector a legal action is about when clicking that sector can take it (fly, place). */
export function sectorOfAction(l: LegalAction): number | null {
  const a = l.action;
  if ((a.a === "move-to" || a.a === "place-ship") && typeof a.v === "number") return a.v;
  return null;
}

/** Sector → index of the legal action a click on it takes. */
export function clickableSectors(legal: readonly LegalAction[]): Map<number, number> {
  const m = new Map<number, number>();
  legal.forEach((l, i) => {
    const s = sectorOfAction(l);
    if (s !== null && !m.has(s)) m.set(s, i);
  });
  return m;
}

export interface JobMark {
  job: number;
  sector: number;
  kind: "pick-up" | "drop-off" | "target";
  /** Active (face up) or still in hand. */
  active: boolean;
  done: boolean;
}

/** Where this player's jobs are worked: every step's sector, done or not. */
export function jobMarks(cat: Catalog, p: PlayerView): JobMark[] {
  const out: JobMark[] = [];
  for (const a of p.active) {
    cat.jobs[a.job]?.steps.forEach((st, i) =>
      out.push({ job: a.job, sector: st.sector, kind: st.kind, active: true, done: i < a.steps_done }),
    );
  }
  for (const j of p.hand ?? []) {
    cat.jobs[j]?.steps.forEach((st) => out.push({ job: j, sector: st.sector, kind: st.kind, active: false, done: false }));
  }
  return out;
}

/** The next place each active job must go: its first step not done. */
export function nextStops(cat: Catalog, p: PlayerView): { job: number; sector: number; kind: string }[] {
  const out: { job: number; sector: number; kind: string }[] = [];
  for (const a of p.active) {
    const st = cat.jobs[a.job]?.steps[a.steps_done];
    if (st) out.push({ job: a.job, sector: st.sector, kind: st.kind });
  }
  return out;
}

/** Cargo-hold use in half boxes against the ship's Hold (Fuel and Parts take half a box). */
export function holdUse(cat: Catalog, p: PlayerView): { used: number; room: number } {
  const used = p.items.reduce((sum, n, i) => sum + n * (cat.items[i]?.half_boxes ?? 2), 0);
  const ship = p.ship === null ? undefined : cat.ships[p.ship];
  return { used: used / 2, room: ship ? ship.hold + ship.stash : 0 };
}

/** "$3,000" */
export function money(n: number): string {
  return `$${n.toLocaleString("en-US")}`;
}

/** The crew member's name and the card under it. */
export function crewName(cat: Catalog, card: { Leader: number } | { Hired: number }): string {
  if ("Leader" in card) return cat.crew[card.Leader]?.name ?? "?";
  return cat.supply[card.Hired]?.name ?? "?";
}

/** A crew member's skills with their carried gear's added. */
export function crewSkills(cat: Catalog, def: number, gear: readonly number[]) {
  const base = cat.crew[def]?.skills ?? { fight: 0, tech: 0, negotiate: 0 };
  const s = { ...base };
  for (const g of gear) {
    const card = cat.supply[g];
    if (card?.card === "gear") {
      const gs = cat.gear[card.def]?.skills;
      if (gs) {
        s.fight += gs.fight;
        s.tech += gs.tech;
        s.negotiate += gs.negotiate;
      }
    }
  }
  return s;
}

/**
 * What a captain has chosen during set-up (FF-SETUP-8..11): Leader, ship, place on the board.
 * A view spells "nothing yet" as null; older engines sent 0 for it, so then it is read from
 * the set-up order: each captain picks a Leader (crew[0]) then a ship, in turn; ships are placed
 * once every ship is chosen, and a ship still to be placed stands at sector 0.
 */
export function setup(view: View, p: PlayerView): { leader: boolean; ship: boolean; placed: boolean } {
  const phase = typeof view.phase === "string" ? view.phase : "";
  const leader = p.leader !== null && p.crew.length > 0;
  const ship = p.ship !== null && leader && !(phase === "ChooseShip" && view.actor === p.seat);
  const placed =
    p.sector !== null && ship && phase !== "ChooseLeader" && phase !== "ChooseShip" && !(phase === "PlaceShip" && p.sector === 0);
  return { leader, ship, placed };
}
