import { describe, expect, it } from "vitest";
import { centreOn, clamp, fit, panBy, toBoard, zoomAt } from "../src/games/firefly/viewbox";

const board = { x: 0, y: 0, w: 30000, h: 15000 };

describe("pan and zoom", () => {
  it("fits the whole board at the screen's aspect", () => {
    const v = fit(board, 1, 0);
    expect(v.w).toBe(30000);
    expect(v.h).toBe(30000);
    expect(v.x + v.w / 2).toBe(15000);
    expect(v.y + v.h / 2).toBe(7500);
  });
  it("zooms about the pointer: the point under it stays put", () => {
    const v = { x: 0, y: 0, w: 1000, h: 500 };
    const z = zoomAt(v, 2, 250, 100);
    expect(z.w).toBe(500);
    // The pointer was a quarter across and a fifth down; it still is.
    expect((250 - z.x) / z.w).toBeCloseTo(0.25);
    expect((100 - z.y) / z.h).toBeCloseTo(0.2);
  });
  it("pans by screen pixels", () => {
    const v = { x: 0, y: 0, w: 1000, h: 500 };
    expect(panBy(v, 100, 50, 500)).toEqual({ x: -200, y: -100, w: 1000, h: 500 });
    expect(toBoard(v, 250, 100, 500)).toEqual([500, 200]);
  });
  it("never zooms out past the board nor in past a sector, and keeps it in view", () => {
    const far = clamp({ x: -1e6, y: 0, w: 1e6, h: 5e5 }, board, 2);
    expect(far.w).toBeCloseTo(fit(board, 2).w);
    const near = clamp({ x: 100, y: 100, w: 10, h: 5 }, board, 2);
    expect(near.w).toBe(1500);
    const lost = clamp({ x: 90000, y: 90000, w: 3000, h: 1500 }, board, 2);
    expect(lost.x + lost.w / 2).toBe(30000);
    expect(lost.y + lost.h / 2).toBe(15000);
  });
  it("centres a closer view on a sector", () => {
    const v = centreOn(board, 0.5, 15000, 7500, 8000);
    expect(v.w).toBe(8000);
    expect(v.x + v.w / 2).toBe(15000);
  });
});
