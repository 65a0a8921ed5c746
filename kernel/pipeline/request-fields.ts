/**
 * Header and query lists from each layer (profile/API config, then environment, then flags) merged
 * so a later layer's entry replaces every earlier value of the same name, and updates from plugins
 * applied the way DESIGN.md §3 says: a string sets, an array replaces, null deletes.
 */
import type { FieldUpdate, HeaderMap } from '../../sdk/types.js';
import { UsageError } from '../../sdk/shared/errors.js';
import { redactField } from '../../sdk/shared/redact.js';

/** What a header entry looks like: a name without whitespace, then a colon. */
export const HEADER_ENTRY = /^\s*[^\s:]+:/;

/** A `Name: value` entry split at its first colon, both sides trimmed; undefined when it is not one. */
export function headerEntry(entry: string): [string, string] | undefined {
  if (!HEADER_ENTRY.test(entry)) return undefined;
  const colon = entry.indexOf(':');
  return [entry.slice(0, colon).trim(), entry.slice(colon + 1).trim()];
}

/** A `key=value` entry split at its first `=`; undefined when it has no key. */
export function queryEntry(entry: string): [string, string] | undefined {
  const eq = entry.indexOf('=');
  return eq > 0 ? [entry.slice(0, eq), entry.slice(eq + 1)] : undefined;
}

/**
 * The one check of a header the user gave (-H as typed, an OKAPI_HEADER entry), named by `source`:
 * the same words whichever way it came, before anything is sent.
 */
export function parseHeaderEntry(entry: string, source: string): [string, string] {
  const pair = headerEntry(entry);
  if (pair) return pair;
  throw new UsageError(`${source} "${redactField(entry)}" is not a header: write it as "Name: value"`, {
    hint: "a colon ends the header's name, e.g. -H 'Authorization: Bearer <token>'",
  });
}

/** The one check of a query parameter the user gave (-q as typed, an OKAPI_QUERY entry). */
export function parseQueryEntry(entry: string, source: string): [string, string] {
  const pair = queryEntry(entry);
  if (pair) return pair;
  throw new UsageError(`${source} "${redactField(entry)}" is not a query parameter: write it as "key=value"`);
}

/** Layers in increasing precedence. Names compare case-insensitively when `caseless` (headers). */
export function mergeLayers(layers: [string, string][][], caseless: boolean): HeaderMap {
  const merged: HeaderMap = {};
  const key = (name: string) => (caseless ? name.toLowerCase() : name);
  for (const layer of layers) {
    const replaced = new Set<string>();
    for (const [name, value] of layer) {
      const existing = Object.keys(merged).find((n) => key(n) === key(name));
      if (existing !== undefined && !replaced.has(key(name))) delete merged[existing];
      replaced.add(key(name));
      const target = Object.keys(merged).find((n) => key(n) === key(name)) ?? name;
      (merged[target] ??= []).push(value);
    }
  }
  return merged;
}

export function applyHeaderUpdate(fields: HeaderMap, update: FieldUpdate | undefined): HeaderMap {
  if (!update) return fields;
  const next: HeaderMap = { ...fields };
  for (const [name, value] of Object.entries(update)) {
    for (const existing of Object.keys(next)) if (existing.toLowerCase() === name.toLowerCase()) delete next[existing];
    if (value === null) continue;
    next[name] = Array.isArray(value) ? value.map(String) : [String(value)];
  }
  return next;
}

/**
 * The names in `headers` that are not okapi's own: a header is okapi's when `okapiHeaders` has it
 * with the very same values, so one that the user, a profile or a plugin set or replaced is not.
 */
export function originBoundNames(headers: HeaderMap, okapiHeaders: HeaderMap): string[] {
  const own = new Map(Object.entries(okapiHeaders).map(([name, values]) => [name.toLowerCase(), values.join('\n')]));
  return Object.entries(headers)
    .filter(([name, values]) => own.get(name.toLowerCase()) !== values.join('\n'))
    .map(([name]) => name);
}
