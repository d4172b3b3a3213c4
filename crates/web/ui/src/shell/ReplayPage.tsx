// A finished game replayed step by step (`/t/ID/replay`): the game's own table, read-only, at any
// step of the record, with first / previous / play / next / last, a slider and the keys
// ←/→ (one step), PageUp/PageDown (ten), Home/End.

import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { gameModule } from "../games";
import { tableLink } from "../router";
import { clampStep, lastStep, replayHello, stateAt, stepForKey, type ReplayRecord } from "./replay";

/** How the page reaches the server (a test passes fakes). */
export interface ReplayDeps {
  fetchReplay(table: string): Promise<ReplayRecord>;
  fetchCatalog(game: string): Promise<unknown>;
}

async function json<T>(r: Response): Promise<T> {
  const body = await r.json().catch(() => null);
  if (!r.ok) throw new Error((body as { error?: string } | null)?.error ?? `HTTP ${r.status}`);
  return body as T;
}

export const replayDeps: ReplayDeps = {
  fetchReplay: (table) => fetch(`/api/tables/${encodeURIComponent(table)}/replay`).then((r) => json<ReplayRecord>(r)),
  fetchCatalog: (game) => fetch(`/api/catalog/${encodeURIComponent(game)}`).then((r) => json<unknown>(r)),
};

function isTyping(t: EventTarget | null): boolean {
  const el = t as HTMLElement | null;
  return !!el && (el.tagName === "INPUT" || el.tagName === "TEXTAREA" || el.tagName === "SELECT") && (el as HTMLInputElement).type !== "range";
}

export function ReplayPage(props: { table: string; deps?: ReplayDeps }) {
  const deps = props.deps ?? replayDeps;
  const [record, setRecord] = useState<ReplayRecord | null>(null);
  const [catalog, setCatalog] = useState<unknown>(null);
  const [error, setError] = useState<string | null>(null);
  const [step, setStepState] = useState(0);
  // Keys read the step from here: two quick presses must not both start from the same step.
  const stepRef = useRef(0);
  const setStep = (k: number | ((k: number) => number)) => {
    stepRef.current = typeof k === "function" ? k(stepRef.current) : k;
    setStepState(stepRef.current);
  };
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    deps.fetchReplay(props.table).then(
      (r) => {
        setRecord(r);
        deps.fetchCatalog(r.save.game).then(setCatalog, (e) => setError(String(e instanceof Error ? e.message : e)));
      },
      (e) => setError(String(e instanceof Error ? e.message : e)),
    );
  }, [props.table]);

  const game = record ? gameModule(record.save.game) : null;
  const seatName = (s: number) => game?.seatName(s) ?? `seat ${s + 1}`;
  const hello = useMemo(() => (record ? replayHello(props.table, record) : null), [record]);
  const state = useMemo(() => (record && hello ? stateAt(record, step, hello, seatName) : null), [record, hello, step, game]);
  const last = record ? lastStep(record) : 0;

  useEffect(() => {
    if (!record) return;
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target)) return;
      if (e.key === " ") {
        e.preventDefault();
        setPlaying((p) => !p);
        return;
      }
      const k = stepForKey(record, stepRef.current, e.key);
      if (k !== null) {
        e.preventDefault();
        setPlaying(false);
        setStep(k);
      }
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, [record]);

  useEffect(() => {
    if (!playing || !record) return;
    if (step >= last) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => setStep((k) => clampStep(record, k + 1)), 700);
    return () => clearTimeout(t);
  }, [playing, step, record]);

  useEffect(() => {
    document.title = game ? `Replay — ${game.name} — tabletop` : "Replay — tabletop";
  }, [game]);

  const go = (k: number) => {
    setPlaying(false);
    if (record) setStep(clampStep(record, k));
  };
  const current = record && step > 0 ? record.steps[step - 1] : null;

  return (
    <div class={`table-page replay-page game-${record?.save.game ?? "none"}`}>
      <header class="table-header">
        <a class="home" href="/">
          tabletop
        </a>
        <span class="game-name">{game?.name ?? ""}</span>
        <span class="summary">{game && state?.view ? game.summary(state.view) : ""}</span>
        <span class="turn-line" role="status">
          Replay of table <a href={tableLink(props.table, null)}>{props.table}</a>
        </span>
      </header>
      {error ? (
        <div class="refused" role="alert">
          {error}
        </div>
      ) : null}
      {record ? (
        <div class="replay-bar">
          <span class="replay-buttons">
            <button type="button" title="First (Home)" aria-label="first step" onClick={() => go(0)} disabled={step === 0}>
              |◀
            </button>
            <button type="button" title="Previous (←)" aria-label="previous step" onClick={() => go(step - 1)} disabled={step === 0}>
              ◀
            </button>
            <button type="button" title="Play / pause (Space)" aria-label={playing ? "pause" : "play"} onClick={() => setPlaying(!playing)} disabled={step >= last && !playing}>
              {playing ? "Pause" : "Play"}
            </button>
            <button type="button" title="Next (→)" aria-label="next step" onClick={() => go(step + 1)} disabled={step >= last}>
              ▶
            </button>
            <button type="button" title="Last (End)" aria-label="last step" onClick={() => go(last)} disabled={step >= last}>
              ▶|
            </button>
          </span>
          <input
            type="range"
            class="replay-slider"
            aria-label="step"
            min={0}
            max={last}
            value={step}
            onInput={(e) => go(Number((e.currentTarget as HTMLInputElement).value))}
          />
          <span class="replay-step">
            step <strong>{step}</strong> of {last}
          </span>
          <span class="replay-what">{current ? `${seatName(current.seat)}: ${current.text}` : "Set-up: the table before the first decision."}</span>
        </div>
      ) : null}
      <main class="table-main">
        {game && catalog && state ? (
          <game.Table catalog={catalog} state={state} keys={[]} order={[]} act={() => {}} mySeats={[]} />
        ) : (
          <p class="loading">{error ? "" : record && !game ? `This browser cannot show ${record.save.game} tables.` : "Loading the replay…"}</p>
        )}
      </main>
    </div>
  );
}
