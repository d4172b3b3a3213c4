// How Firefly's legal actions are listed: under which heading, and with which card.

import type { ActionDecoration } from "../../shell/ActionList";
import type { LegalAction } from "../../shell/protocol";
import { CardBody } from "./Panels";
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
  return e ? { card: { name: e.name, text: e.text }, body: <CardBody text={e.text} /> } : {};
}

/** A job's card; pointing at it shows where the job goes on the map. */
function jobCard(cat: Catalog, job: number): ActionDecoration {
  return cat.jobs[job] ? { ...card(cat.jobs[job]), focus: job } : {};
}

/** The ids of the considered cards that a legal action buys or accepts (shown in its button). */
export function inButtons(legal: readonly LegalAction[]): Set<number> {
  const ids = new Set<number>();
  for (const l of legal) {
    if ((l.action.a === "buy-card" || l.action.a === "accept-job") && typeof l.action.v === "number") ids.add(l.action.v);
  }
  return ids;
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
      return jobCard(cat, n);
    case "buy-card":
    case "take-upgrade":
      return card(cat.supply[n]);
    case "consider-discard": {
      const { data } = phaseOf(view.phase);
      const market = data.market as Record<string, unknown> | undefined;
      return market && "Contact" in market ? jobCard(cat, n) : card(cat.supply[n]);
    }
    case "work": {
      if (v && typeof v === "object" && "Job" in v) return jobCard(cat, (v as { Job: number }).Job);
      return {};
    }
    default:
      return {};
  }
}
