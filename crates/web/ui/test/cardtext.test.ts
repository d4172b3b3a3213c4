import { describe, expect, it } from "vitest";
import { paragraphs } from "../src/games/firefly/cardtext";
import { catalog } from "./fixtures";

describe("card paragraphs", () => {
  it("keep each line's nesting and drop nothing but blank lines", () => {
    expect(paragraphs("Title (Misbehave)\n  Choose one:\n    A: Fight test.\n      1–4: Botched.\n\n")).toEqual([
      { indent: 0, text: "Title (Misbehave)" },
      { indent: 2, text: "Choose one:" },
      { indent: 4, text: "A: Fight test." },
      { indent: 6, text: "1–4: Botched." },
    ]);
  });
  it("give every catalog card a title line first", () => {
    for (const c of [...catalog.misbehave, ...catalog.jobs, ...catalog.nav]) {
      const ps = paragraphs(c.text);
      expect(ps[0].indent).toBe(0);
      expect(ps[0].text.startsWith(c.name)).toBe(true);
    }
  });
});
