// Every legal action as a button with its key, grouped; nothing else on the page acts.

import type { ComponentChildren } from "preact";
import type { LegalAction } from "./protocol";

export interface ActionDecoration {
  /** A card the action is about, shown inside the button (a Leader, a job, a Supply card). */
  card?: { name: string; text: string };
  /** How to show the card's text (default: as it is). */
  body?: ComponentChildren;
  /** Something the game shows while the button is pointed at or focused (a job's route). */
  focus?: unknown;
}

export interface ActionListProps {
  legal: readonly LegalAction[];
  order: readonly number[];
  keys: readonly (string | null)[];
  group(l: LegalAction): string;
  act(index: number): void;
  /** Waiting for the server's answer to an action: buttons are disabled. */
  busy: boolean;
  decorate?(l: LegalAction): ActionDecoration;
  /** Legal indices to leave out here because the game shows them elsewhere as buttons. */
  elsewhere?: ReadonlySet<number>;
  empty?: ComponentChildren;
  /** Told what a pointed-at or focused button's decoration asks to show (null when it leaves). */
  onFocus?(focus: unknown): void;
}

export function ActionButton(props: {
  l: LegalAction;
  index: number;
  k: string | null;
  act(index: number): void;
  busy: boolean;
  deco?: ActionDecoration | undefined;
  className?: string;
  onFocus?(focus: unknown): void;
}) {
  const { l, index, k, act, busy, deco, onFocus } = props;
  const hint = onFocus && deco?.focus !== undefined ? () => onFocus(deco.focus) : undefined;
  const unhint = hint ? () => onFocus?.(null) : undefined;
  const cls = ["act", deco?.card ? "act-card" : "", props.className ?? ""].filter(Boolean).join(" ");
  return (
    <button
      type="button"
      class={cls}
      disabled={busy}
      data-action={l.action.a}
      data-key={k ?? undefined}
      onClick={() => act(index)}
      onMouseEnter={hint}
      onMouseLeave={unhint}
      onFocus={hint}
      onBlur={unhint}
      title={k ? `${l.text} (key ${k})` : l.text}
    >
      {k ? <kbd>{k}</kbd> : null}
      <span class="act-text">{l.text}</span>
      {deco?.card ? <span class="card-text">{deco.body ?? deco.card.text}</span> : null}
    </button>
  );
}

export function ActionList(props: ActionListProps) {
  const { legal, order, keys, group, act, busy, decorate, elsewhere } = props;
  const shown = order.filter((i) => !elsewhere?.has(i));
  if (shown.length === 0) return <div class="actions-empty">{props.empty ?? null}</div>;
  const sections: { name: string; items: number[] }[] = [];
  for (const i of shown) {
    const g = group(legal[i]);
    const last = sections[sections.length - 1];
    if (last && last.name === g) last.items.push(i);
    else sections.push({ name: g, items: [i] });
  }
  return (
    <div class="actions">
      {sections.map((s) => (
        <section class="action-group" key={s.name}>
          <h4>{s.name}</h4>
          <div class={`action-buttons${s.items.length > 12 ? " long" : ""}`}>
            {s.items.map((i) => (
              <ActionButton key={i} l={legal[i]} index={i} k={keys[i]} act={act} busy={busy} deco={decorate?.(legal[i])} onFocus={props.onFocus} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
