import { describe, expect, it } from "vitest";
import { clickableSectors, driveCore, holdUse, jobMarks, plan, planText, route } from "../src/games/firefly/logic";
import type { PlayerView } from "../src/games/firefly/types";
import { catalog, sectorId, state } from "./fixtures";

describe("routes on the board (FF-FLY-6)", () => {
  it("follow the links, each step to a neighbour", () => {
    const from = sectorId("persephone");
    const to = sectorId("regina");
    const r = route(catalog, from, to);
    expect(r).not.toBeNull();
    const path = r as number[];
    expect(path[0]).toBe(from);
    expect(path[path.length - 1]).toBe(to);
    for (let i = 1; i < path.length; i++) expect(catalog.sectors[path[i - 1]].neighbours).toContain(path[i]);
  });
  it("are shortest: a neighbour is one step away, and no path is shorter than the BFS one", () => {
    const p = sectorId("persephone");
    const n = catalog.sectors[p].neighbours[0];
    expect(route(catalog, p, n)).toEqual([p, n]);
    expect(route(catalog, p, p)).toEqual([p]);
    // Every sector is reachable on the base board, within 20 moves.
    for (let s = 0; s < catalog.sectors.length; s++) {
      const r = route(catalog, p, s);
      expect(r).not.toBeNull();
      expect((r as number[]).length).toBeLessThanOrEqual(21);
    }
  });
  it("are null when a sector cannot be reached", () => {
    const island = { sectors: [{ neighbours: [1] }, { neighbours: [0] }, { neighbours: [] }] } as never;
    expect(route(island, 0, 2)).toBeNull();
  });
});

describe("Full Burns and Fuel to a destination", () => {
  const core = { name: "test", range: 5, fuelPerBurn: 1 };
  const line = {
    sectors: Array.from({ length: 8 }, (_, i) => ({ neighbours: [i - 1, i + 1].filter((x) => x >= 0 && x < 8) })),
  } as never;
  it("count one Full Burn per drive-core range, and its Fuel", () => {
    expect(plan(line, 0, 5, core)).toMatchObject({ moves: 5, burns: 1, fuel: 1 });
    expect(plan(line, 0, 6, core)).toMatchObject({ moves: 6, burns: 2, fuel: 2 });
    expect(plan(line, 0, 7, { ...core, fuelPerBurn: 2 })).toMatchObject({ burns: 2, fuel: 4 });
  });
  it("offer a Mosey one sector away", () => {
    const p = plan(line, 0, 1, core);
    expect(p?.mosey).toBe(true);
    expect(planText(p as never)).toBe("1 sector: 1 Full Burn, 1 Fuel (or Mosey, no Fuel)");
    expect(planText(plan(line, 2, 2, core) as never)).toBe("you are here");
  });
});

describe("what the table works out from a real view", () => {
  const s = state("FullBurn");
  const view = s.view as { players: PlayerView[] };
  const me = view.players[0];
  it("finds the drive core of a ship", () => {
    const core = driveCore(catalog, me);
    expect(core?.range).toBeGreaterThan(0);
    expect(core?.fuelPerBurn).toBeGreaterThan(0);
  });
  it("lights exactly the sectors a move-to action goes to", () => {
    const lit = clickableSectors(s.legal);
    const moves = s.legal.filter((l) => l.action.a === "move-to");
    expect(lit.size).toBe(moves.length);
    for (const [sector, i] of lit) expect(s.legal[i].action).toEqual({ a: "move-to", v: sector });
    for (const sector of lit.keys()) expect(catalog.sectors[me.sector as number].neighbours).toContain(sector);
  });
  it("counts the Hold in boxes, Fuel and Parts at half a box", () => {
    const p = { ...me, items: [1, 0, 4, 2, 0, 0] };
    expect(holdUse(catalog, p).used).toBe(1 + 2 + 1);
  });
  it("marks each job's pick-up and drop-off", () => {
    const job = catalog.jobs.findIndex((j) => j.steps.length === 2);
    const p = { ...me, active: [{ job, steps_done: 1, opportunities_earned: [] }], hand: [] };
    const marks = jobMarks(catalog, p);
    expect(marks.map((m) => [m.sector, m.kind, m.done])).toEqual([
      [catalog.jobs[job].steps[0].sector, catalog.jobs[job].steps[0].kind, true],
      [catalog.jobs[job].steps[1].sector, catalog.jobs[job].steps[1].kind, false],
    ]);
  });
});
