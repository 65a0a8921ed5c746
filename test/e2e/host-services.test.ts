/**
 * Host services over the wire (docs/design/016-host-services.md): a real external command plugin,
 * speaking CBOR or JSON, reads and patches the config, saves and lists an API, and keeps a token,
 * with the same results a built-in command gets in-process; what it sends wrong is refused.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSdkPlugin } from '../helpers/plugin-files.js';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';

const SECRET = 'tok-3f9a-sekrit-value';

const plugin = `{
  manifest: { name: 'svc', okapi_api_version: 2, hooks: ['command'] },
  commands: [{ name: 'svc', short: 'Uses the host services' }],
  hooks: {
    async command(init, ctx) {
      const out = (value) => ctx.stdout(JSON.stringify(value) + '\\n');
      const [what] = init.args;
      if (what === 'work') {
        const before = await ctx.config.read();
        const patched = await ctx.config.patch([{ path: ['plugins', 'svc', 'enabled'], value: true }], { revision: before.revision });
        const stale = await ctx.config.patch([{ path: ['plugins', 'svc', 'enabled'], value: false }], { revision: before.revision });
        const saved = await ctx.apis.save('pets', { entry: { base_url: 'http://127.0.0.1:9', profiles: { default: {} } }, revision: patched.revision });
        await ctx.tokens.set({ api: 'pets', profile: 'default', credential: 'oauth' }, 'access_token', ${JSON.stringify(SECRET)});
        const token = await ctx.tokens.get({ api: 'pets', profile: 'default', credential: 'oauth' }, 'access_token');
        const text = await ctx.config.readText();
        out({
          path: before.path === text.path,
          before: before.document,
          patched: { conflict: patched.conflict, document: patched.document },
          stale: stale.conflict,
          saved,
          entry: await ctx.apis.get('pets'),
          missing: (await ctx.apis.get('nope')) ?? null,
          list: await ctx.apis.list(),
          tokenMatches: token === ${JSON.stringify(SECRET)},
          deleted: await ctx.tokens.delete({ api: 'pets', profile: 'default', credential: 'oauth' }, 'access_token'),
          gone: (await ctx.tokens.get({ api: 'pets', profile: 'default', credential: 'oauth' }, 'access_token')) ?? null,
          tokensCleared: await (async () => {
            await ctx.tokens.set({ api: 'pets', profile: 'default', credential: 'oauth' }, 'refresh_token', ${JSON.stringify(SECRET)});
            return ctx.tokens.clear({ api: 'pets', profile: 'default' });
          })(),
          cacheDir: ctx.cache.dir,
          cleared: await ctx.cache.clearResponses('pets'),
          problem: await ctx.config.validate('{ "apis": 3 }'),
        });
        return 0;
      }
      if (what === 'refused') {
        const refusals = [
          () => ctx.config.patch([{ path: ['__proto__', 'x'], value: 1 }]),
          () => ctx.config.patch([{ path: ['k'.repeat(5000)], value: 1 }]),
          () => ctx.config.patch([{ path: ['apis', 'x', 'base_url'], value: 5 }]),
          () => ctx.apis.save('..', { entry: { base_url: 'http://x' } }),
          () => ctx.apis.remove('../../etc'),
          () => ctx.tokens.set({ api: 'pets', profile: '..', credential: '__proto__' }, 'k', ${JSON.stringify(SECRET)}),
          () => ctx.tokens.set({ api: 'pets' }, 'k'.repeat(300), ${JSON.stringify(SECRET)}),
          () => ctx.tokens.clear({ api: 'pets' }),
          () => ctx.cache.clearResponses('..'),
          () => ctx.apis.save('big', { entry: { base_url: 'http://x', profiles: { default: { params: { id: 12345678901234567890n } } } } }),
        ];
        for (const refusal of refusals) {
          try { await refusal(); out('not refused'); } catch (error) { out({ message: error.message, exitCode: error.exitCode }); }
        }
        return 0;
      }
      if (what === 'wrong-type') {
        await ctx.config.patch('all of it');
        return 0;
      }
      if (what === 'wrong-token') {
        await ctx.tokens.set({ api: 'pets' }, 'k', { secret: ${JSON.stringify(SECRET)} });
        return 0;
      }
      if (what === 'number-scope') {
        // Past 2^53: the JSON encoding carries its digits, read back as an exact number; CBOR as an integer.
        await ctx.tokens.get({ api: 12345678901234567890n }, 'k');
        return 0;
      }
      return 2;
    },
  },
}`;

describe('host services over the wire', () => {
  for (const encoding of ['cbor', 'json'] as const) {
    it(`reads and patches the config, saves and lists an API, keeps a token, clears the cache (${encoding})`, async () => {
      const home = freshHome();
      writeSdkPlugin(home.plugins, 'svc', plugin, encoding);
      writeFileSync(home.config, '{\n  // mine\n  "apis": {}\n}\n');
      const result = await runOkapi(['svc', 'work', '-vv'], { env: home.env });
      expect(result.stderr).not.toContain(SECRET);
      expect(result.code).toBe(0);
      const out = JSON.parse(result.stdout);
      expect(out).toEqual({
        path: true,
        before: { apis: {} },
        patched: { conflict: false, document: { apis: {}, plugins: { svc: { enabled: true } } } },
        stale: true,
        saved: { conflict: false },
        entry: { base_url: 'http://127.0.0.1:9', profiles: { default: {} } },
        missing: null,
        list: [{ name: 'pets', base_url: 'http://127.0.0.1:9', profiles: ['default'] }],
        tokenMatches: true,
        deleted: true,
        gone: null,
        tokensCleared: { cleared: 1 },
        cacheDir: join(home.dir, 'cache'), // beside an explicit config file (DESIGN.md §4)
        cleared: { files: 0, existed: false },
        problem: expect.stringContaining('apis'),
      });
      expect(readFileSync(home.config, 'utf8')).toContain('// mine');
      const tokens = join(home.dir, 'tokens.json');
      expect((statSync(tokens).mode & 0o777).toString(8)).toBe('600');
      expect(readFileSync(tokens, 'utf8')).not.toContain(SECRET);
      const listed = await runOkapi(['api', 'list', '-o', 'json'], { env: home.env });
      expect(JSON.parse(listed.stdout)).toEqual([{ name: 'pets', base_url: 'http://127.0.0.1:9', operations: null, profiles: 1 }]);
    });

    it(`refuses hostile requests with clear errors and never quotes a token (${encoding})`, async () => {
      const home = freshHome();
      writeSdkPlugin(home.plugins, 'svc', plugin, encoding);
      const result = await runOkapi(['svc', 'refused', '-vv'], { env: home.env });
      expect(result.code).toBe(0);
      expect(result.stdout + result.stderr).not.toContain(SECRET);
      const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line));
      expect(lines.map((line) => line.message)).toEqual([
        expect.stringContaining('the key "__proto__"'),
        expect.stringContaining('5000 characters long'),
        expect.stringContaining('base_url'),
        '".." cannot be an API name',
        'there is no API named "../../etc"',
        expect.stringContaining('may not be "__proto__"'),
        expect.stringContaining('300 characters long'),
        'a token profile must be a non-empty string',
        '".." cannot be an API name',
        'config edit 1 value holds the number 12345678901234567890, which the config file cannot keep as written: it reads numbers as doubles',
      ]);
      // A schema error keeps its exit code across the wire, as in-process.
      expect(lines[2].exitCode).toBe(2);

      const wrongType = await runOkapi(['svc', 'wrong-type'], { env: home.env });
      expect(wrongType.code).toBe(1);
      expect(wrongType.stdout).toBe('');
      expect(wrongType.stderr).toContain('sent a "patch-config" request whose edits is of the wrong type; it must be a list');

      const wrongToken = await runOkapi(['svc', 'wrong-token', '-vv'], { env: home.env });
      expect(wrongToken.code).toBe(1);
      expect(wrongToken.stderr).toContain('sent a "set-token" request whose value is of the wrong type; it must be a string');
      expect(wrongToken.stderr).not.toContain(SECRET);

      const numberScope = await runOkapi(['svc', 'number-scope'], { env: home.env });
      expect(numberScope.code).toBe(1);
      expect(numberScope.stderr).toContain('sent a "get-token" request whose scope.api is of the wrong type; it must be a string');
    });
  }
});
