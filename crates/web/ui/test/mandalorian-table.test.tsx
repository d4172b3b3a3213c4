// The Mandalorian table rendered from real engine states (test/fixtures/mandalorian), as a
// player meets it: the map from the catalog, the pieces on it, the slots and the hand, and
// every decision by click and by key.

import { render } from "preact";
import { act } from "preact/test-utils";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { childSquare, initials, shortText, targets } from "../src/games/mandalorian/logic";
import { eventNote } from "../src/games/mandalorian/Panels";
import { TablePage, type TableDeps } from "../src/shell/TablePage";
import type { ClientMessage, ServerMessage } from "../src/shell/protocol";
import { catalog, hello, mission, state, stateNames, view } from "./mandalorian-fixtures";

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

async function show(name: string) {
  await act(async () => {
    render(<TablePage table="fixture" token="t" deps={deps} />, root);
  });
  deliver(hello(name));
  await act(async () => {
    await Promise.resolve();
  });
  deliver(state(name));
  await act(async () => {
    await Promise.resolve();
  });
}

function click(el: Element) {
  act(() => {
    el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  });
}

const sentAction = (i = 0) => (sent[i] as { action: unknown }).action;

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
  it("the fixtures cover the decisions of a turn", () => {
    const kinds = new Set(stateNames.map((n) => n.slice(n.indexOf("-") + 1)));
    for (const k of ["play", "play-later", "step", "target", "spy-look", "keep", "top", "enemy", "square"]) expect(kinds).toContain(k);
  });
  for (const name of stateNames) {
    it(`${name}: the map is the catalog's grid, and every legal action is one button with its key`, async () => {
      await show(name);
      const s = state(name);
      const m = mission(name);
      expect(root.querySelector(".ma-table")).not.toBeNull();
      expect(root.querySelectorAll(".ma-map [data-sq]")).toHaveLength(m.grid.squares.length);
      expect(root.querySelectorAll(".ma-map .edge")).toHaveLength(m.grid.edges.length);
      expect(root.querySelectorAll(".ma-map .edge.wall")).toHaveLength(m.grid.edges.filter((e) => e.line === "wall").length);
      expect(root.querySelectorAll(".ma-map .star")).toHaveLength(m.grid.squares.filter((q) => q.star).length);
      expect(root.querySelectorAll(".ma-map .sq-number")).toHaveLength(m.grid.squares.filter((q) => q.number !== null).length);
      const v = view(name);
      expect(root.querySelectorAll('.ma-map [data-piece="character"]')).toHaveLength(v.characters.length);
      expect(root.querySelectorAll('.ma-map [data-piece="threat"]')).toHaveLength(v.threats.length);
      const buttons = [...root.querySelectorAll<HTMLButtonElement>(".ma-decision button[data-action]")];
      expect(buttons).toHaveLength(s.legal.length);
      const keys = buttons.map((b) => b.dataset.key).filter(Boolean);
      expect(new Set(keys).size).toBe(keys.length);
      expect(keys.length).toBe(Math.min(61, s.legal.length));
      expect(root.querySelectorAll(".ma-slots .slot")).toHaveLength(v.slots.length);
      expect(root.querySelectorAll(".ma-hand .ma-card")).toHaveLength(v.hand.length);
      // Face-down threats show no identity unless this seat looked (MA-INFO-1, MA-SPY-2).
      const down = [...root.querySelectorAll('.ma-map [data-piece="threat"].down')];
      expect(down).toHaveLength(v.threats.filter((t) => t.identity === null).length);
      for (const p of down) {
        expect(p.querySelector(".piece-label")?.textContent).toBe("?");
        for (const tok of m.tokens) expect(p.querySelector("title")?.textContent).not.toContain(tok.name);
      }
    });
  }
});

