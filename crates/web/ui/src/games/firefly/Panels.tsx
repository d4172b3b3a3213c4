// The Firefly table's panels: the decision at hand (the card being resolved with its dice, the
// cards being considered, a trade), your ship, your jobs, the story, the other captains.

import type { ComponentChildren } from "preact";
import { paragraphs } from "./cardtext";
import { captain, crewName, crewSkills, driveCore, holdUse, money, nextStops, plan, planText, seatColour, setup } from "./logic";
import { HIDDEN, phaseOf, type Bundle, type Catalog, type Entry, type Offer, type PlayerView, type Resolving, type View } from "./types";

const ITEM_NAMES = ["Cargo", "Contraband", "Fuel", "Parts", "Passengers", "Fugitives"];

export function Panel(props: { title: ComponentChildren; class?: string; children: ComponentChildren }) {
  return (
    <section class={`panel ${props.class ?? ""}`}>
      <h3>{props.title}</h3>
      {props.children}
    </section>
  );
}

/** A card's text: its title line, then its paragraphs nested as the card nests them. */
export function CardBody(props: { text: string }) {
  return (
    <>
      {paragraphs(props.text).map((p, i) => (
        <span key={i} class={i === 0 ? "card-title" : "card-para"} style={{ marginLeft: `${p.indent / 2}em` }}>
          {p.text}
        </span>
      ))}
    </>
  );
}

export function CardText(props: { entry: Entry | undefined; class?: string }) {
  if (!props.entry) return null;
  return (
    <div class={`card ${props.class ?? ""}`} data-kind={props.entry.kind}>
      <CardBody text={props.entry.text} />
    </div>
  );
}

function contactName(cat: Catalog, c: string): string {
  return cat.contacts.find((x) => x.contact === c)?.name ?? c;
}

function marketName(cat: Catalog, market: unknown): string {
  const m = market as Record<string, unknown>;
  if (m && "Contact" in m) return contactName(cat, String(m.Contact));
  if (m && "Supply" in m) return `${cat.supply_decks[Number(m.Supply)]?.name ?? "the"} Supply`;
  return "";
}

