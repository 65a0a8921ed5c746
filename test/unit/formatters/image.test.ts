import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodeImage, type Raster } from '../../../sdk/shared/image/decode.js';
import { drawImage } from '../../../sdk/shared/image/draw.js';
import { ASSUMED_CELL_PIXELS, KITTY_CHUNK } from '../../../sdk/shared/image/graphics.js';
import { fitSize, halfBlocks, resize } from '../../../sdk/shared/image/halfblock.js';
import { imageFormatOf, imageSize } from '../../../sdk/shared/image/sniff.js';
import type { PluginMeta } from '../../../sdk/plugin-meta.js';
import type { FormatterStart, PluginDefinition } from '../../../sdk/types.js';

const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(`./images/${name}`, import.meta.url)));

const TINY = fixture('tiny-2x4.png');
const ALPHA = fixture('alpha-2x4.png');
const WIDE = fixture('wide-300x20.png');
const NOISE = fixture('noise-48x48.png');
const PHOTO = fixture('photo-16x8.jpg');
const GIF = fixture('two-frames-4x2.gif');

const HALFBLOCK = { OKAPI_IMAGE_PROTOCOL: 'halfblock' };
const KITTY = { TERM: 'xterm-kitty' };
const ITERM = { TERM_PROGRAM: 'iTerm.app' };

const term = (width = 80, tty = true) => ({ width, tty });

/** 24-bit foreground / background SGR parameters. */
const fg = (r: number, g: number, b: number) => `38;2;${r};${g};${b}`;
const bg = (r: number, g: number, b: number) => `48;2;${r};${g};${b}`;
const sgr = (...params: string[]) => `\x1b[${params.join(';')}m`;
const RESET = '\x1b[0m';

/** The characters a line shows, escape sequences removed. */
const visible = (line: string) => line.replace(/\x1b\[[0-9;]*m/g, '');

function raster(width: number, pixels: number[][]): Raster {
  return { width, height: pixels.length / width, data: new Uint8Array(pixels.flat()) };
}

interface KittyChunk {
  keys: Record<string, string>;
  payload: string;
}

/** Splits kitty output into its APC chunks, checking nothing else is there but the final newline. */
function kittyChunks(out: string): KittyChunk[] {
  const pattern = /\x1b_G([^;\x1b]*);([A-Za-z0-9+/=]*)\x1b\\/gy;
  const chunks: KittyChunk[] = [];
  let end = 0;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(out))) {
    chunks.push({ keys: Object.fromEntries(match[1]!.split(',').map((kv) => kv.split('=') as [string, string])), payload: match[2]! });
    end = pattern.lastIndex;
  }
  expect(out.slice(end)).toBe('\n');
  return chunks;
}

/** The header fields and payload of one iTerm2 inline image. */
function itermParts(out: string): { fields: Record<string, string>; payload: Buffer } {
  const match = /^\x1b\]1337;File=([^:]*):([A-Za-z0-9+/=]*)\x07\n$/.exec(out);
  expect(match).not.toBeNull();
  const fields = Object.fromEntries(match![1]!.split(';').map((kv) => kv.split('=') as [string, string]));
  return { fields, payload: Buffer.from(match![2]!, 'base64') };
}

describe('image sniffing', () => {
  it('knows PNG, JPEG and GIF by their magic bytes', () => {
    expect(imageFormatOf(TINY)).toBe('png');
    expect(imageFormatOf(PHOTO)).toBe('jpeg');
    expect(imageFormatOf(GIF)).toBe('gif');
    expect(imageFormatOf(new TextEncoder().encode('PNG, honestly'))).toBeUndefined();
    expect(imageFormatOf(new Uint8Array())).toBeUndefined();
  });

  it('reads the pixel size from the header', () => {
    expect(imageSize(WIDE, 'png')).toEqual({ width: 300, height: 20 });
    expect(imageSize(PHOTO, 'jpeg')).toEqual({ width: 16, height: 8 });
    expect(imageSize(GIF, 'gif')).toEqual({ width: 4, height: 2 });
    expect(imageSize(PHOTO.subarray(0, 20), 'jpeg')).toBeUndefined();
  });
});

