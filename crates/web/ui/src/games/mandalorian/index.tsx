// The Mandalorian Adventures at the table: the decision at hand with every legal action, the
// mission's map, the action slots and your hand (a card, then a slot), the characters, the
// threats, the tracks and the log. The active player makes every decision (MA-GOLD-3).

import { useEffect, useMemo, useState } from "preact/hooks";
import { ActionList } from "../../shell/ActionList";
import type { GameModule, GameTableProps } from "../../shell/game";
import { Log } from "../../shell/Log";
import { myTurn } from "../../shell/table-state";
import { GridMap } from "./GridMap";
import { group, missionOf, shortText, targets } from "./logic";
import { CharactersPanel, HandPanel, Panel, SlotsPanel, ThreatsPanel, TracksPanel } from "./Panels";
import "./table.css";
import type { Catalog, View } from "./types";

const seatName = (seat: number) => `player ${seat + 1}`;

function Table(props: GameTableProps) {
  const cat = props.catalog as Catalog;
  const view = props.state.view as View;
  const mission = missionOf(cat, view);
  const mine = myTurn(props.state);
  const legal = props.state.legal;
  const t = useMemo(() => targets(mine ? legal : []), [legal, mine]);
  // The card chosen in the hand, waiting for its slot; forgotten when it can no longer be played.
  const [chosen, setChosen] = useState<number | null>(null);
  useEffect(() => {
    if (chosen !== null && !t.plays.has(chosen)) setChosen(null);
  }, [t, chosen]);
  const listed = useMemo(() => legal.map((l) => ({ ...l, text: shortText(l, view, cat) })), [legal, view, cat]);
  const waiting = props.state.actor !== null && !mine;
  const act = { legal, keys: props.keys, act: props.act, busy: props.state.pending, targets: t };

  return (
    <div class="ma-table">
      <div class="ma-right">
        <div class="ma-decision">
          <Panel title={`Turn ${view.turn} · ${seatName(view.active)}: ${view.pending}`} class={`decision${mine ? " mine" : ""}`}>
            {waiting ? <p class="waiting">Waiting for {seatName(props.state.actor as number)}…</p> : null}
            <ActionList legal={listed} order={props.order} keys={props.keys} group={group} act={props.act} busy={props.state.pending} />
          </Panel>
        </div>
        <div class="ma-info">
          <CharactersPanel view={view} />
          <ThreatsPanel view={view} />
          {mission ? <TracksPanel mission={mission} view={view} /> : null}
          <Panel title="Log" class="log-panel">
            <Log lines={props.state.log} />
          </Panel>
        </div>
      </div>
      <div class="ma-left">
        <div class="ma-board">
          <div class="ma-mission">
            <strong>Mission {view.mission}</strong> — {view.objective}
          </div>
          {mission ? <GridMap mission={mission} view={view} {...act} /> : <p class="bad">This mission is not in the catalog.</p>}
          <div class="ma-legend">
            <span class="dot character">character</span>
            <span class="dot enemy">enemy</span>
            <span class="dot down">face-down threat</span>
            <span class="dot item">item</span>
            <span class="lg wall">wall</span>
            <span class="lg door">door (shut)</span>
            <span class="lg door-open">door (open)</span>
            <span class="lg elevated">elevated area</span>
            <span class="lg star">★ star square</span>
            <span class="lg red">★ red star</span>
            {view.child !== "not in this mission" ? <span class="lg child">C the Child</span> : null}
            <span class="lg legal">lit: click to choose</span>
          </div>
        </div>
        <div class="ma-play">
          {mission ? <SlotsPanel cat={cat} mission={mission} view={view} chosen={chosen} onPlayed={() => setChosen(null)} {...act} /> : null}
          <HandPanel cat={cat} view={view} chosen={chosen} choose={setChosen} {...act} />
        </div>
      </div>
    </div>
  );
}

export const mandalorian: GameModule = {
  id: "mandalorian",
  name: "The Mandalorian Adventures",
  seatName,
  summary: (v) => {
    const view = v as View;
    return `Mission ${view.mission} · turn ${view.turn}`;
  },
  group,
  Table,
};
