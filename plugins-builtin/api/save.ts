/**
 * What connect and sync share after a description loaded: the cached files (spec copy, operation
 * index, help index), the discovery fields for the config, and the report on stderr.
 */
import type { CommandContext } from '../../sdk/types.js';
import { normalizedOperationBase, type ApiEntry, type DiscoveryFields } from '../../kernel/api/api-config.js';
import { formatExtensionUses } from '../../kernel/api/extensions.js';
import { buildIndex, writeApiCache } from '../../kernel/api/index-store.js';
import type { OperationIndex } from '../../kernel/api/operation-index.js';
import { OkapiError } from '../../sdk/errors.js';
import { apiCacheDir } from '../../kernel/api/cache-paths.js';
import { withFileLock } from '../../kernel/config/lock.js';
import type { LoadedSpec } from './load-spec.js';

export interface Saved {
  index: OperationIndex;
  /** The spec copy, as UTF-8 bytes: encoded once, hashed and written. */
  spec: Uint8Array;
  discovery: DiscoveryFields;
}

/** Indexes the loaded description (nothing is written yet). */
export function indexSpec(entry: ApiEntry, loaded: LoadedSpec): Saved {
  const spec = Buffer.from(JSON.stringify(loaded.document));
  const index = buildIndex(loaded.document, spec, normalizedOperationBase(entry), loaded.localSources);
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
  return { index, spec, discovery };
}

/**
 * Writes the API's cache files (spec copy, operation index, help index), then `commit` (the config
 * entry), under a lock of the API's cache directory: two runs for one API cannot leave the files of
 * one and the config of the other.
 */
export async function writeSaved(cacheDir: string | undefined, api: string, saved: Saved, commit: () => Promise<void>): Promise<void> {
  if (!cacheDir) throw new OkapiError('the host did not say where okapi keeps its cache (cache_dir)');
  await withFileLock(apiCacheDir(cacheDir, api), async () => {
    await writeApiCache(cacheDir, api, saved.index, saved.spec);
    await commit();
  });
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
