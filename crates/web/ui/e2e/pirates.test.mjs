// Pirates & Bounty Hunters in the browser: a table for the story "…Another Man's Treasure"
// (Havens, FF-PBH-38..41) against a bot, by clicking only: the Haven is placed by clicking a lit
// sector of Border Space, the board then shows each captain's Haven token in their colour, and
// the Most Wanted panel shows the Bounty cards (FF-PBH-1).

import { test } from "node:test";
import assert from "node:assert/strict";
import { clickOne, newPage, serverAndBrowser, shoot, summary, waitForTurn } from "./harness.mjs";

const env = serverAndBrowser();

test("Pirates & Bounty Hunters: Havens placed by clicking, shown on the board", async () => {
  const errors = [];
  const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await newPage(context, errors);
  await page.goto(env.server.base);
  await page.getByRole("button", { name: "Create the table" }).waitFor();
  await page.locator("select").first().selectOption("firefly");
  await page.getByLabel("Story").selectOption("another-mans-treasure");
  await page.getByLabel("Captains").fill("2");
  const seats = page.locator(".seat-row select");
  await seats.nth(1).waitFor();
  await seats.nth(0).selectOption("you");
  await seats.nth(1).selectOption("bot:normal");
  // The story's own expansion is ticked and cannot be unticked.
  const pbh = page.getByLabel("Pirates & Bounty Hunters");
  assert.ok(await pbh.isChecked());
  await shoot(page, "pirates-lobby");
  await page.getByRole("button", { name: "Create the table" }).click();
  await page.getByText("Sit down at your seat").click();

  let placed = false;
  for (let clicks = 0; clicks < 120 && !placed; clicks++) {
    const turn = await waitForTurn(page);
    assert.notEqual(turn, "timeout", `no decision came in 20 s (${await summary(page).catch(() => "")})`);
    if (turn === "over") break;
    const lit = await page.locator(".sector.legal").count();
    if (lit > 0) {
      await shoot(page, "pirates-havens");
      placed = (await clickOne(page)).startsWith("sector");
    } else {
      assert.ok(await clickOne(page), "a decision with nothing to click");
    }
    await page.waitForTimeout(50);
  }
  assert.ok(placed, "no Haven was placed by clicking a lit sector");
  // Both captains' Havens are on the board once both are placed.
  await page.locator(".havens .marker").nth(1).waitFor({ timeout: 20_000 });
  assert.equal(await page.locator(".havens .marker").count(), 2);
  await page.getByText("Most Wanted").first().waitFor();
  await shoot(page, "pirates-table");
  assert.deepEqual(errors, []);
  await context.close();
});
