/**
 * okapi's own code cache on Node 20 (kernel/startup/code-cache.ts): the first runs of a build each
 * add the functions they compiled to the kernel's cache, so a later run compiles none of what
 * they used, whatever the first run happened to be; then the cache is left as it is.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasBuiltinCompileCache } from '../../kernel/startup/code-cache.js';
import { runOkapi } from '../helpers/run-okapi.js';
import { tempDir } from '../helpers/temp-dir.js';

describe.skipIf(hasBuiltinCompileCache())("the kernel's code cache", () => {
  it('is enriched by the first four runs, then kept', async () => {
    const tmp = tempDir('okapi-code-cache-test-');
    const env = { TMPDIR: tmp, OKAPI_CONFIG: join(tmp, 'config.json') };
    const kernelCache = (): Buffer => {
      const dir = readdirSync(tmp).find((name) => name.startsWith('okapi-compile-cache-'))!;
      const file = readdirSync(join(tmp, dir)).find((name) => name.startsWith('kernel.cjs-'))!;
      return readFileSync(join(tmp, dir, file));
    };
    const generations: number[] = [];
    let last: Buffer | undefined;
    for (let run = 0; run < 5; run++) {
      // Commands the kernel answers (--version and --help never load it).
      const result = await runOkapi(run % 2 === 0 ? ['plugin', 'list'] : ['api', 'list'], { env });
      expect(result.code, result.stderr).toBe(0);
      last = kernelCache();
      generations.push(last[0]!);
    }
    expect(generations).toEqual([1, 2, 3, 4, 4]);
    // The fifth run read the cache and wrote nothing.
    const sixth = await runOkapi(['plugin', 'list'], { env });
    expect(sixth.code).toBe(0);
    expect(kernelCache().equals(last!)).toBe(true);
  });
});
