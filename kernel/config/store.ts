/**
 * Reading and writing the config file. Writes happen under the file lock and are atomic; updates
 * of an existing file are applied as minimal edits to its text, so comments, key order and
 * formatting the user chose survive `okapi` changing one value.
 */

import { realpathSync } from 'node:fs';
import { writeFileAtomic } from './atomic-write.js';
import { parseConfigText, type OkapiConfig } from './document.js';
import { readConfig } from './read.js';
import { deepEqual, editConfigText } from './edit.js';
import { withFileLock } from './lock.js';

export { readConfig };

/**
 * Changes the config under the lock: the file is re-read, a deep copy is handed to `mutate` (which
 * may change it in place or return a new document), and the result is validated and written.
 * Returns the config as written. Nothing is written when nothing changed.
 */
export async function updateConfig(
  path: string,
  mutate: (config: OkapiConfig) => OkapiConfig | void,
): Promise<OkapiConfig> {
  const target = canonical(path);
  return withFileLock(target, async () => {
    const { config, text } = readConfig(target);
    const draft = structuredClone(config);
    const next = mutate(draft) ?? draft;
    // Round-trip through JSON: what is compared and written is exactly what a reader will see.
    const wanted: unknown = JSON.parse(JSON.stringify(next) ?? 'null');
    const fresh = `${JSON.stringify(wanted, null, 2)}\n`;
    let newText = text === undefined || text.trim() === '' ? fresh : editConfigText(text, config, wanted);
    let written = parseConfigText(newText, path);
    if (!deepEqual(written, wanted)) {
      // The text had something the edits cannot address exactly (duplicate keys, say): correctness
      // wins over keeping its comments.
      newText = fresh;
      written = parseConfigText(newText, path);
    }
    if (newText !== text) await writeFileAtomic(target, newText);
    return written;
  });
}

/**
 * Replaces the whole file with `text` (as `okapi config edit` does after the editor closes). The
 * text is validated first, so a broken edit never reaches the config file; errors name `path`.
 */
export async function replaceConfigText(path: string, text: string): Promise<OkapiConfig> {
  const config = parseConfigText(text, path);
  const target = canonical(path);
  await withFileLock(target, () => writeFileAtomic(target, text));
  return config;
}

/** The real file behind a symlinked config, so every alias shares one lock. */
function canonical(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
