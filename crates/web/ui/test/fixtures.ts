// Loading the engine fixtures (`npm run fixtures`) in tests.

import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { Catalog } from "../src/games/firefly/types";
import type { Hello, StateMessage } from "../src/shell/protocol";

const dir = join(__dirname, "fixtures/firefly");

export const catalog: Catalog = JSON.parse(readFileSync(join(dir, "catalog.json"), "utf8"));
export const hello: Hello = JSON.parse(readFileSync(join(dir, "hello.json"), "utf8"));

export function state(name: string): StateMessage {
  return JSON.parse(readFileSync(join(dir, `${name}.json`), "utf8"));
}

export const stateNames: string[] = readdirSync(dir)
  .filter((f) => f.endsWith(".json") && f !== "catalog.json" && f !== "hello.json")
  .map((f) => f.slice(0, -5));

export function sectorId(id: string): number {
  const i = catalog.sectors.findIndex((s) => s.id === id);
  if (i < 0) throw new Error(`no sector ${id}`);
  return i;
}