/** One sentence for what is being decided. */
export function decisionTitle(cat: Catalog, view: View, me: number | null): string {
  const { name, data } = phaseOf(view.phase);
  const mine = view.actor !== null && view.actor === me;
  const who = view.actor === null ? "" : mine ? "you" : captain(view.actor);
  switch (name) {
    case "ChooseLeader":
      return mine ? "Set-up: choose your Leader" : `Set-up: ${who} chooses a Leader`;
    case "ChooseShip":
      return mine ? "Set-up: choose your ship" : `Set-up: ${who} chooses a ship`;
    case "PlaceShip":
      return mine ? "Set-up: place your ship (click a lit sector)" : `Set-up: ${who} places their ship`;
    case "StartingJobs":
      return mine ? "Set-up: discard starting jobs down to 3" : `Set-up: ${who} discards starting jobs`;
    case "Actions": {
      const used = (["fly", "buy", "deal", "work"] as const).filter((k) => view.turn[k]);
      const whose = mine ? "Your turn" : `${who}'s turn`;
      return `${whose}: ${view.turn.taken} of 2 actions taken${used.length ? ` (${used.join(", ")})` : ""}`;
    }
    case "FullBurn":
      return `Full Burn: ${data.entered} of ${data.range} sectors entered. Go on (click a lit sector) or stop`;
    case "Mosey":
      return `Mosey: choose the sector (${data.moved} of ${data.range} moved)`;
    case "Considering":
      return `Considering cards from ${marketName(cat, data.market)}: ${(data.considered as unknown[]).length} of up to ${data.max}`;
    case "Purchasing":
      return `Buying from ${cat.supply_decks[Number(data.deck)]?.name ?? ""} Supply: ${data.bought} of up to ${data.max} bought`;
    case "BuyingGoods":
      return "Buying Fuel and Parts";
    case "Accepting":
      return `Dealing with ${contactName(cat, String(data.contact))}: accept up to 2 jobs (${data.accepted} so far)`;
    case "Selling":
      return `Selling to ${contactName(cat, String(data.contact))}`;
    case "DiscardJobs":
      return "Too many cards in hand: discard down to the limit";
    case "ChooseCrew":
      return `Choose the crew who go on the job (${popcount(Number(data.on_job))} chosen)`;
    case "AttachChallenge":
      return `Starting ${cat.jobs[Number(data.job)]?.name ?? "a job"}: attach a Big Damn Challenge, or none`;
    case "PayCuts":
      return `Pay each crew member's Cut for ${cat.jobs[Number(data.job)]?.name ?? "the job"}`;
    case "Resolving":
      return "Resolving a card";
    case "Trading":
      return "Building a trade offer";
    case "TradeAnswer":
      return mine ? "A trade offer for you: accept or refuse" : `A trade offer for ${who}`;
    case "TradeWindow":
      return Number(data.seat) === me
        ? "Trade window: you may offer a trade to a ship in your sector"
        : `Trade window: ${captain(Number(data.seat))} may offer a trade`;
    case "Showdown": {
      const stage = String(data.stage);
      const text: Record<string, string> = {
        AttackerSkill: "the Attacker chooses a skill",
        DefenderSkill: "the Defender may re-assign gear, then chooses a skill",
        AttackerRolled: "the Attacker may re-roll, or keep the dice",
        DefenderRolled: "the Defender may re-roll, or keep the dice",
        JumpWon: "the Bounty Jump is won: take the fugitives or free them",
      };
      return `Showdown: ${text[stage] ?? stage}`;
    }
    case "Plunder": {
      const target = captain(Number(data.target));
      if (data.done) return "Piracy: discard down to the hand limit";
      const taken = (data.goods as number[]).reduce((a, b) => a + b, 0) + Number(data.jobs);
      return taken === 0
        ? `Aboard ${target}'s ship: make room, then steal`
        : `Aboard ${target}'s ship: ${taken} taken; steal more, or Done`;
    }
    case "Over":
      return "The game is over";
    default:
      return name;
  }
}

function popcount(n: number): number {
  let c = 0;
  for (let x = n; x; x &= x - 1) c++;
  return c;
}

/** The card a resolution is about, and a title for it. */
export function resolvingCard(cat: Catalog, view: View, r: Resolving): { title: string; entry?: Entry; note?: string } {
  const o = r.origin;
  if (o === "Boarding") return { title: "Boarding Test", note: "Board the rival ship: Tech or Negotiate, 6 or more." };
  if ("ShowdownLost" in o) return { title: "Showdown lost", entry: cat.bounties?.[o.ShowdownLost.bounty] };
  if ("PiracyLost" in o) return { title: "Showdown lost", entry: cat.jobs[o.PiracyLost.job] };
  if ("Rule" in o) return { title: "Job rule", entry: cat.jobs[o.Rule.job] };
  if ("Alerts" in o) return { title: "Alert tokens", note: "A die for each kind of Alert token in the sector." };
  if ("Card" in o) return { title: "Card used", entry: cat.supply[o.Card] };
  if ("Offer" in o) return { title: "Your card may be used now", entry: cat.supply[o.Offer] };
  if ("Nav" in o) {
    const deck = cat.nav[o.Nav]?.deck ?? "";
    return { title: `${deck.charAt(0).toUpperCase()}${deck.slice(1)} Nav card`, entry: cat.nav[o.Nav] };
  }
  if ("Event" in o) return { title: "Event", entry: cat.events[o.Event] };
  if ("Misbehave" in o) return { title: "Misbehave", entry: cat.misbehave[o.Misbehave] };
  if ("JobStep" in o) return { title: `Job, step ${o.JobStep.step + 1}`, entry: cat.jobs[o.JobStep.job] };
  if ("Goal" in o) {
    const story = cat.stories.find((s) => s.name === view.story);
    const g = story?.goals[o.Goal];
    return { title: `Story goal ${o.Goal + 1}`, entry: g ? { id: "", name: g.name, kind: "goal", text: g.text } : undefined };
  }
  const job = cat.jobs[o.Opportunity.job];
  return {
    title: "Opportunity Bonus",
    entry: job ? { id: job.id, name: job.name, kind: "opportunity", text: job.opportunities[o.Opportunity.index] ?? "" } : undefined,
  };
}

