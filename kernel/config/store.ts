/**
 * Writing the config file safely: under the file lock, atomically, and, for an existing file, as
 * minimal edits to its text, so comments, key order and the layout the user chose survive a
 * program changing one value. Every write is checked against the config schema
 * (config-schema.ts) on the exact document a reader will see, before it reaches the disk. The
 * validator is imported on the first write: requests only read (read.ts).
 */

import { isDeepStrictEqual } from 'node:util';
import { realFile, writeFileAtomic } from './atomic-write.js';
import { parseConfigText, type OkapiConfig } from './document.js';
import { editConfigText } from './edit.js';
import { withFileLock } from './lock.js';
import { readConfig } from './read.js';

/** The config document in the schema, or a UsageError naming each bad value's path. */
async function checkConfig(document: unknown, path: string): Promise<void> {
  (await import('./schema-check.js')).checkConfigSchema(document, path);
}

/** Parses `text` as the config file `path` and checks it against the schema, writing nothing. */
export async function checkConfigText(text: string, path: string): Promise<OkapiConfig> {
  const config = parseConfigText(text, path);
  await checkConfig(config, path);
  return config;
}

/**
 * Changes the config under the lock: the file is re-read, a deep copy is handed to `mutate` (which
 * may change it in place or return a new document), and the result is checked against the schema
 * and written. Returns the config as written. Nothing is written when nothing changed.
 */
export async function updateConfig(path: string, mutate: (config: OkapiConfig) => OkapiConfig | void): Promise<OkapiConfig> {
  const target = realFile(path);
  return withFileLock(target, async () => {
    const { config, text } = readConfig(target);
    const draft = structuredClone(config);
    const next = mutate(draft) ?? draft;
    // Round-trip through JSON: what is compared and written is exactly what a reader will see.
    const wanted: unknown = JSON.parse(JSON.stringify(next) ?? 'null');
    const fresh = `${JSON.stringify(wanted, null, 2)}\n`;
    let newText = text === undefined || text.trim() === '' ? fresh : editConfigText(text, config, wanted);
    let written = parseConfigText(newText, path);
    if (!isDeepStrictEqual(written, wanted)) {
      // The text had something the edits cannot address exactly (duplicate keys, say): correctness
      // wins over keeping its comments.
      newText = fresh;
      written = parseConfigText(newText, path);
    }
    if (newText !== text) {
      await checkConfig(written, path);
      await writeFileAtomic(target, newText);
    }
    return written;
  });
}

/**
 * Replaces the whole file with `text` (as `okapi config edit` does after the editor closes). The
 * text is parsed and checked first, so a broken edit never reaches the file; errors name `path`.
 */
export async function replaceConfigText(path: string, text: string): Promise<OkapiConfig> {
  const document = await checkConfigText(text, path);
  const target = realFile(path);
  await withFileLock(target, () => writeFileAtomic(target, text));
  return document;
}
