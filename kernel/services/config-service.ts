/**
 * The config service (sdk/services.ts ConfigService): reads and patches of the config file, for
 * every command plugin. Writes go through store.ts as `okapi config set` always did: under the
 * lock, comments kept, schema checked, atomic.
 */
import type { OkapiConfig } from '../../sdk/shared/api-config.js';
import type { ConfigPatchResult, ConfigService, ConfigSnapshot } from '../../sdk/services.js';
import { readConfig, readConfigText } from '../config/read.js';
import { applyEdits, checkedEdits } from './config-edits.js';

/** A document's revision: its JSON, hashed. Layout and comments do not count; patches keep them anyway. */
export function revisionOf(document: OkapiConfig): string {
  // Loaded when a revision is asked for: most commands never ask, and node:crypto costs ~3 ms to load.
  return process.getBuiltinModule('node:crypto').createHash('sha256').update(JSON.stringify(document)).digest('hex').slice(0, 32);
}

function snapshotOf(path: string, document: OkapiConfig): ConfigSnapshot {
  return { path, document, revision: revisionOf(document) };
}

/** Thrown inside the locked update to leave it without writing. */
class Conflict {}

export function configService(configPath: string): ConfigService {
  return {
    read: async () => snapshotOf(configPath, readConfig(configPath).config),
    readText: async () => ({ path: configPath, text: readConfigText(configPath) }),
    patch: (edits, options) => patchConfig(configPath, edits, options?.revision),
    validate: async (text) => {
      if (typeof text !== 'string') throw new TypeError('the config text to validate is not a string');
      try {
        await (await import('../config/store.js')).checkConfigText(text, configPath);
        return undefined;
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    },
    replace: async (text) => {
      if (typeof text !== 'string') throw new TypeError('the config text is not a string');
      const written = await (await import('../config/store.js')).replaceConfigText(configPath, text);
      return snapshotOf(configPath, written);
    },
  };
}

/** Applies checked edits under the lock; with a revision, only to that document. */
export async function patchConfig(configPath: string, edits: unknown, revision: string | undefined): Promise<ConfigPatchResult> {
  const checked = checkedEdits(edits);
  const { updateConfig } = await import('../config/store.js');
  try {
    const written = await updateConfig(configPath, (config) => {
      if (revision !== undefined && revisionOf(config) !== revision) throw new Conflict();
      return applyEdits(config, checked);
    });
    return { ...snapshotOf(configPath, written), conflict: false };
  } catch (error) {
    if (!(error instanceof Conflict)) throw error;
    return { ...snapshotOf(configPath, readConfig(configPath).config), conflict: true };
  }
}
