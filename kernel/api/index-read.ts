/**
 * Reading the cached files of a registered API at start-up (kernel/api/cache-paths.ts) and judging
 * whether an index still fits the API's config and its local spec files. Cheap on purpose: no
 * hashing, no parsing of the spec copy.
 */
import { readFileSync } from 'node:fs';
import { OKAPI_VERSION } from '../../sdk/shared/version.js';
import { normalizedOperationBase, type ApiEntry } from '../../sdk/shared/api-config.js';
import { apiCacheFiles } from './cache-paths.js';
import { parseJsonExact } from '../../sdk/shared/json-parse.js';
import { sourceStamps } from '../../sdk/shared/operation-index-key.js';
import { INDEX_FORMAT, type HelpIndex, type IndexKey, type OperationIndex } from '../../sdk/shared/operation-index-format.js';

export interface ExpectedKey {
  spec_hash: string | undefined;
  operation_base: string;
  sources: string[];
}

/** What an index must have been made for, given the API's config now. */
export function expectedKey(entry: ApiEntry, sources: string[]): ExpectedKey {
  return { spec_hash: entry.discovery?.spec_hash, operation_base: normalizedOperationBase(entry), sources };
}

export type Staleness =
  | { stale: false }
  /** `sources`: a local spec file changed, so the spec copy is stale too and must be reloaded. */
  | { stale: true; reason: string; sources: boolean };

export function staleness(key: IndexKey | undefined, expected: ExpectedKey): Staleness {
  if (key === undefined) return { stale: true, reason: 'there is no operation index', sources: false };
  const now = sourceStamps(expected.sources);
  const recorded = new Map(key.sources.map((s) => [s.path, s]));
  const changed = now.find((s) => {
    const before = recorded.get(s.path);
    return before === undefined || before.size !== s.size || before.mtime_ns !== s.mtime_ns;
  });
  if (changed || now.length !== key.sources.length) {
    return { stale: true, reason: `${changed?.path ?? 'the list of spec files'} changed since the API was indexed`, sources: true };
  }
  if (key.format !== INDEX_FORMAT || key.okapi_version !== OKAPI_VERSION) {
    return { stale: true, reason: 'the index was made by another okapi version', sources: false };
  }
  if (key.operation_base !== expected.operation_base) return { stale: true, reason: 'operation_base changed', sources: false };
  if (expected.spec_hash !== undefined && key.spec_hash !== expected.spec_hash) {
    return { stale: true, reason: 'the index does not belong to the spec in the config', sources: false };
  }
  return { stale: false };
}

export interface StoredHelpIndex {
  header: Omit<HelpIndex, 'text'>;
  /** The rendered commands, as UTF-8 bytes. */
  text: Buffer;
}

/** The help index: its header parsed, its text left as bytes (see serializeHelpIndex). */
export function readHelpIndex(cacheDir: string, api: string): StoredHelpIndex | undefined {
  try {
    const bytes = readFileSync(apiCacheFiles(cacheDir, api).help);
    const end = bytes.indexOf(0x0a);
    if (end === -1) return undefined;
    const header = JSON.parse(bytes.toString('utf8', 0, end)) as Omit<HelpIndex, 'text'>;
    if (header === null || typeof header !== 'object' || typeof header.commands !== 'number' || !header.key) return undefined;
    return { header, text: bytes.subarray(end + 1) };
  } catch {
    return undefined; // a missing or damaged cache file: it is rebuilt
  }
}

export function readOperationIndex(cacheDir: string, api: string): OperationIndex | undefined {
  try {
    // Parameters' enums and defaults as the description wrote them; only doctor and auth read the index.
    const index = parseJsonExact(readFileSync(apiCacheFiles(cacheDir, api).operations, 'utf8')) as OperationIndex | null;
    return Array.isArray(index?.operations) && index.key ? index : undefined;
  } catch {
    return undefined; // a missing or damaged cache file: it is rebuilt
  }
}

/** The cached spec copy as text, or undefined. */
export function readSpecCopy(cacheDir: string, api: string): string | undefined {
  try {
    return readFileSync(apiCacheFiles(cacheDir, api).spec, 'utf8');
  } catch {
    return undefined;
  }
}
