// The Firefly table page rendered from real engine states (test/fixtures), as a player meets it.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { TablePage, type TableDeps } from "../src/shell/TablePage";
import type { ClientMessage, ServerMessage } from "../src/shell/protocol";
import { catalog, hello, state, stateNames } from "./fixtures";

let root: HTMLElement;
let sent: ClientMessage[];
let deliver: (m: ServerMessage) => void;

const deps: TableDeps = {
  connect: (_url, onMessage, onStatus) => {
    deliver = (m) => act(() => onMessage(m));
    onStatus("open");
    return {
      send: (m) => {
        sent.push(m);
        return true;
      },
      close: () => {},
    };
  },
  fetchCatalog: async () => catalog,
};

async function show(name: string, h = hello) {
  await act(async () => {
    render(<TablePage table="fixture" token="t" deps={deps} />, root);
  });
  deliver(h);
  await act(async () => {
    await Promise.resolve();
  });
  deliver(state(name));
  await act(async () => {
    await Promise.resolve();
  });
}

beforeEach(() => {
  root = document.createElement("div");
  document.body.appendChild(root);
  sent = [];
});

afterEach(() => {
  render(null, root);
  root.remove();
});

describe("every fixture renders", () => {
  for (const name of stateNames) {
    it(`${name}: every legal action is one button with its key, and nothing else acts`, async () => {
      await show(name);
      const s = state(name);
      expect(root.querySelector(".ff-table")).not.toBeNull();
      const buttons = [...root.querySelectorAll<HTMLButtonElement>(".ff-table button[data-action]")];
      expect(buttons).toHaveLength(s.legal.length);
      const texts = buttons.map((b) => b.querySelector(".act-text")?.textContent);
      expect(new Set(texts)).toEqual(new Set(s.legal.map((l) => l.text)));
      const keys = buttons.map((b) => b.dataset.key).filter(Boolean);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys.length).toBe(Math.min(61, s.legal.length));
      // Other buttons are the map's zoom controls only.
      const others = [...root.querySelectorAll<HTMLButtonElement>(".ff-table button:not([data-action])")];
      expect(others.every((b) => b.closest(".zoom"))).toBe(true);
    });
  }
});

describe("acting", () => {
  it("a button sends its action with the state's version", async () => {
    await show("Actions");
    const s = state("Actions");
    const b = root.querySelector<HTMLButtonElement>(".ff-table button[data-action]") as HTMLButtonElement;
    act(() => b.click());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: "act", version: s.version });
    expect(s.legal.map((l) => JSON.stringify(l.action))).toContain(JSON.stringify((sent[0] as { action: unknown }).action));
    // One action at a time: the buttons wait for the answer.
    expect(b.disabled).toBe(true);
  });
  it("a key takes the action whose button shows it", async () => {
    await show("FullBurn");
    const b = root.querySelector<HTMLButtonElement>('button[data-key="2"]') as HTMLButtonElement;
    const text = b.querySelector(".act-text")?.textContent;
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "2" }));
    });
    expect(sent).toHaveLength(1);
    const s = state("FullBurn");
    const taken = s.legal.find((l) => JSON.stringify(l.action) === JSON.stringify((sent[0] as { action: unknown }).action));
    expect(taken?.text).toBe(text);
  });
  it("a lit sector on the map takes its move-to action; an unlit one does nothing", async () => {
    await show("FullBurn");
    const s = state("FullBurn");
    const lit = [...root.querySelectorAll<SVGGElement>(".sector.legal")];
    expect(lit.length).toBe(s.legal.filter((l) => l.action.a === "move-to").length);
    const id = lit[0].dataset.sector;
    act(() => {
      lit[0].dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    expect(sent).toHaveLength(1);
    const sector = catalog.sectors.findIndex((x) => x.id === id);
    expect((sent[0] as { action: unknown }).action).toEqual({ a: "move-to", v: sector });
    const dark = root.querySelector<SVGGElement>(".sector:not(.legal)") as SVGGElement;
    act(() => {
      dark.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    });
    expect(sent).toHaveLength(1);
  });
  it("a refusal is shown to the player", async () => {
    await show("Actions");
    deliver({ type: "refused", reason: "not your turn", version: 1 });
    expect(root.querySelector(".refused")?.textContent).toContain("not your turn");
  });
});

