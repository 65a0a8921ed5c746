/** What `--okapi-validate` found wrong with a request body. */
export interface Violation {
  /** Where, as a JSON path: `$` for the whole body, `$.items[0].name`, `$["content-type"]`. */
  path: string;
  /** What is wrong there, for people: `must be >= 0 (got -1)`. */
  message: string;
  /**
   * The body could not be checked at all (the schema is broken, or its dialect unknown): the
   * message says why. The body itself may be fine.
   */
  unchecked?: true;
}

/** A JSON pointer into the body (`/items/0/name`) as a JSON path (`$.items[0].name`). */
export function jsonPath(pointer: string, body: unknown): string {
  let path = '$';
  let node: unknown = body;
  for (const key of pointerKeys(pointer)) {
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(key)) {
      path += `[${key}]`;
      node = node[Number(key)];
      continue;
    }
    path += childPath(key);
    node = child(node, key);
  }
  return path;
}

/** The value a JSON pointer reaches in the body, or undefined. */
export function valueAt(body: unknown, pointer: string): unknown {
  let node: unknown = body;
  for (const key of pointerKeys(pointer)) node = child(node, key);
  return node;
}

function pointerKeys(pointer: string): string[] {
  return pointer === '' ? [] : pointer.slice(1).split('/').map((raw) => raw.replaceAll('~1', '/').replaceAll('~0', '~'));
}

function child(node: unknown, key: string): unknown {
  if (Array.isArray(node)) return /^(0|[1-9][0-9]*)$/.test(key) ? node[Number(key)] : undefined;
  return typeof node === 'object' && node !== null && Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
}

/** The path step to property `key`: `.name` when `key` is a plain name, `["a key"]` otherwise. */
export function childPath(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}
