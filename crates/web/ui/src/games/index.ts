// The games the table page knows. A game is a sibling module under games/; one without its own
// table page yet is played with the shell's generic one (every action, the log).

import type { GameModule } from "../shell/game";
import { firefly } from "./firefly";
import { mandalorian } from "./mandalorian";

const GAMES: Record<string, GameModule> = { firefly, mandalorian };

export function gameModule(id: string): GameModule | null {
  return GAMES[id] ?? null;
}

export const GAME_IDS = Object.keys(GAMES);
