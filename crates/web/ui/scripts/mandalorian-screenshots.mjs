// Screenshots of the built front end (../dist) showing real Mandalorian engine states, without a
// server: headless Chromium loads the bundle, the table's WebSocket is answered with a fixture
// (hello + state, from `npm run fixtures:mandalorian`) and the catalog request with the fixture
// catalog. With --pick, the first card in the hand is clicked first (its slots lit).
//
//   npm run build && npm run screenshots:mandalorian [-- Name …]
//   → test/screenshots/mandalorian/<name>-desktop.png, <name>-phone.png, <name>-phone-full.png
//
// Chromium: Debian's /usr/bin/chromium (CHROMIUM overrides), with the flags that keep it off
// the network.

import { mkdirSync, readFileSync, readdirSync } from "node:fs";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, "../../dist");
const fixtures = resolve(here, "../test/fixtures/mandalorian");
const out = resolve(here, "../test/screenshots/mandalorian");
mkdirSync(out, { recursive: true });

const MIME = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml" };
const catalog = readFileSync(join(fixtures, "catalog.json"), "utf8");
const wanted = process.argv.slice(2);
const names = readdirSync(fixtures)
  .filter((f) => f.endsWith(".json") && f !== "catalog.json" && !f.endsWith("hello.json"))
  .map((f) => f.slice(0, -5))
  .filter((n) => wanted.length === 0 || wanted.includes(n) || (wanted.includes("pick") && n.endsWith("play-later")));

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
    const file = url.pathname.startsWith("/assets/") ? url.pathname : "/index.html";
    return route.fulfill({ body: readFileSync(join(dist, file)), contentType: MIME[extname(file)] ?? "application/octet-stream" });
  });
  await page.routeWebSocket(/\/ws\//, ws);
  return page;
}

try {
  for (const name of names) {
    const state = readFileSync(join(fixtures, `${name}.json`), "utf8");
    const hello = readFileSync(join(fixtures, `${name.split("-")[0]}-hello.json`), "utf8");
    const shots = [["", false]];
    if (name.endsWith("play-later")) shots.push(["-picked", true]);
    for (const [suffix, pick] of shots) {
      for (const [size, viewport] of Object.entries(sizes)) {
        const page = await open(viewport, (ws) => {
          ws.send(JSON.stringify(JSON.parse(hello)));
          ws.send(state);
        });
        await page.goto("http://tabletop.test/t/fixture?token=t");
        // A hot-seat table (two seats in this browser) opens behind the cover: take the screen.
        await page.waitForSelector(".ma-table, .cover", { timeout: 10000 }).catch(async (e) => {
          await page.screenshot({ path: join(out, `${name}-failed.png`) });
          throw e;
        });
        if (await page.$(".cover")) await page.click(".cover-take");
        await page.waitForSelector(".ma-table");
        if (pick) await page.click(".ma-card.playable");
        await page.waitForTimeout(150);
        await page.screenshot({ path: join(out, `${name}${suffix}-${size}.png`) });
        if (size === "phone") await page.screenshot({ path: join(out, `${name}${suffix}-${size}-full.png`), fullPage: true });
        await page.close();
      }
      console.log(`${name}${suffix}: ${Object.keys(sizes).join(", ")}`);
    }
  }
} finally {
  await browser.close();
}
