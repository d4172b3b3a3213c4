// The lobby: create a table (game, options, who sits where), the tables waiting or in progress
// on this server, joining by an invite link, spectating.

import { useEffect, useState } from "preact/hooks";
import type { LobbyEntry } from "../shell/protocol";
import { replayLink, tableLink } from "../router";
import {
  api,
  charactersNeeded,
  fireflyOptions,
  linkPath,
  mandalorianOptions,
  myTables,
  readTableFile,
  rememberTable,
  resizeSeats,
  storyNeeds,
  botLabel,
  DEFAULT_BOT,
  type Choices,
  type Created,
  type FireflyChoices,
  type MandalorianChoices,
  type SeatRequest,
} from "./api";

const GAME_NAMES: Record<string, string> = { firefly: "Firefly", mandalorian: "The Mandalorian Adventures" };

function SeatRow(props: { index: number; seat: SeatRequest; bots: string[]; name: string; onChange(s: SeatRequest): void }) {
  const { seat } = props;
  const value = seat.kind === "bot" ? `bot:${seat.bot ?? DEFAULT_BOT}` : seat.kind;
  return (
    <label class="seat-row">
      <span>{props.name}</span>
      <select
        value={value}
        onChange={(e) => {
          const v = (e.currentTarget as HTMLSelectElement).value;
          props.onChange(v.startsWith("bot:") ? { kind: "bot", bot: v.slice(4) } : { kind: v as "you" | "invite" });
        }}
      >
        <option value="you">you (this browser)</option>
        <option value="invite">a friend (invite link)</option>
        {props.bots.map((b) => (
          <option key={b} value={`bot:${b}`}>
            {botLabel(b)}
          </option>
        ))}
      </select>
    </label>
  );
}

