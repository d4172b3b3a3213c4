// The Firefly catalog (`GET /api/catalog/firefly`, crates/firefly/src/catalog.rs) and view
// (crates/firefly/src/view.rs) as the browser reads them.

export interface Entry {
  id: string;
  name: string;
  kind: string;
  text: string;
}

export interface Skills {
  fight: number;
  tech: number;
  negotiate: number;
}

export type Zone = "alliance" | "border" | "rim";

export interface SectorEntry extends Entry {
  zone: Zone;
  source: string;
  neighbours: number[];
  planets: { name: string; system: string }[];
  supply: number | null;
  contact: string | null;
  firefly_logo: boolean;
  alliance_capital: boolean;
  /** [left, top, width, height] */
  box: [number, number, number, number];
  /** Rim expansions: Reaver Space (FF-BS), the Uroboros Belt (FF-KAL-7), a tile laid here. */
  reaver_space?: boolean;
  uroboros?: boolean;
  tile?: string | null;
  /** Not on this table's board (an expansion the game is played without): not drawn. */
  out?: boolean;
}

export interface CrewEntry extends Entry {
  cost: number;
  skills: Skills;
  professions: string[];
  keywords: string[];
  moral: boolean;
  wanted: boolean;
}

export interface GearEntry extends Entry {
  cost: number;
  skills: Skills;
  keywords: string[];
}

export interface UpgradeEntry extends Entry {
  cost: number | null;
  drive_core: { range: number; fuel_per_burn: number } | null;
}

export interface ShipEntry extends Entry {
  hold: number;
  stash: number;
  max_crew: number;
  upgrade_slots: number;
  drive_core: number;
}

export interface SupplyCardEntry extends Entry {
  deck: number;
  card: "crew" | "gear" | "upgrade";
  def: number;
}

export interface ContactEntry extends Entry {
  contact: string;
  sector: number | null;
}

export interface JobEntry extends Entry {
  contact: string | null;
  types: string[];
  illegal: boolean;
  immoral: boolean;
  pay: number | null;
  needs: Skills;
  steps: { kind: "pick-up" | "drop-off" | "target"; sector: number }[];
  opportunities: string[];
}

export interface CardEntry extends Entry {
  def: number;
  deck?: string;
  reshuffle: boolean;
  options: { name: string; text: string }[];
}

export interface StoryEntry extends Entry {
  players: [number, number];
  goals: { name: string; sector: number | null; text: string }[];
}

export interface Catalog {
  game: "firefly";
  fingerprint: string;
  board: [number, number, number, number];
  sectors: SectorEntry[];
  crew: CrewEntry[];
  leaders: number[];
  gear: GearEntry[];
  upgrades: UpgradeEntry[];
  ships: ShipEntry[];
  supply_decks: (Entry & { sector: number })[];
  supply: SupplyCardEntry[];
  contacts: ContactEntry[];
  jobs: JobEntry[];
  nav: CardEntry[];
  misbehave: CardEntry[];
  events: CardEntry[];
  stories: StoryEntry[];
  items: (Entry & { half_boxes: number })[];
  nav_decks: string[];
  /** Pirates & Bounty Hunters' Bounty cards, by id (older servers leave it out). */
  bounties?: BountyEntry[];
}

/** A Bounty card (FF-PBH-5): `drop_off` null means wherever the Alliance Cruiser is. */
export interface BountyEntry extends Entry {
  cortex_alert: boolean;
  drop_off: number | null;
  pay: number;
  immoral: boolean;
}

/** Pirates & Bounty Hunters: the Most Wanted and the Bound Fugitives (face up). */
export interface BountiesView {
  most_wanted: number[];
  bound: { seat: number; bounty: number; fugitive: number }[];
  deck_left: number;
}

export type CrewCard = { Leader: number } | { Hired: number };

export interface CrewMember {
  card: CrewCard;
  def: number;
  gear: number[];
  disgruntled: boolean;
  wanted_token: boolean;
}

export interface ActiveJob {
  job: number;
  steps_done: number;
  opportunities_earned: number[];
}

