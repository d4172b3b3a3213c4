// Firefly: The Game at the table: the board, the decision at hand with every legal action, your
// ship and jobs, the story, the other captains and the log.

import { useMemo, useState } from "preact/hooks";
import { ActionList } from "../../shell/ActionList";
import type { GameModule, GameTableProps } from "../../shell/game";
import { Log } from "../../shell/Log";
import { myTurn } from "../../shell/table-state";
import { Board } from "./Board";
import { decorate, group, inButtons } from "./describe";
import { boardInPlay, captain, clickableSectors, driveCore, expansionsOf, jobMarks, nextStops, route, setup } from "./logic";
import { BountiesPanel, ConsideredPanel, decisionTitle, JobsPanel, Panel, ResolvingPanel, RivalsPanel, ShipPanel, StoryPanel, TradePanel } from "./Panels";
import type { Catalog, View } from "./types";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function Table(props: GameTableProps) {
  const expansions = expansionsOf(props.state.hello?.table.options).join(",");
  const cat = useMemo(() => boardInPlay(props.catalog as Catalog, expansions ? expansions.split(",") : []), [props.catalog, expansions]);
  const view = props.state.view as View;
  const me = props.state.seat;
  const player = me === null ? undefined : view.players[me];
  const mine = myTurn(props.state);
  const clickable = useMemo(() => (mine ? clickableSectors(props.state.legal) : new Map<number, number>()), [props.state.legal, mine]);
  const letters = useMemo(() => {
    const m = new Map<number, string>();
    if (!player) return m;
    [...player.active.map((a) => a.job), ...(player.hand ?? [])].forEach((j, i) => m.set(j, LETTERS[i % 26]));
    return m;
  }, [player]);
  const from = player && setup(view, player).placed ? (player.sector as number) : null;
  const core = player ? driveCore(cat, player) : null;
  const routes =
    player && from !== null
      ? nextStops(cat, player)
          .map((s) => route(cat, from, s.sector))
          .filter((r): r is number[] => r !== null && r.length > 1)
      : [];
  // A job pointed at in the actions (being considered, accepted, worked): where it goes.
  const [focusJob, setFocusJob] = useState<number | null>(null);
  const focused = focusJob !== null ? cat.jobs[focusJob] : undefined;
  const marks = player ? jobMarks(cat, player) : [];
  if (focused && focusJob !== null && !marks.some((m) => m.job === focusJob)) {
    focused.steps.forEach((st) => marks.push({ job: focusJob, sector: st.sector, kind: st.kind, active: false, done: false }));
  }
  const jobLetters = focused && focusJob !== null && !letters.has(focusJob) ? new Map(letters).set(focusJob, "?") : letters;
  if (focused && from !== null) {
    const r = route(cat, from, focused.steps[0]?.sector ?? from);
    if (r && r.length > 1) routes.push(r);
  }
  const waiting = props.state.actor !== null && !mine;

  return (
    <div class="ff-table">
      <div class="ff-decision">
        <Panel title={decisionTitle(cat, view, me)} class={`decision${mine ? " mine" : ""}`}>
          <ResolvingPanel cat={cat} view={view} />
          <ConsideredPanel cat={cat} view={view} inButtons={inButtons(props.state.legal)} />
          <TradePanel cat={cat} view={view} />
          {waiting ? <p class="waiting">Waiting for {captain(props.state.actor as number)}…</p> : null}
          <ActionList
            legal={props.state.legal}
            order={props.order}
            keys={props.keys}
            group={group}
            act={props.act}
            busy={props.state.pending}
            decorate={(l) => decorate(cat, view, l)}
            onFocus={(f) => setFocusJob(typeof f === "number" ? f : null)}
          />
        </Panel>
      </div>
      <div class="ff-map">
        <Board
          catalog={cat}
          view={view}
          clickable={clickable}
          keys={props.keys}
          act={props.act}
          busy={props.state.pending}
          from={from}
          core={core}
          marks={marks}
          jobLetter={jobLetters}
          routes={routes}
        />
      </div>
      <div class="ff-info">
        {player ? <ShipPanel cat={cat} view={view} p={player} title={`Your ship (${captain(player.seat)})`} /> : null}
        {player ? <JobsPanel cat={cat} p={player} letters={letters} /> : null}
        <StoryPanel cat={cat} view={view} />
        <BountiesPanel cat={cat} view={view} />
        <RivalsPanel cat={cat} view={view} me={me} />
        <Panel title="Log" class="log-panel">
          <Log lines={props.state.log} />
        </Panel>
      </div>
    </div>
  );
}

export const firefly: GameModule = {
  id: "firefly",
  name: "Firefly",
  seatName: captain,
  summary: (v) => {
    const view = v as View;
    return `${view.story} · round ${view.round + 1}`;
  },
  group,
  Table,
};
