// Screenshots of the built front end (../dist) showing real engine states, without a server:
// headless Chromium loads the bundle, the table's WebSocket is answered with a fixture
// (hello + state, from `npm run fixtures`) and the catalog request with the fixture catalog.
//
//   npm run build && npm run screenshots [-- Name …]
//   → test/screenshots/<name>-desktop.png, <name>-phone.png (the first screen), <name>-phone-full.png
//
// Chromium: Debian's /usr/bin/chromium (CHROMIUM overrides), with the flags that keep it off
// the network.

import { mkdirSync, readFileSync, readdirSync } from "node:fs";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, "../../dist");
const fixtures = resolve(here, "../test/fixtures/firefly");
const out = resolve(here, "../test/screenshots");
mkdirSync(out, { recursive: true });

const MIME = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };
const catalog = readFileSync(join(fixtures, "catalog.json"), "utf8");
const hello = JSON.parse(readFileSync(join(fixtures, "hello.json"), "utf8"));
const wanted = process.argv.slice(2);
const names = readdirSync(fixtures)
  .filter((f) => f.endsWith(".json") && f !== "catalog.json" && f !== "hello.json")
  .map((f) => f.slice(0, -5))
  .filter((n) => wanted.length === 0 || wanted.includes(n));
// Besides the fixtures: "lobby", "hot-seat", "route".

// Playwright gives every launch a fresh, temporary user-data-dir of its own.
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});

const sizes = { desktop: { width: 1400, height: 900 }, phone: { width: 375, height: 812 } };
async function open(viewport, ws) {
  const page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
  page.on("pageerror", (e) => console.error(`page error: ${e.message}`));
  await page.route("**/*", (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith("/api/catalog/")) return route.fulfill({ body: catalog, contentType: "application/json" });
    if (url.pathname === "/api/options/firefly") return route.fulfill({ json: lobbyChoices });
    if (url.pathname === "/api/options/mandalorian") return route.fulfill({ json: mandoChoices });
    if (url.pathname === "/api/tables") return route.fulfill({ json: lobbyTables });
    const file = url.pathname.startsWith("/assets/") ? url.pathname : "/index.html";
    return route.fulfill({ body: readFileSync(join(dist, file)), contentType: MIME[extname(file)] ?? "application/octet-stream" });
  });
  if (ws) await page.routeWebSocket(/\/ws\//, ws);
  return page;
}

// The lobby, with what GET /api/options/firefly and GET /api/tables answer.
const cat = JSON.parse(catalog);
const lobbyChoices = {
  game: "firefly",
  stories: cat.stories.map((s) => ({ id: s.id, name: s.name, players: { min: s.players[0], max: s.players[1] } })),
  first_game: "FF-SETUP-17: starting jobs only from Harken, Amnon Duul and Patience",
  seats: { min: 1, max: 5 },
  bots: ["bot", "random"],
};
const mando = ["mando", "ig11", "vessa", "orrin"];
const mandoChoices = {
  game: "mandalorian",
  missions: [
    { number: 1, id: "scrapyard-bounty", name: "Scrapyard Bounty", characters: mando },
    { number: 2, id: "the-foundling", name: "The Foundling", characters: mando },
  ],
  difficulties: ["recruit", "standard", "veteran"],
  modes: ["standard", "sandbox", "shared"],
  characters: [
    { id: "mando", name: "The Mandalorian", locked: false },
    { id: "ig11", name: "IG-11", locked: false },
    { id: "vessa", name: "Vessa Krell", locked: false },
    { id: "orrin", name: "Orrin Vale", locked: false },
  ],
  seats: { min: 1, max: 4 },
  bots: ["bot", "random"],
};
const lobbyTables = [
  {
    table: "k3v9q",
    game: "firefly",
    summary: "Harken's Folly, 3 captains",
    status: "playing",
    seats: [
      { seat: 0, kind: "you", taken: true, connected: true },
      { seat: 1, kind: "invite", taken: true, connected: false },
      { seat: 2, kind: "bot", taken: true, connected: true },
    ],
    created: 0,
  },
  {
    table: "m2x7a",
    game: "mandalorian",
    summary: "Mission 1 — Scrapyard Bounty, recruit, 2 players",
    status: "waiting",
    seats: [
      { seat: 0, kind: "you", taken: true, connected: true },
      { seat: 1, kind: "invite", taken: false, connected: false },
    ],
    created: 0,
  },
];

try {
  if (wanted.length === 0 || wanted.includes("lobby")) {
    for (const [size, viewport] of Object.entries({ desktop: { width: 1400, height: 900 }, phone: { width: 375, height: 812 } })) {
      const page = await open(viewport, null);
      await page.goto("http://tabletop.test/");
      await page.waitForSelector(".new-table select");
      await page.waitForSelector(".tables li");
      await page.screenshot({ path: join(out, `lobby-${size}.png`), fullPage: true });
      await page.selectOption(".new-table select", "mandalorian");
      await page.waitForSelector(".new-table fieldset .check");
      await page.screenshot({ path: join(out, `lobby-mandalorian-${size}.png`), fullPage: true });
      await page.close();
    }
    console.log("lobby: desktop, phone");
  }
  if (wanted.length === 0 || wanted.includes("hot-seat")) {
    // Hot-seat: this browser holds captains 1 and 2; the view is captain 1's.
    const state = readFileSync(join(fixtures, "Actions.json"), "utf8");
    const page = await open(sizes.phone, (ws) => {
      ws.send(JSON.stringify({ ...hello, seats: [0, 1] }));
      ws.send(state);
    });
    await page.goto("http://tabletop.test/t/fixture?token=t");
    await page.waitForSelector(".cover");
    await page.screenshot({ path: join(out, "hot-seat-cover-phone.png") });
    await page.close();
    console.log("hot-seat: phone");
  }
  if (wanted.length === 0 || wanted.includes("route")) {
    // Pointing at a far sector: its route and Fuel from your ship.
    const state = readFileSync(join(fixtures, "Actions-later.json"), "utf8");
    const page = await open(sizes.desktop, (ws) => {
      ws.send(JSON.stringify(hello));
      ws.send(state);
    });
    await page.goto("http://tabletop.test/t/fixture?token=t");
    await page.waitForSelector(".ff-table");
    await page.hover('[data-sector="regina"] .planet');
    await page.waitForSelector(".hover-route");
    await page.screenshot({ path: join(out, "route-hover-desktop.png") });
    await page.close();
    console.log("route: desktop");
  }
  for (const name of names) {
    const state = readFileSync(join(fixtures, `${name}.json`), "utf8");
    for (const [size, viewport] of Object.entries(sizes)) {
      const page = await open(viewport, (ws) => {
        ws.send(JSON.stringify(hello));
        ws.send(state);
      });
      await page.goto("http://tabletop.test/t/fixture?token=t");
      await page.waitForSelector(".ff-table", { timeout: 10000 });
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(out, `${name}-${size}.png`) });
      if (size === "phone") await page.screenshot({ path: join(out, `${name}-${size}-full.png`), fullPage: true });
      await page.close();
    }
    console.log(`${name}: ${Object.keys(sizes).join(", ")}`);
  }
} finally {
  await browser.close();
}
