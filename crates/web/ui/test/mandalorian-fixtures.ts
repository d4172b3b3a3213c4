// Loading the Mandalorian engine fixtures (`npm run fixtures:mandalorian`) in tests.

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Catalog, MissionEntry, View } from "../src/games/mandalorian/types";
import type { Hello, StateMessage } from "../src/shell/protocol";

const dir = join(__dirname, "fixtures/mandalorian");

export const catalog: Catalog = JSON.parse(readFileSync(join(dir, "catalog.json"), "utf8"));

export function state(name: string): StateMessage {
  return JSON.parse(readFileSync(join(dir, `${name}.json`), "utf8"));
}

/** The hello of a fixture's game, holding only the seat whose view the fixture is (no cover). */
export function hello(name: string): Hello {
  const h: Hello = JSON.parse(readFileSync(join(dir, `${name.split("-")[0]}-hello.json`), "utf8"));
  return { ...h, seats: [state(name).seat as number] };
}

export function view(name: string): View {
  return state(name).view as View;
}

export function mission(name: string): MissionEntry {
  const n = Number.parseInt(view(name).mission, 10);
  return catalog.missions.find((m) => m.number === n) as MissionEntry;
}

export const stateNames: string[] = readdirSync(dir)
  .filter((f) => f.endsWith(".json") && f !== "catalog.json" && !f.endsWith("hello.json"))
  .map((f) => f.slice(0, -5));
