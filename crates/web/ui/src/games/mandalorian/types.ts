// The Mandalorian's view (crates/mandalorian/src/view.rs) and catalog
// (crates/mandalorian/src/catalog.rs) as they arrive in JSON.

export interface Entry {
  id: string;
  name: string;
  kind: string;
  text: string;
}

export type ActionKind = "move" | "attack" | "spy" | "plan";

export interface AbilityEntry extends Entry {
  character: number;
  strength: number;
  bonus: ActionKind | null;
  text_slot: ActionKind | null;
  duplicate: boolean;
}

export interface CharacterEntry extends Entry {
  recruit_health: number;
  standard_health: number;
  locked: boolean;
  cards: number[];
}

export interface Square {
  sq: number;
  row: number;
  col: number;
  star: boolean;
  red: boolean;
  start: boolean;
  number: number | null;
}

export interface GridEdge {
  sq: number;
  side: "east" | "south";
  line: "wall" | "elevated" | "door";
  door?: number;
}

export interface Grid {
  width: number;
  height: number;
  squares: Square[];
  edges: GridEdge[];
  doors_open: number[];
}

export interface TokenEntry extends Entry {
  shape: number;
  orange: boolean;
  face: { Enemy: { class: string; health: number } } | { Item: number };
  target: boolean;
  carries_child: boolean;
}

export interface MissionEntry extends Entry {
  number: number;
  intro: string;
  briefing: string;
  objective: string;
  failures: string;
  map_rules: string;
  characters: number[];
  grid: Grid;
  icons: { sq: number; shape: number; hidden: boolean }[];
  tokens: TokenEntry[];
  items: Entry[];
  slots: Entry[];
  crisis: string;
  mission_effect: string;
  child: { Square: number } | { Carried: number } | null;
}

export interface Catalog {
  game: "mandalorian";
  fingerprint: string;
  characters: CharacterEntry[];
  cards: AbilityEntry[];
  events: (Entry & { back: string })[];
  planning: (Entry & { plan: string })[];
  disturbance: (Entry & { value: number; white: boolean })[];
  missions: MissionEntry[];
}

export interface CardView {
  id: number;
  character: string;
  text: string;
}

export interface CharView {
  id: string;
  name: string;
  row: number;
  col: number;
  damage: number;
  health: number;
  kept: string[];
  carries_child: boolean;
}

export interface SlotView {
  name: string;
  strength: number;
  cards: string[];
  tokens: number[];
}

export interface ThreatView {
  token: number;
  row: number;
  col: number;
  shape: number;
  face_up: boolean;
  damage: number;
  identity: string | null;
  looked: boolean;
  carries_child: boolean;
}

export interface View {
  seat: number;
  active: number;
  turn: number;
  mission: string;
  objective: string;
  characters: CharView[];
  hand: CardView[];
  hand_sizes: number[];
  slots: SlotView[];
  threats: ThreatView[];
  defeated: string[];
  reinforcement_pile: number;
  event_deck: number;
  event_top_back: string | null;
  event_discard: string[];
  planning_deck: number;
  planning_discard: string[];
  plan_drawn: string[];
  ability_discards: string[][];
  disturbance_pool: number;
  disturbance_discard: number[];
  child: string;
  taunt: string | null;
  doors_open: number[];
  track: number;
  collected: number;
  pending: string;
  outcome: unknown;
}
