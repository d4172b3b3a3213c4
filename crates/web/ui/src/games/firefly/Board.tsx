// The Firefly board as an SVG map drawn from the catalog alone: each sector's box where it lies
// on the printed board, coloured by zone, links between neighbours, planet names, Supply and
// Contact markers, the ships, the Cruiser and the Cutter. The sectors a legal action can fly to
// (or place a ship in) are lit and take that action when clicked; nothing else acts.

import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { captain, plan, planText, seatColour, setup, type DriveCore, type JobMark } from "./logic";
import type { Catalog, SectorEntry, View } from "./types";
import { centreOn, clamp, fit, panBy, toBoard, zoomAt, type Box } from "./viewbox";

export interface BoardProps {
  catalog: Catalog;
  view: View;
  /** Sector → legal index a click takes. */
  clickable: Map<number, number>;
  keys: readonly (string | null)[];
  act(index: number): void;
  busy: boolean;
  /** The sector routes are measured from (your ship), and its drive core. */
  from: number | null;
  core: DriveCore | null;
  marks: JobMark[];
  /** Job → its letter on the map. */
  jobLetter: Map<number, string>;
  /** Routes drawn from your ship to your jobs' next stops. */
  routes: number[][];
}

const ZONE_FILL: Record<string, string> = { alliance: "#2c4a6e", border: "#5a4a26", rim: "#5e2f38" };
const ZONE_EDGE: Record<string, string> = { alliance: "#6fa8e8", border: "#d9b25f", rim: "#d9737f" };

function centre(s: SectorEntry): [number, number] {
  const [l, t, w, h] = s.box;
  return [l + w / 2, t + h / 2];
}

/** Planet names fit their sector's box: smaller type for a long name in a narrow box. */
function nameSize(name: string, width: number, unit: number): number {
  return Math.min(2.6 * unit, (width * 1.15) / Math.max(1, name.length * 0.58));
}

function contactTag(c: string): string {
  return c
    .split("-")
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("")
    .slice(0, 2);
}