const SKILL = { fight: "Fight", tech: "Tech", negotiate: "Negotiate" } as const;

function pendingText(p: unknown): string | null {
  if (p === null || p === undefined) return null;
  if (typeof p === "string") {
    return { Evade: "Evade: choose the adjacent sector to move into", TakeUpgrade: "take a Ship Upgrade from a discard pile", SplitCrew: "split the crew into teams" }[p] ?? p;
  }
  const [k] = Object.keys(p as object);
  const d = (p as Record<string, Record<string, unknown>>)[k] ?? {};
  switch (k) {
    case "Kill":
      return `choose ${d.left} crew member(s) to be Killed`;
    case "LoadUpTo":
      return `load up to ${d.max} ${String(d.item)}`;
    case "LoadGoods":
      return `load ${d.left} Goods of your choice`;
    case "DiscardUpgrade":
      return `discard ${d.left} Ship Upgrade(s)`;
    case "MoveCruiser":
      return `${captain(Number(d.mover))} moves the Alliance Cruiser`;
    case "MoveCutter":
      return `${captain(Number(d.mover))} moves a Reaver Cutter`;
    case "Trade":
      return `a trader sells Fuel at ${money(Number(d.fuel))}, Parts at ${money(Number(d.parts))}, Contraband at ${money(Number(d.contraband))}`;
    case "Exemption":
      return "you may ignore this card";
    case "Warrant":
      return "a Warrant is being issued: discard your Fan Dancer to ignore it, or not";
    case "LoseSolid":
      return `Solid with ${String(d.contact)} is being lost: discard Roberta instead, or not`;
    case "EvadeArrival":
      return "a ship entered your sector: roll your Xunsu Whisper X1 to Evade (3–6), or not";
    default:
      return k;
  }
}

function Die(props: { face: number }) {
  return (
    <span class={`die face-${props.face}`} aria-label={`a ${props.face}`}>
      {props.face}
    </span>
  );
}

/** The dice rolled and every term of the total. */
export function Dice(props: { r: Resolving }) {
  const { r } = props;
  const t = r.test;
  if (r.faces.length === 0 && !t) return null;
  const terms: string[] = [];
  if (t) terms.push(`${t.points} ${SKILL[t.skill]} (crew and gear)`);
  if (r.bribe > 0) terms.push(`${r.bribe} from ${money(r.bribe * 100)} in bribes`);
  if (t && t.modifier !== 0) terms.push(`${t.modifier > 0 ? "" : "−"}${Math.abs(t.modifier)} from the card's modifiers`);
  if (r.after_roll_bonus !== 0) terms.push(`${r.after_roll_bonus} from gear discarded`);
  if (r.lent !== 0) terms.push(`${r.lent} lent by a crew member (Mal's Brown Coat)`);
  return (
    <div class="dice">
      {r.faces.length > 0 ? (
        <span class="faces">
          {r.faces.map((f, i) => (
            <Die key={i} face={f} />
          ))}
        </span>
      ) : (
        <span class="faces not-rolled">not rolled yet</span>
      )}
      <span class="terms">
        {r.faces.length > 0 ? ` ${r.dice} rolled` : ""}
        {terms.map((x) => ` + ${x}`).join("")}
        {t?.total !== null && t?.total !== undefined ? (
          <>
            {" = "}
            <strong class="total">{t.total}</strong>
          </>
        ) : null}
        {r.rerolled ? " (re-rolled)" : ""}
      </span>
    </div>
  );
}

