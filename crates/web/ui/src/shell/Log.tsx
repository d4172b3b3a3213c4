// The game log: this seat's lines, newest last, kept scrolled to the end.

import { useEffect, useRef } from "preact/hooks";

export function Log(props: { lines: readonly string[]; max?: number }) {
  const ref = useRef<HTMLOListElement>(null);
  const max = props.max ?? 400;
  const start = Math.max(0, props.lines.length - max);
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [props.lines.length]);
  return (
    <ol class="log" ref={ref} start={start + 1} aria-live="polite">
      {props.lines.slice(start).map((l, i) => (
        <li key={start + i}>{l}</li>
      ))}
    </ol>
  );
}
