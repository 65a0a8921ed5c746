/**
 * From an API entry to its loaded description: pick the source (pinned files or URL, `--spec`,
 * the recorded source on sync, else discovery), turn the bytes into an OpenAPI 3 document through
 * the host's loader plugins, and bundle its external `$ref`s (those that cannot be read are noted,
 * not fatal). Several `spec_files` are deep-merged
 * in order. Nothing is written here: a bad source fails before any file changes.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressPolicy, CommandContext } from '../../sdk/types.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { redactUrl } from '../../sdk/shared/redact.js';
import { localSpecSources, specFilePaths, type ApiEntry } from '../../sdk/shared/api-config.js';
import { checkFollow, discover, fetchExplicit, fetchPolicy, readLocal, type FetchedSpec } from './discovery.js';
import { resolveReferences, type ResolvedDocument } from './refs.js';
import { deepMerge } from './deep-merge.js';
import type { DocumentProblem } from '../../sdk/shared/operation-index-format.js';

type Json = Record<string, unknown>;

export interface LoadedSpec {
  document: Json;
  /** The first (or only) source. */
  spec: FetchedSpec;
  /** Local files that make up the description: their stamps key the index. */
  localSources: string[];
  /** Documents its `$ref`s point to that could not be read: those `$ref`s stay as written. */
  unreadable: DocumentProblem[];
}

export interface LoadOptions {
  base: URL;
  entry: ApiEntry | undefined;
  /** `--spec`: a URL or a file path (relative to the working directory). */
  specOverride?: string;
  allowCrossOrigin: boolean;
  /** For relative `spec_files`. */
  configDir: string;
  /** A registered API whose profile TLS files the fetches on its origin use (`tls_api`). */
  tlsApi?: string;
  /** `api sync`: re-fetch the recorded source instead of discovering anew. */
  sync: boolean;
  note(line: string): void;
}

function isUrl(text: string): boolean {
  return /^https?:\/\//i.test(text);
}

/** `--spec` as a URL, or as an absolute file path (which must exist). */
export function specArgument(text: string): { url: string } | { path: string } {
  if (isUrl(text)) {
    try {
      return { url: new URL(text).href };
    } catch {
      throw new OkapiError(`--spec "${redactUrl(text)}" is not a valid URL`, { exitCode: 2 });
    }
  }
  const path = /^file:\/\//i.test(text) ? fileURLToPath(text) : resolve(text);
  if (!existsSync(path)) {
    throw new OkapiError(`--spec ${text}: no such file`, {
      exitCode: 2,
      hint: 'give a local file, or a URL starting with http:// or https://',
    });
  }
  return { path };
}

export async function loadSpec(host: CommandContext, options: LoadOptions): Promise<LoadedSpec> {
  const ctx = options.tlsApi === undefined ? host : withTlsOf(host, options.tlsApi);
  const entry = options.entry;
  const target = options.specOverride !== undefined ? specArgument(options.specOverride) : undefined;
  // The URLs the user gave: the base, and a description URL given with --spec or pinned as spec_url.
  const given = target ? ('url' in target ? target.url : undefined) : typeof entry?.spec_url === 'string' && isUrl(entry.spec_url) ? entry.spec_url : undefined;
  const policy = fetchPolicy(given ? [options.base.href, given] : [options.base.href], options.allowCrossOrigin);
  const accept = (spec: FetchedSpec) => loadOne(ctx, spec, options, policy);
  if (target) {
    const spec = 'url' in target ? await fetchExplicit(ctx, target.url, '--spec', policy) : await readLocal(target.path, '--spec');
    return { ...(await accept(spec)), spec, localSources: 'path' in target ? [target.path] : [] };
  }
  const files = entry ? specFilePaths(entry, options.configDir) : [];
  if (files.length > 0) {
    const specs: FetchedSpec[] = [];
    let document: Json | undefined;
    const unreadable: DocumentProblem[] = [];
    for (const file of files) {
      const spec = await readLocal(file, 'spec_files');
      specs.push(spec);
      const loaded = await accept(spec);
      document = document === undefined ? loaded.document : (deepMerge(document, loaded.document) as Json);
      unreadable.push(...loaded.unreadable);
    }
    return { document: document!, unreadable, spec: specs[0]!, localSources: files };
  }
  if (entry && typeof entry.spec_url === 'string' && entry.spec_url !== '') {
    const local = localSpecSources(entry, options.configDir);
    const spec = isUrl(entry.spec_url) ? await fetchExplicit(ctx, entry.spec_url, 'spec_url', policy) : await readLocal(local[0]!, 'spec_url');
    return { ...(await accept(spec)), spec, localSources: local };
  }
  const recorded = entry?.discovery?.source;
  if (options.sync && typeof recorded === 'string' && isUrl(recorded)) {
    // The recorded source was found by discovery: the same-origin rule applies again.
    checkFollow(new URL(recorded), options.base, options.allowCrossOrigin, 'the recorded spec source');
    const spec = await fetchExplicit(ctx, recorded, entry!.discovery!.via, policy);
    spec.explicit = false;
    return { ...(await accept(spec)), spec, localSources: [] };
  }
  const found = await discover(ctx, { base: options.base, allowCrossOrigin: options.allowCrossOrigin, policy, accept, note: options.note });
  return { ...(found.document as ResolvedDocument), spec: found.spec, localSources: [] };
}

/** The host, whose requests (discovery, the description, its `$ref`s) carry `tls_api`: one place, rather than every fetch. */
function withTlsOf(ctx: CommandContext, api: string): CommandContext {
  return { ...ctx, httpRequest: (request) => ctx.httpRequest({ ...request, tls_api: api }) };
}

async function loadOne(ctx: CommandContext, spec: FetchedSpec, options: LoadOptions, policy: AddressPolicy): Promise<ResolvedDocument> {
  if (!ctx.loadDocument) throw new OkapiError('this okapi host cannot load API descriptions (no loadDocument)');
  const document = (await ctx.loadDocument({
    body: spec.body,
    ...(spec.content_type ? { content_type: spec.content_type } : {}),
    ...(spec.source_url ? { source_url: spec.source_url } : {}),
    ...(spec.local_path ? { local_path: spec.local_path } : {}),
  })) as Json;
  if (document === null || typeof document !== 'object' || Array.isArray(document)) {
    throw new OkapiError(`the loader returned no OpenAPI document for ${spec.source}`);
  }
  return resolveReferences(document, {
    ctx,
    root: spec.local_path ? { path: spec.local_path } : { url: spec.source_url ?? spec.source },
    api: options.base,
    allowCrossOrigin: options.allowCrossOrigin,
    policy,
    explicit: spec.explicit,
  });
}

