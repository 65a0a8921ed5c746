/**
 * What connect and sync share after a description loaded: the cached files (spec copy, operation
 * index, help index), the discovery fields for the config, and the report on stderr.
 */
import type { CommandContext } from '../../sdk/types.js';
import { normalizedOperationBase, type ApiEntry, type DiscoveryFields } from '../../sdk/shared/api-config.js';
import { saveApi } from '../../sdk/config-update.js';
import { formatExtensionUses } from '../../sdk/shared/extension-uses.js';
import { buildIndex, sha256 } from '../../sdk/shared/operation-index-key.js';
import type { DocumentProblem, OperationIndex } from '../../sdk/shared/operation-index-format.js';
import { localSpecSources } from '../../sdk/shared/api-config.js';
import { extractWithSources, type OperationSource } from './operation-index.js';
import { extractOperationDetails } from './operation-details.js';
import type { NameCollision, OperationDetails } from '../../sdk/shared/operation-detail-format.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import { parseJsonExact } from '../../sdk/shared/json-parse.js';
import { toJsonText } from '../../sdk/shared/json-text.js';
import type { LoadedSpec } from './load-spec.js';
import { documentProblems, refuseUnusable } from './document-problems.js';

export interface Saved {
  index: OperationIndex;
  details: OperationDetails;
  /** The spec copy, as UTF-8 bytes: encoded once, hashed and written. */
  spec: Uint8Array;
  discovery: DiscoveryFields;
}

/**
 * Indexes the loaded description (nothing is written yet), with the defects okapi works around; a
 * description none of whose operations can be used is refused.
 */
export function indexSpec(entry: ApiEntry, loaded: LoadedSpec): Saved {
  const spec = Buffer.from(toJsonText(loaded.document));
  const problems = [...loaded.unreadable, ...documentProblems(loaded.document)];
  const { index, details } = extract(loaded.document, spec, normalizedOperationBase(entry), loaded.localSources, problems);
  refuseUnusable(loaded.document, index, problems, loaded.spec.source);
  const discovery: DiscoveryFields = {
    source: loaded.spec.source,
    via: loaded.spec.via,
    ...(index.info.title !== undefined ? { title: index.info.title } : {}),
    ...(index.info.version !== undefined ? { version: index.info.version } : {}),
    ...(index.info.openapi !== undefined ? { openapi: index.info.openapi } : {}),
    operations: index.operations.length,
    ...(index.webhooks > 0 ? { webhooks: index.webhooks } : {}),
    spec_hash: index.key.spec_hash,
    synced_at: new Date().toISOString(),
  };
  return { index, details, spec, discovery };
}

/** The index (with the description's defects) and the operation details of a document, in one walk of it. */
function extract(
  document: unknown,
  spec: Uint8Array,
  operationBase: string,
  sources: string[],
  problems: DocumentProblem[],
): { index: OperationIndex; details: OperationDetails } {
  const extracted = extractWithSources(document, { operationBase });
  const built = buildIndex(document, spec, operationBase, sources, () => extracted.index);
  const collisions = collisionProblems(extracted.collisions, extracted.sources);
  const index = { ...built, ...(problems.length > 0 ? { problems } : {}), ...(collisions.length > 0 ? { name_collisions: collisions } : {}) };
  return { index, details: extractOperationDetails(document, extracted.sources, extracted.collisions) };
}

/**
 * Operations whose command names clashed (`getUser` and `get_user`, or one `x-cli-name` twice), with
 * the names okapi gave them; clashes of one operationId used twice are reported as that already.
 */
function collisionProblems(collisions: NameCollision[], sources: OperationSource[]): DocumentProblem[] {
  const idOf = (method: string, path: string) => sources.find((s) => s.operation.method === method && s.operation.path === path)?.operation.operation_id;
  return collisions
    .filter((c) => new Set(c.operations.map((o) => idOf(o.method, o.path) ?? `${o.method} ${o.path}`)).size > 1)
    .map((c) => ({
      where: c.operations.map((o) => `${o.method.toUpperCase()} ${o.path}`).join(', '),
      message: `each would be the command "${c.name}"; okapi names them ${c.operations.map((o) => o.given).join(', ')}`,
    }));
}