export function ResolvingPanel(props: { cat: Catalog; view: View }) {
  const stack = props.view.resolving ?? [];
  if (stack.length === 0) return null;
  return (
    <>
      {stack
        .slice()
        .reverse()
        .map((r, i) => {
          const c = resolvingCard(props.cat, props.view, r);
          const chosen = optionName(props.cat, r);
          const pending = pendingText(r.pending);
          return (
            <div class={`resolving${i > 0 ? " underneath" : ""}`} key={i}>
              <div class="resolving-head">
                <span class="tag">{c.title}</span> <strong>{c.entry?.name ?? ""}</strong> <span class="who">for {captain(r.seat)}</span>
                {i > 0 ? <span class="tag">interrupted</span> : null}
              </div>
              {c.note ? <p>{c.note}</p> : null}
              <CardText entry={c.entry} />
              {chosen ? <p class="chosen">Chosen: {chosen}</p> : null}
              <Dice r={r} />
              {r.ending ? <p class="ending">Ends: {r.ending.replace(/([a-z])([A-Z])/g, "$1 $2")}</p> : null}
              {pending ? <p class="pending">Now: {pending}</p> : null}
            </div>
          );
        })}
    </>
  );
}

function optionName(cat: Catalog, r: Resolving): string | null {
  const o = r.origin;
  if (r.chosen === null || typeof o === "string" || "Rule" in o || "Offer" in o) return null;
  let options: { name: string }[] | undefined;
  if ("Nav" in o) options = cat.nav[o.Nav]?.options;
  else if ("Event" in o) options = cat.events[o.Event]?.options;
  else if ("Misbehave" in o) options = cat.misbehave[o.Misbehave]?.options;
  return options?.[r.chosen]?.name ?? `option ${r.chosen + 1}`;
}

/** The cards in a hand being considered, bought from or accepted from. */
export function ConsideredPanel(props: { cat: Catalog; view: View; inButtons: ReadonlySet<number> }) {
  const { name, data } = phaseOf(props.view.phase);
  if (name !== "Considering" && name !== "Purchasing" && name !== "Accepting") return null;
  const ids = (data.considered as number[]) ?? [];
  const jobs = name === "Accepting" || (name === "Considering" && (data.market as Record<string, unknown>)?.Contact !== undefined);
  return (
    <div class="considered">
      <h4>Being considered</h4>
      {ids.length === 0 ? <p class="muted">No card yet.</p> : null}
      <div class="card-row">
        {ids.map((id, i) => {
          const entry = jobs ? props.cat.jobs[id] : props.cat.supply[id];
          if (id === HIDDEN)
            return (
              <div key={i} class="card face-down">
                face down
              </div>
            );
          // A card some action takes is shown in that action's button below.
          if (props.inButtons.has(id))
            return (
              <span key={i} class="chip">
                {entry?.name} ↓
              </span>
            );
          return <CardText key={i} entry={entry} />;
        })}
      </div>
    </div>
  );
}

function bundleText(cat: Catalog, b: Bundle): string {
  const parts: string[] = [];
  if (b.money) parts.push(money(b.money));
  b.goods.forEach((n, i) => n > 0 && parts.push(`${n} ${ITEM_NAMES[i]}`));
  b.cards.forEach((c) => parts.push(cat.supply[c]?.name ?? "a card"));
  return parts.length ? parts.join(", ") : "nothing";
}

export function TradePanel(props: { cat: Catalog; view: View }) {
  const { name, data } = phaseOf(props.view.phase);
  if (name !== "Trading" && name !== "TradeAnswer") return null;
  const o = data as unknown as Offer;
  return (
    <div class="trade">
      <h4>
        Trade: {captain(o.from)} → {captain(o.to)}
        {o.window ? " (trade window)" : ""}
      </h4>
      <p>
        <span class="swatch" style={{ background: seatColour(o.from) }} /> {captain(o.from)} gives: <strong>{bundleText(props.cat, o.give)}</strong>
      </p>
      <p>
        <span class="swatch" style={{ background: seatColour(o.to) }} /> {captain(o.to)} gives: <strong>{bundleText(props.cat, o.ask)}</strong>
      </p>
      <p class="muted">{name === "TradeAnswer" ? `${captain(o.to)} accepts or refuses.` : `${captain(o.from)} adds to the offer, then proposes it.`}</p>
    </div>
  );
}

