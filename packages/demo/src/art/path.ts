/** Path-data helpers: symmetric outlines, hems, simple shapes, mapping and bounds. */

/** Rounds to one decimal: keeps the markup short. */
export const n = (v: number): string => String(Math.round(v * 10) / 10);

export type Pt = readonly [number, number];
/** Path segment from the current point: [x, y] line, [cx, cy, x, y] quad, [c1x, c1y, c2x, c2y, x, y] cubic. */
export type Seg =
  | readonly [number, number]
  | readonly [number, number, number, number]
  | readonly [number, number, number, number, number, number];

const segEnd = (s: Seg): Pt => (s.length === 2 ? [s[0], s[1]] : s.length === 4 ? [s[2], s[3]] : [s[4], s[5]]);

export function segStr(s: Seg): string {
  if (s.length === 2) return `L${n(s[0])} ${n(s[1])}`;
  if (s.length === 4) return `Q${n(s[0])} ${n(s[1])} ${n(s[2])} ${n(s[3])}`;
  return `C${n(s[0])} ${n(s[1])} ${n(s[2])} ${n(s[3])} ${n(s[4])} ${n(s[5])}`;
}

/**
 * A closed path symmetric about x = cx: `segs` trace the right half from `start`,
 * the left half is mirrored back automatically.
 */
export function sym(start: Pt, segs: readonly Seg[], cx = 400): string {
  const m = (x: number): string => n(2 * cx - x);
  let d = `M${n(start[0])} ${n(start[1])}`;
  for (const s of segs) d += segStr(s);
  const pts: Pt[] = [start, ...segs.map(segEnd)];
  const last = pts[pts.length - 1] ?? start;
  if (Math.abs(last[0] - cx) > 0.01) d += `L${m(last[0])} ${n(last[1])}`;
  for (let i = segs.length - 1; i >= 0; i--) {
    const s = segs[i];
    const p = pts[i];
    if (!s || !p) continue;
    const to = `${m(p[0])} ${n(p[1])}`;
    if (s.length === 2) d += `L${to}`;
    else if (s.length === 4) d += `Q${m(s[0])} ${n(s[1])} ${to}`;
    else d += `C${m(s[2])} ${n(s[3])} ${m(s[0])} ${n(s[1])} ${to}`;
  }
  return d + 'Z';
}

/** Points along a hem that sags to `yMid` in the middle, from xr (right) to xl (left). */
export function hemPts(xr: number, xl: number, yEdge: number, yMid: number, count: number): Pt[] {
  const cx = (xr + xl) / 2;
  const half = (xr - xl) / 2;
  const pts: Pt[] = [];
  for (let i = 0; i <= count; i++) {
    const x = xr - ((xr - xl) * i) / count;
    const u = (x - cx) / half;
    pts.push([x, yMid + (yEdge - yMid) * u * u]);
  }
  return pts;
}

/** Path continuation through `pts` (skipping the first), each span bulging down by `amp`. */
export function wavy(pts: readonly Pt[], amp: number): string {
  let d = '';
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1];
    const b = pts[i];
    if (!a || !b) continue;
    d += `Q${n((a[0] + b[0]) / 2)} ${n((a[1] + b[1]) / 2 + amp)} ${n(b[0])} ${n(b[1])}`;
  }
  return d;
}

/** An ellipse as a path of cubic curves (so its bounds can be read from the numbers). */
export function ellipseD(cx: number, cy: number, rx: number, ry: number): string {
  const k = 0.5523;
  return (
    `M${n(cx + rx)} ${n(cy)}C${n(cx + rx)} ${n(cy + ry * k)} ${n(cx + rx * k)} ${n(cy + ry)} ${n(cx)} ${n(cy + ry)}` +
    `C${n(cx - rx * k)} ${n(cy + ry)} ${n(cx - rx)} ${n(cy + ry * k)} ${n(cx - rx)} ${n(cy)}` +
    `C${n(cx - rx)} ${n(cy - ry * k)} ${n(cx - rx * k)} ${n(cy - ry)} ${n(cx)} ${n(cy - ry)}` +
    `C${n(cx + rx * k)} ${n(cy - ry)} ${n(cx + rx)} ${n(cy - ry * k)} ${n(cx + rx)} ${n(cy)}Z`
  );
}

