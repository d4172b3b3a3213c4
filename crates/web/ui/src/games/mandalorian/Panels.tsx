// The Mandalorian's panels beside the map: the action slots (Strength, cards, disturbance), your
// hand, the characters, the threats, and the tracks (crisis, event deck, planning deck).
// A card in the hand is chosen with a click; then each slot it may be played into is lit with
// the Strength it would reach, and a click on the slot plays it (the same action as its button).

import type { ComponentChildren } from "preact";
import type { LegalAction } from "../../shell/protocol";
import { enemyHealth, playStrength, splitCard, threatName, type Targets } from "./logic";
import type { Catalog, MissionEntry, View } from "./types";

export function Panel(props: { title: ComponentChildren; class?: string; children?: ComponentChildren }) {
  return (
    <section class={`panel ${props.class ?? ""}`}>
      <h3>{props.title}</h3>
      {props.children}
    </section>
  );
}

interface ActProps {
  legal: readonly LegalAction[];
  keys: readonly (string | null)[];
  act(index: number): void;
  busy: boolean;
  targets: Targets;
}

/** What a slot of this Strength does in the event phase (MA-EVENT-5, -7, -8). */
export function eventNote(strength: number): string | null {
  if (strength >= 6) return "crisis + event";
  if (strength === 5) return "event";
  return null;
}

