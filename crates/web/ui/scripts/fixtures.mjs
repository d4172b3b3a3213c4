// Fixtures of real engine output for the front end's tests and screenshots: the Firefly
// catalog, and `state` messages (as docs/PROTOCOL.md has the server send them) captured while
// the JSON mode of the built binary plays a game with a seeded, rule-agnostic policy.
//
//   cargo build --release --bin tabletop && npm run fixtures
//
// TABLETOP_BIN overrides the binary (default: target/release/tabletop of this repository).

import { spawn, execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "../../../..");
const bin = process.env.TABLETOP_BIN ?? join(root, "target/release/tabletop");
const out = join(here, "../test/fixtures/firefly");
mkdirSync(out, { recursive: true });

const catalog = execFileSync(bin, ["firefly", "content", "--json"], { maxBuffer: 64 << 20 });
writeFileSync(join(out, "catalog.json"), JSON.stringify(JSON.parse(catalog.toString())) + "\n");

/** A JSON-mode session: one request, one answer. */
function session() {
  const child = spawn(bin, ["firefly", "json"], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const waiting = [];
  lines.on("line", (l) => waiting.shift()?.(JSON.parse(l)));
  return {
    ask(req) {
      return new Promise((res) => {
        waiting.push(res);
        child.stdin.write(JSON.stringify(req) + "\n");
      });
    },
    close() {
      child.stdin.end();
    },
  };
}

/** Small seeded generator (mulberry32), so the same game is played every time. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// How much the policy likes each kind of action: enough variety to reach every screen.
const WEIGHT = {
  deal: 6, buy: 4, work: 9, "full-burn": 5, mosey: 1, "end-turn": 1, "accept-job": 6,
  "buy-card": 5, "consider-draw": 3, "consider-discard": 2, "move-to": 3, done: 1,
  "choose-option": 3, "keep-roll": 2, reroll: 2, purchase: 1, "load-count": 2, "load-good": 2,
  "pay-cut": 2, "toggle-crew": 1, "shore-leave": 0.3, "make-work": 0.3, trade: 0.02,
  jettison: 0, dismiss: 0, "discard-upgrade": 0, unequip: 0, equip: 0.5, sell: 2,
};

function pick(actions, r) {
  const w = actions.map((x) => {
    if (x.action.a === "trade") {
      const t = x.action.v?.t;
      return t === "pass" || t === "refuse" || t === "cancel" ? 5 : 0.02;
    }
    return WEIGHT[x.action.a] ?? 1;
  });
  const total = w.reduce((s, x) => s + x, 0);
  if (total <= 0) return 0;
  let at = r() * total;
  for (let i = 0; i < w.length; i++) {
    at -= w[i];
    if (at < 0) return i;
  }
  return w.length - 1;
}

function phaseName(p) {
  return typeof p === "string" ? p : Object.keys(p)[0];
}

const players = 3;
const hello = {
  type: "hello",
  protocol: 1,
  table: {
    table: "fixture",
    game: "firefly",
    summary: "Firefly — Harken's Folly, 3 captains",
    status: "playing",
    seats: [0, 1, 2].map((seat) => ({ seat, kind: seat === 0 ? "you" : "bot", taken: true, connected: true })),
    created: 0,
    options: { players, story: "harkens-folly" },
  },
  seats: [0],
  role: "player",
};
writeFileSync(join(out, "hello.json"), JSON.stringify(hello, null, 1) + "\n");

const s = session();
const r = rng(20261123);
let answer = await s.ask({ cmd: "new", options: { players, story: "harkens-folly" }, seed: 11 });
if (!answer.ok) throw new Error(JSON.stringify(answer));
const log = [];
let version = 0;
const taken = new Map();
const want = Number(process.env.FIXTURE_STEPS ?? 2200);

async function capture(name, actor) {
  const view = (await s.ask({ cmd: "view", seat: 0 })).view;
  const legal = actor === 0 ? (await s.ask({ cmd: "legal" })).actions : [];
  const state = {
    type: "state",
    version,
    seat: 0,
    actor,
    view,
    legal,
    log: { from: 0, lines: [...log] },
    outcome: null,
    undo: null,
    players: hello.table.seats.map((x) => ({ seat: x.seat, kind: x.kind, connected: true })),
  };
  writeFileSync(join(out, `${name}.json`), JSON.stringify(state) + "\n");
  console.log(`${name}: version ${version}, ${legal.length} actions`);
}

for (let step = 0; step < want; step++) {
  const legal = await s.ask({ cmd: "legal" });
  if (legal.over || legal.actions.length === 0) break;
  const actor = legal.actor;
  if (actor === 0) {
    const view = (await s.ask({ cmd: "view", seat: 0 })).view;
    let key = phaseName(view.phase);
    const top = view.resolving?.at(-1);
    if (top) key = `Resolving-${top.stage}`;
    if (key === "Actions" && view.round >= 3) key = "Actions-later";
    const n = taken.get(key) ?? 0;
    if (n === 0) await capture(key, actor);
    taken.set(key, n + 1);
  } else if (!taken.has("Waiting") && version > 20) {
    taken.set("Waiting", 1);
    await capture("Waiting", actor);
  }
  const i = pick(legal.actions, r);
  answer = await s.ask({ cmd: "apply", index: i });
  if (!answer.ok) throw new Error(JSON.stringify(answer));
  log.push(...answer.lines);
  version++;
}
s.close();
console.log(`played ${version} actions; captured: ${[...taken.keys()].join(", ")}`);
