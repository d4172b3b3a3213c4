// Two players online: a Firefly table with two invite seats, each opened in its own browser
// context (two people on two machines). Each sees only its own hand; the seat not to act has
// nothing to click; a reload comes back to the current state (PROTOCOL.md, rules 1 and 3).

import { test } from "node:test";
import assert from "node:assert/strict";
import { clickOne, logLength, newPage, serverAndBrowser, shoot, summary } from "./harness.mjs";

const env = serverAndBrowser();

/** Keeps the last `state` message each page's WebSocket received. */
function watchStates(page) {
  const box = { last: null, count: 0 };
  page.on("websocket", (ws) =>
    ws.on("framereceived", (f) => {
      const m = JSON.parse(typeof f.payload === "string" ? f.payload : f.payload.toString());
      if (m.type === "state") {
        box.last = m;
        box.count++;
      }
    }),
  );
  return box;
}

const canAct = async (page) =>
  (await page.locator("button.act:not([disabled]):not(.act-undo)").count()) + (await page.locator(".sector.legal").count());

test("two players online in two browser contexts: own hands, turns, reload", async () => {
  const errors = [];
  const host = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const lobby = await newPage(host, errors);
  await lobby.goto(env.server.base);
  await lobby.getByRole("button", { name: "Create the table" }).waitFor();
  await lobby.getByLabel("Captains").fill("2");
  const seats = lobby.locator(".seat-row select");
  await seats.nth(1).waitFor();
  await seats.nth(0).selectOption("invite");
  await seats.nth(1).selectOption("invite");
  await lobby.getByRole("button", { name: "Create the table" }).click();
  const invites = lobby.locator(".created .invite input");
  await invites.nth(1).waitFor();
  const links = [await invites.nth(0).inputValue(), await invites.nth(1).inputValue()];
  assert.ok(links.every((l) => l.startsWith(env.server.base) && /token=/.test(l)), `invite links: ${links}`);
  await shoot(lobby, "online-created");

  const contexts = [await env.browser.newContext(), await env.browser.newContext()];
  const pages = [];
  const states = [];
  for (const [i, c] of contexts.entries()) {
    const p = await newPage(c, errors);
    states.push(watchStates(p));
    await p.goto(links[i]);
    pages.push(p);
  }
  for (const p of pages) await p.locator(".table-header .summary").filter({ hasText: "round" }).waitFor();

  let turns = 0;
  let clicks = 0;
  let lastActor = null;
  let sawHands = false;
  while (clicks < 120 && turns < 6) {
    // Wait for the next state to reach both pages, then find who is to act.
    await pages[0].waitForTimeout(150);
    const s0 = states[0].last;
    const s1 = states[1].last;
    assert.ok(s0 && s1, "both pages have a state");
    assert.equal(s0.seat, 0);
    assert.equal(s1.seat, 1);
    // Hidden information (FF: jobs in hand are secret): a rival's hand never reaches a page.
    assert.equal(s0.view.players[1].hand, null, "seat 1's hand reached seat 0");
    assert.equal(s1.view.players[0].hand, null, "seat 0's hand reached seat 1");
    if (s0.view.players[0].hand?.length || s1.view.players[1].hand?.length) sawHands = true;
    const actor = s0.actor;
    if (actor === null) break;
    const me = pages[actor];
    const other = pages[1 - actor];
    await me.locator("button.act:not([disabled]), .sector.legal").first().waitFor({ timeout: 10_000 });
    assert.equal(await canAct(other), 0, `captain ${2 - actor} (not to act) has something to click`);
    assert.equal(states[1 - actor].last.legal.length, 0, "the seat not to act was sent legal actions");
    if (actor !== lastActor) {
      turns++;
      lastActor = actor;
      if (turns <= 2) {
        await shoot(me, `online-seat${actor + 1}-acting`);
        await shoot(other, `online-seat${2 - actor}-waiting`);
      }
    }
    const did = await clickOne(me, { avoid: ["jettison"], last: ["end-turn"] });
    assert.ok(did, "nothing to click for the seat to act");
    clicks++;
  }
  assert.ok(turns >= 4, `the seats did not take turns (${turns} changes of actor in ${clicks} clicks)`);
  assert.ok(sawHands, "no one ever held a job in hand");

  // A reload comes back to the current state by itself (issue 8, "nothing is lost").
  await pages[0].waitForTimeout(300);
  const before = { summary: await summary(pages[1]), log: await logLength(pages[1]), version: states[1].last.version };
  await pages[1].reload();
  await pages[1].locator(".table-header .summary").filter({ hasText: "round" }).waitFor();
  await pages[1].waitForTimeout(300);
  assert.equal(await summary(pages[1]), before.summary);
  assert.equal(await logLength(pages[1]), before.log);
  assert.equal(states[1].last.version, before.version);
  await shoot(pages[1], "online-after-reload");
  assert.deepEqual(errors, []);
  for (const c of [host, ...contexts]) await c.close();
});
