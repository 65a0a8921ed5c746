/**
 * API names have a maximum length (64 characters): every command that takes one refuses a longer
 * name as a usage error with that rule, quoting only its start, before any lookup or file path.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';

const LONG = 'x'.repeat(5000);

describe('an over-long API name', () => {
  it.each([
    ['api remove', ['api', 'remove', LONG]],
    ['api inspect', ['api', 'inspect', LONG]],
    ['api sync', ['api', 'sync', LONG]],
    ['api set', ['api', 'set', LONG, 'base_url: http://127.0.0.1:9']],
    ['api connect', ['api', 'connect', LONG, 'http://127.0.0.1:9']],
    ['doctor api', ['doctor', 'api', LONG]],
    ['cache clear', ['cache', 'clear', LONG]],
    ['okapi <api>/path', [`${LONG}/items`]],
    ['okapi <word>', [LONG]],
  ])('%s: exit 2, the length rule, the name not echoed, the config untouched', async (_, args) => {
    const home = freshHome();
    const config = JSON.stringify({ apis: { demo: { base_url: 'http://127.0.0.1:9' } } });
    writeFileSync(home.config, config);
    const result = await runOkapi(args, { env: home.env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`"${'x'.repeat(20)}…" is 5000 characters long; an API name has at most 64`);
    expect(result.stderr).not.toContain('x'.repeat(21));
    expect(result.stderr).not.toContain('ENAMETOOLONG');
    expect(result.stdout).toBe('');
    expect(readFileSync(home.config, 'utf8')).toBe(config);
  });
});
