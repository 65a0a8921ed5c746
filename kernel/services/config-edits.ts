/**
 * Config patches as path/value edits (sdk/services.ts ConfigEdit), checked and applied to a
 * document. They may come from any plugin over the wire, so every part is checked before use: a
 * path is object keys and array indexes, a value is plain JSON.
 */
import { OkapiError } from '../../sdk/shared/errors.js';
import { ExactNumber } from '../../sdk/shared/exact-number.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import type { ConfigEdit, ConfigPath } from '../../sdk/services.js';

const MAX_EDITS = 1000;
const MAX_DEPTH = 64;
const MAX_KEY_LENGTH = 1024;

/** The edits, checked: throws an OkapiError naming the first bad one. */
export function checkedEdits(edits: unknown): ConfigEdit[] {
  if (!Array.isArray(edits)) throw new OkapiError(`a config patch is a list of edits, not ${describe(edits)}`);
  if (edits.length > MAX_EDITS) throw new OkapiError(`a config patch has ${edits.length} edits; at most ${MAX_EDITS} are taken at once`);
  edits.forEach((edit, i) => {
    const where = `config edit ${i + 1}`;
    if (!isPlainObject(edit)) throw new OkapiError(`${where} is ${describe(edit)}, not a map of path and value (or delete: true)`);
    checkPath(edit.path, where);
    if (edit.delete !== undefined) {
      if (edit.delete !== true) throw new OkapiError(`${where}: delete is ${describe(edit.delete)}; it is true or absent`);
      if ((edit.path as ConfigPath).length === 0) throw new OkapiError(`${where} deletes the whole config; give the path of what to delete`);
      if (Object.hasOwn(edit, 'value')) throw new OkapiError(`${where} has both a value and delete: true; give one of them`);
    } else {
      if (!Object.hasOwn(edit, 'value')) throw new OkapiError(`${where} has neither a value nor delete: true`);
      checkJsonValue(edit.value, `${where} value`, 0);
      if ((edit.path as ConfigPath).length === 0 && !isPlainObject(edit.value)) throw new OkapiError(`${where} replaces the config with ${describe(edit.value)}; the config is a map`);
    }
  });
  return edits as ConfigEdit[];
}

/** Applies checked edits to `document` in place; returns the (possibly replaced) root. */
export function applyEdits(document: Record<string, unknown>, edits: ConfigEdit[]): Record<string, unknown> {
  let root = document;
  for (const edit of edits) {
    if (edit.path.length === 0) {
      root = structuredClone((edit as { value: Record<string, unknown> }).value);
      continue;
    }
    const parent = containerAt(root, edit.path, 'delete' in edit);
    if (parent === undefined) continue; // deleting below something absent: nothing to delete
    const last = edit.path[edit.path.length - 1]!;
    if ('delete' in edit) {
      if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
      else if (isPlainObject(parent) && typeof last === 'string') delete parent[last];
    } else if (Array.isArray(parent)) {
      if (typeof last !== 'number' || last > parent.length) throw new OkapiError(`config path ${shown(edit.path)}: index ${String(last)} is past the end of a list of ${parent.length}`);
      parent[last] = structuredClone(edit.value);
    } else {
      if (typeof last !== 'string') throw new OkapiError(`config path ${shown(edit.path)}: ${last} indexes a list, but there is a map`);
      parent[last] = structuredClone(edit.value);
    }
  }
  return root;
}

/** The object or list that holds the last segment of `path`, made on the way when setting. */
function containerAt(root: Record<string, unknown>, path: ConfigPath, deleting: boolean): Record<string, unknown> | unknown[] | undefined {
  let node: Record<string, unknown> | unknown[] = root;
  for (let i = 0; i < path.length - 1; i++) {
    const segment = path[i]!;
    const next: unknown = Array.isArray(node) ? (typeof segment === 'number' ? node[segment] : undefined) : typeof segment === 'string' && Object.hasOwn(node, segment) ? node[segment] : undefined;
    if (isPlainObject(next) || Array.isArray(next)) {
      node = next;
      continue;
    }
    if (deleting) return undefined;
    if (next !== undefined || Array.isArray(node) || typeof segment !== 'string') {
      throw new OkapiError(`config path ${shown(path)}: ${shown(path.slice(0, i + 1))} is ${describe(next)}, not a map or list to set a value in`);
    }
    const made: Record<string, unknown> = {};
    node[segment] = made;
    node = made;
  }
  return node;
}

function checkPath(path: unknown, where: string): void {
  if (!Array.isArray(path)) throw new OkapiError(`${where}: path is ${describe(path)}, not a list of keys and indexes`);
  if (path.length > MAX_DEPTH) throw new OkapiError(`${where}: the path is ${path.length} levels deep; the config goes at most ${MAX_DEPTH}`);
  for (const segment of path) {
    if (typeof segment === 'number') {
      if (!Number.isSafeInteger(segment) || segment < 0) throw new OkapiError(`${where}: the path holds ${segment}, which is not a list index (a whole number of 0 or more)`);
    } else if (typeof segment === 'string') {
      if (segment.length > MAX_KEY_LENGTH) throw new OkapiError(`${where}: a key of the path is ${segment.length} characters long; at most ${MAX_KEY_LENGTH}`);
      // The one key an assignment cannot make an own property of: it would change the map's prototype.
      if (segment === '__proto__') throw new OkapiError(`${where}: the path holds the key "__proto__", which the config cannot have`);
    } else {
      throw new OkapiError(`${where}: the path holds ${describe(segment)}, which is neither a key (a string) nor an index`);
    }
  }
}

/** JSON as the config file holds it: null, true/false, finite numbers, strings, lists and maps. */
function checkJsonValue(value: unknown, where: string, depth: number): void {
  if (depth > MAX_DEPTH) throw new OkapiError(`${where} nests deeper than ${MAX_DEPTH} levels`);
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return;
    throw new OkapiError(`${where} holds the number ${value}, which JSON cannot write`);
  }
  // The config is read back with doubles (kernel/config/document.ts): written, this number would change.
  if (value instanceof ExactNumber || typeof value === 'bigint') {
    const why = 'which the config file cannot keep as written: it reads numbers as doubles';
    throw new OkapiError(`${where} holds the number ${String(value)}, ${why}`);
  }
  if (Array.isArray(value)) {
    value.forEach((item) => checkJsonValue(item, where, depth + 1));
    return;
  }
  if (isPlainObject(value) && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value)) {
      if (key === '__proto__') throw new OkapiError(`${where} holds the key "__proto__", which the config cannot have`);
      checkJsonValue(item, where, depth + 1);
    }
    return;
  }
  throw new OkapiError(`${where} holds ${describe(value)}, which the config file (JSON) cannot hold`);
}

function shown(path: ConfigPath): string {
  return path.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${segment}`)).join('') || '(the root)';
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (value instanceof Uint8Array) return `${value.length} bytes`;
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return isPlainObject(value) ? 'a map' : 'an object';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  return `${typeof value} ${String(value)}`;
}
