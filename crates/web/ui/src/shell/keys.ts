// Every legal action has a key: 1–9, then a–z, then A–Z, in the order the actions are listed.
// Keys the page itself uses (Enter and Escape for the cover screen) are never assigned.

export const ACTION_KEYS: readonly string[] = [
  ..."123456789",
  ..."abcdefghijklmnopqrstuvwxyz",
  ..."ABCDEFGHIJKLMNOPQRSTUVWXYZ",
];

/** The key of each of `n` actions; actions beyond the last key get none (null). */
export function assignKeys(n: number): (string | null)[] {
  return Array.from({ length: n }, (_, i) => ACTION_KEYS[i] ?? null);
}

/**
 * The order actions are shown in: grouped (a game names each action's group), groups in the
 * order their first action comes in the engine's list, actions in the engine's order within a
 * group. Returns legal indices in display order.
 */
export function displayOrder<T>(legal: readonly T[], group: (x: T) => string): number[] {
  const rank = new Map<string, number>();
  const groups = legal.map((x) => {
    const g = group(x);
    if (!rank.has(g)) rank.set(g, rank.size);
    return g;
  });
  return legal
    .map((_, i) => i)
    .sort((a, b) => (rank.get(groups[a]) as number) - (rank.get(groups[b]) as number) || a - b);
}

/** Keys by legal index, assigned in display order. */
export function keysInOrder(order: readonly number[]): (string | null)[] {
  const keys: (string | null)[] = new Array(order.length).fill(null);
  const assigned = assignKeys(order.length);
  order.forEach((legalIndex, pos) => {
    keys[legalIndex] = assigned[pos];
  });
  return keys;
}

/** The legal index a key press takes, given the keys by legal index; -1 for none. */
export function indexForKey(
  e: { key: string; ctrlKey?: boolean; altKey?: boolean; metaKey?: boolean },
  keys: readonly (string | null)[],
): number {
  if (e.ctrlKey || e.altKey || e.metaKey) return -1;
  return keys.indexOf(e.key);
}
