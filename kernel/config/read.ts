/**
 * Reading the config file: on every request, so it loads nothing the write path needs (locks,
 * comment-preserving edits).
 */
import { readFileSync } from 'node:fs';
import { OkapiError } from '../../sdk/shared/errors.js';
import { describeFsError } from '../../sdk/shared/fs-errors.js';
import { parseConfigText, type OkapiConfig } from './document.js';

/** The file's text, or undefined when there is no file yet. */
export function readConfigText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new OkapiError(`cannot read config file ${path}: ${describeFsError(error)}`, {
      hint: 'check the file and its permissions, or choose another config file with --okapi-config or OKAPI_CONFIG',
      cause: error,
    });
  }
}

export function readConfig(path: string): { config: OkapiConfig; text: string | undefined } {
  const text = readConfigText(path);
  return { config: text === undefined ? {} : parseConfigText(text, path), text };
}