export function Board(props: BoardProps) {
  const { catalog: cat, view } = props;
  const bounds: Box = useMemo(() => {
    const [x, y, w, h] = cat.board;
    return { x, y, w, h };
  }, [cat]);
  const wrap = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ w: 800, h: 420 });
  const [vb, setVb] = useState<Box | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const drag = useRef<{ pointers: Map<number, [number, number]>; moved: number; pinch: number | null }>({
    pointers: new Map(),
    moved: 0,
    pinch: null,
  });

  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const measure = () => {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.height > 0) setSize({ w: r.width, h: r.height });
    };
    measure();
    const ro = typeof ResizeObserver !== "undefined" ? new ResizeObserver(measure) : null;
    ro?.observe(el);
    return () => ro?.disconnect();
  }, []);

  const aspect = size.w / size.h;
  // First view: the whole board on a wide screen; on a narrow one, a closer look around your ship.
  const home = (): Box => {
    if (size.w >= 700 || props.from === null) return fit(bounds, aspect);
    const [cx, cy] = centre(cat.sectors[props.from]);
    return centreOn(bounds, aspect, cx, cy, bounds.w / 2.6);
  };
  const box = vb ? clamp(vb, bounds, aspect) : home();

  const onWheel = (e: WheelEvent) => {
    e.preventDefault();
    const r = (e.currentTarget as SVGElement).getBoundingClientRect();
    const [px, py] = toBoard(box, e.clientX - r.left, e.clientY - r.top, r.width);
    setVb(clamp(zoomAt(box, e.deltaY < 0 ? 1.25 : 0.8, px, py), bounds, aspect));
  };
  const onPointerDown = (e: PointerEvent) => {
    drag.current.pointers.set(e.pointerId, [e.clientX, e.clientY]);
    drag.current.moved = 0;
    drag.current.pinch = null;
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    const last = d.pointers.get(e.pointerId);
    if (!last) return;
    const r = (e.currentTarget as SVGElement).getBoundingClientRect();
    if (d.pointers.size === 2) {
      const pts = [...d.pointers.entries()].map(([id, p]) => (id === e.pointerId ? [e.clientX, e.clientY] : p));
      const dist = Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]);
      if (d.pinch !== null && dist > 0) {
        const mx = (pts[0][0] + pts[1][0]) / 2 - r.left;
        const my = (pts[0][1] + pts[1][1]) / 2 - r.top;
        const [px, py] = toBoard(box, mx, my, r.width);
        setVb(clamp(zoomAt(box, dist / d.pinch, px, py), bounds, aspect));
      }
      d.pinch = dist;
      d.moved += 10;
    } else {
      const dx = e.clientX - last[0];
      const dy = e.clientY - last[1];
      d.moved += Math.abs(dx) + Math.abs(dy);
      if (d.moved > 6) {
        (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
        setVb(clamp(panBy(box, dx, dy, r.width), bounds, aspect));
      }
    }
    d.pointers.set(e.pointerId, [e.clientX, e.clientY]);
  };
  const onPointerUp = (e: PointerEvent) => {
    drag.current.pointers.delete(e.pointerId);
    if (drag.current.pointers.size < 2) drag.current.pinch = null;
  };
  const clickSector = (s: number) => {
    if (drag.current.moved > 6) return;
    const i = props.clickable.get(s);
    if (i !== undefined && !props.busy) props.act(i);
  };

  const zoomButton = (factor: number) => () =>
    setVb(clamp(zoomAt(box, factor, box.x + box.w / 2, box.y + box.h / 2), bounds, aspect));

  // Ships: every placed Firefly, spread around its sector's centre.
  const bySector = new Map<number, number[]>();
  for (const p of view.players) {
    if (!setup(view, p).placed) continue;
    const s = p.sector as number;
    bySector.set(s, [...(bySector.get(s) ?? []), p.seat]);
  }
  const hovered = hover !== null ? cat.sectors[hover] : null;
  const hoverPlan = hover !== null && props.from !== null ? plan(cat, props.from, hover, props.core) : null;
  const unit = 100; // one hundredth of a typical sector, for strokes and text
  const marksBySector = new Map<number, JobMark[]>();
  for (const m of props.marks) marksBySector.set(m.sector, [...(marksBySector.get(m.sector) ?? []), m]);
  const lanes: [number, number][] = [];
  cat.sectors.forEach((s, i) => s.neighbours.forEach((n) => n > i && lanes.push([i, n])));
  const path = (p: number[]) => p.map((s) => centre(cat.sectors[s]).join(",")).join(" ");

  return (
    <div class="board-wrap">
      <div class="board" ref={wrap}>
        <svg
          viewBox={`${box.x} ${box.y} ${box.w} ${box.h}`}
          width="100%"
          height="100%"
          role="img"
          aria-label="The board"
          onWheel={onWheel}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onPointerLeave={() => setHover(null)}
        >
          <rect x={bounds.x - 2000} y={bounds.y - 2000} width={bounds.w + 4000} height={bounds.h + 4000} class="space" />
          <g class="lanes">
            {lanes.map(([a, b]) => {
              const [x1, y1] = centre(cat.sectors[a]);
              const [x2, y2] = centre(cat.sectors[b]);
              return <line key={`${a}-${b}`} x1={x1} y1={y1} x2={x2} y2={y2} stroke-width={0.25 * unit} />;
            })}
          </g>
          {props.routes.map((p, i) => (
            <polyline key={`r${i}`} class="job-route" points={path(p)} stroke-width={0.6 * unit} />
          ))}
          {hoverPlan && hoverPlan.moves > 0 ? <polyline class="hover-route" points={path(hoverPlan.path)} stroke-width={0.9 * unit} /> : null}
          <g class="sectors">
            {cat.sectors.map((s, i) => {
              if (s.out) return null;
              const [l, t, w, h] = s.box;
              const legal = props.clickable.has(i);
              const k = legal ? props.keys[props.clickable.get(i) as number] : null;
              const here = props.from === i;
              return (
                <g
                  key={s.id}
                  class={`sector zone-${s.zone}${legal ? " legal" : ""}${here ? " here" : ""}`}
                  data-sector={s.id}
                  onPointerEnter={() => setHover(i)}
                  onClick={legal ? () => clickSector(i) : undefined}
                >
                  <title>{legal ? `${s.name}: click to go (key ${k ?? "—"})` : s.text}</title>
                  <rect
                    x={l}
                    y={t}
                    width={w}
                    height={h}
                    rx={0.8 * unit}
                    fill={ZONE_FILL[s.zone] ?? "#333"}
                    stroke={legal ? "#7CFC9A" : ZONE_EDGE[s.zone] ?? "#999"}
                    stroke-width={(legal ? 1.4 : 0.45) * unit}
                  />
                  {s.planets.length > 0 ? (
                    <>
                      <circle cx={l + w / 2} cy={t + h / 2 - 0.5 * unit} r={1.6 * unit} class="planet" />
                      <text x={l + w / 2} y={t + h - 1.2 * unit} class="planet-name" font-size={nameSize(s.name, w, unit)} text-anchor="middle">
                        {s.name}
                      </text>
                    </>
                  ) : null}
                  {s.supply !== null ? (
                    <g class="marker supply">
                      <circle cx={l + 2.2 * unit} cy={t + 2.2 * unit} r={1.7 * unit} />
                      <text x={l + 2.2 * unit} y={t + 3 * unit} font-size={2.2 * unit} text-anchor="middle">
                        S
                      </text>
                    </g>
                  ) : null}
                  {s.contact !== null ? (
                    <g class="marker contact">
                      <rect x={l + w - 4.6 * unit} y={t + 0.6 * unit} width={4 * unit} height={3.2 * unit} rx={0.6 * unit} />
                      <text x={l + w - 2.6 * unit} y={t + 3 * unit} font-size={2.1 * unit} text-anchor="middle">
                        {contactTag(s.contact)}
                      </text>
                    </g>
                  ) : null}
                  {legal && k ? (
                    <g class="sector-key">
                      <circle cx={l + w / 2} cy={t + 2.6 * unit} r={2.1 * unit} />
                      <text x={l + w / 2} y={t + 3.7 * unit} font-size={3 * unit} text-anchor="middle">
                        {k}
                      </text>
                    </g>
                  ) : null}
                </g>
              );
            })}
          </g>
          <g class="job-marks">
            {[...marksBySector.entries()].map(([s, ms]) => {
              const [l, t, , h] = cat.sectors[s].box;
              return ms.map((m, j) => (
                <g key={`${s}-${m.job}-${m.kind}`} class={`job-mark ${m.kind}${m.active ? " active" : ""}${m.done ? " done" : ""}`}>
                  <rect x={l - 1.2 * unit + j * 3.4 * unit} y={t + h - 2 * unit} width={3.2 * unit} height={3.2 * unit} rx={0.5 * unit} />
                  <text x={l + 0.4 * unit + j * 3.4 * unit} y={t + h + 0.5 * unit} font-size={2.3 * unit} text-anchor="middle">
                    {(props.jobLetter.get(m.job) ?? "?") + (m.kind === "pick-up" ? "↑" : m.kind === "drop-off" ? "↓" : "✕")}
                  </text>
                </g>
              ));
            })}
          </g>
          <g class="alerts">
            {(view.alerts ?? []).map((a) => (
              <AlertMarks key={a.sector} cat={cat} sector={a.sector} alliance={a.alliance} reaver={a.reaver} unit={unit} />
            ))}
          </g>
          <g class="destinations">
            {(view.destinations ?? []).map((d) => (
              <Marker key={`goal${d.goal}`} cat={cat} sector={d.sector} unit={unit} slot={0} fill="#f2d16b" text={String(d.goal + 1)} title={`Destination token ${d.goal + 1} (goal ${d.goal + 1})`} />
            ))}
          </g>
          <g class="havens">
            {view.players
              .filter((p) => p.haven !== undefined && p.haven !== null)
              .map((p) => (
                <Marker key={`haven${p.seat}`} cat={cat} sector={p.haven as number} unit={unit} slot={1} fill={seatColour(p.seat)} text="H" title={`${captain(p.seat)}'s Haven`} />
              ))}
          </g>
          <NpcShip cat={cat} sector={view.cruiser} kind="cruiser" unit={unit} />
          {(view.cutters ?? [view.cutter]).map((c, i) => (
            <NpcShip key={`cutter${i}`} cat={cat} sector={c} kind="cutter" unit={unit} />
          ))}
          {view.corvette !== undefined && view.corvette !== null ? <NpcShip cat={cat} sector={view.corvette} kind="corvette" unit={unit} /> : null}
          <g class="ships">
            {[...bySector.entries()].map(([s, seats]) => {
              const [cx, cy] = centre(cat.sectors[s]);
              return seats.map((seat, j) => {
                const x = cx + (j - (seats.length - 1) / 2) * 3.6 * unit;
                const y = cy + 0.6 * unit;
                return (
                  <g key={`ship${seat}`} class={`ship${seat === view.seat ? " mine" : ""}`} data-seat={seat}>
                    <title>{`${captain(seat)}'s ship`}</title>
                    <path
                      d={`M ${x} ${y - 2.2 * unit} L ${x + 1.7 * unit} ${y + 1.8 * unit} L ${x} ${y + 1 * unit} L ${x - 1.7 * unit} ${y + 1.8 * unit} Z`}
                      fill={seatColour(seat)}
                      stroke="#0b0f16"
                      stroke-width={0.35 * unit}
                    />
                    <text x={x} y={y + 4.4 * unit} font-size={2.2 * unit} text-anchor="middle" class="ship-label" fill={seatColour(seat)}>
                      {seat + 1}
                    </text>
                  </g>
                );
              });
            })}
          </g>
        </svg>
        <div class="zoom">
          <button type="button" aria-label="zoom in" onClick={zoomButton(1.4)}>
            +
          </button>
          <button type="button" aria-label="zoom out" onClick={zoomButton(1 / 1.4)}>
            −
          </button>
          <button type="button" aria-label="whole board" onClick={() => setVb(fit(bounds, aspect))}>
            ⤢
          </button>
        </div>
      </div>
      <div class="board-info" aria-live="polite">
        {hovered ? (
          <>
            <strong>{hovered.name}</strong> {hoverPlan ? <span class="route-text">· {planText(hoverPlan)}</span> : null}
            <span class="sector-text"> · {hovered.text}</span>
          </>
        ) : (
          <span class="hint">
            {props.clickable.size > 0 ? "Click a lit sector to go there. " : ""}Point at a sector for its route and Fuel. Drag to move, wheel or pinch to zoom.
          </span>
        )}
      </div>
    </div>
  );
}

