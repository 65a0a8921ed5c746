/**
 * gron of a decoded value: every assignment that rebuilds it, parents before children, in
 * document order. Keys stay in the document's order.
 */
import { accessor } from './accessor.js';
import { base64Of } from '../../sdk/shared/json-bytes.js';
import { ExactNumber, numberText } from '../../sdk/shared/exact-number.js';

/** Output is handed on in pieces of about this many characters, so large documents stream. */
const CHUNK = 64 * 1024;

export class Output {
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

/** Writes every assignment that rebuilds `value` at `root`. */
export function assignments(root: string, value: unknown, out: Output): void {
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

/** A leaf as a JSON value: bytes as base64 (as in every JSON output), large integers exactly. */
function scalar(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
    case 'bigint':
      return numberText(value);
    case 'boolean':
      return value ? 'true' : 'false';
    default:
      if (value instanceof Uint8Array) return `"${base64Of(value)}"`;
      if (value instanceof Date) return JSON.stringify(value);
      if (value instanceof ExactNumber) return numberText(value);
      return 'null';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !(value instanceof Uint8Array) && !(value instanceof Date) && !(value instanceof ExactNumber);
}