function Stat(props: { label: string; value: ComponentChildren; warn?: boolean }) {
  return (
    <span class={`stat${props.warn ? " warn" : ""}`}>
      <span class="stat-label">{props.label}</span> <span class="stat-value">{props.value}</span>
    </span>
  );
}

export function ShipPanel(props: { cat: Catalog; view: View; p: PlayerView; title: string }) {
  const { cat, p } = props;
  const chosen = setup(props.view, p);
  const ship = chosen.ship && p.ship !== null ? cat.ships[p.ship] : undefined;
  const core = chosen.ship ? driveCore(cat, p) : null;
  const hold = holdUse(cat, p);
  return (
    <Panel title={props.title} class="ship-panel">
      <div class="ship-head">
        <span class="swatch" style={{ background: seatColour(p.seat) }} />
        <strong>{ship?.name ?? "no ship yet"}</strong>
        {core ? (
          <span class="muted">
            {" "}
            · {core.name}: range {core.range}, {core.fuelPerBurn} Fuel per Full Burn
          </span>
        ) : null}
        {p.outlaw ? <span class="tag warn">Outlaw Ship</span> : null}
      </div>
      <div class="stats">
        <Stat label="Money" value={money(p.money)} />
        <Stat label="Fuel" value={p.items[2]} warn={p.items[2] === 0} />
        <Stat label="Parts" value={p.items[3]} />
        <Stat label="Cargo" value={p.items[0]} />
        <Stat label="Contraband" value={p.items[1]} />
        <Stat label="Passengers" value={p.items[4]} />
        <Stat label="Fugitives" value={p.items[5]} />
        <Stat label="Hold + Stash" value={`${hold.used} / ${hold.room}`} />
        <Stat label="Warrants" value={p.warrants} warn={p.warrants > 0} />
        <Stat label="Goals" value={p.goals} />
      </div>
      {p.solid.length > 0 ? <p>Solid with {p.solid.map((c) => contactName(cat, c)).join(", ")}.</p> : <p class="muted">Solid with no Contact yet.</p>}
      <h4>
        Crew {p.crew.length}
        {ship ? ` / ${ship.max_crew}` : ""}
      </h4>
      <ul class="crew">
        {p.crew.map((m, i) => {
          const def = cat.crew[m.def];
          const sk = crewSkills(cat, m.def, m.gear);
          return (
            <li key={i} title={def?.text}>
              <span class="crew-name">
                {crewName(cat, m.card)}
                {"Leader" in m.card ? <span class="tag">Leader</span> : null}
                {m.disgruntled ? <span class="tag warn">Disgruntled</span> : null}
                {m.wanted_token || def?.wanted ? <span class="tag warn">Wanted</span> : null}
              </span>
              <span class="skills" aria-label="Fight, Tech, Negotiate">
                <span class="sk fight">⚔ {sk.fight}</span> <span class="sk tech">⚙ {sk.tech}</span> <span class="sk negotiate">☎ {sk.negotiate}</span>
              </span>
              <span class="muted">
                {[def?.professions.join(", "), def?.keywords.join(", ")].filter(Boolean).join(" · ")}
                {m.gear.length > 0 ? ` · Gear: ${m.gear.map((g) => cat.supply[g]?.name ?? "?").join(", ")}` : ""}
              </span>
            </li>
          );
        })}
      </ul>
      {p.spare_gear.length > 0 ? <p>Gear set aside: {p.spare_gear.map((g) => cat.supply[g]?.name).join(", ")}</p> : null}
      {p.upgrades.length > 0 || ship ? (
        <p>
          Ship Upgrades ({p.upgrades.length}
          {ship ? ` / ${ship.upgrade_slots}` : ""}): {p.upgrades.length > 0 ? p.upgrades.map((u) => cat.supply[u]?.name).join(", ") : "none"}
        </p>
      ) : null}
    </Panel>
  );
}

