import { describe, expect, it } from "vitest";
import { backoff, Connection, socketUrl, type SocketLike } from "../src/shell/connection";
import type { ServerMessage } from "../src/shell/protocol";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  send(d: string) {
    this.sent.push(d);
  }
  close() {
    this.readyState = 3;
    this.onclose?.({});
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
}

function setup() {
  const sockets: FakeSocket[] = [];
  const timers: [() => void, number][] = [];
  const got: ServerMessage[] = [];
  const statuses: string[] = [];
  const invalid: string[] = [];
  const c = new Connection({
    url: "ws://x/ws/t",
    onMessage: (m) => got.push(m),
    onStatus: (s) => statuses.push(s),
    onInvalid: (r) => invalid.push(r),
    makeSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    schedule: (fn, ms) => timers.push([fn, ms]),
  });
  return { c, sockets, timers, got, statuses, invalid };
}

describe("the table connection", () => {
  it("builds the socket URL on the page's host", () => {
    expect(socketUrl({ protocol: "http:", host: "h:8080" }, "ab", "t k")).toBe("ws://h:8080/ws/ab?token=t%20k");
    expect(socketUrl({ protocol: "https:", host: "h" }, "ab", null)).toBe("wss://h/ws/ab");
  });
  it("sends only while open, numbering its messages", () => {
    const { c, sockets } = setup();
    expect(c.send({ type: "sync" })).toBe(false);
    sockets[0].open();
    expect(c.send({ type: "sync" })).toBe(true);
    expect(c.send({ type: "act", version: 3, action: { a: "done" } })).toBe(true);
    expect(sockets[0].sent.map((s) => JSON.parse(s))).toEqual([
      { type: "sync", id: 1 },
      { type: "act", version: 3, action: { a: "done" }, id: 2 },
    ]);
  });
  it("passes messages on and reports frames it cannot read", () => {
    const { sockets, got, invalid } = setup();
    sockets[0].open();
    sockets[0].onmessage?.({ data: JSON.stringify({ type: "refused", reason: "no", version: 1 }) });
    sockets[0].onmessage?.({ data: "{oops" });
    sockets[0].onmessage?.({ data: JSON.stringify({ type: "gossip" }) });
    expect(got).toEqual([{ type: "refused", reason: "no", version: 1 }]);
    expect(invalid).toHaveLength(2);
  });
  it("comes back by itself after a drop, waiting longer each time, and stops when closed", () => {
    const { c, sockets, timers, statuses } = setup();
    sockets[0].open();
    sockets[0].close();
    expect(statuses).toEqual(["connecting", "open", "closed"]);
    expect(timers[0][1]).toBe(backoff(0));
    timers[0][0]();
    expect(sockets).toHaveLength(2);
    sockets[1].close();
    expect(timers[1][1]).toBe(backoff(1));
    expect(backoff(1)).toBeGreaterThan(backoff(0));
    expect(backoff(50)).toBe(8000);
    timers[1][0]();
    sockets[2].open();
    c.close();
    expect(timers).toHaveLength(2);
  });
});
