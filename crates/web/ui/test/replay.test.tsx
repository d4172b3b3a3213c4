// A finished game replayed step by step: the steps, the log, the keys, and the page rendering the
// game's table read-only from real engine views (test/fixtures).

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readTableFile } from "../src/lobby/api";
import { parseRoute, replayLink } from "../src/router";
import { clampStep, lastStep, logUpTo, replayHello, stateAt, stepForKey, type ReplayRecord } from "../src/shell/replay";
import { ReplayPage, type ReplayDeps } from "../src/shell/ReplayPage";
import type { ServerMessage } from "../src/shell/protocol";
import { TablePage, type TableDeps } from "../src/shell/TablePage";
import { catalog, hello, state } from "./fixtures";

const seat = (s: number) => `Captain ${s + 1}`;

// Three steps through real Firefly views: set-up, a leader chosen, a ship chosen, the end.
const record: ReplayRecord = {
  save: { game: "firefly", options: { players: 2, story: "the-king-of-all-londinium" }, seed: 7, actions: [] },
  start: state("ChooseLeader").view,
  steps: [
    { seat: 0, action: { a: "choose-leader", v: 0 }, text: "Choose Leader Malcolm", lines: ["Captain 1 leads with Malcolm."], view: state("ChooseShip").view },
    { seat: 1, action: { a: "choose-leader", v: 1 }, text: "Choose Leader Zoe", lines: [], view: state("Actions").view },
    { seat: 0, action: { a: "full-burn" }, text: "Full Burn", lines: ["Captain 1 burns."], view: state("Actions-later").view },
  ],
  outcome: { winners: [0], reason: "a test" },
};

describe("a replay's steps", () => {
  it("run from the set-up (step 0) to the position after the last action", () => {
    expect(lastStep(record)).toBe(3);
    expect(clampStep(record, -4)).toBe(0);
    expect(clampStep(record, 99)).toBe(3);
    const h = replayHello("T", record);
    expect(stateAt(record, 0, h, seat).view).toBe(record.start);
    expect(stateAt(record, 2, h, seat).view).toBe(record.steps[1].view);
  });
  it("take no decisions: no legal actions, nobody's seat; the outcome only at the end", () => {
    const h = replayHello("T", record);
    for (let k = 0; k <= 3; k++) {
      const s = stateAt(record, k, h, seat);
      expect(s.legal).toEqual([]);
      expect(s.seat).toBeNull();
      expect(s.outcome).toEqual(k === 3 ? record.outcome : null);
    }
    expect(stateAt(record, 1, h, seat).actor).toBe(1);
    expect(stateAt(record, 3, h, seat).actor).toBeNull();
  });
  it("show the log up to the step: each action, then what it caused", () => {
    expect(logUpTo(record, 0, seat)).toEqual([]);
    expect(logUpTo(record, 2, seat)).toEqual(["Captain 1: Choose Leader Malcolm", "Captain 1 leads with Malcolm.", "Captain 2: Choose Leader Zoe"]);
  });
  it("move with the keys: ←/→ one step, PageUp/PageDown ten, Home/End", () => {
    expect(stepForKey(record, 1, "ArrowRight")).toBe(2);
    expect(stepForKey(record, 0, "ArrowLeft")).toBe(0);
    expect(stepForKey(record, 2, "PageDown")).toBe(3);
    expect(stepForKey(record, 2, "Home")).toBe(0);
    expect(stepForKey(record, 0, "End")).toBe(3);
    expect(stepForKey(record, 0, "x")).toBeNull();
  });
  it("have their own address", () => {
    expect(replayLink("ab c")).toBe("/t/ab%20c/replay");
    expect(parseRoute("/t/ab%20c/replay", "")).toEqual({ page: "replay", table: "ab c" });
    expect(parseRoute("/t/abc", "?token=x")).toEqual({ page: "table", table: "abc", token: "x" });
  });
});

describe("a file to start a table from", () => {
  it("is a save when it is a tabletop save, with its game and seat count", () => {
    const f = readTableFile(JSON.stringify({ game: "firefly", options: { players: 3 }, seed: 1, actions: [] }));
    expect(f).toMatchObject({ kind: "save", game: "firefly", seats: 3 });
    expect(readTableFile(JSON.stringify({ game: "mandalorian", options: { seats: 2 }, actions: [] }))).toMatchObject({ kind: "save", seats: 2 });
  });
  it("is refused with a reason when it is broken JSON or not a save", () => {
    expect(readTableFile("{ not json")).toMatchObject({ kind: "bad" });
    expect(readTableFile('{"hello": 1}')).toMatchObject({ kind: "bad" });
    expect(readTableFile(JSON.stringify({ game: "firefly", options: {}, actions: [] }))).toMatchObject({ kind: "bad" });
    expect(readTableFile("   ")).toMatchObject({ kind: "bad" });
  });
  it("is a scenario otherwise", () => {
    expect(readTableFile('[[player]]\nsector = "persephone"\n')).toMatchObject({ kind: "scenario" });
  });
});