describe('half-blocks', () => {
  it('draws a 2×4 image with exact colours: upper pixel foreground, lower pixel background', async () => {
    expect(await drawImage(TINY, term(), HALFBLOCK)).toBe(
      `${sgr(fg(255, 0, 0), bg(0, 0, 255))}▀${sgr(fg(0, 255, 0), bg(255, 255, 255))}▀${RESET}\n` +
        `${sgr(fg(10, 20, 30), bg(70, 80, 90))}▀${sgr(fg(40, 50, 60), bg(0, 0, 0))}▀${RESET}\n`,
    );
  });

  it('shows the terminal background through transparent pixels', async () => {
    // Row pairs: (clear, red / clear, clear) then (clear, green / blue, green).
    expect(await drawImage(ALPHA, term(), HALFBLOCK)).toBe(
      ` ${sgr(fg(255, 0, 0))}▀${RESET}\n` + `${sgr(fg(0, 0, 255))}▄${sgr(fg(0, 255, 0), bg(0, 255, 0))}▀${RESET}\n`,
    );
  });

  it('returns to the default background for a transparent cell after a coloured one', () => {
    const R = [255, 0, 0, 255];
    const G = [0, 255, 0, 255];
    const C = [0, 0, 0, 0];
    expect(halfBlocks(raster(3, [R, C, R, G, C, G]))).toBe(`${sgr(fg(255, 0, 0), bg(0, 255, 0))}▀${sgr('49')} ${sgr(bg(0, 255, 0))}▀${RESET}\n`);
  });

  it('draws pixels at least half opaque and lets fainter ones through', () => {
    expect(halfBlocks(raster(2, [[9, 9, 9, 128], [9, 9, 9, 127]]))).toBe(`${sgr(fg(9, 9, 9))}▀${RESET}\n`);
  });

  it('gives an odd last row the default background', () => {
    expect(halfBlocks(raster(1, [[1, 2, 3, 255]]))).toBe(`${sgr(fg(1, 2, 3))}▀${RESET}\n`);
  });

  it('fits a wide image to the columns, keeping the aspect ratio', async () => {
    const out = await drawImage(WIDE, term(80), HALFBLOCK);
    const lines = out.split('\n');
    expect(lines.pop()).toBe('');
    // 300×20 scaled by 80/300 is 80×5 pixels: three lines, the last half-filled.
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      expect([...visible(line)]).toHaveLength(80);
      expect(line.endsWith(RESET)).toBe(true);
    }
    expect(visible(lines[2]!)).toBe('▀'.repeat(80));
  });

  it('never enlarges: a small image keeps one pixel per column', async () => {
    const out = await drawImage(TINY, term(200), HALFBLOCK);
    expect(out.split('\n').map((line) => [...visible(line)].length)).toEqual([2, 2, 0]);
  });

  it('fitSize keeps the ratio and at least one pixel', () => {
    expect(fitSize(300, 20, 80)).toEqual({ width: 80, height: 5 });
    expect(fitSize(2, 4, 80)).toEqual({ width: 2, height: 4 });
    expect(fitSize(1000, 1, 10)).toEqual({ width: 10, height: 1 });
    expect(fitSize(10, 10, 0)).toEqual({ width: 1, height: 1 });
  });

  it('shrinks by area averaging', () => {
    const source = raster(4, [
      [0, 0, 0, 255], [100, 100, 100, 255], [200, 0, 0, 255], [0, 0, 200, 255],
      [50, 50, 50, 255], [50, 50, 50, 255], [200, 0, 0, 255], [0, 0, 200, 255],
    ]);
    expect(Array.from(resize(source, 2, 1).data)).toEqual([50, 50, 50, 255, 100, 0, 100, 255]);
    // Three source pixels into two: the middle one is split half and half.
    expect(Array.from(resize(raster(3, [[0, 0, 0, 255], [90, 90, 90, 255], [180, 180, 180, 255]]), 2, 1).data)).toEqual([
      30, 30, 30, 255, 150, 150, 150, 255,
    ]);
  });

  it('does not let transparent pixels darken their neighbours when shrinking', () => {
    const out = resize(raster(2, [[200, 100, 0, 255], [0, 0, 0, 0]]), 1, 1);
    expect(Array.from(out.data)).toEqual([200, 100, 0, 128]);
  });

  it('decodes a JPEG', async () => {
    const out = await drawImage(PHOTO, term(), HALFBLOCK);
    const lines = out.split('\n').slice(0, -1);
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(visible(line)).toBe('▀'.repeat(16));
    // Lossy: the left half is near red and the right near blue.
    const colours = [...lines[0]!.matchAll(/38;2;(\d+);(\d+);(\d+)/g)].map((m) => m.slice(1).map(Number));
    expect(colours[0]![0]).toBeGreaterThan(230);
    expect(colours[0]![2]).toBeLessThan(30);
    expect(colours.at(-1)![0]).toBeLessThan(30);
    expect(colours.at(-1)![2]).toBeGreaterThan(230);
  });

  it('decodes the first frame of a GIF, its transparent index included', async () => {
    expect(await drawImage(GIF, term(), HALFBLOCK)).toBe(
      `${sgr(fg(255, 0, 0), bg(0, 0, 255))}▀${sgr(fg(0, 255, 0), bg(0, 255, 0))}▀${sgr(fg(0, 0, 255), bg(255, 0, 0))}▀${RESET}\n`,
    );
  });

  it('reports a damaged image', async () => {
    const broken = TINY.slice(0, 40);
    await expect(drawImage(broken, term(), HALFBLOCK)).rejects.toThrow(/^could not decode the PNG image: /);
  });

  it('refuses to decode an image past the pixel limit, by its header', async () => {
    const huge = TINY.slice();
    new DataView(huge.buffer).setUint32(16, 100_000);
    new DataView(huge.buffer).setUint32(20, 100_000);
    await expect(decodeImage(huge, 'png')).rejects.toThrow('the PNG image is 100000×100000 pixels, more than okapi decodes (50 megapixels)');
  });
});

