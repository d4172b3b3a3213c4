// Firefly: The Game at the table: the board, the decision at hand with every legal action, your
// ship and jobs, the story, the other captains and the log.

import { useMemo } from "preact/hooks";
import { ActionList } from "../../shell/ActionList";
import type { GameModule, GameTableProps } from "../../shell/game";
import { Log } from "../../shell/Log";
import { myTurn } from "../../shell/table-state";
import { Board } from "./Board";
import { decorate, group } from "./describe";
import { captain, clickableSectors, driveCore, jobMarks, nextStops, route } from "./logic";
import { ConsideredPanel, decisionTitle, JobsPanel, Panel, ResolvingPanel, RivalsPanel, ShipPanel, StoryPanel, TradePanel } from "./Panels";
import type { Catalog, View } from "./types";

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function Table(props: GameTableProps) {
  const cat = props.catalog as Catalog;
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
  const placed = player && player.sector !== null && view.phase !== "ChooseLeader" && view.phase !== "ChooseShip" && view.phase !== "PlaceShip";
  const from = placed ? (player.sector as number) : null;
  const core = player ? driveCore(cat, player) : null;
  const routes =
    player && from !== null
      ? nextStops(cat, player)
          .map((s) => route(cat, from, s.sector))
          .filter((r): r is number[] => r !== null && r.length > 1)
      : [];
  const marks = player ? jobMarks(cat, player) : [];
  const waiting = props.state.actor !== null && !mine;

  return (
    <div class="ff-table">
      <div class="ff-decision">
        <Panel title={decisionTitle(cat, view)} class={`decision${mine ? " mine" : ""}`}>
          <ResolvingPanel cat={cat} view={view} />
          <ConsideredPanel cat={cat} view={view} />
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
          jobLetter={letters}
          routes={routes}
        />
      </div>
      <div class="ff-info">
        {player ? <ShipPanel cat={cat} p={player} title={`Your ship (${captain(player.seat)})`} /> : null}
        {player ? <JobsPanel cat={cat} p={player} letters={letters} /> : null}
        <StoryPanel cat={cat} view={view} />
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
