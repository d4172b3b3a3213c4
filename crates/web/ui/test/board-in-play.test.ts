import { describe, expect, it } from "vitest";
import { fireflyOptions } from "../src/lobby/api";
import { boardInPlay, expansionsOf, route } from "../src/games/firefly/logic";
import { catalog, sectorId } from "./fixtures";

describe("the board a table plays on (Rim expansions, FF-BS-1, FF-KAL-1)", () => {
  it("has only the base sectors without expansions: the Rim is not drawn, linked or routed through", () => {
    const rim = catalog.sectors.filter((s) => s.source !== "base");
    expect(rim.length).toBeGreaterThan(0);
    const base = boardInPlay(catalog, []);
    expect(base.sectors).toHaveLength(catalog.sectors.length);
    base.sectors.forEach((s) => {
      expect(s.out ?? false).toBe(s.source !== "base");
      s.neighbours.forEach((n) => expect(base.sectors[n].source).toBe("base"));
    });
    // The map's bounds shrink to the base board.
    const [, , w] = base.board;
    expect(w).toBeLessThan(catalog.board[2]);
    // A route between two base sectors never leaves the base board.
    const r = route(base, sectorId("persephone"), sectorId("regina")) as number[];
    r.forEach((s) => expect(base.sectors[s].source).toBe("base"));
  });
  it("adds each expansion's own sectors only", () => {
    const bs = boardInPlay(catalog, ["blue-sun"]);
    bs.sectors.forEach((s) => expect(s.out ?? false).toBe(s.source === "kalidasa"));
    const both = boardInPlay(catalog, ["blue-sun", "kalidasa"]);
    expect(both).toBe(catalog);
  });
  it("reads the expansions from a table's options, and the lobby sends them only when chosen", () => {
    expect(expansionsOf({ expansions: ["kalidasa"] })).toEqual(["kalidasa"]);
    expect(expansionsOf({})).toEqual([]);
    expect(expansionsOf(undefined)).toEqual([]);
    expect(fireflyOptions("harkens-folly", false)).toEqual({ story: "harkens-folly", first_game: false });
    expect(fireflyOptions("harkens-folly", false, ["blue-sun"]).expansions).toEqual(["blue-sun"]);
    expect(fireflyOptions("harkens-folly", false, ["blue-sun"], "clearer-skies-better-days").setup_card).toBe("clearer-skies-better-days");
    expect("setup_card" in fireflyOptions("harkens-folly", false, ["kalidasa"])).toBe(false);
  });
});