describe('kitty graphics', () => {
  it('sends PNG bytes as they are, in 4096-character chunks with m=1 until the last', async () => {
    const chunks = kittyChunks(await drawImage(NOISE, term(), KITTY));
    expect(chunks.length).toBe(Math.ceil(Math.ceil(NOISE.length / 3) * 4 / KITTY_CHUNK));
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks[0]!.keys).toEqual({ a: 'T', f: '100', q: '2', m: '1' });
    for (const chunk of chunks.slice(1, -1)) expect(chunk.keys).toEqual({ m: '1', q: '2' });
    expect(chunks.at(-1)!.keys).toEqual({ m: '0', q: '2' });
    for (const chunk of chunks.slice(0, -1)) expect(chunk.payload).toHaveLength(KITTY_CHUNK);
    expect(Buffer.from(chunks.map((c) => c.payload).join(''), 'base64')).toEqual(Buffer.from(NOISE));
  });

  it('sends a small PNG as one chunk with m=0', async () => {
    const chunks = kittyChunks(await drawImage(TINY, term(), KITTY));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.keys).toEqual({ a: 'T', f: '100', q: '2', m: '0' });
    expect(Buffer.from(chunks[0]!.payload, 'base64')).toEqual(Buffer.from(TINY));
  });

  it('asks for the terminal width in cells only when the image would be wider', async () => {
    // 300 pixels: wider than 20 columns of ASSUMED_CELL_PIXELS, narrower than 80.
    expect(300).toBeGreaterThan(20 * ASSUMED_CELL_PIXELS);
    expect(300).toBeLessThan(80 * ASSUMED_CELL_PIXELS);
    expect(kittyChunks(await drawImage(WIDE, term(20), KITTY))[0]!.keys.c).toBe('20');
    expect(kittyChunks(await drawImage(WIDE, term(80), KITTY))[0]!.keys.c).toBeUndefined();
  });

  it('sends a JPEG decoded, as zlib-compressed RGBA with its size', async () => {
    const chunks = kittyChunks(await drawImage(PHOTO, term(), KITTY));
    expect(chunks[0]!.keys).toEqual({ a: 'T', f: '32', s: '16', v: '8', o: 'z', q: '2', m: '0' });
    const rgba = inflateSync(Buffer.from(chunks.map((c) => c.payload).join(''), 'base64'));
    expect(rgba).toHaveLength(16 * 8 * 4);
    expect(rgba[0]).toBeGreaterThan(230);
    expect(rgba[3]).toBe(255);
  });

  it('sends the first GIF frame as exact RGBA', async () => {
    const chunks = kittyChunks(await drawImage(GIF, term(), KITTY));
    expect(chunks[0]!.keys).toMatchObject({ f: '32', s: '4', v: '2', o: 'z' });
    const rgba = inflateSync(Buffer.from(chunks[0]!.payload, 'base64'));
    // prettier-ignore
    expect(Array.from(rgba)).toEqual([
      255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 0, 0, 0, 0,
      0, 0, 255, 255, 0, 255, 0, 255, 255, 0, 0, 255, 0, 0, 0, 0,
    ]);
  });
});