export interface PlayerView {
  seat: number;
  sector: number | null;
  leader: number | null;
  ship: number | null;
  drive_core: { Starting: number } | { Card: number } | null;
  upgrades: number[];
  crew: CrewMember[];
  spare_gear: number[];
  money: number;
  /** Cargo, Contraband, Fuel, Parts, Passengers, Fugitives. */
  items: number[];
  hand: number[] | null;
  hand_size: number;
  active: ActiveJob[];
  completed: number[];
  solid: string[];
  warrants: number;
  goals: number;
  outlaw: boolean;
  /** FF-PBH-38: the captain's Haven token, in a story with Havens. */
  haven?: number;
}

export type Origin =
  | { Nav: number }
  | { Event: number }
  | { Misbehave: number }
  | { JobStep: { job: number; step: number } }
  | { Goal: number }
  | { Opportunity: { job: number; index: number } }
  | { Rule: { job: number } }
  | { Alerts: { sector: number; then: unknown } }
  | { Card: number }
  | { Offer: number }
  | "Boarding"
  | { ShowdownLost: { bounty: number } }
  | { PiracyLost: { job: number } };

export interface TestTerms {
  skill: "fight" | "tech" | "negotiate";
  points: number;
  modifier: number;
  total: number | null;
}

export interface Resolving {
  origin: Origin;
  seat: number;
  stage: string;
  chosen: number | null;
  step: number;
  tester: CrewCard | null;
  bribe: number;
  test: TestTerms | null;
  faces: number[];
  dice: number | null;
  rerolled: boolean;
  after_roll_bonus: number;
  lent: number;
  band: number | null;
  branch: number | null;
  pending: unknown;
  ending: string | null;
  as_fight: boolean;
  teams: number[];
}

export interface Bundle {
  goods: number[];
  cards: number[];
  money: number;
}

export interface Offer {
  from: number;
  to: number;
  give: Bundle;
  ask: Bundle;
  window: boolean;
}

/** `"ChooseLeader"`, or `{ "Considering": {…} }` … (serde's externally tagged enum). */
export type Phase = string | Record<string, unknown>;

export interface View {
  seat: number;
  actor: number | null;
  current: number;
  round: number;
  story: string;
  phase: Phase;
  players: PlayerView[];
  cruiser: number;
  cutter: number;
  /** Every Reaver Cutter (several with Blue Sun, FF-BS-11). */
  cutters?: number[];
  /** The Operative's Corvette (Kalidasa), when in play. */
  corvette?: number | null;
  /** Alert tokens on sectors (Rim expansions). */
  alerts?: { sector: number; alliance: number; reaver: number }[];
  supply_discards: number[][];
  contact_discards: [string, number[]][];
  nav_discards: number[][];
  misbehave_discard: number[];
  supply_left: number[];
  contacts_left: [string, number][];
  nav_left: number[];
  misbehave_left: number;
  turn: { fly: boolean; buy: boolean; deal: boolean; work: boolean; taken: number };
  /** Added with the browser UI; older servers leave it out. */
  resolving?: Resolving[];
  /** A story's Last Call, once declared: who called it, and the captain playing now followed
   * by those whose last turn is to come (empty once the game is over). */
  last_call?: { declarer: number; still_to_play: number[] } | null;
  /** Pirates & Bounty Hunters, when in play. */
  bounties?: BountiesView;
  /** FF-PBH-37: numbered Destination tokens on the story's goal sectors. */
  destinations?: { goal: number; sector: number }[];
}

/** The phase's name and its fields. */
export function phaseOf(p: Phase): { name: string; data: Record<string, unknown> } {
  if (typeof p === "string") return { name: p, data: {} };
  const [name] = Object.keys(p);
  const data = p[name];
  return { name: name ?? "", data: typeof data === "object" && data !== null ? (data as Record<string, unknown>) : { value: data } };
}

/** The index of each item in `PlayerView.items`. */
export const ITEM = { cargo: 0, contraband: 1, fuel: 2, parts: 3, passengers: 4, fugitives: 5 } as const;

/** A hidden card in a rival's hand of considered cards. */
export const HIDDEN = 65535;
