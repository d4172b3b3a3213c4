// What a game plugs into the shared table page: its table component and a few texts. The shell
// (connection, state, actions, keyboard, cover screen, log, turn notice) knows no game.

import type { FunctionComponent } from "preact";
import type { LegalAction } from "./protocol";
import type { TableState } from "./table-state";

export interface GameTableProps {
  /** The game's catalog (`GET /api/catalog/{game}`). */
  catalog: unknown;
  state: TableState;
  /** The key of each legal action, by legal index (null: no key left). */
  keys: (string | null)[];
  /** Legal indices in the order the actions are shown (grouped by the game's `group`). */
  order: number[];
  /** Take legal action `index`. */
  act(index: number): void;
  /** The seats this browser holds. */
  mySeats: readonly number[];
}

export interface GameModule {
  id: string;
  name: string;
  /** How a seat is called ("captain 2"). */
  seatName(seat: number): string;
  /** One line about the game for the header ("Harken's Folly · round 3"). */
  summary(view: unknown): string;
  /** The heading an action is listed under ("Fly", "Buy", "Crew"…). */
  group(l: LegalAction): string;
  Table: FunctionComponent<GameTableProps>;
}
