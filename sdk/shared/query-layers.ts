/**
 * A URL's query written by several hands, kept as each wrote it (encoded, without `?`): a generated
 * operation's base_url, server and path key, then its parameters; a registered API's base_url under
 * what the user types. Each layer is a default for the ones above it.
 */

/** The decoded name of one `name=value` entry of an encoded query. */
export function queryEntryName(entry: string): string {
  const eq = entry.indexOf('=');
  const name = (eq === -1 ? entry : entry.slice(0, eq)).replace(/\+/g, ' ');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** The entries of an encoded query, as written. */
export function queryEntries(query: string): string[] {
  return query.split('&').filter((entry) => entry !== '');
}

/**
 * Encoded queries in increasing precedence, joined: a name a later layer sets replaces every value
 * of it an earlier layer gave; repeats within one layer (`tag=a&tag=b`) stay, in their order.
 */
export function layerQueries(layers: readonly string[]): string {
  let kept: string[] = [];
  for (const layer of layers) {
    const entries = queryEntries(layer);
    const names = new Set(entries.map(queryEntryName));
    kept = [...kept.filter((entry) => !names.has(queryEntryName(entry))), ...entries];
  }
  return kept.join('&');
}
