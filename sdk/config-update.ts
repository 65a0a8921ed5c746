/**
 * A read-modify-write of the config through the host's config service: `mutate` sees the current
 * document and its result is written only if the file is still the one it saw; else it runs again
 * on the new one. So a plugin's change never overwrites another run's, as under the lock itself.
 */
import type { ApiEntry, OkapiConfig } from './shared/api-config.js';
import { apiEntry } from './shared/api-config.js';
import { OkapiError } from './shared/errors.js';
import type { ApiRegistry, ApiSave, ConfigService, ConfigSnapshot } from './services.js';

const ATTEMPTS = 10;

/** Applies `mutate` (which may change its copy in place or return a new document); returns the config as written. */
export async function updateConfig(config: ConfigService, mutate: (document: OkapiConfig) => OkapiConfig | void): Promise<ConfigSnapshot> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await config.read();
    const draft = structuredClone(current.document);
    const next = mutate(draft) ?? draft;
    const result = await config.patch([{ path: [], value: next }], { revision: current.revision });
    if (!result.conflict) return result;
  }
  throw busy();
}

/**
 * Saves an API whose entry `make` computes from the current one (undefined for a new API), with
 * the cache files of `files`; retried like updateConfig when the config changed meanwhile.
 */
export async function saveApi(
  config: ConfigService,
  apis: ApiRegistry,
  name: string,
  make: (current: ApiEntry | undefined) => ApiEntry,
  files: Omit<ApiSave, 'entry' | 'revision'> = {},
): Promise<void> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const current = await config.read();
    const entry = make(structuredClone(apiEntry(current.document, name)));
    if (!(await apis.save(name, { ...files, entry, revision: current.revision })).conflict) return;
  }
  throw busy();
}

function busy(): OkapiError {
  return new OkapiError(`the config file kept changing while okapi was writing it (${ATTEMPTS} attempts)`, {
    hint: 'another program is rewriting it all the time; stop it and try again',
  });
}
