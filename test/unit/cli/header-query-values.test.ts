/**
 * A -H or -q value is checked once, by one rule with one wording, whichever way it came: the short
 * or the long flag, OKAPI_HEADER or OKAPI_QUERY, a generic request or an API's command. The check
 * is argv's own, so it fails the run before anything is read or sent.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { run } from '../../../kernel/cli/run.js';
import type { Streams } from '../../../kernel/invocation.js';
import { Capture } from '../../helpers/capture-stream.js';
import { tempDir } from '../../helpers/temp-dir.js';

/** Nothing listens on port 1: a run that got as far as sending would fail otherwise than with exit 2. */
const NOWHERE = 'http://127.0.0.1:1';

async function okapi(argv: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<{ code: number; stderr: string }> {
  const home = tempDir();
  const config = join(home, 'config.json');
  writeFileSync(config, JSON.stringify({ apis: { shop: { base_url: NOWHERE } } }));
  const stderr = new Capture();
  const stdin = Object.assign(Readable.from([]), { isTTY: true });
  const io = { stdout: new Capture(), stderr, stdin } as unknown as Streams;
  const code = await run(argv, { OKAPI_CONFIG: config, XDG_CACHE_HOME: join(home, 'cache'), NO_COLOR: '1', ...extraEnv }, io);
  return { code, stderr: stderr.text };
}

describe('-H and -q values', () => {
  it('are refused alike on every path, with what is wrong, the value and the fix', async () => {
    const bad = 'X Team: core';
    const results = [
      ['-H', await okapi(['get', `${NOWHERE}/items`, '-H', bad])],
      ['--okapi-header', await okapi(['get', `${NOWHERE}/items`, '--okapi-header', bad])],
      ['-H', await okapi(['shop', 'list-items', '-H', bad])],
      ['OKAPI_HEADER entry', await okapi(['get', `${NOWHERE}/items`], { OKAPI_HEADER: bad })],
    ] as const;
    const words = (source: string) => `${source} "${bad}" is not a header: write it as "Name: value"`;
    for (const [source, { code, stderr }] of results) {
      expect(code).toBe(2);
      expect(stderr).toContain(words(source));
      expect(stderr).toContain("a colon ends the header's name, e.g. -H 'Authorization: Bearer <token>'");
    }
    const [first, ...rest] = results.map(([source, { stderr }]) => stderr.replace(source, '<source>'));
    for (const stderr of rest) expect(stderr).toBe(first);
  });

  it('refuse a query parameter without a key by the same rule from the flag and from OKAPI_QUERY', async () => {
    const flag = await okapi(['get', `${NOWHERE}/items`, '-q', '=1']);
    const env = await okapi(['get', `${NOWHERE}/items`], { OKAPI_QUERY: '=1' });
    expect([flag.code, env.code]).toEqual([2, 2]);
    expect(flag.stderr).toContain('-q "=1" is not a query parameter: write it as "key=value"');
    expect(env.stderr).toContain('OKAPI_QUERY entry "=1" is not a query parameter: write it as "key=value"');
  });
});