describe('iTerm2 inline images', () => {
  it.each([
    ['PNG', NOISE],
    ['JPEG', PHOTO],
    ['GIF', GIF],
  ])('sends the %s file bytes unchanged', async (_name, bytes) => {
    const { fields, payload } = itermParts(await drawImage(bytes, term(), ITERM));
    expect(fields).toEqual({ inline: '1', size: String(bytes.length), width: 'auto', preserveAspectRatio: '1' });
    expect(payload).toEqual(Buffer.from(bytes));
  });

  it('names a width in cells when the image would be wider than the terminal', async () => {
    expect(itermParts(await drawImage(WIDE, term(20), ITERM)).fields.width).toBe('20');
    expect(itermParts(await drawImage(WIDE, term(80), ITERM)).fields.width).toBe('auto');
  });
});

describe('bodies that are not PNG, JPEG or GIF', () => {
  const ascii = (s: string) => new TextEncoder().encode(s);
  it.each([
    ['WebP bytes', ascii('RIFF\x24\x00\x00\x00WEBPVP8 '), 'a WebP image'],
    ['AVIF bytes', new Uint8Array([0, 0, 0, 0x1c, ...ascii('ftypavif')]), 'an AVIF image'],
    ['BMP bytes', ascii('BM\x36\x00\x00\x00'), 'a BMP image'],
    ['PDF bytes', ascii('%PDF-1.7\n'), 'a PDF document'],
    ['other bytes', new Uint8Array([1, 2, 3, 250, 251, 252, 253, 254, 255]), '9 bytes of another kind, starting 01 02 03 fa fb fc fd fe'],
    ['empty bytes', new Uint8Array(), 'empty'],
    ['an empty body', null, 'empty'],
    ['text', 'hello', 'text (5 characters)'],
    ['SVG', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>', 'an SVG image, which is text a terminal cannot draw'],
    ['a decoded object', { id: 1 }, 'a decoded object, not image bytes'],
    ['a decoded array', [1, 2], 'a decoded array, not image bytes'],
    ['a decoded number', 42, 'a decoded number, not image bytes'],
  ])('%s: a clear error', async (_name, value, what) => {
    for (const env of [HALFBLOCK, KITTY, ITERM]) {
      await expect(drawImage(value, term(), env)).rejects.toThrow(`-o image needs a PNG, JPEG or GIF body; this one is ${what}`);
    }
  });
});

describe('the image plugin', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  const start = (format: string, tty: boolean): FormatterStart => ({
    hook: 'formatter',
    protocol_version: 2,
    features: [],
    format,
    document: true,
    pretty: true,
    tty,
    color: tty,
    width: 80,
  });

  async function run(plugin: PluginDefinition, format: string, value: unknown, tty: boolean) {
    const chunks: Buffer[] = [];
    const logs: string[] = [];
    async function* items() {
      yield value;
    }
    await plugin.hooks.formatter!(start(format, tty), items(), {
      write: (data) => chunks.push(Buffer.from(data)),
      log: (level, message) => logs.push(`${level}: ${message}`),
    });
    return { text: Buffer.concat(chunks).toString('utf8'), logs };
  }

  const imagePlugin = async () => (await import('../../../plugins-builtin/image/index.js')).default;
  const autoPlugin = async () => (await import('../../../plugins-builtin/auto/index.js')).default;

  it('has a manifest like the other built-in formatters', async () => {
    const meta: PluginMeta = (await import('../../../plugins-builtin/image/manifest.js')).default;
    const plugin = await imagePlugin();
    expect(plugin.manifest).toEqual(meta.manifest);
    expect(meta.manifest).toMatchObject({ name: 'image', okapi_api_version: 2, hooks: ['formatter'], formatter_names: ['image'] });
    expect(meta.manifest.description).toMatch(/^[A-Z].{10,59}$/);
    expect(Object.keys(plugin.hooks)).toEqual(['formatter']);
  });

  it('draws through the formatter hook on a terminal, with the protocol of the environment', async () => {
    vi.stubEnv('OKAPI_IMAGE_PROTOCOL', 'halfblock');
    expect((await run(await imagePlugin(), 'image', TINY, true)).text).toBe(await drawImage(TINY, term(), HALFBLOCK));
    vi.stubEnv('OKAPI_IMAGE_PROTOCOL', 'iterm2');
    expect(itermParts((await run(await imagePlugin(), 'image', GIF, true)).text).payload).toEqual(Buffer.from(GIF));
  });

  it('draws when stdout is not a terminal too: -o image was asked for', async () => {
    vi.stubEnv('OKAPI_IMAGE_PROTOCOL', '');
    vi.stubEnv('TMUX', '');
    vi.stubEnv('STY', '');
    vi.stubEnv('TERM_PROGRAM', '');
    vi.stubEnv('TERM', 'xterm-kitty');
    expect(kittyChunks((await run(await imagePlugin(), 'image', TINY, false)).text)[0]!.keys.f).toBe('100');
  });

  it('fails on a body that is not an image', async () => {
    vi.stubEnv('OKAPI_IMAGE_PROTOCOL', 'halfblock');
    await expect(run(await imagePlugin(), 'image', { id: 1 }, true)).rejects.toThrow('-o image needs a PNG, JPEG or GIF body');
  });

  it('auto draws image bytes on a terminal', async () => {
    vi.stubEnv('OKAPI_IMAGE_PROTOCOL', 'halfblock');
    const { text, logs } = await run(await autoPlugin(), 'auto', TINY, true);
    expect(text).toBe(await drawImage(TINY, term(), HALFBLOCK));
    expect(logs).toEqual([]);
  });

  it('auto keeps the binary notice off a terminal and for bytes that are not an image', async () => {
    vi.stubEnv('OKAPI_IMAGE_PROTOCOL', 'halfblock');
    expect(visible((await run(await autoPlugin(), 'auto', TINY, false)).text)).toBe('(binary body, 99 bytes: not shown; use -o raw for the bytes)\n');
    expect(visible((await run(await autoPlugin(), 'auto', new Uint8Array([1, 2, 3]), true)).text)).toBe(
      '(binary body, 3 bytes: not shown on a terminal; redirect to a file or use -o raw)\n',
    );
  });

  it('auto falls back to the notice with a warning when the image cannot be drawn', async () => {
    vi.stubEnv('OKAPI_IMAGE_PROTOCOL', 'sixel');
    const { text, logs } = await run(await autoPlugin(), 'auto', TINY, true);
    expect(visible(text)).toBe('(binary body, 99 bytes: not shown on a terminal; redirect to a file or use -o raw)\n');
    expect(logs).toEqual(['warn: image not drawn: OKAPI_IMAGE_PROTOCOL=sixel is not an image protocol okapi knows; use kitty, iterm2, halfblock']);
  });
});
