// The app's pages: the lobby (`/`), a table (`/t/ID?token=T`) and a finished table's replay
// (`/t/ID/replay`).

export type Route = { page: "lobby" } | { page: "table"; table: string; token: string | null } | { page: "replay"; table: string };

export function parseRoute(pathname: string, search: string): Route {
  const r = /^\/t\/([^/]+)\/replay\/?$/.exec(pathname);
  if (r) return { page: "replay", table: decodeURIComponent(r[1]) };
  const m = /^\/t\/([^/]+)\/?$/.exec(pathname);
  if (m) {
    const token = new URLSearchParams(search).get("token");
    return { page: "table", table: decodeURIComponent(m[1]), token: token || null };
  }
  return { page: "lobby" };
}

/** The link to a table, for a seat's token or for spectators. */
export function tableLink(table: string, token: string | null): string {
  const path = `/t/${encodeURIComponent(table)}`;
  return token ? `${path}?token=${encodeURIComponent(token)}` : path;
}

/** The link to a finished table's replay. */
export function replayLink(table: string): string {
  return `/t/${encodeURIComponent(table)}/replay`;
}
