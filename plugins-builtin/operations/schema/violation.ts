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
  if (pointer === '') return path;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(key)) {
      path += `[${key}]`;
      node = node[Number(key)];
      continue;
    }
    path += childPath(key);
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  return path;
}

/** The path step to property `key`: `.name` when `key` is a plain name, `["a key"]` otherwise. */
export function childPath(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}
