/**
 * `$ref`s of a loaded description (SPEC.md "Generated operation request routing" 12). Internal ones
 * are checked and stay as they are; external ones are bundled in with json-schema-ref-parser, read
 * through okapi's own resolvers:
 *
 * - a local description (`spec_files`, `--spec <file>`) may reference files and `file://` URIs,
 *   relative to the file that references them;
 * - a downloaded description may reference HTTP(S) documents on its own origin, fetched through the
 *   host pipeline; another origin only with `--allow-cross-origin-spec` and the discovery trust
 *   checks; never a local file.
 *
 * The result has internal `$ref`s only, so circular schemas stay finite and it serialises as JSON,
 * except where a reference leads nowhere: a missing pointer, or a document that cannot be read. Such
 * a `$ref` stays as written (what reads the document sees an unresolved reference), and
 * `unresolvedRefs` finds it later (document-problems.ts reports it). Only what breaks the rules
 * above (a downloaded description reaching for a local file, another origin without the opt-in)
 * still refuses the description.
 * `$ref`s inside example payloads are data, not references: they are neither followed nor checked.
 */
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressPolicy, CommandContext } from '../../sdk/types.js';
import type { DocumentProblem } from '../../sdk/shared/operation-index-format.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { followPointer } from './operation-index.js';
import { checkFollow, DISCOVERY_TIMEOUT_MS, EXPLICIT_TIMEOUT_MS, headerOf } from './discovery.js';
import { MAX_SPEC_BYTES, readSpecFile } from './spec-file.js';
import { MAX_NESTING } from '../../sdk/shared/nesting.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';

type Json = Record<string, unknown>;

/** Where `$ref` keys of example payloads hide while the bundler runs. */
const ESCAPED_REF = '\u0000okapi-literal-$ref';


/** Children of these keys are named things (schemas, properties), not keywords. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'schemas', 'dependentSchemas']);

export interface RefScan {
  /** The document has `$ref`s to other documents. */
  external: boolean;
}

/** A `$ref` that leads nowhere, and the path of the object holding it. */
export interface UnresolvedRef {
  ref: string;
  at: (string | number)[];
  /** A pointer into the document itself; else another document, which could not be read or bundled. */
  internal: boolean;
}

interface WalkState {
  document: unknown;
  mode: 'find' | 'locate' | 'list' | 'escape' | 'unescape';
  external: boolean;
  /** Objects with `$id` around the current node, nearest first: pointers may be relative to them. */
  resources: Json[];
  /** Internal refs found to resolve (only while no `$id` resource is around). */
  resolved: Set<string>;
  /** Kept only by the walks that locate references. */
  path: (string | number)[] | undefined;
  /** What `locate` and `list` found. */
  found: UnresolvedRef[];
}

/** Ends the quick walk at the first unresolved reference: a second walk, keeping paths, lists them. */
class FoundUnresolved extends Error {}

/**
 * One walk over a document: notes external `$ref`s (`find`), or renames `$ref` keys inside example
 * payloads (`escape`) or back (`unescape`).
 */
export function scanRefs(document: unknown, mode: 'find' | 'escape' | 'unescape' = 'find'): RefScan {
  const state = walkState(document, mode);
  walk(document, false, state);
  return { external: state.external };
}

/**
 * The `$ref`s of a loaded (bundled) description that lead nowhere: internal pointers to nothing, and
 * references to other documents left as written because bundling could not read them. The first
 * walk keeps no path, which halves its cost on the large descriptions; only a document with such a
 * reference gets the second walk that locates each.
 */
export function unresolvedRefs(document: unknown): UnresolvedRef[] {
  try {
    walk(document, false, walkState(document, 'locate'));
    return [];
  } catch (error) {
    if (!(error instanceof FoundUnresolved)) throw error;
  }
  const state = { ...walkState(document, 'locate'), path: [] };
  walk(document, false, state);
  return state.found;
}

