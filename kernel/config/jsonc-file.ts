/**
 * A JSONC document file written safely: under the file lock, atomically, and, for an existing
 * file, as minimal edits to its text, so comments, key order and the layout the user chose survive
 * a program changing one value. What the document must look like is the caller's `check`
 * (kernel/config/store.ts checks the config schema); it runs on the exact document a reader will
 * see, before anything is written.
 */

import { realFile, writeFileAtomic } from './atomic-write.js';
import { parseConfigText, type OkapiConfig } from './document.js';
import { readConfig } from './read.js';
import { isDeepStrictEqual } from 'node:util';
import { editConfigText } from './edit.js';
import { withFileLock } from './lock.js';

/** Throws when the document may not be written; `path` names the file in messages. */
export type DocumentCheck = (document: OkapiConfig, path: string) => Promise<void>;

/**
 * Changes the file under the lock: it is re-read, a deep copy is handed to `mutate` (which may
 * change it in place or return a new document), and the result is checked and written. Returns
 * the document as written. Nothing is written when nothing changed.
 */
export async function updateJsoncFile(
  path: string,
  mutate: (document: OkapiConfig) => OkapiConfig | void,
  check: DocumentCheck,
): Promise<OkapiConfig> {
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
      await check(written, path);
      await writeFileAtomic(target, newText);
    }
    return written;
  });
}

/**
 * Replaces the whole file with `text` (as `okapi config edit` does after the editor closes). The
 * text is parsed and checked first, so a broken edit never reaches the file; errors name `path`.
 */
export async function replaceJsoncFile(path: string, text: string, check: DocumentCheck): Promise<OkapiConfig> {
  const document = parseConfigText(text, path);
  await check(document, path);
  const target = realFile(path);
  await withFileLock(target, () => writeFileAtomic(target, text));
  return document;
}