describe("deciding by click", () => {
  it("a lit square takes its step; an unlit square does nothing (MA-MOVE-2)", async () => {
    await show("m3-step");
    const s = state("m3-step");
    const steps = s.legal.filter((l) => l.action.a === "step");
    const lit = [...root.querySelectorAll<SVGGElement>(".ma-map .square.legal")];
    expect(lit.map((g) => Number(g.dataset.sq)).sort()).toEqual(steps.map((l) => l.action.v as number).sort());
    // The moving character is marked ("The Mandalorian is moving: 5 square(s) left").
    const acting = [...root.querySelectorAll(".ma-map .character.acting title")].map((t) => t.textContent);
    expect(acting).toHaveLength(1);
    expect(view("m3-step").pending.startsWith((acting[0] ?? "").split(":")[0])).toBe(true);
    click(root.querySelector(".ma-map .square:not(.legal)") as Element);
    expect(sent).toHaveLength(0);
    click(lit[0]);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: "act", version: s.version });
    expect(sentAction()).toEqual({ a: "step", v: Number(lit[0].dataset.sq) });
  });
  it("a card, then a lit slot, plays the card there (MA-ACT-2)", async () => {
    await show("m2-play-later");
    const s = state("m2-play-later");
    expect(root.querySelectorAll(".ma-slots .slot.legal")).toHaveLength(0);
    const card = root.querySelector<HTMLButtonElement>(".ma-card.playable") as HTMLButtonElement;
    const id = Number(card.dataset.card);
    click(card);
    expect(card.classList.contains("chosen")).toBe(true);
    const plays = s.legal.filter((l) => l.action.a === "play" && (l.action.v as { card: number }).card === id);
    const lit = [...root.querySelectorAll<HTMLElement>(".ma-slots .slot.legal")];
    expect(lit).toHaveLength(plays.length);
    // Each lit slot shows the action's Strength, and the slot's for the event phase after the
    // play: printed numbers only (MA-EVENT-4).
    const slot = Number(lit[0].dataset.slot);
    const v = view("m2-play-later");
    const after = v.slots[slot].strength + catalog.cards[id].strength;
    expect(lit[0].querySelector(".reach")?.textContent).toMatch(new RegExp(`^action Strength \\d+ · slot → ${after}`));
    click(lit[0]);
    expect(sent).toHaveLength(1);
    expect(sentAction()).toEqual({ a: "play", v: { card: id, slot: Number(lit[0].dataset.slot) } });
  });
  it("a threat a legal action points at is lit and takes it", async () => {
    await show("m2-target");
    const s = state("m2-target");
    const lit = [...root.querySelectorAll<SVGGElement>('.ma-map [data-piece="threat"].legal')];
    expect(lit.length).toBeGreaterThan(0);
    click(lit[0]);
    expect(sent).toHaveLength(1);
    expect(s.legal.map((l) => JSON.stringify(l.action))).toContain(JSON.stringify(sentAction()));
    expect((sentAction() as { a: string }).a).toBe("target");
  });
  it("a key takes the action whose button shows it", async () => {
    await show("m3-step");
    const b = root.querySelector<HTMLButtonElement>('.ma-decision button[data-key="2"]') as HTMLButtonElement;
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "2" }));
    });
    expect(sent).toHaveLength(1);
    const s = state("m3-step");
    const taken = s.legal.findIndex((l) => JSON.stringify(l.action) === JSON.stringify(sentAction()));
    expect(b.querySelector(".act-text")?.textContent).toBe(shortText(s.legal[taken], view("m3-step"), catalog));
    // The map shows the same key on the square it moves to.
    const sq = (s.legal[taken].action.v as number).toString();
    expect(root.querySelector(`.ma-map .square[data-sq="${sq}"]`)?.classList.contains("legal")).toBe(true);
  });
});

