// The mission's map as an SVG grid drawn from the catalog alone: the squares that exist (a
// forbidden area is left out, MA-TERRAIN-9), walls, doors (open or shut), elevated-area lines,
// star squares (red stars apart, MA-TERRAIN-7, -8), the start square and the printed square
// numbers (MA-SQUARE-1); on it the characters with their damage, the threats face down or up
// (enemies with their damage and health, items), and the Child. Squares, threats and characters
// that a legal action points at are lit, carry the action's key, and take it when clicked.

import type { LegalAction } from "../../shell/protocol";
import { childSquare, enemyHealth, initials, threatName, type Targets } from "./logic";
import type { MissionEntry, View } from "./types";

export interface GridMapProps {
  mission: MissionEntry;
  view: View;
  legal: readonly LegalAction[];
  targets: Targets;
  keys: readonly (string | null)[];
  act(index: number): void;
  busy: boolean;
}

const U = 10; // one square

interface Piece {
  kind: "character" | "threat" | "child";
  label: string;
  title: string;
  cls: string;
  sub?: string;
  /** Carries the Child (a small green mark on the piece). */
  child?: boolean;
  actions: number[];
}

/** Up to four pieces share a square, one per quarter; a lone piece takes the middle. */
function spots(n: number): [number, number, number][] {
  if (n <= 1) return [[0.5, 0.5, 0.34]];
  return [
    [0.28, 0.3, 0.21],
    [0.72, 0.3, 0.21],
    [0.28, 0.74, 0.21],
    [0.72, 0.74, 0.21],
  ].slice(0, n) as [number, number, number][];
}

function edgeLine(e: MissionEntry["grid"]["edges"][number], width: number) {
  const r = Math.floor(e.sq / width);
  const c = e.sq % width;
  return e.side === "east"
    ? { x1: (c + 1) * U, y1: r * U, x2: (c + 1) * U, y2: (r + 1) * U }
    : { x1: c * U, y1: (r + 1) * U, x2: (c + 1) * U, y2: (r + 1) * U };
}