/** Every pointer `$ref` of a document (`#/…`), where it is: what uses what. */
export function pointerRefs(document: unknown): { ref: string; at: (string | number)[] }[] {
  const state = { ...walkState(document, 'list'), path: [] };
  walk(document, false, state);
  return state.found.map(({ ref, at }) => ({ ref, at }));
}

function walkState(document: unknown, mode: WalkState['mode']): WalkState {
  return { document, mode, external: false, resources: [], resolved: new Set(), path: undefined, found: [] };
}

function checkRef(ref: string, state: WalkState): void {
  const internal = ref.charCodeAt(0) === 35; /* # */
  if (!internal) state.external = true;
  if (state.mode === 'list') {
    if (ref.startsWith('#/')) state.found.push({ ref, at: [...state.path!], internal: true });
    return;
  }
  if (state.mode !== 'locate') return;
  if (!internal) {
    // Relative to a `$id` resource, it may name that resource's own parts: not ours to judge.
    if (state.resources.length === 0) unresolved(ref, false, state);
    return;
  }
  if (!ref.startsWith('#/')) return; // `#anchor` names an anchor, not a pointer
  const cacheable = state.resources.length === 0;
  if (cacheable && state.resolved.has(ref)) return;
  const found = followPointer(state.document, ref) !== undefined || state.resources.some((r) => followPointer(r, ref) !== undefined);
  if (!found) unresolved(ref, true, state);
  else if (cacheable) state.resolved.add(ref);
}

function unresolved(ref: string, internal: boolean, state: WalkState): void {
  if (state.path === undefined) throw new FoundUnresolved();
  state.found.push({ ref, at: [...state.path], internal });
}

// Parsed JSON is a tree; YAML aliases can make a cycle, which the depth limit ends (no Set of
// every object visited: that cost more than the rest of the walk on the large descriptions).
function walk(node: unknown, names: boolean, state: WalkState, depth = 0): void {
  if (typeof node !== 'object' || node === null || depth > MAX_NESTING) return;
  const path = state.path;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const item: unknown = node[i];
      if (typeof item !== 'object' || item === null) continue;
      path?.push(i);
      walk(item, false, state, depth + 1);
      path?.pop();
    }
    return;
  }
  const object = node as Json;
  let resource = false;
  if (!names) {
    if (typeof object.$ref === 'string') checkRef(object.$ref, state);
    if (typeof object.$id === 'string') {
      resource = true;
      state.resources.unshift(object);
    }
  }
  for (const key in object) {
    const child = object[key];
    if (typeof child !== 'object' || child === null) continue;
    path?.push(key);
    if (names) walk(child, false, state, depth + 1);
    else if (key === 'example') payload(child, state.mode);
    else if (key === 'examples') examples(child, state, depth + 1);
    else walk(child, NAME_MAPS.has(key), state, depth + 1);
    path?.pop();
  }
  if (resource) state.resources.shift();
}

/** `examples`: a list of payloads (JSON Schema) or a map of Example Objects (OpenAPI). */
function examples(value: unknown, state: WalkState, depth: number): void {
  if (Array.isArray(value)) {
    payload(value, state.mode);
    return;
  }
  if (!isPlainObject(value)) return;
  const path = state.path;
  for (const name in value) {
    const example = value[name];
    if (!isPlainObject(example)) continue;
    path?.push(name);
    if (typeof example.$ref === 'string') checkRef(example.$ref, state);
    for (const key in example) {
      const child = example[key];
      if (key === 'value') payload(child, state.mode);
      else if (key !== '$ref' && typeof child === 'object' && child !== null) {
        path?.push(key);
        walk(child, false, state, depth + 1);
        path?.pop();
      }
    }
    path?.pop();
  }
}