export function JobsPanel(props: { cat: Catalog; p: PlayerView; letters: Map<number, string> }) {
  const { cat, p } = props;
  const core = driveCore(cat, p);
  const stops = new Map(nextStops(cat, p).map((s) => [s.job, s]));
  const job = (id: number, active: boolean, stepsDone: number) => {
    const j = cat.jobs[id];
    if (!j) return null;
    const stop = stops.get(id);
    const route = stop && p.sector !== null ? plan(cat, p.sector, stop.sector, core) : null;
    return (
      <div class={`job-card${active ? " active" : ""}`} key={`${active}-${id}`}>
        <div class="job-head">
          <span class="job-letter">{props.letters.get(id)}</span> <strong>{j.name}</strong>
          <span class="muted"> · {j.contact ? contactName(cat, j.contact) : "Story"}</span>
          {j.illegal ? <span class="tag warn">Illegal</span> : <span class="tag">Legal</span>}
          {j.pay !== null ? <span class="pay">{money(j.pay)}</span> : null}
        </div>
        <ol class="steps">
          {j.steps.map((s, i) => (
            <li key={i} class={active && i < stepsDone ? "done" : active && i === stepsDone ? "next" : ""}>
              {s.kind === "pick-up" ? "Pick-up" : s.kind === "drop-off" ? "Drop-off" : "Target"} at {cat.sectors[s.sector]?.name}
            </li>
          ))}
        </ol>
        {route ? <p class="route-text">Next stop: {planText(route)}</p> : null}
        <details>
          <summary>Card text</summary>
          <div class="card" data-kind="job">
            <CardBody text={j.text} />
          </div>
        </details>
      </div>
    );
  };
  return (
    <Panel title="Your jobs" class="jobs-panel">
      {p.active.length === 0 && (p.hand ?? []).length === 0 ? <p class="muted">No jobs.</p> : null}
      {p.active.length > 0 ? <h4>Active</h4> : null}
      {p.active.map((a) => job(a.job, true, a.steps_done))}
      {(p.hand ?? []).length > 0 ? <h4>In hand (inactive)</h4> : null}
      {(p.hand ?? []).map((j) => job(j, false, 0))}
      {p.completed.length > 0 ? <p class="muted">Completed: {p.completed.map((j) => cat.jobs[j]?.name).join(", ")}</p> : null}
    </Panel>
  );
}

export function StoryPanel(props: { cat: Catalog; view: View }) {
  const story = props.cat.stories.find((s) => s.name === props.view.story);
  if (!story) return <Panel title="Story">{props.view.story}</Panel>;
  return (
    <Panel title={`Story: ${story.name}`} class="story-panel">
      <LastCall view={props.view} />
      <ol class="goals">
        {story.goals.map((g, i) => (
          <li key={i}>
            <strong>{g.name}</strong>
            {g.sector !== null ? <span class="muted"> at {props.cat.sectors[g.sector]?.name}</span> : null}
            <span class="goal-progress">
              {props.view.players.map((p) => (
                <span
                  key={p.seat}
                  class={`pip${p.goals > i ? " done" : ""}`}
                  style={{ borderColor: seatColour(p.seat), background: p.goals > i ? seatColour(p.seat) : "transparent" }}
                  title={`${captain(p.seat)}: ${p.goals > i ? "done" : "not yet"}`}
                />
              ))}
            </span>
          </li>
        ))}
      </ol>
      <details>
        <summary>The Story Card</summary>
        <div class="card" data-kind="story">
          <CardBody text={story.text} />
        </div>
      </details>
    </Panel>
  );
}

