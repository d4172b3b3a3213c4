// Pirates & Bounty Hunters in the browser: a table for the story "…Another Man's Treasure"
// (Havens, FF-PBH-38..41) against a bot, by clicking only: the Haven is placed by clicking a lit
// sector of Border Space, the board then shows each captain's Haven token in their colour, and
// the Most Wanted panel shows the Bounty cards (FF-PBH-1).

import { test } from "node:test";
import assert from "node:assert/strict";
import { clickOne, finishedTable, lobbyPage, serverAndBrowser, shoot, summary, waitForTurn } from "./harness.mjs";

const env = serverAndBrowser();

test("Pirates & Bounty Hunters: Havens placed by clicking, shown on the board", async () => {
  const errors = [];
  const { context, page } = await lobbyPage(env, errors, "firefly");
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

test("every expansion: a game played to its end shows its winner, board and replay", async () => {
  // Every Firefly expansion at once: two bots play the game to its end on the server.
  const expansions = ["blue-sun", "kalidasa", "pirates-and-bounty-hunters", "breakin-atmo"];
  const table = await finishedTable(
    env.server.base,
    {
      game: "firefly",
      options: { story: "another-mans-treasure", first_game: false, expansions },
      seed: 5,
      seats: [
        { kind: "bot", bot: "normal" },
        { kind: "bot", bot: "normal" },
      ],
    },
    120_000,
  );
  const errors = [];
  const { context, page } = await lobbyPage(env, errors, "firefly");
  // A story that needs two boxes (Rim Rider) ticks and locks both in the lobby.
  await page.getByLabel("Story").selectOption("rim-rider");
  for (const name of ["Blue Sun", "Kalidasa"]) {
    const box = page.getByRole("checkbox", { name: `${name} (the story needs it)` });
    assert.ok(await box.isChecked(), `${name} is ticked`);
    assert.ok(await box.isDisabled(), `${name} cannot be unticked`);
  }
  assert.ok(!(await page.getByRole("checkbox", { name: "Pirates & Bounty Hunters" }).isChecked()));
  // The finished table, as a spectator sees it: the winner, the board with both Havens, the
  // Most Wanted.
  await page.goto(`${env.server.base}/t/${encodeURIComponent(table)}`);
  const over = page.getByText(/^Game over: /);
  await over.waitFor({ timeout: 20_000 });
  assert.match(await over.innerText(), /^Game over: .+ wins/);
  await page.locator(".havens .marker").nth(1).waitFor({ timeout: 20_000 });
  const sectors = await page.locator(".sector").count();
  assert.ok(sectors > 100, `the board with both Rim sections, not ${sectors} sectors`);
  assert.equal(await page.locator(".havens .marker").count(), 2);
  await page.getByText("Most Wanted").first().waitFor();
  await shoot(page, "every-expansion-over");
  // Its replay runs from the set-up to the last step.
  await page.getByText("Replay step by step").click();
  await page.locator(".replay-bar").waitFor();
  const stepText = () => page.locator(".replay-step").innerText();
  const total = Number((await stepText()).split(" of ")[1]);
  assert.ok(total > 200, `a whole game has more than 200 steps, not ${total}`);
  await page.keyboard.press("End");
  assert.equal(await stepText(), `step ${total} of ${total}`);
  // The replay's address works on its own (reloaded, or shared as a link).
  assert.match(page.url(), /\/t\/[^/]+\/replay$/);
  await page.reload();
  await page.locator(".replay-bar").waitFor();
  assert.equal(await stepText(), `step 0 of ${total}`);
  assert.deepEqual(errors, []);
  await context.close();
});