/** A rounded rectangle as a path of lines and quads. */
export function roundRectD(x: number, y: number, w: number, h: number, r: number): string {
  return (
    `M${n(x + r)} ${n(y)}L${n(x + w - r)} ${n(y)}Q${n(x + w)} ${n(y)} ${n(x + w)} ${n(y + r)}` +
    `L${n(x + w)} ${n(y + h - r)}Q${n(x + w)} ${n(y + h)} ${n(x + w - r)} ${n(y + h)}` +
    `L${n(x + r)} ${n(y + h)}Q${n(x)} ${n(y + h)} ${n(x)} ${n(y + h - r)}L${n(x)} ${n(y + r)}Q${n(x)} ${n(y)} ${n(x + r)} ${n(y)}Z`
  );
}

export type Box = { x1: number; y1: number; x2: number; y2: number };

/** Bounds of silhouette paths (control points included: a slight over-estimate). */
export function boundsOf(sil: readonly string[]): Box {
  const b = { x1: Infinity, y1: Infinity, x2: -Infinity, y2: -Infinity };
  for (const d of sil)
    mapD(
      d,
      (x) => ((b.x1 = Math.min(b.x1, x)), (b.x2 = Math.max(b.x2, x)), x),
      (y) => ((b.y1 = Math.min(b.y1, y)), (b.y2 = Math.max(b.y2, y)), y),
    );
  if (!Number.isFinite(b.x1) || !Number.isFinite(b.y1)) return { x1: 0, y1: 0, x2: 800, y2: 1000 };
  return b;
}

const TOKEN = /([A-Za-z])|(-?(?:\d+\.?\d*|\.\d+))/g;

/**
 * Maps the coordinates of absolute path data (M L Q C S T H V Z) through fx / fy, which must be
 * axis-separable (scale, translate, mirror). Used instead of transforms on patterned fabric.
 */
export function mapD(d: string, fx: (x: number) => number, fy: (y: number) => number): string {
  let out = '';
  let cmd = '';
  let i = 0;
  for (const m of d.matchAll(TOKEN)) {
    if (m[1]) {
      cmd = m[1];
      i = 0;
      out += cmd;
      continue;
    }
    const v = Number(m[2]);
    const r = cmd === 'H' ? fx(v) : cmd === 'V' ? fy(v) : i % 2 === 0 ? fx(v) : fy(v);
    out += (i === 0 ? '' : ' ') + n(r);
    i++;
  }
  return out;
}

/** Mirrors absolute path data about x = cx (use this rather than a transform on patterned fabric). */
export const mirrorD = (d: string, cx = 400): string =>
  mapD(
    d,
    (x) => 2 * cx - x,
    (y) => y,
  );

/** Scales about the origin then moves absolute path data. */
export const moveD = (d: string, dx: number, dy: number, s = 1, flip = false): string =>
  mapD(
    d,
    (x) => (flip ? -x : x) * s + dx,
    (y) => y * s + dy,
  );

/** A smooth path through points (quadratic B-spline through the midpoints). */
export function smoothD(pts: readonly Pt[], close = false): string {
  const p = close ? [...pts, ...pts.slice(0, 2)] : pts;
  const f = p[0];
  const s = p[1];
  if (!f || !s) return '';
  let d = close ? `M${n((f[0] + s[0]) / 2)} ${n((f[1] + s[1]) / 2)}` : `M${n(f[0])} ${n(f[1])}`;
  for (let i = 1; i < p.length - 1; i++) {
    const a = p[i];
    const b = p[i + 1];
    if (!a || !b) continue;
    const last = !close && i === p.length - 2;
    d += `Q${n(a[0])} ${n(a[1])} ${last ? `${n(b[0])} ${n(b[1])}` : `${n((a[0] + b[0]) / 2)} ${n((a[1] + b[1]) / 2)}`}`;
  }
  return d + (close ? 'Z' : '');
}