describe("the replay page", () => {
  let root: HTMLElement;
  const deps: ReplayDeps = { fetchReplay: async () => record, fetchCatalog: async () => catalog };
  beforeEach(() => {
    root = document.createElement("div");
    document.body.appendChild(root);
  });
  afterEach(() => {
    render(null, root);
    root.remove();
  });
  async function show() {
    await act(async () => {
      render(<ReplayPage table="T" deps={deps} />, root);
    });
    for (let i = 0; i < 3; i++) {
      await act(async () => {
        await Promise.resolve();
      });
    }
  }
  const key = async (k: string) =>
    act(() => {
      dispatchEvent(new KeyboardEvent("keydown", { key: k }));
    });

  it("shows the set-up, then each step with what was done, by button and by key", async () => {
    await show();
    expect(root.textContent).toContain("step 0 of 3");
    expect(root.textContent).toContain("Set-up");
    expect(root.querySelector(".ff-map svg")).not.toBeNull();
    const next = root.querySelector('button[aria-label="next step"]') as HTMLButtonElement;
    await act(() => next.click());
    expect(root.textContent).toContain("step 1 of 3");
    expect(root.querySelector(".replay-what")?.textContent).toBe("captain 1: Choose Leader Malcolm");
    await key("End");
    expect(root.textContent).toContain("step 3 of 3");
    expect((root.querySelector('button[aria-label="next step"]') as HTMLButtonElement).disabled).toBe(true);
    await key("ArrowLeft");
    expect(root.textContent).toContain("step 2 of 3");
    await key("Home");
    expect(root.textContent).toContain("step 0 of 3");
  });
  it("offers nothing to click on the table: only the replay's own controls and the map's zoom", async () => {
    await show();
    const buttons = [...root.querySelectorAll("button")].filter((b) => !b.closest(".replay-bar") && !b.closest(".zoom"));
    expect(root.querySelectorAll(".ff-map .sector.legal").length).toBe(0);
    expect(buttons.filter((b) => !b.disabled).map((b) => b.textContent)).toEqual([]);
  });
  it("says why when the server refuses (a game not over)", async () => {
    const refused: ReplayDeps = {
      fetchReplay: async () => {
        throw new Error("the game is not over: its replay would show the cards to come");
      },
      fetchCatalog: async () => catalog,
    };
    await act(async () => {
      render(<ReplayPage table="T" deps={refused} />, root);
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(root.querySelector('[role="alert"]')?.textContent).toContain("not over");
  });
});

describe("a finished table", () => {
  let root: HTMLElement;
  beforeEach(() => {
    root = document.createElement("div");
    document.body.appendChild(root);
  });
  afterEach(() => {
    render(null, root);
    root.remove();
  });

  it("offers its replay, its save and, to a player, a rematch with new invite links", async () => {
    let deliver: (m: ServerMessage) => void = () => {};
    const asked: string[] = [];
    const went: string[] = [];
    const deps: TableDeps = {
      connect: (_url, onMessage, onStatus) => {
        deliver = (m) => act(() => onMessage(m));
        onStatus("open");
        return { send: () => true, close: () => {} };
      },
      fetchCatalog: async () => catalog,
      rematch: async (table, token) => {
        asked.push(`${table} ${token}`);
        return { table: "R2", you: "tok2", invites: [{ seat: 1, token: "inv", url: "/t/R2?token=inv" }], spectate: "/t/R2" };
      },
    };
    await act(async () => {
      render(<TablePage table="T1" token="tok" deps={deps} go={(u) => went.push(u)} />, root);
    });
    deliver(hello);
    await act(async () => {
      await Promise.resolve();
    });
    deliver({ ...state("Actions"), actor: null, legal: [], outcome: { winners: [0], reason: "a test" } });
    await act(async () => {
      await Promise.resolve();
    });
    expect(root.querySelector(".game-over")?.textContent).toContain("wins");
    const replay = [...root.querySelectorAll(".after-game a")].find((a) => a.textContent?.includes("Replay")) as HTMLAnchorElement;
    expect(replay.getAttribute("href")).toBe("/t/T1/replay");
    await act(() => replay.click());
    expect(went).toEqual(["/t/T1/replay"]);
    const save = [...root.querySelectorAll(".after-game a")].find((a) => a.textContent?.includes("save")) as HTMLAnchorElement;
    expect(save.getAttribute("href")).toBe("/api/tables/T1/save");
    const rematch = [...root.querySelectorAll(".after-game button")].find((b) => b.textContent === "Rematch") as HTMLButtonElement;
    await act(async () => {
      rematch.click();
      await Promise.resolve();
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(asked).toEqual(["T1 tok"]);
    expect(root.querySelector(".after-game .created")?.textContent).toContain("The rematch is ready");
    expect((root.querySelector(".after-game .invite input") as HTMLInputElement).value).toContain("/t/R2?token=inv");
  });
});
