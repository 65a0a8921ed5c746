/**
 * Helpers for the JSON-like documents shorthand edits. Keys are always own properties: a field
 * named `__proto__` or `constructor` is data, never the object's prototype or an inherited member.
 */

import { isObjectLiteral } from '../plain-object.js';

export type PlainObject = Record<string, unknown>;

export function getOwn(object: PlainObject, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

export function setOwn(object: PlainObject, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  } else {
    object[key] = value;
  }
}

type CopyTask =
  | { readonly source: unknown[]; readonly copy: unknown[] }
  | { readonly source: PlainObject; readonly copy: PlainObject };

/**
 * A deep copy of plain objects, arrays and byte arrays; other values are shared. The walk keeps its
 * own stack so that a deeply nested base document cannot overflow the call stack.
 */
export function cloneDocument(value: unknown): unknown {
  const pending: CopyTask[] = [];
  const root = shallowCopy(value, pending);
  for (let task = pending.pop(); task !== undefined; task = pending.pop()) {
    if (Array.isArray(task.source)) {
      const copy = task.copy as unknown[];
      for (const item of task.source) copy.push(shallowCopy(item, pending));
    } else {
      const copy = task.copy as PlainObject;
      for (const key of Object.keys(task.source)) setOwn(copy, key, shallowCopy(task.source[key], pending));
    }
  }
  return root;
}

/** Copies one node and queues its children, which the copy receives later. */
function shallowCopy(value: unknown, pending: CopyTask[]): unknown {
  if (Array.isArray(value)) {
    const copy: unknown[] = [];
    pending.push({ source: value as unknown[], copy });
    return copy;
  }
  if (isObjectLiteral(value)) {
    const copy: PlainObject = {};
    pending.push({ source: value, copy });
    return copy;
  }
  if (value instanceof Uint8Array) return Uint8Array.from(value);
  return value;
}
