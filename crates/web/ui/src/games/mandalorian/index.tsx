// The Mandalorian Adventures: until its table page (the mission map, slots, hand) is built, a
// game is played here with the shell's parts alone: what is being decided, every legal action
// as a button, and the log.

import { ActionList } from "../../shell/ActionList";
import type { GameModule, GameTableProps } from "../../shell/game";
import { Log } from "../../shell/Log";

interface MandoView {
  mission?: string;
  turn?: number;
  pending?: string;
  objective?: string;
}

function Table(props: GameTableProps) {
  const v = (props.state.view ?? {}) as MandoView;
  return (
    <div class="generic-table">
      <section class="panel">
        <h3>{v.mission ?? "Mission"}</h3>
        {v.objective ? <p>{v.objective}</p> : null}
        {v.pending ? <p class="pending">Now: {v.pending}</p> : null}
        <ActionList
          legal={props.state.legal}
          order={props.order}
          keys={props.keys}
          group={mandalorian.group}
          act={props.act}
          busy={props.state.pending}
        />
      </section>
      <section class="panel">
        <h3>Log</h3>
        <Log lines={props.state.log} />
      </section>
    </div>
  );
}

export const mandalorian: GameModule = {
  id: "mandalorian",
  name: "The Mandalorian Adventures",
  seatName: (seat) => `player ${seat + 1}`,
  summary: (view) => {
    const v = view as MandoView;
    return [v.mission, v.turn !== undefined ? `turn ${v.turn}` : null].filter(Boolean).join(" · ");
  },
  group: () => "Actions",
  Table,
};