function star(cx: number, cy: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (Math.PI / 5) * i - Math.PI / 2;
    const rr = i % 2 === 0 ? r : r * 0.45;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(2)},${(cy + rr * Math.sin(a)).toFixed(2)}`);
  }
  return pts.join(" ");
}

export function GridMap(props: GridMapProps) {
  const { mission, view, legal, targets, keys, act, busy } = props;
  const g = mission.grid;
  const open = new Set(view.doors_open);
  const keyOf = (ix: number[] | undefined) => (ix && ix.length > 0 ? keys[ix[0]] : null);
  const take = (ix: number[] | undefined) => () => {
    if (!busy && ix && ix.length > 0) act(ix[0]);
  };
  const tell = (ix: number[]) => ix.map((i) => legal[i].text + (keys[i] ? ` (key ${keys[i]})` : "")).join("\n");

  // Who stands where.
  const at = new Map<number, Piece[]>();
  const place = (sq: number, p: Piece) => {
    const l = at.get(sq);
    if (l) l.push(p);
    else at.set(sq, [p]);
  };
  view.characters.forEach((ch, i) => {
    const ix = targets.characters.get(i) ?? [];
    place(ch.row * g.width + ch.col, {
      kind: "character",
      label: initials(ch.name),
      sub: `${ch.damage}/${ch.health}`,
      title: `${ch.name}: ${ch.damage} damage of ${ch.health}${ch.carries_child ? ", carries the Child" : ""}${ix.length ? "\n" + tell(ix) : ""}`,
      // The character whose card or movement is being resolved ("IG-11 is moving: …").
      child: ch.carries_child,
      cls: `piece character${ch.carries_child ? " with-child" : ""}${view.pending.startsWith(ch.name + " ") ? " acting" : ""}`,
      actions: ix,
    });
  });
  for (const t of view.threats) {
    const ix = targets.tokens.get(t.token) ?? [];
    const name = threatName(t.identity);
    const health = enemyHealth(t.identity);
    const item = t.identity !== null && health === null;
    const state = t.face_up ? (item ? "item" : "enemy") : t.looked ? "looked" : "down";
    place(t.row * g.width + t.col, {
      kind: "threat",
      label: name ? initials(name) : "?",
      sub: t.face_up && health !== null ? `${t.damage}/${health}` : undefined,
      title: `${t.face_up ? "" : "face down: "}${t.identity ?? `threat (shape ${t.shape})`}${t.damage ? `, ${t.damage} damage` : ""}${t.carries_child ? ", carries the Child" : ""}${ix.length ? "\n" + tell(ix) : ""}`,
      child: t.carries_child,
      cls: `piece threat ${state} shape-${t.shape}${t.carries_child ? " with-child" : ""}`,
      actions: ix,
    });
  }
  const childAt = childSquare(view, g.width);
  if (childAt !== null) place(childAt, { kind: "child", label: "C", title: "The Child", cls: "piece child", actions: [] });

  return (
    <svg class="ma-map" viewBox={`-2 -2 ${g.width * U + 4} ${g.height * U + 4}`} role="img" aria-label={`map of mission ${mission.number}`}>
      <g class="squares">
        {g.squares.map((s) => {
          const ix = targets.squares.get(s.sq);
          const x = s.col * U;
          const y = s.row * U;
          return (
            <g
              key={s.sq}
              class={`square${ix ? " legal" : ""}${s.start ? " start" : ""}`}
              data-sq={s.sq}
              onClick={ix ? take(ix) : undefined}
            >
              <rect x={x + 0.15} y={y + 0.15} width={U - 0.3} height={U - 0.3} rx={0.6}>
                <title>{`(${s.row},${s.col})${s.number !== null ? ` #${s.number}` : ""}${s.star ? (s.red ? ", red star" : ", star") : ""}${s.start ? ", start" : ""}${ix ? "\n" + tell(ix) : ""}`}</title>
              </rect>
              {s.star ? <polygon class={`star${s.red ? " red" : ""}`} points={star(x + U - 2, y + 2, 1.5)} /> : null}
              {s.start ? (
                <text class="sq-start" x={x + U / 2 + 1.2} y={y + U - 0.7}>
                  START
                </text>
              ) : null}
            </g>
          );
        })}
      </g>
      <g class="edges">
        {g.edges.map((e, i) => {
          const l = edgeLine(e, g.width);
          const cls = e.line === "door" ? `door${open.has(e.door ?? -1) ? " open" : ""}` : e.line;
          return (
            <g key={i} class={`edge ${cls}`}>
              <line {...l}>
                <title>{e.line === "door" ? `door ${e.door}${open.has(e.door ?? -1) ? " (open)" : " (shut)"}` : e.line === "wall" ? "wall" : "elevated area"}</title>
              </line>
              {e.line === "door" ? (
                <text class="door-number" x={(l.x1 + l.x2) / 2} y={(l.y1 + l.y2) / 2 + 0.9}>
                  {e.door}
                </text>
              ) : null}
            </g>
          );
        })}
      </g>
      <g class="pieces">
        {[...at.entries()].map(([sq, pieces]) => {
          const r = Math.floor(sq / g.width);
          const c = sq % g.width;
          return spots(pieces.length).map(([fx, fy, fr], i) => {
            const p = pieces[i];
            const cx = (c + fx) * U;
            const cy = (r + fy) * U;
            const R = fr * U;
            const k = keyOf(p.actions);
            return (
              <g
                key={`${sq}-${i}`}
                class={`${p.cls}${p.actions.length ? " legal" : ""}`}
                data-piece={p.kind}
                onClick={p.actions.length ? take(p.actions) : undefined}
              >
                <title>{p.title}</title>
                <circle cx={cx} cy={cy} r={R} />
                <text class="piece-label" x={cx} y={cy + (p.sub ? -R * 0.05 : R * 0.3)} font-size={R * 0.8}>
                  {p.label}
                </text>
                {p.sub ? (
                  <text class="piece-sub" x={cx} y={cy + R * 0.7} font-size={R * 0.55}>
                    {p.sub}
                  </text>
                ) : null}
                {p.child ? (
                  <g class="child-mark">
                    <circle cx={cx + R * 0.75} cy={cy + R * 0.75} r={R * 0.38} />
                    <text x={cx + R * 0.75} y={cy + R * 0.93} font-size={R * 0.5}>
                      C
                    </text>
                  </g>
                ) : null}
                {k ? (
                  <text class="piece-key" x={cx + R} y={cy - R * 0.6} font-size={R * 0.7}>
                    {k}
                  </text>
                ) : null}
              </g>
            );
          });
        })}
      </g>
      <g class="overlay">
        {g.squares.map((s) => {
          const k = keyOf(targets.squares.get(s.sq));
          const x = s.col * U;
          const y = s.row * U;
          return (
            <g key={s.sq}>
              {s.number !== null ? (
                <g class="sq-number">
                  <circle cx={x + 1.9} cy={y + U - 1.9} r={1.5} />
                  <text x={x + 1.9} y={y + U - 1.15}>
                    {s.number}
                  </text>
                </g>
              ) : null}
              {k ? (
                <text class="sq-key" x={x + U - 1} y={y + U - 1}>
                  {k}
                </text>
              ) : null}
            </g>
          );
        })}
      </g>
    </svg>
  );
}
