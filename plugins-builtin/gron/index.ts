/**
 * The `gron` format: one JavaScript assignment per line, so a document can be grepped by path and
 * the matching lines turned back into JSON ("ungron"):
 *
 *     json = {};
 *     json.owner = {};
 *     json.owner.login = "ada";
 *     json.tags = [];
 *     json.tags[0] = "x";
 *     json["content-type"] = "text/plain";
 *
 * Keys stay in the document's order. Records (pages, stream events) are the elements of one
 * array, `json[0]`, `json[1]`, …, written as they arrive.
 */
import { definePlugin } from '../../sdk/define.js';
import meta from './manifest.js';

/** Output is handed on in pieces of about this many characters, so large documents stream. */
const CHUNK = 64 * 1024;
const ROOT = 'json';

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(start, items, ctx) {
      const out = new Output((text) => ctx.write(text));
      if (start.document) {
        for await (const item of items) assignments(ROOT, item, out);
      } else {
        out.add(`${ROOT} = [];\n`);
        let index = 0;
        for await (const item of items) {
          assignments(`${ROOT}[${index++}]`, item, out);
          out.flush();
        }
      }
      out.flush();
    },
  },
});

class Output {
  private pending = '';

  constructor(private readonly write: (text: string) => void) {}

  add(text: string): void {
    this.pending += text;
    if (this.pending.length >= CHUNK) this.flush();
  }

  flush(): void {
    if (this.pending) this.write(this.pending);
    this.pending = '';
  }
}

/** An object or array whose children are being written. */
class Frame {
  index = 0;

  constructor(
    readonly path: string,
    readonly array: readonly unknown[] | null,
    readonly object: Record<string, unknown> | null,
    readonly keys: readonly string[],
  ) {}
}

/** Every assignment that rebuilds `value` at `root`, parents before children, in document order. */
function assignments(root: string, value: unknown, out: Output): void {
  // Depth-first with an explicit stack, so deeply nested documents cannot overflow the call stack.
  const stack: Frame[] = [];
  const visit = (path: string, child: unknown) => {
    if (Array.isArray(child)) {
      out.add(`${path} = [];\n`);
      if (child.length > 0) stack.push(new Frame(path, child, null, NO_KEYS));
    } else if (isRecord(child)) {
      out.add(`${path} = {};\n`);
      const keys = Object.keys(child);
      if (keys.length > 0) stack.push(new Frame(path, null, child, keys));
    } else {
      out.add(`${path} = ${scalar(child)};\n`);
    }
  };
  visit(root, value);
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const index = frame.index++;
    if (frame.array) {
      if (index === frame.array.length - 1) stack.pop();
      visit(`${frame.path}[${index}]`, frame.array[index]);
    } else {
      if (index === frame.keys.length - 1) stack.pop();
      const key = frame.keys[index]!;
      const child = frame.object![key];
      // As in JSON: a property without a value is left out.
      if (child !== undefined) visit(frame.path + accessor(key), child);
    }
  }
}

const NO_KEYS: readonly string[] = [];

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** Keys repeat across the elements of an array; their accessors are worked out once. */
const accessors = new Map<string, string>();
const MAX_CACHED = 10_000;

/** `.key` for a key that is an (ASCII) JavaScript identifier, `["key"]` with JSON quoting otherwise. */
function accessor(key: string): string {
  let text = accessors.get(key);
  if (text === undefined) {
    text = IDENTIFIER.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
    if (accessors.size < MAX_CACHED) accessors.set(key, text);
  }
  return text;
}

/** A leaf as a JSON value: bytes as base64 (as in every JSON output), large integers exactly. */
function scalar(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? String(value) : 'null';
    case 'bigint':
      return value.toString();
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      if (value instanceof Uint8Array) return `"${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64')}"`;
      if (value instanceof Date) return JSON.stringify(value);
      return 'null';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !(value instanceof Uint8Array) && !(value instanceof Date);
}