function FireflyForm(props: { c: FireflyChoices; seats: SeatRequest[]; setSeats(s: SeatRequest[]): void; setOptions(o: Record<string, unknown>): void }) {
  const { c } = props;
  const [story, setStory] = useState(c.stories[0]?.id ?? "");
  const [firstGame, setFirstGame] = useState(false);
  const [expansions, setExpansions] = useState<string[]>([]);
  const [setupCard, setSetupCard] = useState("");
  const st = c.stories.find((s) => s.id === story);
  const min = Math.max(c.seats.min, st?.players.min ?? 1);
  const max = Math.min(c.seats.max, st?.players.max ?? 5);
  const n = Math.min(max, Math.max(min, props.seats.length));
  // An expansion's story is played with the expansions it needs; a Set Up card only with its own.
  const needed = storyNeeds(st);
  const playing = [...expansions, ...needed.filter((x) => !expansions.includes(x))];
  const cards = (c.setup_cards ?? []).filter((x) => !x.expansion || playing.includes(x.expansion));
  const card = cards.some((x) => x.id === setupCard) ? setupCard : "";
  useEffect(() => {
    if (n !== props.seats.length) props.setSeats(resizeSeats(props.seats, n));
    props.setOptions(fireflyOptions(story, firstGame, playing, card));
  }, [story, firstGame, n, playing.join(","), card]);
  return (
    <>
      <label>
        Story{" "}
        <select value={story} onChange={(e) => setStory((e.currentTarget as HTMLSelectElement).value)}>
          {c.stories.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name} ({s.players.min}–{s.players.max})
            </option>
          ))}
        </select>
      </label>
      {st?.premise ? <p class="muted">{st.premise}</p> : null}
      <label>
        Captains{" "}
        <input
          type="number"
          min={min}
          max={max}
          value={n}
          onInput={(e) => props.setSeats(resizeSeats(props.seats, Number((e.currentTarget as HTMLInputElement).value)))}
        />
      </label>
      <label class="check">
        <input type="checkbox" checked={firstGame} onChange={() => setFirstGame(!firstGame)} /> First-game variant
        {c.first_game ? <span class="muted"> ({c.first_game})</span> : null}
      </label>
      {(c.expansions ?? []).length > 0 ? (
        <fieldset>
          <legend>Expansions</legend>
          {(c.expansions ?? []).map((x) => (
            <label class="check" key={x.id}>
              <input
                type="checkbox"
                checked={playing.includes(x.id)}
                disabled={needed.includes(x.id)}
                onChange={() => setExpansions(expansions.includes(x.id) ? expansions.filter((y) => y !== x.id) : [...expansions, x.id])}
              />{" "}
              {x.name}
              {needed.includes(x.id) ? <span class="muted"> (the story needs it)</span> : null}
            </label>
          ))}
        </fieldset>
      ) : null}
      {cards.length > 0 ? (
        <label>
          Set Up card{" "}
          <select value={card} onChange={(e) => setSetupCard((e.currentTarget as HTMLSelectElement).value)}>
            <option value="">Standard set-up</option>
            {cards.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {card ? <pre class="muted card-text">{cards.find((x) => x.id === card)?.text}</pre> : null}
    </>
  );
}

function MandalorianForm(props: { c: MandalorianChoices; seats: SeatRequest[]; setSeats(s: SeatRequest[]): void; setOptions(o: Record<string, unknown>): void }) {
  const { c } = props;
  const [mission, setMission] = useState(c.missions[0]?.number ?? 1);
  const [difficulty, setDifficulty] = useState(c.difficulties[0] ?? "recruit");
  const [mode, setMode] = useState("standard");
  const [chars, setChars] = useState<string[]>([]);
  const m = c.missions.find((x) => x.number === mission);
  const need = charactersNeeded(props.seats.length === 1 ? "shared" : mode, props.seats.length);
  const pool = mode === "sandbox" ? c.characters.filter((x) => !x.locked).map((x) => x.id) : (m?.characters ?? []);
  useEffect(() => {
    const effectiveMode = props.seats.length === 1 ? "shared" : mode;
    props.setOptions(mandalorianOptions(mission, difficulty, effectiveMode, chars.length === need ? chars : []));
  }, [mission, difficulty, mode, chars, need]);
  const name = (id: string) => c.characters.find((x) => x.id === id)?.name ?? id;
  return (
    <>
      <label>
        Mission{" "}
        <select value={mission} onChange={(e) => setMission(Number((e.currentTarget as HTMLSelectElement).value))}>
          {c.missions.map((x) => (
            <option key={x.number} value={x.number}>
              {x.number}. {x.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Difficulty{" "}
        <select value={difficulty} onChange={(e) => setDifficulty((e.currentTarget as HTMLSelectElement).value)}>
          {c.difficulties.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </label>
      <label>
        Players{" "}
        <input
          type="number"
          min={c.seats.min}
          max={c.seats.max}
          value={props.seats.length}
          onInput={(e) => props.setSeats(resizeSeats(props.seats, Number((e.currentTarget as HTMLInputElement).value)))}
        />
      </label>
      <label>
        Mode{" "}
        <select value={props.seats.length === 1 ? "shared" : mode} disabled={props.seats.length === 1} onChange={(e) => setMode((e.currentTarget as HTMLSelectElement).value)}>
          {c.modes.map((d) => (
            <option key={d} value={d}>
              {d}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>
          Characters: choose {need}, or none for the mission's ({chars.length} chosen)
        </legend>
        {pool.map((id) => (
          <label class="check" key={id}>
            <input
              type="checkbox"
              checked={chars.includes(id)}
              onChange={() => setChars(chars.includes(id) ? chars.filter((x) => x !== id) : [...chars, id].slice(-need))}
            />{" "}
            {name(id)}
          </label>
        ))}
      </fieldset>
    </>
  );
}

export function Lobby(props: { go(url: string): void }) {
  const [game, setGame] = useState("firefly");
  const [choices, setChoices] = useState<Record<string, Choices>>({});
  const [seats, setSeats] = useState<SeatRequest[]>([{ kind: "you" }, { kind: "bot", bot: DEFAULT_BOT }]);
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [tables, setTables] = useState<LobbyEntry[] | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState("");

  useEffect(() => {
    if (choices[game]) return;
    api.choices(game).then((c) => setChoices((m) => ({ ...m, [game]: c })), (e) => setError(String(e)));
  }, [game]);
  const refresh = () => api.tables().then(setTables, (e) => setError(String(e)));
  useEffect(() => {
    refresh();
    const t = setInterval(refresh, 5000);
    return () => clearInterval(t);
  }, []);

  const c = choices[game];
  const bots = c?.bots ?? [DEFAULT_BOT];
  const seatName = (i: number) => (game === "firefly" ? `Captain ${i + 1}` : `Player ${i + 1}`);
  const create = async (e: Event) => {
    e.preventDefault();
    setError(null);
    try {
      started(await api.create({ game, options, seats }), `${GAME_NAMES[game] ?? game}`);
    } catch (err) {
      setError(String(err instanceof Error ? err.message : err));
    }
  };
  const started = (r: Created, what: string) => {
    setCreated(r);
    rememberTable({ table: r.table, token: r.you ?? null, summary: what, created: Date.now() });
    refresh();
  };
  // A table from a file: a save goes on where it stopped (its game and seat count come from the
  // file; the seats above say who sits where); a scenario starts the game chosen above.
  const fromFile = async (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    try {
      const f = readTableFile(await file.text());
      if (f.kind === "bad") throw new Error(`${file.name}: ${f.reason}`);
      if (f.kind === "save") {
        const s = resizeSeats(seats, f.seats);
        setSeats(s);
        started(await api.import({ save: f.save, seats: s }), `${GAME_NAMES[f.game] ?? f.game} (from ${file.name})`);
      } else {
        started(await api.import({ game, scenario: f.text, options, seats }), `${GAME_NAMES[game] ?? game} (scenario ${file.name})`);
      }
    } catch (err) {
      setError(String(err instanceof Error ? err.message : err));
    } finally {
      input.value = "";
    }
  };
  const mine = myTables();
  const origin = location.origin;
  const finished = (tables ?? []).filter((t) => t.status === "over").slice(0, 10);

  return (
    <div class="lobby">
      <header class="table-header">
        <span class="home">tabletop</span>
        <span class="summary">Rules-exact board games, in the browser</span>
      </header>
      {error ? (
        <div class="refused" role="alert">
          {error}
        </div>
      ) : null}
      <div class="lobby-grid">
        <section class="panel">
          <h3>New table</h3>
          <form onSubmit={create} class="new-table">
            <label>
              Game{" "}
              <select value={game} onChange={(e) => setGame((e.currentTarget as HTMLSelectElement).value)}>
                <option value="firefly">Firefly: The Game</option>
                <option value="mandalorian">The Mandalorian Adventures</option>
              </select>
            </label>
            {c?.game === "firefly" ? <FireflyForm key="ff" c={c} seats={seats} setSeats={setSeats} setOptions={setOptions} /> : null}
            {c?.game === "mandalorian" ? <MandalorianForm key="ma" c={c} seats={seats} setSeats={setSeats} setOptions={setOptions} /> : null}
            <fieldset>
              <legend>Seats</legend>
              {seats.map((s, i) => (
                <SeatRow key={i} index={i} seat={s} bots={bots} name={seatName(i)} onChange={(x) => setSeats(seats.map((y, j) => (j === i ? x : y)))} />
              ))}
            </fieldset>
            <button type="submit" class="primary" disabled={!c}>
              Create the table
            </button>
          </form>
          <label class="from-file">
            Or start from a file: a save (goes on where it stopped) or a scenario for the game above{" "}
            <input type="file" accept=".json,.toml,application/json,text/plain" onChange={fromFile} disabled={!c} />
          </label>
          {created ? (
            <div class="created">
              <h4>Table {created.table} is ready</h4>
              {created.you ? (
                <p>
                  <a class="primary-link" href={tableLink(created.table, created.you)} onClick={(e) => (e.preventDefault(), props.go(tableLink(created.table, created.you ?? null)))}>
                    Sit down at your seat{seats.filter((s) => s.kind === "you").length > 1 ? "s (hot-seat)" : ""}
                  </a>
                </p>
              ) : null}
              {created.invites.map((inv) => (
                <label key={inv.seat} class="invite">
                  Invite for {seatName(inv.seat)}: <input readOnly value={origin + inv.url} onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
                </label>
              ))}
              <label class="invite">
                Spectators: <input readOnly value={origin + created.spectate} onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} />
              </label>
            </div>
          ) : null}
        </section>
        <section class="panel">
          <h3>Tables on this server</h3>
          <form
            class="join"
            onSubmit={(e) => {
              e.preventDefault();
              const p = linkPath(link);
              if (p) props.go(p);
              else setError("That is not a table link (it looks like …/t/ID?token=…).");
            }}
          >
            <label>
              Join by link <input value={link} placeholder="paste an invite link" onInput={(e) => setLink((e.currentTarget as HTMLInputElement).value)} />
            </label>
            <button type="submit">Join</button>
          </form>
          {tables === null ? <p class="muted">Loading…</p> : null}
          {tables !== null && tables.filter((t) => t.status !== "over").length === 0 ? <p class="muted">No table is waiting or in progress.</p> : null}
          <ul class="tables">
            {(tables ?? [])
              .filter((t) => t.status !== "over")
              .map((t) => {
                const my = mine.find((m) => m.table === t.table);
                return (
                  <li key={t.table}>
                    <span class="tag">{GAME_NAMES[t.game] ?? t.game}</span> <strong>{t.summary}</strong> <span class="muted">{t.status}</span>
                    <span class="seats">
                      {t.seats.map((s) => (
                        <span key={s.seat} class={`seat-dot${s.connected ? " on" : ""}`} title={`seat ${s.seat + 1}: ${s.kind === "bot" ? botLabel(s.bot) : s.kind}${s.taken ? ", taken" : ", free"}${s.connected ? ", connected" : ""}`}>
                          {s.kind === "bot" ? `${s.bot === "bot" ? "normal" : (s.bot ?? DEFAULT_BOT)} bot` : s.taken ? "●" : "○ free"}
                        </span>
                      ))}
                    </span>
                    {my?.token ? (
                      <a href={tableLink(t.table, my.token)} onClick={(e) => (e.preventDefault(), props.go(tableLink(t.table, my.token)))}>
                        your seat
                      </a>
                    ) : null}{" "}
                    <a href={tableLink(t.table, null)} onClick={(e) => (e.preventDefault(), props.go(tableLink(t.table, null)))}>
                      spectate
                    </a>
                  </li>
                );
              })}
          </ul>
          {finished.length > 0 ? (
            <>
              <h4>Finished games</h4>
              <ul class="tables finished">
                {finished.map((t) => (
                  <li key={t.table}>
                    <span class="tag">{GAME_NAMES[t.game] ?? t.game}</span> <strong>{t.summary}</strong>{" "}
                    <a href={replayLink(t.table)} onClick={(e) => (e.preventDefault(), props.go(replayLink(t.table)))}>
                      replay
                    </a>{" "}
                    <a href={`/api/tables/${encodeURIComponent(t.table)}/save`} download={`tabletop-${t.table}.json`}>
                      save
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      </div>
    </div>
  );
}
