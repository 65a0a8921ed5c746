/** Loading okapi's built files (kernel/startup/code-cache.ts): chunks required by relative name, once each, carried or not. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireCached, wrapBuiltFile } from '../../../kernel/startup/code-cache.js';
import { tempDir } from '../../helpers/temp-dir.js';

// Defined by the build; the loader names its cache files with it.
(globalThis as { __OKAPI_VERSION__?: string }).__OKAPI_VERSION__ = 'test';

// The code caches it writes go where okapi's go, the one thing the tests may leave behind (test/setup/temp-root.ts).
describe('requireCached', () => {
  it("loads a file's chunks from its folder once each, the ones it carries first, and resolves a path as require does", () => {
    const dir = tempDir('okapi-built-');
    mkdirSync(join(dir, 'plugin'));
    // The plugin carries its shared chunk; the lazily loaded chunk requires the same one from the disk's folder.
    // Wrapped as scripts/build.mjs writes every file the loader reads.
    writeFileSync(
      join(dir, 'plugin.cjs'),
      wrapBuiltFile(`require.embedded?.({"./plugin/shared.cjs":function(exports,require,module){module.exports={from:'carried'};}});
exports.shared = require('./plugin/shared.cjs');
exports.lazy = () => require('./plugin/lazy.cjs');
exports.lazyPath = require.resolve('./plugin/lazy.cjs');
exports.path = require('node:path') === require('path');`),
    );
    writeFileSync(join(dir, 'plugin', 'shared.cjs'), wrapBuiltFile(`module.exports = { from: 'file' };`));
    writeFileSync(join(dir, 'plugin', 'lazy.cjs'), wrapBuiltFile(`exports.shared = require('./shared.cjs');`));

    const plugin = requireCached(join(dir, 'plugin.cjs')) as { shared: object; lazy: () => { shared: object }; lazyPath: string; path: boolean };
    expect(requireCached(join(dir, 'plugin.cjs'))).toBe(plugin);
    expect(plugin.lazy().shared).toBe(plugin.shared);
    expect(plugin.lazyPath).toBe(join(dir, 'plugin', 'lazy.cjs'));
    expect(plugin.path).toBe(true);
    // The carried code runs, not the file's.
    expect(plugin.shared).toEqual({ from: 'carried' });
  });

  it("writes a built file so that Node's own require runs it as any module", () => {
    const dir = tempDir('okapi-built-');
    writeFileSync(join(dir, 'wrapped.cjs'), wrapBuiltFile(`exports.answer = 42; exports.self = this === module.exports; exports.name = __filename;`));
    const loaded = createRequire(join(dir, 'index.cjs'))('./wrapped.cjs') as { answer: number; self: boolean; name: string };
    expect(loaded).toEqual({ answer: 42, self: true, name: join(dir, 'wrapped.cjs') });
  });
});
