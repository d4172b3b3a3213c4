import { useEffect, useState } from "preact/hooks";
import { Lobby } from "./lobby/Lobby";
import { parseRoute, type Route } from "./router";
import { ReplayPage } from "./shell/ReplayPage";
import { TablePage } from "./shell/TablePage";

export function App() {
  const [route, setRoute] = useState<Route>(() => parseRoute(location.pathname, location.search));
  useEffect(() => {
    const on = () => setRoute(parseRoute(location.pathname, location.search));
    addEventListener("popstate", on);
    return () => removeEventListener("popstate", on);
  }, []);
  const go = (url: string) => {
    history.pushState(null, "", url);
    setRoute(parseRoute(location.pathname, location.search));
  };
  // A key per table and seat: another table (a rematch) starts from nothing, not from this one's state.
  if (route.page === "table") return <TablePage key={`${route.table}?${route.token ?? ""}`} table={route.table} token={route.token} go={go} />;
  if (route.page === "replay") return <ReplayPage table={route.table} />;
  return <Lobby go={go} />;
}
