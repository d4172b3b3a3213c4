// How Firefly's legal actions are listed: under which heading, and with which card.

import type { ActionDecoration } from "../../shell/ActionList";
import type { LegalAction } from "../../shell/protocol";
import { phaseOf, type Catalog, type Entry, type View } from "./types";

const GROUPS: Record<string, string> = {
  "choose-leader": "Choose your Leader",
  "choose-ship": "Choose your ship",
  "place-ship": "Place your ship",
  "discard-job": "Discard jobs",
  "full-burn": "Fly",
  mosey: "Fly",
  buy: "Buy",
  "shore-leave": "Buy",
  deal: "Deal",
  "clear-warrants": "Deal",
  work: "Work",
  "make-work": "Work",
  "crew-remove-disgruntled": "Crew",
  "end-turn": "End turn",
  dismiss: "Free actions",
  jettison: "Free actions",
  unload: "Free actions",
  equip: "Free actions",
  unequip: "Free actions",
  "discard-upgrade": "Free actions",
  "hire-away": "Free actions",
  "move-to": "Move to",
  done: "Done",
  "choose-option": "Options",
  "use-exemption": "Options",
  bribe: "Bribes",
  "choose-tester": "Who makes the test",
  reroll: "The roll",
  "keep-roll": "The roll",
  "discard-for-bonus": "The roll",
  "negotiate-as-fight": "The roll",
  "choose-branch": "Choose",
  kill: "Who is Killed",
  "join-team": "Teams",
  "lose-upgrade": "Ship Upgrades",
  "take-upgrade": "Ship Upgrades",
  "load-count": "Load",
  "load-good": "Load",
  purchase: "Buy goods",
  trade: "Trade",
  "consider-discard": "Consider",
  "consider-draw": "Consider",
  "buy-card": "Buy cards",
  "accept-job": "Accept jobs",
  sell: "Sell",
  "toggle-crew": "Crew on the job",
  "pay-cut": "Cuts",
};

export function group(l: LegalAction): string {
  return GROUPS[l.action.a] ?? "Other";
}

function card(e: Entry | undefined): ActionDecoration {
  return e ? { card: { name: e.name, text: e.text } } : {};
}

/** The card an action is about, shown in its button (what a player reads before choosing). */
export function decorate(cat: Catalog, view: View, l: LegalAction): ActionDecoration {
  const v = l.action.v;
  const n = typeof v === "number" ? v : -1;
  switch (l.action.a) {
    case "choose-leader":
      return card(cat.crew[n]);
    case "choose-ship":
      return card(cat.ships[n]);
    case "discard-job":
    case "accept-job":
      return card(cat.jobs[n]);
    case "buy-card":
    case "take-upgrade":
      return card(cat.supply[n]);
    case "consider-discard": {
      const { data } = phaseOf(view.phase);
      const market = data.market as Record<string, unknown> | undefined;
      return card(market && "Contact" in market ? cat.jobs[n] : cat.supply[n]);
    }
    case "work": {
      if (v && typeof v === "object" && "Job" in v) return card(cat.jobs[(v as { Job: number }).Job]);
      return {};
    }
    default:
      return {};
  }
}
