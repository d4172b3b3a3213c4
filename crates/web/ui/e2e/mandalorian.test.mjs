// The Mandalorian Adventures: a mission table with two seats for this browser (hot-seat, with a
// cover between players), played decision by decision by clicking.

import { test } from "node:test";
import assert from "node:assert/strict";
import { clickOne, logLength, newPage, serverAndBrowser, shoot, summary, waitForTurn } from "./harness.mjs";

const env = serverAndBrowser();

test("a Mandalorian mission in hot-seat: several decisions by clicking", async () => {
  const errors = [];
  const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await newPage(context, errors);
  await page.goto(env.server.base);
  await page.getByRole("button", { name: "Create the table" }).waitFor();
  await page.locator("select").first().selectOption("mandalorian");
  await page.getByLabel("Mission").waitFor();
  await page.getByLabel("Players").fill("2");
  const seats = page.locator(".seat-row select");
  await seats.nth(1).waitFor();
  await seats.nth(0).selectOption("you");
  await seats.nth(1).selectOption("you");
  await shoot(page, "mandalorian-lobby");
  await page.getByRole("button", { name: "Create the table" }).click();
  await page.getByText("Sit down at your seats (hot-seat)").click();

  let decisions = 0;
  let covers = 0;
  let first = null;
  for (let clicks = 0; clicks < 80 && decisions < 20; clicks++) {
    const turn = await waitForTurn(page);
    assert.notEqual(turn, "timeout", `no decision came in 20 s (${await summary(page).catch(() => "")})`);
    if (turn === "over") break;
    if (turn === "cover") {
      if (covers === 0) await shoot(page, "mandalorian-cover");
      covers++;
    } else {
      if (first === null) {
        await page.locator(".table-header .summary").filter({ hasText: "Mission" }).waitFor();
        first = { log: await logLength(page) };
        await shoot(page, "mandalorian-start");
      }
      if (decisions === 10) await shoot(page, "mandalorian-mid");
      decisions++;
    }
    assert.ok(await clickOne(page), "a decision with nothing to click");
    await page.waitForTimeout(50);
  }
  // The table (and its log) is hidden under the hot-seat cover: take it before counting.
  if ((await waitForTurn(page)) === "cover") await page.locator(".cover-take").click();
  await page.locator("ol.log > li").first().waitFor();
  await shoot(page, "mandalorian-after");
  assert.ok(decisions >= 10, `only ${decisions} decisions were taken`);
  assert.ok((await logLength(page)) > first.log, "the log did not grow");
  assert.deepEqual(errors, []);
  await context.close();
});