describe("what the table shows", () => {
  it("enemies with their damage and health; characters with theirs", async () => {
    await show("m2-play-later");
    const v = view("m2-play-later");
    const enemy = v.threats.find((t) => t.face_up && /health (\d+)/.test(t.identity ?? ""));
    expect(enemy).toBeDefined();
    const health = /health (\d+)/.exec(enemy?.identity ?? "")?.[1];
    const subs = [...root.querySelectorAll('.ma-map .threat.enemy .piece-sub')].map((e) => e.textContent);
    expect(subs).toContain(`${enemy?.damage}/${health}`);
    const ch = v.characters[0];
    expect(root.querySelector(".ma-chars")?.textContent).toContain(`${ch.damage}/${ch.health} damage`);
    expect(root.querySelector(".ma-tracks .track")?.textContent).toContain(`${v.track}/`);
  });
  it("what a slot's Strength does in the event phase (MA-EVENT-5, -7, -8)", () => {
    expect(eventNote(4)).toBeNull();
    expect(eventNote(5)).toBe("event");
    expect(eventNote(6)).toBe("crisis + event");
  });
  it("the slots with their Strength and disturbance tokens", async () => {
    await show("m3-step");
    const v = view("m3-step");
    const slots = [...root.querySelectorAll(".ma-slots .slot")];
    v.slots.forEach((s, i) => {
      expect(slots[i].querySelector(".strength")?.textContent).toBe(String(s.strength));
      expect([...slots[i].querySelectorAll(".dist")].map((d) => Number(d.textContent))).toEqual(s.tokens);
    });
    // Mission 3's green slot (MA-MISSION-1).
    expect(slots[4].classList.contains("mission-slot")).toBe(true);
    expect(slots[4].querySelector(".slot-rule")?.textContent).toBe("If # is 4+: Open door 1. (bonus icon: Spy)");
  });
});

describe("doors and waiting", () => {
  it("doors are drawn shut or open as the view has them", async () => {
    const name = stateNames.find((n) => view(n).doors_open.length > 0) as string;
    expect(name).toBeDefined();
    await show(name);
    const open = view(name).doors_open;
    const doors = mission(name).grid.edges.filter((e) => e.line === "door");
    expect(root.querySelectorAll(".ma-map .edge.door.open")).toHaveLength(doors.filter((d) => open.includes(d.door ?? -1)).length);
    expect(root.querySelectorAll(".ma-map .edge.door:not(.open)")).toHaveLength(doors.filter((d) => !open.includes(d.door ?? -1)).length);
  });
  it("while another player decides: who is awaited, and nothing is lit or acts", async () => {
    await act(async () => {
      render(<TablePage table="fixture" token="t" deps={deps} />, root);
    });
    deliver({ ...hello("m3-step"), seats: [1] });
    await act(async () => {
      await Promise.resolve();
    });
    deliver({ ...state("m3-step"), seat: 1, legal: [] });
    await act(async () => {
      await Promise.resolve();
    });
    expect(root.querySelector(".waiting")?.textContent).toContain("Waiting for player 1");
    expect(root.querySelectorAll("button[data-action]")).toHaveLength(0);
    expect(root.querySelectorAll(".ma-map .legal, .ma-slots .legal, .ma-card.playable")).toHaveLength(0);
    click(root.querySelector(".ma-map .square") as Element);
    expect(sent).toHaveLength(0);
  });
});

describe("logic", () => {
  it("initials of names on the map", () => {
    expect(initials("The Mandalorian")).toBe("MA");
    expect(initials("IG-11")).toBe("IG");
    expect(initials("Kesh Varro")).toBe("KV");
  });
  it("the Child's square from the view's words", () => {
    const v = { ...view("m2-play"), child: "in square (2,3) #4" };
    expect(childSquare(v, 8)).toBe(19);
    expect(childSquare({ ...v, child: "carried by Kell Slaver" }, 8)).toBeNull();
  });
  it("where each legal action points", () => {
    const t = targets(state("m2-play").legal);
    const plays = state("m2-play").legal.filter((l) => l.action.a === "play").length;
    expect([...t.plays.values()].reduce((n, m) => n + m.size, 0)).toBe(plays);
  });
});
