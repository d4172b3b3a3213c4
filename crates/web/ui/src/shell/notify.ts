// Telling a player it is their turn: the page title always; a sound and a browser notification
// when they asked for them and the page is not in front.

export interface Notice {
  title: string;
  /** Ring / notify now: the turn has just become this browser's. */
  alert: boolean;
}

export function turnNotice(wasMine: boolean, isMine: boolean, base: string, who: string | null): Notice {
  if (isMine) return { title: `▶ Your turn${who ? ` (${who})` : ""} — ${base}`, alert: !wasMine };
  return { title: base, alert: false };
}

/** A short two-tone chime (Web Audio), if the browser allows sound. */
export function chime(): void {
  try {
    const ctx = new AudioContext();
    [660, 880].forEach((f, i) => {
      const o = ctx.createOscillator();
      const g = ctx.createGain();
      o.frequency.value = f;
      g.gain.setValueAtTime(0.08, ctx.currentTime + i * 0.15);
      g.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + i * 0.15 + 0.3);
      o.connect(g).connect(ctx.destination);
      o.start(ctx.currentTime + i * 0.15);
      o.stop(ctx.currentTime + i * 0.15 + 0.3);
    });
  } catch {
    /* no sound available: the title still tells */
  }
}

export function notifyTurn(text: string): void {
  if (typeof Notification !== "undefined" && Notification.permission === "granted") {
    new Notification("tabletop", { body: text });
  }
}
