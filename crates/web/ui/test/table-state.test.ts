import { describe, expect, it } from "vitest";
import { coverFor, emptyTable, mergeLog, myTurn, reduce, uncover, type TableState } from "../src/shell/table-state";
import type { Hello, StateMessage } from "../src/shell/protocol";

const hello = (seats: number[]): Hello => ({
  type: "hello",
  protocol: 1,
  table: { table: "t", game: "firefly", summary: "", status: "playing", seats: [], created: 0 },
  seats,
  role: "player",
});

function st(version: number, seat: number | null, actor: number | null, from: number, lines: string[], legal = 1): StateMessage {
  return {
    type: "state",
    version,
    seat,
    actor,
    view: { v: version },
    legal: Array.from({ length: legal }, (_, i) => ({ action: { a: "x", v: i }, text: `x${i}` })),
    log: { from, lines },
    outcome: null,
    undo: null,
    players: [],
  };
}

function run(s: TableState, ...msgs: (Hello | StateMessage)[]): [TableState, string[]] {
  const effects: string[] = [];
  for (const m of msgs) {
    const [n, e] = reduce(s, m);
    s = n;
    effects.push(e.kind);
  }
  return [s, effects];
}

describe("log merging", () => {
  it("appends lines that follow the ones held", () => {
    expect(mergeLog(["a", "b"], 2, ["c"])).toEqual(["a", "b", "c"]);
  });
  it("replaces lines from `from` on (an undo rewrote them)", () => {
    expect(mergeLog(["a", "b", "c"], 1, ["B"])).toEqual(["a", "B"]);
  });
  it("starts again from line 0 on a whole state", () => {
    expect(mergeLog(["old"], 0, ["x", "y"])).toEqual(["x", "y"]);
  });
  it("asks for a sync when lines are missing in between", () => {
    expect(mergeLog(["a"], 3, ["d"])).toBeNull();
  });
});

describe("the state reducer", () => {
  it("keeps the newest state and the merged log", () => {
    const [s, fx] = run(emptyTable, hello([0]), st(1, 0, 0, 0, ["a", "b"]), st(2, 0, 1, 2, ["c"]));
    expect(s.version).toBe(2);
    expect(s.log).toEqual(["a", "b", "c"]);
    expect(s.actor).toBe(1);
    expect(fx).toEqual(["none", "none", "none"]);
  });
  it("ignores a state older than the one held", () => {
    const [s] = run(emptyTable, hello([0]), st(5, 0, 0, 0, ["a"]), st(4, 0, 1, 0, ["old"]));
    expect(s.version).toBe(5);
    expect(s.log).toEqual(["a"]);
  });
  it("asks for a sync when log lines were lost, keeping what it has", () => {
    const [s, fx] = run(emptyTable, hello([0]), st(1, 0, 0, 0, ["a"]), st(3, 0, 0, 4, ["e"]));
    expect(fx[2]).toBe("sync");
    expect(s.log).toEqual(["a"]);
    expect(s.version).toBe(3);
  });
  it("shows a refusal until the next version, and releases the buttons", () => {
    let [s] = run(emptyTable, hello([0]), st(1, 0, 0, 0, []));
    s = { ...s, pending: true };
    [s] = [reduce(s, { type: "refused", reason: "stale", version: 1 })[0]];
    expect(s.refused).toBe("stale");
    expect(s.pending).toBe(false);
    [s] = [reduce(s, st(1, 0, 0, 0, []))[0]];
    expect(s.refused).toBe("stale");
    [s] = [reduce(s, st(2, 0, 0, 0, []))[0]];
    expect(s.refused).toBeNull();
  });
  it("knows when this browser is to decide", () => {
    const [mine] = run(emptyTable, hello([0, 2]), st(1, 2, 2, 0, []));
    expect(myTurn(mine)).toBe(true);
    const [theirs] = run(emptyTable, hello([0]), st(1, 0, 1, 0, [], 0));
    expect(myTurn(theirs)).toBe(false);
  });
});

describe("the hot-seat cover", () => {
  it("is never shown to a browser holding one seat", () => {
    expect(coverFor(null, false, 0, [0])).toBeNull();
    expect(coverFor(0, true, 0, [0])).toBeNull();
  });
  it("covers the first view of a browser holding several seats", () => {
    expect(coverFor(null, false, 1, [1, 3])).toBe(1);
  });
  it("covers when the view passes from one of our seats to another", () => {
    expect(coverFor(1, true, 3, [1, 3])).toBe(3);
    expect(coverFor(3, true, 3, [1, 3])).toBeNull();
  });
  it("stays up for new states of the same seat until taken, then goes", () => {
    let [s] = run(emptyTable, hello([0, 1]), st(1, 0, 0, 0, []));
    expect(s.cover).toBe(0);
    [s] = [reduce(s, st(2, 0, 0, 0, []))[0]];
    expect(s.cover).toBe(0);
    s = uncover(s);
    [s] = [reduce(s, st(3, 0, 0, 0, []))[0]];
    expect(s.cover).toBeNull();
    [s] = [reduce(s, st(4, 1, 1, 0, []))[0]];
    expect(s.cover).toBe(1);
  });
});
