// The WebSocket to one table: connects, parses frames, sends our messages, and comes back by
// itself after a dropped socket or a server restart (the server then sends hello + the whole
// state, so nothing is lost).

import { parseServerMessage, type ClientMessage, type ServerMessage } from "./protocol";

export type ConnectionStatus = "connecting" | "open" | "closed";

/** The part of the browser's WebSocket we use (a test passes a fake). */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

export interface ConnectionOptions {
  url: string;
  onMessage(msg: ServerMessage): void;
  onStatus(status: ConnectionStatus): void;
  onInvalid?(reason: string): void;
  makeSocket?: (url: string) => SocketLike;
  /** setTimeout, replaceable in tests. */
  schedule?: (fn: () => void, ms: number) => unknown;
}

/** Wait before the n-th reconnection attempt (from 0): 0.5 s doubling to 8 s. */
export function backoff(attempt: number): number {
  return Math.min(8000, 500 * 2 ** Math.min(attempt, 4));
}

/** The table's socket URL for a page at `location`: `/ws/ID?token=T` on the same host. */
export function socketUrl(location: { protocol: string; host: string }, table: string, token: string | null): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  return `${scheme}//${location.host}/ws/${encodeURIComponent(table)}${q}`;
}

export class Connection {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private stopped = false;
  private nextId = 1;
  private readonly opts: ConnectionOptions;

  constructor(opts: ConnectionOptions) {
    this.opts = opts;
    this.open();
  }

  /** Send a message; false when the socket is not open (the caller shows it). */
  send(msg: ClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== 1) return false;
    this.socket.send(JSON.stringify({ ...msg, id: this.nextId++ }));
    return true;
  }

  close(): void {
    this.stopped = true;
    this.socket?.close();
    this.socket = null;
  }

  private open(): void {
    const make = this.opts.makeSocket ?? ((u: string) => new WebSocket(u) as unknown as SocketLike);
    this.opts.onStatus("connecting");
    const s = make(this.opts.url);
    this.socket = s;
    s.onopen = () => {
      this.attempt = 0;
      this.opts.onStatus("open");
    };
    s.onmessage = (ev) => {
      const msg = parseServerMessage(String(ev.data));
      if (msg.type === "invalid") this.opts.onInvalid?.(msg.reason);
      else this.opts.onMessage(msg);
    };
    s.onerror = () => {
      /* onclose follows and reconnects */
    };
    s.onclose = () => {
      if (this.socket !== s) return;
      this.socket = null;
      this.opts.onStatus("closed");
      if (this.stopped) return;
      const schedule = this.opts.schedule ?? ((fn, ms) => setTimeout(fn, ms));
      schedule(() => {
        if (!this.stopped) this.open();
      }, backoff(this.attempt++));
    };
  }
}
