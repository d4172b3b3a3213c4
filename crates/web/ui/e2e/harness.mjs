// The browser tests' harness: a real `tabletop serve` on a free loopback port with a fresh data
// directory, and headless Chromium (Debian's, off the network) driven by playwright-core.
// It builds nothing: TABLETOP_BIN names the binary (default: the workspace's release build).

import { spawn } from "node:child_process";
import { after, before } from "node:test";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = dirname(fileURLToPath(import.meta.url));
export const SHOTS = join(here, "screenshots");
export const DESKTOP = { width: 1400, height: 900 };
export const PHONE = { width: 375, height: 812 };
const HOST = "127.0.0.1";

/** A free port on the loopback interface (the kernel picks it; we close and reuse it at once). */
function freePort() {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, HOST, () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

/** Starts `tabletop serve` on 127.0.0.1 and waits for `GET /api/info`. */
export async function startServer() {
  const bin = resolve(process.env.TABLETOP_BIN ?? join(here, "../../../../target/release/tabletop"));
  if (!existsSync(bin)) throw new Error(`no tabletop binary at ${bin}: build it (cargo build --release --bin tabletop) or set TABLETOP_BIN`);
  const data = mkdtempSync(join(tmpdir(), "tabletop-e2e-"));
  const port = await freePort();
  const base = `http://${HOST}:${port}`;
  const child = spawn(bin, ["serve", "--bind", `${HOST}:${port}`, "--data", data], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  let exited = null;
  child.on("exit", (code, signal) => (exited = { code, signal }));
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (exited) throw new Error(`tabletop serve exited (${JSON.stringify(exited)}):\n${output}`);
    try {
      const r = await fetch(`${base}/api/info`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`tabletop serve did not answer /api/info within 30 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    output: () => output,
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        const t = setTimeout(() => child.kill("SIGKILL"), 5000);
        await gone;
        clearTimeout(t);
      }
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/**
 * A server and a browser for one test file: started before its tests, stopped after them.
 * Read them from the returned object (`env.server.base`, `env.browser.newContext()`).
 */
export function serverAndBrowser() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    await env.server?.stop();
  });
  return env;
}

export async function launchBrowser() {
  mkdirSync(SHOTS, { recursive: true });
  return chromium.launch({
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
}

/** A desktop-sized page in a new context, recording script errors; the lobby with `game` chosen. */
export async function lobbyPage(env, errors, game) {
  const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await newPage(context, errors);
  await page.goto(env.server.base);
  await page.getByRole("button", { name: "Create the table" }).waitFor();
  await page.locator("select").first().selectOption(game);
  return { context, page };
}

/** A table made over the API, played by bots to its end within `ms`: its id. */
export async function finishedTable(base, body, ms) {
  const r = await fetch(`${base}/api/tables`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await r.text();
  if (r.status !== 201) throw new Error(`table not created (${r.status}): ${text}`);
  const { table } = JSON.parse(text);
  const deadline = Date.now() + ms;
  for (;;) {
    const all = await (await fetch(`${base}/api/tables`)).json();
    if (all.find((t) => t.table === table)?.status === "over") return table;
    if (Date.now() > deadline) throw new Error(`the bots did not finish table ${table} within ${ms / 1000} s`);
    await new Promise((ok) => setTimeout(ok, 200));
  }
}

/** A page that fails the test on any script error in it. */
export async function newPage(context, errors) {
  const page = await context.newPage();
  page.on("pageerror", (e) => errors.push(e.message));
  return page;
}

/** Saves the page at desktop size and at phone size (the first screen), then restores desktop. */
export async function shoot(page, name) {
  await page.setViewportSize(DESKTOP);
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(SHOTS, `${name}-desktop.png`) });
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  await page.screenshot({ path: join(SHOTS, `${name}-phone.png`) });
  await page.setViewportSize(DESKTOP);
}

/** The header's summary ("Harken's Folly · round 2", "Mission 1 · turn 3"). */
export const summary = (page) => page.locator(".table-header .summary").innerText();
export const logLength = (page) => page.locator("ol.log > li").count();

/**
 * Waits until this page may act (an enabled action button, a lit sector or the hot-seat cover),
 * or the game is over; returns which.
 */
export async function waitForTurn(page, timeout = 20_000) {
  const deadline = Date.now() + timeout;
  while (Date.now() < deadline) {
    if (await page.locator(".cover-take").count()) return "cover";
    if (await page.locator("button.act:not([disabled]):not(.act-undo)").count()) return "act";
    if (await page.locator(".sector.legal").count()) return "act";
    if (await page.locator(".outcome, [data-outcome]").count()) return "over";
    await page.waitForTimeout(100);
  }
  await page.screenshot({ path: join(SHOTS, `timeout-${Date.now()}.png`) });
  return "timeout";
}

/**
 * Takes one decision by clicking, simply but sensibly: a lit map sector when there is one (a
 * move or a placement), otherwise the first action button in display order that is neither in
 * `avoid` (taken only when nothing else is left) nor in `last` (taken when only those and avoided
 * ones are left, e.g. ending the turn rather than jettisoning cargo). Returns what it did.
 */
export async function clickOne(page, { preferSector = true, avoid = [], last = [] } = {}) {
  if (await page.locator(".cover-take").count()) {
    await page.locator(".cover-take").click();
    return "cover";
  }
  const lit = page.locator(".sector.legal");
  if (preferSector && (await lit.count())) {
    const id = await lit.first().getAttribute("data-sector");
    // No force: a piece drawn over the sector that took the click would fail the test.
    await lit.first().click();
    return `sector ${id}`;
  }
  // Every enabled action button (the action list, and cards the game shows elsewhere).
  const buttons = page.locator("button.act:not([disabled]):not(.act-undo):not(.cover-take)");
  const n = await buttons.count();
  const kinds = [];
  for (let i = 0; i < n; i++) kinds.push(await buttons.nth(i).getAttribute("data-action"));
  let pick = kinds.findIndex((k) => !avoid.includes(k) && !last.includes(k));
  if (pick < 0) pick = kinds.findIndex((k) => last.includes(k));
  if (pick < 0) pick = n > 0 ? 0 : -1;
  if (pick >= 0) {
    const b = buttons.nth(pick);
    const text = (await b.getAttribute("title")) ?? kinds[pick];
    await b.click();
    return text;
  }
  return null;
}
