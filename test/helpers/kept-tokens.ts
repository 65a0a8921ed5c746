/**
 * The token an OAuth auth type keeps in a fresh home's tokens.json, for the API `res` (as the
 * OAuth end-to-end suites name their API) and its default profile and credential.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface KeptToken {
  access_token: string;
  refresh_token?: string;
  use_until?: number;
}

export function keptToken(home: { dir: string }, type: string): KeptToken {
  const tokens = JSON.parse(readFileSync(join(home.dir, 'tokens.json'), 'utf8'));
  return JSON.parse(tokens.apis.res.default.default[type]);
}

/** Replaces the kept token, as a later run would find it (expired, say). */
export function keepToken(home: { dir: string }, type: string, token: KeptToken): void {
  const file = join(home.dir, 'tokens.json');
  const tokens = JSON.parse(readFileSync(file, 'utf8'));
  tokens.apis.res.default.default[type] = JSON.stringify(token);
  writeFileSync(file, JSON.stringify(tokens));
}
