import { describe, expect, it } from "vitest";
import { botLabel, charactersNeeded, fireflyOptions, linkPath, mandalorianOptions, myTables, rememberTable, resizeSeats, storyNeeds } from "../src/lobby/api";
import { parseRoute, tableLink } from "../src/router";

describe("the lobby", () => {
  it("plays a story with every expansion it needs", () => {
    expect(storyNeeds({ expansion: "blue-sun", needs: ["blue-sun", "kalidasa"] })).toEqual(["blue-sun", "kalidasa"]);
    // An older server names only the story's own box.
    expect(storyNeeds({ expansion: "blue-sun" })).toEqual(["blue-sun"]);
    expect(storyNeeds({})).toEqual([]);
    expect(storyNeeds(undefined)).toEqual([]);
  });

  it("reads a pasted invite link, whole or as a path", () => {
    expect(linkPath("http://host:8080/t/abc?token=XY")).toBe("/t/abc?token=XY");
    expect(linkPath("  /t/abc  ")).toBe("/t/abc");
    expect(linkPath("hello")).toBeNull();
  });
  it("resizes the seat list, keeping the choices made", () => {
    expect(resizeSeats([{ kind: "you" }], 3)).toEqual([{ kind: "you" }, { kind: "bot", bot: "normal" }, { kind: "bot", bot: "normal" }]);
    expect(resizeSeats([{ kind: "you" }, { kind: "invite" }, { kind: "invite" }], 2)).toEqual([{ kind: "you" }, { kind: "invite" }]);
  });
  it("names the three bot levels, and the old name bot as the normal level", () => {
    expect(["easy", "normal", "hard", "random"].map(botLabel)).toEqual([
      "easy bot (a beginner)",
      "normal bot",
      "hard bot (thinks ahead)",
      "random bot (any legal move)",
    ]);
    expect(botLabel("bot")).toBe("normal bot");
    expect(botLabel(undefined)).toBe("normal bot");
  });
  it("builds each game's options", () => {
    expect(fireflyOptions("harkens-folly", true)).toEqual({ story: "harkens-folly", first_game: true });
    expect(mandalorianOptions(2, "veteran", "shared", [])).toEqual({ mission: 2, difficulty: "veteran", mode: "shared" });
    expect(mandalorianOptions(1, "recruit", "standard", ["mando", "ig11"]).characters).toEqual(["mando", "ig11"]);
    expect(charactersNeeded("shared", 3)).toBe(2);
    expect(charactersNeeded("standard", 3)).toBe(3);
  });
  it("remembers the tables created here, newest first, once each", () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    rememberTable({ table: "a", token: "1", summary: "", created: 1 }, storage);
    rememberTable({ table: "b", token: "2", summary: "", created: 2 }, storage);
    rememberTable({ table: "a", token: "3", summary: "", created: 3 }, storage);
    expect(myTables(storage).map((t) => [t.table, t.token])).toEqual([
      ["a", "3"],
      ["b", "2"],
    ]);
    store.set("tabletop.tables", "not json");
    expect(myTables(storage)).toEqual([]);
  });
});

describe("routes", () => {
  it("know the lobby and a table with or without a token", () => {
    expect(parseRoute("/", "")).toEqual({ page: "lobby" });
    expect(parseRoute("/t/ab12", "?token=zz")).toEqual({ page: "table", table: "ab12", token: "zz" });
    expect(parseRoute("/t/ab12", "")).toEqual({ page: "table", table: "ab12", token: null });
    expect(tableLink("ab12", "z z")).toBe("/t/ab12?token=z%20z");
  });
});
