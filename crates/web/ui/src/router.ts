// The app's two pages: the lobby (`/`) and a table (`/t/ID?token=T`).

export type Route = { page: "lobby" } | { page: "table"; table: string; token: string | null };

export function parseRoute(pathname: string, search: string): Route {
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