/** Last Call (FF-WIN): who called it and who still has a turn. */
function LastCall(props: { view: View }) {
  const lc = props.view.last_call;
  if (!lc) return null;
  const me = props.view.seat;
  const who = (s: number) => (s === me ? "you" : captain(s));
  const rest = lc.still_to_play;
  return (
    <p class="last-call" role="status">
      <strong>Last Call!</strong> {lc.declarer === me ? "You" : captain(lc.declarer)} called it.{" "}
      {rest.length === 0
        ? "The last turns are over."
        : `Still to play: ${rest.map(who).join(", ")}.`}
    </p>
  );
}

export function RivalsPanel(props: { cat: Catalog; view: View; me: number | null }) {
  const { cat, view } = props;
  const others = view.players.filter((p) => p.seat !== props.me);
  const chosen = (p: PlayerView) => setup(view, p);
  if (others.length === 0) return null;
  return (
    <Panel title={props.me === null ? "Captains" : "Other captains"} class="rivals">
      {others.map((p) => (
        <div class={`rival${view.current === p.seat ? " current" : ""}`} key={p.seat}>
          <div>
            <span class="swatch" style={{ background: seatColour(p.seat) }} /> <strong>{captain(p.seat)}</strong>
            {chosen(p).leader && p.leader !== null ? ` · ${cat.crew[p.leader]?.name ?? ""}` : ""}
            {chosen(p).ship && p.ship !== null ? ` · ${cat.ships[p.ship]?.name ?? ""}` : ""}
            {view.current === p.seat ? <span class="tag">their turn</span> : null}
            {p.outlaw ? <span class="tag warn">Outlaw</span> : null}
          </div>
          <div class="stats small">
            <Stat label="at" value={chosen(p).placed && p.sector !== null ? cat.sectors[p.sector]?.name : "not placed yet"} />
            <Stat label="" value={money(p.money)} />
            <Stat label="Fuel" value={p.items[2]} />
            <Stat label="Crew" value={p.crew.length} />
            <Stat label="Jobs" value={`${p.active.length} active, ${p.hand_size} in hand`} />
            <Stat label="Warrants" value={p.warrants} warn={p.warrants > 0} />
            <Stat label="Goals" value={p.goals} />
          </div>
          {p.solid.length > 0 ? <div class="muted small">Solid: {p.solid.map((c) => contactName(cat, c)).join(", ")}</div> : null}
        </div>
      ))}
    </Panel>
  );
}

/** Pirates & Bounty Hunters (FF-PBH-1, -10): the 'Verse's Most Wanted and who holds whom. */
export function BountiesPanel(props: { cat: Catalog; view: View }) {
  const { cat, view } = props;
  const b = view.bounties;
  if (!b) return null;
  const card = (i: number) => cat.bounties?.[i];
  const drop = (i: number) => {
    const d = card(i)?.drop_off;
    return d === null || d === undefined ? "the Alliance Cruiser" : cat.sectors[d]?.name ?? "";
  };
  return (
    <Panel title="Most Wanted" class="bounties-panel">
      <ul class="most-wanted">
        {b.most_wanted.map((i) => (
          <li key={i} title={card(i)?.text}>
            <strong>{card(i)?.cortex_alert ? `Cortex Alert: ${card(i)?.name}` : card(i)?.name}</strong>{" "}
            {money(card(i)?.pay ?? 0)} · deliver to {drop(i)}
            {card(i)?.immoral ? <span class="tag warn">Immoral</span> : null}
          </li>
        ))}
      </ul>
      <p class="muted small">{b.deck_left} Bounty cards left in the deck.</p>
      {b.bound.length > 0 ? <h4>Bound by Law</h4> : null}
      <ul class="bound">
        {b.bound.map((x) => (
          <li key={x.fugitive}>
            <span class="swatch" style={{ background: seatColour(x.seat) }} /> {captain(x.seat)} holds{" "}
            {cat.supply[x.fugitive]?.name} ({card(x.bounty)?.name}, to {drop(x.bounty)})
          </li>
        ))}
      </ul>
    </Panel>
  );
}
