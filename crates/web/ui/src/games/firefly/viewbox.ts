// Pan and zoom of an SVG map by its viewBox: pure arithmetic, so it is tested without a browser.

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The box of `bounds` grown by `pad` of its size on every side, at the screen's aspect ratio. */
export function fit(bounds: Box, aspect: number, pad = 0.03): Box {
  const w0 = bounds.w * (1 + 2 * pad);
  const h0 = bounds.h * (1 + 2 * pad);
  const cx = bounds.x + bounds.w / 2;
  const cy = bounds.y + bounds.h / 2;
  const [w, h] = w0 / h0 > aspect ? [w0, w0 / aspect] : [h0 * aspect, h0];
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

/** A view `width` wide at the screen's aspect, centred on a point, kept on the map. */
export function centreOn(bounds: Box, aspect: number, cx: number, cy: number, width: number): Box {
  const w = Math.min(width, fit(bounds, aspect).w);
  return clamp({ x: cx - w / 2, y: cy - w / aspect / 2, w, h: w / aspect }, bounds, aspect);
}

/**
 * Keep a view useful: no closer than `minW` board units across, no wider than the whole board
 * fitted, and its centre on the board.
 */
export function clamp(v: Box, bounds: Box, aspect: number, minW = 1500): Box {
  const whole = fit(bounds, aspect);
  const w = Math.max(minW, Math.min(v.w, whole.w));
  const h = w / aspect;
  let cx = v.x + v.w / 2;
  let cy = v.y + v.h / 2;
  cx = Math.min(bounds.x + bounds.w, Math.max(bounds.x, cx));
  cy = Math.min(bounds.y + bounds.h, Math.max(bounds.y, cy));
  if (w >= whole.w) {
    cx = whole.x + whole.w / 2;
    cy = whole.y + whole.h / 2;
  }
  return { x: cx - w / 2, y: cy - h / 2, w, h };
}

/** Zoom by `factor` (> 1 zooms in) keeping the board point (px, py) under the pointer. */
export function zoomAt(v: Box, factor: number, px: number, py: number): Box {
  const w = v.w / factor;
  const h = v.h / factor;
  return { x: px - (px - v.x) / factor, y: py - (py - v.y) / factor, w, h };
}

/** Move the view by a screen drag of (dx, dy) pixels on a map `screenW` pixels wide. */
export function panBy(v: Box, dx: number, dy: number, screenW: number): Box {
  const k = v.w / screenW;
  return { ...v, x: v.x - dx * k, y: v.y - dy * k };
}

/** The board point under a screen point (relative to the map's top left). */
export function toBoard(v: Box, sx: number, sy: number, screenW: number): [number, number] {
  const k = v.w / screenW;
  return [v.x + sx * k, v.y + sy * k];
}