/** Renames `$ref` keys inside an example payload (or back); payloads are data, never followed. */
function payload(value: unknown, mode: WalkState['mode']): void {
  if (mode !== 'escape' && mode !== 'unescape') return;
  const from = mode === 'escape' ? '$ref' : ESCAPED_REF;
  const to = mode === 'escape' ? ESCAPED_REF : '$ref';
  const stack: unknown[] = [value];
  for (let budget = 1_000_000; stack.length > 0 && budget > 0; budget--) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (isPlainObject(node)) {
      if (Object.hasOwn(node, from)) {
        node[to] = node[from];
        delete node[from];
      }
      for (const key in node) {
        const child = node[key];
        if (typeof child === 'object' && child !== null) stack.push(child);
      }
    }
  }
}

export interface ResolveOptions {
  ctx: CommandContext;
  /** Absolute path of a local description, or the URL of a downloaded one. */
  root: { path: string } | { url: string };
  /** The API's base URL: the trust check for cross-origin references compares with it. */
  api: URL;
  allowCrossOrigin: boolean;
  /** The command's address policy, for every `$ref` fetch and each of its redirects. */
  policy: AddressPolicy;
  explicit: boolean;
}

export interface ResolvedDocument {
  document: Json;
  /** Referenced documents that could not be read or parsed: their `$ref`s stay as written. */
  unreadable: DocumentProblem[];
}

/** Bundles external `$ref`s into the document, when it has any. */
export async function resolveReferences(document: Json, options: ResolveOptions): Promise<ResolvedDocument> {
  const source = 'path' in options.root ? options.root.path : options.root.url;
  if (!scanRefs(document).external) return { document, unreadable: [] };

  scanRefs(document, 'escape');
  const { $RefParser } = await import('@apidevtools/json-schema-ref-parser');
  const { loadDocument } = options.ctx;
  if (!loadDocument) throw new OkapiError('this okapi host cannot load API descriptions (no loadDocument)');
  const parser = new $RefParser();
  const limit = limiter(16);
  const contentTypes = new Map<string, string>();
  const rootUrl = 'url' in options.root ? new URL(options.root.url) : undefined;
  const timeout = options.explicit ? EXPLICIT_TIMEOUT_MS : DISCOVERY_TIMEOUT_MS;

  // A reference the rules forbid refuses the description; one that cannot be read is left out.
  // The bundler wraps what a resolver or parser throws into its own error (a resolver's message is
  // lost on the way), so both are noted here, as they happen.
  let refused: Error | undefined;
  const unreadable = new Map<string, string>();
  const remember = async <T>(location: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (!refused && !unreadable.has(location)) unreadable.set(location, error instanceof Error ? error.message : String(error));
      throw error;
    }
  };
  const refuse = (error: OkapiError): never => {
    refused ??= error;
    throw error;
  };

  const readFileRef = async (location: string): Promise<Uint8Array> => {
    if (rootUrl) {
      refuse(new OkapiError(`${source} references the local file ${location}; a downloaded description may reference only HTTP(S) documents`));
    }
    const path = toPath(location);
    return limit(() => readSpecFile(path, `${path} (referenced by a $ref in the description)`));
  };

  const readHttpRef = async (location: string): Promise<Uint8Array> => {
    const url = new URL(location);
    if (rootUrl === undefined) {
      if (!options.allowCrossOrigin) {
        refuse(
          new OkapiError(`${source} references ${url.href}; a local description may reference only files`, {
            hint: 'fetch such references with --allow-cross-origin-spec if you trust that host',
          }),
        );
      }
    } else if (url.origin !== rootUrl.origin) {
      try {
        checkFollow(url, rootUrl, options.allowCrossOrigin, 'the $ref target');
      } catch (error) {
        refuse(error as OkapiError);
      }
    }
    return limit(async () => {
      const response = await options.ctx.httpRequest({ method: 'GET', url: url.href, timeout_ms: timeout, max_body_size: MAX_SPEC_BYTES, address_policy: options.policy });
      if (response.status < 200 || response.status > 299) {
        throw new OkapiError(`GET ${url.href} answered ${response.status}`);
      }
      const type = headerOf(response, 'content-type');
      if (type) contentTypes.set(url.href, type);
      return response.body;
    });
  };

  let bundled: Json;
  const bundle = parser.bundle.bind(parser) as unknown as (path: string, schema: unknown, options: unknown) => Promise<unknown>;
  try {
    bundled = (await bundle(rootUrl ? rootUrl.href : source, document, {
      // A reference that leads nowhere is noted and left as written; the rest is bundled.
      continueOnError: true,
      resolve: {
        external: true,
        file: false,
        http: false,
        okapi: {
          order: 1,
          canRead: () => true,
          read: async (file: { url: string }) => {
            const location = file.url;
            const remote = /^https?:/i.test(location);
            const bytes = await remember(remote ? location : toPath(location), () => (remote ? readHttpRef(location) : readFileRef(location)));
            return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
          },
        },
      },
      parse: {
        json: false,
        yaml: false,
        text: false,
        binary: false,
        okapi: {
          order: 1,
          canParse: () => true,
          parse: (file: { url: string; data: Buffer }) => {
            const remote = /^https?:/i.test(file.url);
            const name = remote ? file.url : toPath(file.url);
            return remember(name, async () => {
              const contentType = contentTypes.get(file.url);
              // Through the loader hook, as the description itself was (its plugin parses JSON and YAML).
              const value = await loadDocument({
                body: file.data,
                referenced: true,
                ...(remote ? { source_url: name } : { local_path: name }),
                ...(contentType !== undefined ? { content_type: contentType } : {}),
              });
              scanRefs(value, 'escape');
              return value;
            });
          },
        },
      },
      bundle: { excludedPathMatcher: isExamplePath },
      dereference: { circular: true, excludedPathMatcher: isExamplePath },
    })) as Json;
  } catch (error) {
    if (refused) throw refused;
    // With continueOnError the bundler still bundles what it can, then throws the group of what it could not.
    if ((error as { name?: string }).name !== 'JSONParserErrorGroup' || !isPlainObject(parser.schema)) throw refError(error, source);
    bundled = parser.schema;
  }
  if (refused) throw refused;
  scanRefs(bundled, 'unescape');
  return { document: bundled, unreadable: [...unreadable].map(([where, message]) => ({ where, message: `${message}; the $refs to it are left out` })) };
}

