/**
 * Unicode half-blocks: each character cell shows two pixels, the upper one as the foreground of
 * `▀` and the lower one as its background, in 24-bit colour. The image is shrunk by area
 * averaging to fit the terminal's columns (never enlarged), and transparent pixels show the
 * terminal's own background.
 */
import type { Raster } from './decode.js';

const UPPER = '▀';
const LOWER = '▄';
const RESET = '\x1b[0m';

/** Averaged alpha at or above this draws the pixel; below it the terminal's background shows. */
const OPAQUE_FROM = 128;

/** The pixel size that fits `columns`: one pixel per column at most, the aspect ratio kept. */
export function fitSize(width: number, height: number, columns: number): { width: number; height: number } {
  const scale = Math.min(1, Math.max(1, Math.floor(columns)) / width);
  if (scale === 1) return { width, height };
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The image as half-block lines at most `columns` wide, each ending with a reset and a newline. */
export function drawHalfBlocks(raster: Raster, columns: number): string {
  const size = fitSize(raster.width, raster.height, columns);
  return halfBlocks(resize(raster, size.width, size.height));
}

/**
 * Box-filter resampling to a smaller size: each target pixel is the average of the source area it
 * covers, partly covered source pixels weighted by the part. Colours are averaged premultiplied by
 * alpha, so transparent pixels do not darken or tint their neighbours.
 */
export function resize(raster: Raster, width: number, height: number): Raster {
  if (width === raster.width && height === raster.height) return raster;
  const src = raster.data;
  const xs = spans(raster.width, width);
  const ys = spans(raster.height, height);
  // Pass 1, across: every source row shrunk to `width` premultiplied sums.
  const rows = new Float64Array(raster.height * width * 4);
  for (let sy = 0; sy < raster.height; sy++) {
    const rowIn = sy * raster.width * 4;
    const rowOut = sy * width * 4;
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (const [sx, weight] of xs[x]!) {
        const i = rowIn + sx * 4;
        const wa = weight * src[i + 3]!;
        r += wa * src[i]!;
        g += wa * src[i + 1]!;
        b += wa * src[i + 2]!;
        a += wa;
      }
      const o = rowOut + x * 4;
      rows[o] = r;
      rows[o + 1] = g;
      rows[o + 2] = b;
      rows[o + 3] = a;
    }
  }
  // Pass 2, down: the rows combined, then back to straight 8-bit RGBA.
  const area = (raster.width / width) * (raster.height / height);
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (const [sy, weight] of ys[y]!) {
        const i = (sy * width + x) * 4;
        r += weight * rows[i]!;
        g += weight * rows[i + 1]!;
        b += weight * rows[i + 2]!;
        a += weight * rows[i + 3]!;
      }
      const o = (y * width + x) * 4;
      if (a > 0) {
        data[o] = Math.round(r / a);
        data[o + 1] = Math.round(g / a);
        data[o + 2] = Math.round(b / a);
      }
      data[o + 3] = Math.round(a / area);
    }
  }
  return { width, height, data };
}

/** For each of `to` target positions, the source positions it covers and by how much (0–1]. */
function spans(from: number, to: number): Array<Array<[number, number]>> {
  const step = from / to;
  const out: Array<Array<[number, number]>> = [];
  for (let t = 0; t < to; t++) {
    const lo = t * step;
    const hi = Math.min(from, (t + 1) * step);
    const covered: Array<[number, number]> = [];
    for (let s = Math.floor(lo); s < hi; s++) {
      const weight = Math.min(hi, s + 1) - Math.max(lo, s);
      if (weight > 1e-9) covered.push([s, weight]);
    }
    out.push(covered);
  }
  return out;
}

/** The raster as it is, two pixel rows to a line. */
export function halfBlocks(raster: Raster): string {
  const lines: string[] = [];
  for (let y = 0; y < raster.height; y += 2) {
    const cells: Array<[char: string, fg: string | undefined, bg: string]> = [];
    for (let x = 0; x < raster.width; x++) {
      const upper = colourAt(raster, x, y);
      const lower = y + 1 < raster.height ? colourAt(raster, x, y + 1) : undefined;
      // A background of '' is the terminal's own; an undefined foreground is not seen.
      if (upper !== undefined) cells.push([UPPER, upper, lower ?? '']);
      else if (lower !== undefined) cells.push([LOWER, lower, '']);
      else cells.push([' ', undefined, '']);
    }
    // Trailing transparent cells would only be default-background spaces.
    while (cells.length > 0 && cells[cells.length - 1]![0] === ' ') cells.pop();
    lines.push(line(cells));
  }
  return lines.join('');
}

function line(cells: ReadonlyArray<[string, string | undefined, string]>): string {
  let out = '';
  let fg = '';
  let bg = '';
  for (const [char, wantFg, wantBg] of cells) {
    const params: string[] = [];
    if (wantFg !== undefined && wantFg !== fg) {
      fg = wantFg;
      params.push(`38;2;${fg}`);
    }
    if (wantBg !== bg) {
      bg = wantBg;
      params.push(bg === '' ? '49' : `48;2;${bg}`);
    }
    if (params.length > 0) out += `\x1b[${params.join(';')}m`;
    out += char;
  }
  return `${fg !== '' || bg !== '' ? out + RESET : out}\n`;
}

/** "r;g;b" for a pixel drawn, undefined for one the background shows through. */
function colourAt(raster: Raster, x: number, y: number): string | undefined {
  const i = (y * raster.width + x) * 4;
  const d = raster.data;
  return d[i + 3]! < OPAQUE_FROM ? undefined : `${d[i]};${d[i + 1]};${d[i + 2]}`;
}
