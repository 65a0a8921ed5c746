/**
 * The `auto` format: a body as a person at a terminal wants it. Structured values as indented JSON
 * (coloured when colour is on), text as it came, and a one-line notice instead of binary bytes.
 */
import { definePlugin } from '../../sdk/define.js';
import type { FormatterStart, HookContext } from '../../sdk/types.js';
import { jsonTextOrRefuse } from '../../sdk/shared/unwritable.js';
import { highlightJson } from './highlight-json.js';
import meta from './manifest.js';

const DIM = '\x1b[2m';
const RESET = '\x1b[0m';

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(start, items, ctx) {
      for await (const item of items) {
        const text = (await terminalImage(item, start, ctx)) ?? render(item, start);
        if (text) ctx.write(text);
      }
    },
  },
});

/**
 * On a terminal, PNG, JPEG and GIF bytes are drawn by the SDK's image code (sdk/shared/image/, which the
 * image format draws with too), loaded only then.
 * When drawing fails (a damaged image, a bad OKAPI_IMAGE_PROTOCOL) a warning says why and the
 * binary notice is shown instead.
 */
async function terminalImage(value: unknown, start: FormatterStart, ctx: HookContext): Promise<string | undefined> {
  if (!start.tty || !(value instanceof Uint8Array) || value.length === 0) return undefined;
  const image = await import('../../sdk/shared/image/draw.js');
  if (!image.imageFormatOf(value)) return undefined;
  try {
    return await image.drawImage(value, start, process.env);
  } catch (error) {
    ctx.log('warn', `image not drawn: ${(error as Error).message}`);
    return undefined;
  }
}

function render(value: unknown, start: FormatterStart): string {
  if (value === null) return '';
  if (typeof value === 'string') return value === '' || value.endsWith('\n') ? value : `${value}\n`;
  if (value instanceof Uint8Array) return value.length === 0 ? '' : binaryNotice(value.length, start);
  const json = jsonTextOrRefuse(value, '-o auto', 2);
  return `${start.color ? highlightJson(json) : json}\n`;
}

function binaryNotice(size: number, start: FormatterStart): string {
  const what = start.document ? 'binary body' : 'binary item';
  const bytes = size === 1 ? '1 byte' : `${size} bytes`;
  const advice = start.tty ? 'not shown on a terminal; redirect to a file or use -o raw' : 'not shown; use -o raw for the bytes';
  const notice = `(${what}, ${bytes}: ${advice})`;
  return start.color ? `${DIM}${notice}${RESET}\n` : `${notice}\n`;
}