describe("what the table shows", () => {
  it("the roll with every term of its total", async () => {
    await show("Resolving-Rolled");
    const r = (state("Resolving-Rolled").view as { resolving: { faces: number[]; test: { points: number; total: number } }[] }).resolving[0];
    const dice = root.querySelector(".dice") as HTMLElement;
    expect([...dice.querySelectorAll(".die")].map((d) => Number(d.textContent))).toEqual(r.faces);
    expect(dice.textContent).toContain(`${r.test.points} Fight`);
    expect(dice.querySelector(".total")?.textContent).toBe(String(r.test.total));
    expect(root.querySelector(".resolving div.card")?.textContent).toContain("Nav");
  });
  it("while another captain decides, who is awaited and no action", async () => {
    await show("Waiting");
    expect(root.querySelector(".waiting")?.textContent).toMatch(/Waiting for captain \d/);
    expect(root.querySelectorAll("button[data-action]")).toHaveLength(0);
    expect(root.querySelectorAll(".sector.legal")).toHaveLength(0);
  });
  it("the cards being considered, and their texts in the buttons", async () => {
    await show("Accepting");
    expect(root.querySelectorAll(".considered .chip, .considered div.card").length).toBe(
      ((state("Accepting").view as { phase: { Accepting: { considered: number[] } } }).phase.Accepting.considered).length,
    );
    const accept = root.querySelector('button[data-action="accept-job"] .card-text');
    expect(accept?.textContent).toContain("Pay");
  });
  it("the Leaders to choose from, with their cards", async () => {
    await show("ChooseLeader");
    const cards = [...root.querySelectorAll('button[data-action="choose-leader"] .card-text')];
    expect(cards.length).toBe(state("ChooseLeader").legal.length);
    expect(cards[0].textContent).toContain("Leader");
  });
  it("the page title when it is your turn", async () => {
    await show("Actions");
    expect(document.title).toMatch(/^▶ Your turn/);
    const s = state("Actions");
    deliver({ ...s, version: s.version + 1, actor: 1, legal: [] });
    expect(document.title).not.toMatch(/Your turn/);
    expect(document.title).toContain("Firefly");
  });
});

describe("hot-seat", () => {
  const two = { ...hello, seats: [0, 1] };
  it("covers the hand until its captain takes the screen (Enter)", async () => {
    await show("Actions", two);
    expect(root.querySelector(".cover")?.textContent).toContain("captain 1");
    expect(root.querySelector(".ff-table")).toBeNull();
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "1" }));
    });
    expect(sent).toHaveLength(0);
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter" }));
    });
    expect(root.querySelector(".cover")).toBeNull();
    expect(root.querySelector(".ff-table")).not.toBeNull();
  });
});

describe("jobs on the map", () => {
  it("pointing at a job to accept marks its pick-up and drop-off", async () => {
    await show("Accepting");
    const before = root.querySelectorAll(".job-mark").length;
    const b = root.querySelector<HTMLButtonElement>('button[data-action="accept-job"]') as HTMLButtonElement;
    act(() => {
      b.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
      b.dispatchEvent(new MouseEvent("mouseenter", { bubbles: false }));
    });
    const s = state("Accepting");
    const job = s.legal.find((l) => l.action.a === "accept-job")?.action.v as number;
    const marks = root.querySelectorAll(".job-mark").length;
    expect(marks).toBe(before + catalog.jobs[job].steps.length);
  });
  it("the considered cards that an action takes are named, their text is in the button", async () => {
    await show("Accepting");
    expect(root.querySelectorAll(".considered .chip").length).toBe(state("Accepting").legal.filter((l) => l.action.a === "accept-job").length);
  });
});

describe("set-up", () => {
  it("a captain still choosing has no ship yet, and no ship is on the map", async () => {
    await show("ChooseLeader");
    expect(root.querySelector(".ship-panel")?.textContent).toContain("no ship yet");
    expect(root.querySelectorAll(".ship").length).toBe(0);
  });
});

describe("spectators and the end", () => {
  it("a spectator sees the board, every captain and no action", async () => {
    const h = { ...hello, seats: [], role: "spectator" as const };
    await act(async () => {
      render(<TablePage table="fixture" token={null} deps={deps} />, root);
    });
    deliver(h);
    await act(async () => {
      await Promise.resolve();
    });
    const s = state("Actions-later");
    deliver({ ...s, seat: null, legal: [] });
    await act(async () => {
      await Promise.resolve();
    });
    expect(root.querySelector(".ff-table")).not.toBeNull();
    expect(root.querySelectorAll("button[data-action]")).toHaveLength(0);
    expect(root.querySelector(".ship-panel")).toBeNull();
    expect(root.querySelectorAll(".rival")).toHaveLength((s.view as { players: unknown[] }).players.length);
    expect(root.textContent).toContain("spectating");
  });
  it("the outcome is announced with the winners", async () => {
    await show("Actions");
    const s = state("Actions");
    deliver({ ...s, version: s.version + 1, actor: null, legal: [], outcome: { winners: [1], reason: "completed the story" } });
    expect(root.querySelector(".game-over")?.textContent).toBe("Game over: captain 2 wins (completed the story).");
  });
});
