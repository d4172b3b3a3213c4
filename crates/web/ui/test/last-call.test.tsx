// Last Call (FF-WIN, issue 13) in the story panel: who called it and who still has a turn.

import { render } from "preact";
import { describe, expect, it } from "vitest";
import { StoryPanel } from "../src/games/firefly/Panels";
import type { View } from "../src/games/firefly/types";
import { catalog, state, stateNames } from "./fixtures";

function viewWith(lastCall: View["last_call"]): View {
  const v = state(stateNames[stateNames.length - 1]).view as View;
  return { ...v, seat: 0, last_call: lastCall };
}

describe("Last Call", () => {
  it("names the declarer and the captains still to play", () => {
    const root = document.createElement("div");
    render(<StoryPanel cat={catalog} view={viewWith({ declarer: 1, still_to_play: [2, 0] })} />, root);
    const p = root.querySelector(".last-call");
    expect(p?.textContent).toContain("Last Call!");
    expect(p?.textContent).toContain("captain 2 called it");
    expect(p?.textContent).toContain("Still to play: captain 3, you.");
  });

  it("says when the last turns are over, and shows nothing before it is called", () => {
    const root = document.createElement("div");
    render(<StoryPanel cat={catalog} view={viewWith({ declarer: 0, still_to_play: [] })} />, root);
    expect(root.querySelector(".last-call")?.textContent).toContain("You called it. The last turns are over.");
    render(<StoryPanel cat={catalog} view={viewWith(null)} />, root);
    expect(root.querySelector(".last-call")).toBeNull();
  });
});
