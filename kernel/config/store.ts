/**
 * Reading and writing the config file. Every write is checked against the config schema
 * (config-schema.ts) before it reaches the disk, and is locked, atomic and comment-preserving
 * (jsonc-file.ts). The validator is imported on the first write: requests only read.
 */

import { parseConfigText, type OkapiConfig } from './document.js';
import { replaceJsoncFile, updateJsoncFile } from './jsonc-file.js';
import { readConfig } from './read.js';

export { readConfig };

/** The config document in the schema, or a ConfigSchemaError naming each bad value's path. */
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
 * may change it in place or return a new document), and the result is checked and written.
 * Returns the config as written. Nothing is written when nothing changed.
 */
export function updateConfig(path: string, mutate: (config: OkapiConfig) => OkapiConfig | void): Promise<OkapiConfig> {
  return updateJsoncFile(path, mutate, checkConfig);
}

/** Replaces the whole file with `text` once it parses and passes the schema; errors name `path`. */
export function replaceConfigText(path: string, text: string): Promise<OkapiConfig> {
  return replaceJsoncFile(path, text, checkConfig);
}
