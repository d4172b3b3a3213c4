// What the Mandalorian table derives from a view, the catalog and the legal actions: the
// mission being played, where each legal action points on the table (a square, a threat, a
// character, a card and slot), and the names of the actions' groups.

import type { LegalAction } from "../../shell/protocol";
import type { Catalog, MissionEntry, View } from "./types";

/** The mission the view is of: its text starts with the mission's number ("2 — The Foundling"). */
export function missionOf(cat: Catalog, view: View): MissionEntry | undefined {
  const n = Number.parseInt(view.mission, 10);
  return cat.missions.find((m) => m.number === n);
}

/** Where a click on the table takes a legal action: each map from a thing to legal indices. */
export interface Targets {
  /** Square → legal indices (`step`, `square`). */
  squares: Map<number, number[]>;
  /** Threat token → legal indices (`target`, `spy-look`, `spy-move`, `enemy`, `use-item`). */
  tokens: Map<number, number[]>;
  /** Character index → legal indices (`character`, `rescue`, `use-planning`). */
  characters: Map<number, number[]>;
  /** Card in hand → slot → legal index (`play`). */
  plays: Map<number, Map<number, number>>;
  /** Slot → legal indices (`slot`, `discard-token`). */
  slots: Map<number, number[]>;
}

function push<K>(m: Map<K, number[]>, k: K, i: number) {
  const l = m.get(k);
  if (l) l.push(i);
  else m.set(k, [i]);
}

type Value = Record<string, number>;

export function targets(legal: readonly LegalAction[]): Targets {
  const t: Targets = { squares: new Map(), tokens: new Map(), characters: new Map(), plays: new Map(), slots: new Map() };
  legal.forEach((l, i) => {
    const v = l.action.v as unknown;
    switch (l.action.a) {
      case "step":
      case "square":
        push(t.squares, v as number, i);
        break;
      case "target":
      case "spy-look":
      case "spy-move":
      case "enemy":
        push(t.tokens, v as number, i);
        break;
      case "use-item":
        push(t.tokens, (v as Value).token, i);
        break;
      case "character":
        push(t.characters, v as number, i);
        break;
      case "rescue":
        push(t.characters, (v as Value).ch, i);
        break;
      case "slot":
        push(t.slots, v as number, i);
        break;
      case "discard-token":
        push(t.slots, (v as Value).slot, i);
        break;
      case "play": {
        const { card, slot } = v as Value;
        const m = t.plays.get(card) ?? new Map<number, number>();
        m.set(slot, i);
        t.plays.set(card, m);
        break;
      }
    }
  });
  return t;
}

/**
 * The Strength a play would give its slot, from the action's text ("… — Strength 4", or
 * "… — Strength 5, with its text" when the card's own ability joins the action).
 */
export function playStrength(l: LegalAction): number | null {
  const m = /— Strength (\d+)(?:,|$)/.exec(l.text);
  return m ? Number(m[1]) : null;
}

/** The square the Child is in when it is on the map by itself ("in square (2,3) #4"). */
export function childSquare(view: View, width: number): number | null {
  const m = /^in square \((\d+),(\d+)\)/.exec(view.child);
  return m ? Number(m[1]) * width + Number(m[2]) : null;
}

/** An enemy's health, read from what the seat knows of it ("Kesh Varro (melee, health 5) …"). */
export function enemyHealth(identity: string | null): number | null {
  const m = identity ? /health (\d+)\)/.exec(identity) : null;
  return m ? Number(m[1]) : null;
}

/** The name of a threat as the seat knows it ("Kesh Varro"), or null when face down and unseen. */
export function threatName(identity: string | null): string | null {
  if (!identity) return null;
  const i = identity.indexOf(" (");
  return i < 0 ? identity : identity.slice(0, i);
}

/** Short initials for a token on the map ("The Mandalorian" → "MA", "IG-11" → "IG"). */
export function initials(name: string): string {
  const words = name.replace(/^The /, "").split(/[\s-]+/).filter(Boolean);
  if (words.length === 1 || /\d/.test(words[1] ?? "")) return words[0].slice(0, 2).toUpperCase();
  return (words[0][0] + words[1][0]).toUpperCase();
}

const GROUPS: Record<string, string> = {
  play: "Play a card",
  "use-planning": "Planning cards",
  "use-item": "Items",
  rescue: "The Child",
  "end-actions": "End",
  "resolve-action": "Resolve",
  "resolve-text": "Resolve",
  "finish-card": "Resolve",
  step: "Move",
  stop: "Move",
  target: "Choose a threat",
  "spy-look": "Spy",
  "spy-move": "Spy",
  square: "Choose a square",
  character: "Choose a character",
  slot: "Choose a slot",
  keep: "Plan: keep",
  "keep-none": "Plan: keep",
  top: "Plan: top of the deck",
  "top-none": "Plan: top of the deck",
  block: "Damage",
  "take-damage": "Damage",
  enemy: "Event: choose an enemy",
  choose: "Free action",
  precedence: "Precedence",
  "discard-token": "Disturbance",
};

export function group(l: LegalAction): string {
  return GROUPS[l.action.a] ?? "Actions";
}

/** The card's title and the rest of its text ("Beskar Charge [4 +Move]", "Move: After …"). */
export function splitCard(text: string): [string, string] {
  const i = text.indexOf(" — ");
  return i < 0 ? [text, ""] : [text.slice(0, i), text.slice(i + 3)];
}

/**
 * How an action reads in the action list. A play is named by its card, its slot and the
 * Strength it reaches ("Beskar Charge → Move (action Strength 5)"): the card's full text is on the card
 * in the hand. Every other action keeps the engine's words.
 */
export function shortText(l: LegalAction, view: View, cat: Catalog): string {
  if (l.action.a !== "play") return l.text;
  const { card, slot } = l.action.v as Value;
  const c = cat.cards[card];
  const s = view.slots[slot];
  const st = playStrength(l);
  if (!c || !s) return l.text;
  return `${c.name} → ${s.name}${st !== null ? ` (action Strength ${st})` : ""}`;
}
