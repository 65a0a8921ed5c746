import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { tempDir } from '../../helpers/temp-dir.js';

/** A temporary directory holding `files`, created before the suite's tests and removed after them. */
export function useTempFiles(files: Record<string, string | Uint8Array>): { readonly dir: string } {
  const state = { dir: '' };
  beforeAll(() => {
    state.dir = tempDir('okapi-body-');
    for (const [name, content] of Object.entries(files)) writeFileSync(join(state.dir, name), content);
  });
  afterAll(() => {
    rmSync(state.dir, { recursive: true, force: true });
  });
  return state;
}

export function text(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('utf8');
}

export function utf8(value: string): Uint8Array {
  return new TextEncoder().encode(value);
}

/** Runs `action` and returns what it threw; fails the test when it returns normally. */
export function thrown(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    if (error instanceof Error) return error;
    throw new Error(`threw a non-Error: ${String(error)}`);
  }
  throw new Error('expected an error, but none was thrown');
}