export function SlotsPanel(props: ActProps & { cat: Catalog; mission: MissionEntry; view: View; chosen: number | null; onPlayed(): void }) {
  const { mission, view, targets, legal, keys, act, busy, chosen } = props;
  const plays = chosen !== null ? targets.plays.get(chosen) : undefined;
  return (
    <Panel title="Action slots" class="ma-slots">
      <div class="slots">
        {view.slots.map((s, i) => {
          const play = plays?.get(i);
          const other = targets.slots.get(i);
          const ix = play !== undefined ? [play] : other;
          const k = ix && ix.length ? keys[ix[0]] : null;
          // The action's Strength (the card's, +1 for a matching bonus icon, MA-CARD-1) and the
          // slot's Strength for the event phase after the play (printed numbers only, MA-EVENT-4).
          const power = play !== undefined ? playStrength(legal[play]) : null;
          const after = play !== undefined && chosen !== null ? s.strength + (props.cat.cards[chosen]?.strength ?? 0) : null;
          const rule = mission.slots[i]?.text ?? s.name;
          return (
            <div
              key={i}
              class={`slot${i >= 4 ? " mission-slot" : ""}${ix ? " legal" : ""}${s.strength >= 6 ? " crisis" : s.strength === 5 ? " hot" : ""}`}
              data-slot={i}
              title={rule + (ix ? "\n" + ix.map((x) => legal[x].text).join("\n") : "")}
              onClick={
                ix && !busy
                  ? () => {
                      act(ix[0]);
                      props.onPlayed();
                    }
                  : undefined
              }
            >
              <div class="slot-head">
                {k ? <kbd>{k}</kbd> : null}
                <strong>{s.name}</strong>
                <span class="strength" title="the slot's Strength in the event phase">
                  {s.strength}
                </span>
              </div>
              {i >= 4 ? <div class="slot-rule">{rule.startsWith(`${s.name}: `) ? rule.slice(s.name.length + 2) : rule}</div> : null}
              {eventNote(s.strength) ? <div class="event-note">{eventNote(s.strength)}</div> : null}
              {power !== null ? (
                <div class="reach">
                  action Strength {power}
                  {after !== null ? ` · slot → ${after}${eventNote(after) ? ` (${eventNote(after)})` : ""}` : ""}
                </div>
              ) : null}
              {s.tokens.length ? (
                <div class="disturbance" title="disturbance tokens">
                  {s.tokens.map((v, j) => (
                    <span key={j} class="dist">
                      {v}
                    </span>
                  ))}
                </div>
              ) : null}
              {s.cards.map((c, j) => (
                <div key={j} class="slot-card">
                  {splitCard(c)[0]}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </Panel>
  );
}

export function HandPanel(props: ActProps & { cat: Catalog; view: View; chosen: number | null; choose(card: number | null): void }) {
  const { cat, view, targets, chosen, choose } = props;
  return (
    <Panel title={`Your hand (${view.hand.length})`} class="ma-hand">
      {view.hand.length === 0 ? <p class="muted">No cards.</p> : null}
      <div class="hand">
        {view.hand.map((c) => {
          const playable = targets.plays.has(c.id);
          const [title, body] = splitCard(c.text);
          const def = cat.cards[c.id];
          return (
            <button
              type="button"
              key={c.id}
              class={`ma-card${playable ? " playable" : ""}${chosen === c.id ? " chosen" : ""}`}
              data-card={c.id}
              disabled={!playable}
              onClick={() => choose(chosen === c.id ? null : c.id)}
              title={playable ? "choose this card, then a lit slot" : c.text}
            >
              <span class="card-who">{c.character}</span>
              <span class="card-title">{title}</span>
              {def?.bonus ? <span class="card-bonus">bonus: {def.bonus}</span> : null}
              {body ? <span class="card-body">{body}</span> : null}
            </button>
          );
        })}
      </div>
      {chosen !== null && targets.plays.has(chosen) ? <p class="hint">Now click a lit slot to play it there.</p> : null}
    </Panel>
  );
}

export function CharactersPanel(props: { view: View }) {
  const { view } = props;
  return (
    <Panel title="Characters" class="ma-chars">
      {view.characters.map((ch) => (
        <div key={ch.id} class="char-row">
          <strong>{ch.name}</strong>
          <span class="health-bar" title={`${ch.damage} damage of ${ch.health}`}>
            {Array.from({ length: ch.health }, (_, i) => (
              <span key={i} class={i < ch.damage ? "hurt" : "ok"} />
            ))}
          </span>
          <span class="muted">
            {ch.damage}/{ch.health} damage
          </span>
          {ch.carries_child ? <span class="tag child-tag">carries the Child</span> : null}
          {ch.kept.length ? <div class="kept">Kept: {ch.kept.join(", ")}</div> : null}
        </div>
      ))}
      {view.taunt ? <p class="warn">Enemies move toward {view.taunt} (taunt).</p> : null}
    </Panel>
  );
}

export function ThreatsPanel(props: { view: View }) {
  const { view } = props;
  const up = view.threats.filter((t) => t.identity !== null);
  const down = view.threats.length - up.length;
  return (
    <Panel title="Threats" class="ma-threats">
      {up.map((t) => {
        const h = enemyHealth(t.identity);
        return (
          <div key={t.token} class="threat-row">
            <strong>{threatName(t.identity)}</strong> <span class="muted">{t.identity?.slice((threatName(t.identity) ?? "").length)}</span>
            {h !== null ? (
              <span class="enemy-health">
                {" "}
                {t.damage}/{h} damage
              </span>
            ) : null}
            {!t.face_up ? <span class="tag">looked at secretly</span> : null}
            {t.carries_child ? <span class="tag child-tag">carries the Child</span> : null}
          </div>
        );
      })}
      <p class="muted">
        {down} face down · {view.reinforcement_pile} reinforcements left
        {view.defeated.length ? ` · defeated: ${view.defeated.join(", ")}` : ""}
      </p>
      <p>The Child: {view.child}</p>
    </Panel>
  );
}

export function TracksPanel(props: { mission: MissionEntry; view: View }) {
  const { mission, view } = props;
  const max = Number(/crisis track holds (\d+)/.exec(mission.failures)?.[1] ?? 10);
  return (
    <Panel title="Tracks" class="ma-tracks">
      <div class="track" title={`crisis track: ${view.track} damage; ${mission.failures}`}>
        <span>Crisis</span>
        {Array.from({ length: max }, (_, i) => (
          <span key={i} class={`box${i < view.track ? " filled" : ""}`} />
        ))}
        <span>
          {view.track}/{max}
        </span>
      </div>
      <p>
        Event deck: {view.event_deck}
        {view.event_top_back ? ` (next: ${view.event_top_back})` : ""}
        {view.event_discard.length ? ` · last: ${view.event_discard[view.event_discard.length - 1]}` : ""}
      </p>
      <p>
        Planning deck: {view.planning_deck} · disturbance pool: {view.disturbance_pool}
        {view.collected ? ` · collected: ${view.collected}` : ""}
      </p>
      {view.plan_drawn.length ? <p>Drawn: {view.plan_drawn.join(" · ")}</p> : null}
      <p class="hands">
        {view.hand_sizes.map((n, seat) => `player ${seat + 1}: ${n} in hand, ${view.ability_discards[seat]?.length ?? 0} discarded`).join(" · ")}
      </p>
      <details>
        <summary>Crisis and mission effect</summary>
        <p>Crisis: {mission.crisis}</p>
        {mission.mission_effect ? <p>Mission effect: {mission.mission_effect}</p> : null}
        {mission.map_rules ? <p>Map: {mission.map_rules}</p> : null}
      </details>
    </Panel>
  );
}