/**
 * Writes the API's cache files (spec copy, operation index, help index), then its config entry,
 * built by `build` from the entry as it is then: the host's API registry does both under the API's
 * lock, so two runs for one API cannot leave the files of one and the config of the other.
 */
export async function writeSaved(ctx: CommandContext, api: string, saved: Saved, build: (current: ApiEntry | undefined) => ApiEntry): Promise<void> {
  await saveApi(ctx.config, ctx.apis, api, (current) => withBaseUrl(api, build(current)), { index: saved.index, details: saved.details, spec: saved.spec });
}

/** An entry as it may be written: every registered API has a base URL. */
export function withBaseUrl(api: string, entry: ApiEntry): ApiEntry {
  if (typeof entry.base_url !== 'string') throw new OkapiError(`API ${api} would have no base_url`);
  return entry;
}

/**
 * Rebuilds the operation index offline from the cached spec copy (`api reindex`, which the host runs
 * when an index no longer fits: another okapi version made it, or `operation_base` changed). Fails
 * when there is no copy, or when it is not the one the config names.
 */
export async function reindexFromSpecCopy(ctx: CommandContext, configDir: string, api: string): Promise<void> {
  const entry = await ctx.apis.get(api);
  if (!entry) throw new OkapiError(`there is no API named "${api}"`, { hint: "see 'okapi api list'" });
  const spec = await ctx.apis.readSpec(api);
  const hint = `run: okapi api sync ${api}`;
  if (spec === undefined) throw new OkapiError(`the cached spec of ${api} is missing`, { hint });
  const expected = entry.discovery?.spec_hash;
  if (expected !== undefined && sha256(spec) !== expected) throw new OkapiError(`the cached spec of ${api} is not the one its config names`, { hint });
  let document: unknown;
  try {
    document = parseJsonExact(Buffer.from(spec).toString('utf8'));
  } catch {
    throw new OkapiError(`the cached spec of ${api} is damaged`, { hint });
  }
  // Documents that could not be read were left out of the copy: their `$ref`s are still found unresolved.
  const { index, details } = extract(document, spec, normalizedOperationBase(entry), localSpecSources(entry, configDir), documentProblems(document));
  await saveApi(ctx.config, ctx.apis, api, (current) => current ?? entry, { index, details });
}

/** How many problems `api connect` and `api sync` show; `okapi doctor api` lists them all. */
const SHOWN_PROBLEMS = 10;

/** The description's defects, once each, as warnings on stderr at connect and sync. */
export function reportProblems(ctx: CommandContext, api: string, index: OperationIndex): void {
  const problems = index.problems ?? [];
  if (problems.length === 0) return;
  const shown = problems.slice(0, SHOWN_PROBLEMS);
  let text = shown.map((p) => `okapi: warning: ${api}: ${p.where}: ${p.message}\n`).join('');
  if (problems.length > shown.length) text += `okapi: warning: ${api}: … and ${problems.length - shown.length} more defects; see okapi doctor api ${api}\n`;
  ctx.stderr(text);
}

/** The behaviour-changing `x-cli-*` extensions, for stderr at connect and sync: informational only. */
export function reportExtensions(ctx: CommandContext, api: string, index: OperationIndex): void {
  const uses = index.extensions.filter((u) => !u.unknown);
  if (uses.length === 0) return;
  const shown = uses.slice(0, 20);
  const more = uses.length - shown.length;
  ctx.stderr(
    `okapi: ${api} uses x-cli extensions that change its commands:\n${formatExtensionUses(shown, '  ')}\n${
      more > 0 ? `  … and ${more} more: okapi doctor api ${api}\n` : ''
    }`,
  );
}

export function describeSource(saved: Saved): string {
  const { discovery } = saved;
  const how =
    discovery.via === 'link:service-desc' || discovery.via === 'link:describedby'
      ? ` (Link rel=${discovery.via.slice(5)})`
      : discovery.via === 'well-known'
        ? ' (well-known path)'
        : discovery.via === 'root'
          ? ' (the API root)'
          : '';
  return `${discovery.source}${how}`;
}

export function operationCount(saved: Saved): string {
  const n = saved.discovery.operations;
  const hooks = saved.discovery.webhooks ? ` and ${saved.discovery.webhooks} webhook${saved.discovery.webhooks === 1 ? '' : 's'}` : '';
  return `${n} operation${n === 1 ? '' : 's'}${hooks}`;
}