/** Paths inside example payloads, for the bundler's own walk. */
export function isExamplePath(path: string): boolean {
  return /\/example(\/|$)/.test(path) || /\/examples\/[^/]+\/value(\/|$)/.test(path);
}

function toPath(location: string): string {
  if (/^file:/i.test(location)) return fileURLToPath(location);
  if (isAbsolute(location)) {
    try {
      return decodeURI(location);
    } catch {
      return location;
    }
  }
  return location;
}

/** The bundler's errors, reworded to name the document and the pointer at fault. */
function refError(error: unknown, source: string): Error {
  if (error instanceof OkapiError) return error;
  const e = error as { name?: string; message?: string; source?: string; path?: string | null; errors?: unknown[] };
  const first = Array.isArray(e.errors) && e.errors.length > 0 ? (e.errors[0] as typeof e) : e;
  if (first !== e && first instanceof OkapiError) return first;
  const where = first.source ? toDisplay(first.source) : source;
  const message = (first.message ?? String(error)).replace(/^Error parsing [^:]+: /, '');
  if (first.name === 'MissingPointerError' || first.name === 'InvalidPointerError') {
    return new OkapiError(`broken $ref in the description ${source}: ${message} (in ${where}${first.path ? `, at ${first.path}` : ''})`);
  }
  if ((first as { cause?: unknown }).cause instanceof OkapiError) return (first as { cause: OkapiError }).cause;
  return new OkapiError(`cannot resolve the $refs of ${source}: ${message}${where !== source ? ` (${where})` : ''}`);
}

function toDisplay(location: string): string {
  return /^https?:/i.test(location) ? location : toPath(location);
}

/** Runs at most `max` tasks at once. */
function limiter(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (active >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await task();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}