const NPC_LABEL = { cruiser: "Alliance Cruiser", cutter: "Reaver Cutter", corvette: "Operative's Corvette" } as const;
const NPC_LETTER = { cruiser: "A", cutter: "R", corvette: "C" } as const;

/** Alert tokens on a sector (Rim expansions): a count of each kind, in the sector's corner. */
function AlertMarks(props: { cat: Catalog; sector: number; alliance: number; reaver: number; unit: number }) {
  const s = props.cat.sectors[props.sector];
  if (!s || s.out) return null;
  const [l, t, , h] = s.box;
  const u = props.unit;
  const marks = [
    ...(props.alliance > 0 ? [{ kind: "alliance", n: props.alliance, name: "Alliance Alert" }] : []),
    ...(props.reaver > 0 ? [{ kind: "reaver", n: props.reaver, name: "Reaver Alert" }] : []),
  ];
  return (
    <g data-sector={s.id}>
      {marks.map((m, j) => {
        const x = l + 2.4 * u + j * 4.4 * u;
        const y = t + h - 2.6 * u;
        return (
          <g key={m.kind} class={`alert-token ${m.kind}`}>
            <title>{`${m.n} ${m.name} token${m.n > 1 ? "s" : ""} at ${s.name}`}</title>
            <rect x={x - 1.9 * u} y={y - 1.9 * u} width={3.8 * u} height={3.8 * u} rx={0.5 * u} transform={`rotate(45 ${x} ${y})`} stroke-width={0.3 * u} />
            <text x={x} y={y + 0.8 * u} font-size={2.1 * u} text-anchor="middle">
              {m.n > 1 ? m.n : "!"}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** A round token on a sector's lower edge: a Destination token (FF-PBH-37) or a Haven (FF-PBH-38). */
function Marker(props: { cat: Catalog; sector: number; unit: number; slot: number; fill: string; text: string; title: string }) {
  const s = props.cat.sectors[props.sector];
  if (!s || s.out) return null;
  const [l, t, w, h] = s.box;
  const u = props.unit;
  const x = l + w - 2.6 * u - props.slot * 5 * u;
  const y = t + h - 2.6 * u;
  return (
    <g class="marker">
      <title>{`${props.title} at ${s.name}`}</title>
      <circle cx={x} cy={y} r={2.1 * u} fill={props.fill} stroke="#0b0f16" stroke-width={0.35 * u} />
      <text x={x} y={y + 0.8 * u} font-size={2.1 * u} text-anchor="middle" fill="#0b0f16">
        {props.text}
      </text>
    </g>
  );
}

function NpcShip(props: { cat: Catalog; sector: number; kind: "cruiser" | "cutter" | "corvette"; unit: number }) {
  const s = props.cat.sectors[props.sector];
  if (!s || s.out) return null;
  const [l, t, w] = s.box;
  const u = props.unit;
  const x = props.kind === "cruiser" ? l + w - 2.6 * u : props.kind === "corvette" ? l + w / 2 : l + 2.6 * u;
  const y = t + 6.5 * u;
  const label = NPC_LABEL[props.kind];
  return (
    <g class={`npc ${props.kind}`}>
      <title>{`${label} at ${s.name}`}</title>
      {props.kind === "cruiser" || props.kind === "corvette" ? (
        <path d={`M ${x} ${y - 2.4 * u} L ${x + 2.4 * u} ${y} L ${x} ${y + 2.4 * u} L ${x - 2.4 * u} ${y} Z`} stroke-width={0.35 * u} />
      ) : (
        <path d={`M ${x} ${y - 2.4 * u} L ${x + 2.2 * u} ${y + 1.8 * u} L ${x - 2.2 * u} ${y + 1.8 * u} Z`} stroke-width={0.35 * u} />
      )}
      <text x={x} y={y + 0.8 * u} font-size={2 * u} text-anchor="middle">
        {NPC_LETTER[props.kind]}
      </text>
    </g>
  );
}
