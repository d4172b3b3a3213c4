import { describe, expect, it } from "vitest";
import { assignKeys, displayOrder, indexForKey, keysInOrder } from "../src/shell/keys";

describe("action keys", () => {
  it("are 1-9, then a-z, then A-Z", () => {
    const k = assignKeys(40);
    expect(k.slice(0, 10)).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "a"]);
    expect(k[34]).toBe("z");
    expect(k[35]).toBe("A");
  });
  it("run out after 61 actions", () => {
    const k = assignKeys(63);
    expect(k[60]).toBe("Z");
    expect(k[61]).toBeNull();
    expect(k[62]).toBeNull();
  });
  it("never use Enter, Escape or space", () => {
    expect(assignKeys(61)).not.toContain("Enter");
    expect(assignKeys(61)).not.toContain(" ");
  });
});

describe("display order", () => {
  const legal = ["move:a", "jettison:x", "move:b", "done", "jettison:y"];
  const group = (x: string) => x.split(":")[0];
  it("groups actions, groups in the order they first come, actions in engine order", () => {
    expect(displayOrder(legal, group)).toEqual([0, 2, 1, 4, 3]);
  });
  it("gives keys in display order, indexed by the legal list", () => {
    const keys = keysInOrder(displayOrder(legal, group));
    expect(keys).toEqual(["1", "3", "2", "5", "4"]);
    expect(indexForKey({ key: "3" }, keys)).toBe(1);
    expect(indexForKey({ key: "9" }, keys)).toBe(-1);
  });
  it("leaves key presses with modifiers to the browser", () => {
    const keys = ["1", "2"];
    expect(indexForKey({ key: "1", ctrlKey: true }, keys)).toBe(-1);
    expect(indexForKey({ key: "1", metaKey: true }, keys)).toBe(-1);
    expect(indexForKey({ key: "1" }, keys)).toBe(0);
  });
});
