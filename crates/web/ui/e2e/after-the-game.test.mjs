// After the game: a finished game is replayed step by step, its save is downloaded and started
// again from the lobby's file picker, and a player asks for a rematch — all against a real server.

import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { finishedTable, newPage, serverAndBrowser, shoot } from "./harness.mjs";

const env = serverAndBrowser();

/** A Mandalorian mission played to its end by a bot on the server. */
function finishedMission() {
  return finishedTable(
    env.server.base,
    { game: "mandalorian", options: { mission: 1 }, seed: 3, seats: [{ kind: "bot", bot: "normal" }] },
    60_000,
  );
}

test("a finished game: replay, save, start again from the save, rematch", async () => {
  const table = await finishedMission();
  const errors = [];
  const context = await env.browser.newContext({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });
  const page = await newPage(context, errors);

  // The lobby lists it among the finished games; its replay opens at the set-up.
  await page.goto(env.server.base);
  const row = page.locator(".tables.finished li").first();
  await row.waitFor();
  await row.getByText("replay").click();
  await page.locator(".replay-bar").waitFor();
  await page.locator(".ma-map").waitFor();
  const stepText = () => page.locator(".replay-step").innerText();
  assert.match(await stepText(), /^step 0 of \d+$/);
  const total = Number((await stepText()).split(" of ")[1]);
  assert.ok(total > 10, `a whole mission has more than 10 steps, not ${total}`);
  await page.getByRole("button", { name: "next step" }).click();
  assert.equal(await stepText(), `step 1 of ${total}`);
  assert.match(await page.locator(".replay-what").innerText(), /^player 1: |^\S.*: /i);
  await page.keyboard.press("End");
  assert.equal(await stepText(), `step ${total} of ${total}`);
  await page.keyboard.press("ArrowLeft");
  assert.equal(await stepText(), `step ${total - 1} of ${total}`);
  await page.keyboard.press("Home");
  await page.keyboard.press("PageDown");
  assert.equal(await stepText(), `step 10 of ${total}`);
  await shoot(page, "replay");
  // Nothing on the replayed table takes a decision.
  assert.equal(await page.locator(".ma-table button.act:not([disabled])").count(), 0);

  // Its save, as the table page's link gives it.
  await page.goto(`${env.server.base}/t/${table}`);
  await page.locator(".game-over").waitFor();
  await page.locator(".after-game").getByText("Replay step by step").waitFor();
  const [download] = await Promise.all([page.waitForEvent("download"), page.locator(".after-game").getByText("Download the save").click()]);
  const dir = mkdtempSync(join(tmpdir(), "tabletop-save-"));
  const file = join(dir, "mission.json");
  await download.saveAs(file);
  await shoot(page, "finished-table");

  // Started again from the lobby, with this browser in the seat: it is a finished table again,
  // now with a seat of ours, so a rematch is offered.
  await page.goto(env.server.base);
  await page.locator("select").first().selectOption("mandalorian");
  await page.getByLabel("Mission").waitFor();
  await page.locator(".seat-row select").first().selectOption("you");
  await page.locator(".from-file input[type=file]").setInputFiles(file);
  await page.locator(".created").getByText("Sit down at your seat").click();
  await page.locator(".game-over").waitFor();
  // Every seat was this browser's, so the rematch takes it straight to its new table.
  const finishedUrl = page.url();
  await page.locator(".after-game").getByRole("button", { name: "Rematch" }).click();
  await page.waitForURL((u) => u.href !== finishedUrl && u.searchParams.has("token"));
  await page.locator(".ma-table").waitFor();
  assert.equal(await page.locator(".game-over").count(), 0, "the rematch is a new game");
  await shoot(page, "rematch");

  // A file that is not a save is refused with a reason, and nothing is created.
  const bad = join(dir, "broken.json");
  writeFileSync(bad, "{ this is not json");
  await page.goto(env.server.base);
  await page.locator(".from-file input[type=file]").setInputFiles(bad);
  const alert = page.locator('[role="alert"]').first();
  await alert.waitFor();
  assert.match(await alert.innerText(), /not valid JSON/);
  assert.deepEqual(errors, []);
  await context.close();
});
