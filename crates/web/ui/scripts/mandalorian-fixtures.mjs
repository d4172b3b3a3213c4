// Fixtures of real Mandalorian engine output for the front end's tests and screenshots: the
// catalog (`tabletop mandalorian content --json`, each mission's grid) and `state` messages (as
// docs/PROTOCOL.md has the server send them) captured while the JSON mode of the built binary
// plays with a seeded, rule-agnostic policy: the first state of each kind of decision, in two
// missions (2: the Child; 3: doors and a mission slot).
//
//   cargo build --release --bin tabletop && npm run fixtures:mandalorian
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
const out = join(here, "../test/fixtures/mandalorian");
mkdirSync(out, { recursive: true });

const catalog = execFileSync(bin, ["mandalorian", "content", "--json"], { maxBuffer: 64 << 20 });
writeFileSync(join(out, "catalog.json"), JSON.stringify(JSON.parse(catalog.toString())) + "\n");

/** A JSON-mode session: one request, one answer. */
function session() {
  const child = spawn(bin, ["mandalorian", "json"], { stdio: ["pipe", "pipe", "inherit"] });
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

/** Small seeded generator (mulberry32), so the same games are played every time. */
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

// How much the policy likes each kind of action: enough variety to reach every screen, and
// movement toward the threats so that attacks and spying happen.
const WEIGHT = {
  play: 3, "resolve-action": 8, "resolve-text": 4, "finish-card": 1, step: 4, stop: 0.5,
  target: 4, "spy-look": 3, "spy-move": 2, "end-actions": 1, keep: 3, top: 3,
};

function pick(actions, r) {
  const w = actions.map((x) => WEIGHT[x.action.a] ?? 1);
  const total = w.reduce((s, x) => s + x, 0);
  let at = r() * total;
  for (let i = 0; i < w.length; i++) {
    at -= w[i];
    if (at < 0) return i;
  }
  return w.length - 1;
}

async function play(mission, seed, players, prefix, steps) {
  const hello = {
    type: "hello",
    protocol: 1,
    table: {
      table: "fixture",
      game: "mandalorian",
      summary: `Mission ${mission}, recruit`,
      status: "playing",
      seats: [...Array(players).keys()].map((seat) => ({ seat, kind: "you", taken: true, connected: true })),
      created: 0,
      options: { mission, seats: players },
    },
    seats: [...Array(players).keys()],
    role: "player",
  };
  writeFileSync(join(out, `${prefix}hello.json`), JSON.stringify(hello, null, 1) + "\n");
  const s = session();
  const r = rng(seed);
  const answer = await s.ask({ cmd: "new", options: { mission, seats: players }, seed });
  if (!answer.ok) throw new Error(JSON.stringify(answer));
  const log = [];
  let version = 0;
  const taken = new Map();
  for (let step = 0; step < steps; step++) {
    const legal = await s.ask({ cmd: "legal" });
    if (legal.over || legal.actions.length === 0) break;
    const actor = legal.actor;
    const view = (await s.ask({ cmd: "view", seat: actor })).view;
    let kind = legal.actions[0].action.a;
    // A later action phase too: cards in the slots, damage, threats turned up.
    if (kind === "play" && view.turn >= 3) kind = "play-later";
    const key = `${prefix}${kind}`;
    if (!taken.has(key)) {
      const state = {
        type: "state",
        version,
        seat: actor,
        actor,
        view,
        legal: legal.actions,
        log: { from: 0, lines: [...log] },
        outcome: null,
        undo: null,
        players: hello.table.seats.map((x) => ({ seat: x.seat, kind: x.kind, connected: true })),
      };
      writeFileSync(join(out, `${key}.json`), JSON.stringify(state) + "\n");
      console.log(`${key}: version ${version}, ${legal.actions.length} actions`);
    }
    taken.set(key, (taken.get(key) ?? 0) + 1);
    const i = pick(legal.actions, r);
    const a = await s.ask({ cmd: "apply", index: i });
    if (!a.ok) throw new Error(JSON.stringify(a));
    log.push(...a.lines);
    version++;
  }
  s.close();
  console.log(`${prefix}: played ${version} actions`);
}

await play(2, 7, 1, "m2-", Number(process.env.FIXTURE_STEPS ?? 400));
await play(3, 3, 2, "m3-", Number(process.env.FIXTURE_STEPS ?? 400));
