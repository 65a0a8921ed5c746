/**
 * The host services in-process (kernel/services/): config reads and patches under the lock with
 * comments kept and the schema checked, the API registry and its cache files, the token store, and
 * the cache directory; and what a hostile caller may send them, refused with words.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ExactNumber } from '../../../sdk/shared/exact-number.js';
import { hostServices } from '../../helpers/host-services.js';
import { tempDir } from '../../helpers/temp-dir.js';

function home() {
  const dir = tempDir('okapi-services-');
  const paths = { config_path: join(dir, 'config.json'), cache_dir: join(dir, 'cache') };
  return { dir, paths, services: hostServices(paths) };
}

const INDEX = { key: { format: 1, okapi_version: '0', spec_hash: 'x', operation_base: '', sources: [] }, info: {}, servers: [], security_schemes: {}, operations: [], webhooks: 0, extensions: [] };
const DETAILS = { tags: [], operations: [], definitions: {} };

describe('config service', () => {
  it('reads a missing file as {}, patches keeping comments, and answers a stale revision with a conflict', async () => {
    const { paths, services } = home();
    const first = await services.config.read();
    expect(first.document).toEqual({});
    expect(await services.config.readText()).toEqual({ path: paths.config_path, text: undefined });
    writeFileSync(paths.config_path, '{\n  // my APIs\n  "apis": {}, // none yet\n}\n');
    const before = await services.config.read();
    const patched = await services.config.patch([{ path: ['plugins', 'csv', 'enabled'], value: false }], { revision: before.revision });
    expect(patched.conflict).toBe(false);
    expect(patched.document).toEqual({ apis: {}, plugins: { csv: { enabled: false } } });
    const text = readFileSync(paths.config_path, 'utf8');
    expect(text).toContain('// my APIs');
    expect(text).toContain('// none yet');
    expect((statSync(paths.config_path).mode & 0o777).toString(8)).toBe('600');
    // The revision read before the patch is stale now: nothing is written.
    const stale = await services.config.patch([{ path: ['plugins', 'csv', 'enabled'], value: true }], { revision: before.revision });
    expect(stale).toMatchObject({ conflict: true, document: { plugins: { csv: { enabled: false } } } });
    const deleted = await services.config.patch([{ path: ['plugins', 'csv'], delete: true }]);
    expect(deleted.document).toEqual({ apis: {}, plugins: {} });
  });

  it('checks patches against the config schema, and validates and replaces whole texts', async () => {
    const { paths, services } = home();
    await expect(services.config.patch([{ path: ['apis', 'x'], value: { base_url: 5 } }])).rejects.toThrow(/base_url/);
    expect(existsSync(paths.config_path)).toBe(false);
    expect(await services.config.validate('{ "apis": { "x": { "base_url": 5 } } }')).toMatch(/base_url/);
    expect(await services.config.validate('{ nope')).toMatch(/not valid JSON/);
    expect(await services.config.validate('{ "apis": {} }')).toBeUndefined();
    await services.config.replace('// mine\n{ "apis": {} }\n');
    expect(readFileSync(paths.config_path, 'utf8')).toBe('// mine\n{ "apis": {} }\n');
  });

  it('refuses hostile edits with what is wrong', async () => {
    const { paths, services } = home();
    const patch = (edits: unknown) => services.config.patch(edits as never);
    await expect(patch('apis')).rejects.toThrow('a config patch is a list of edits, not "apis"');
    await expect(patch([{ path: 'apis', value: 1 }])).rejects.toThrow('config edit 1: path is "apis", not a list of keys and indexes');
    await expect(patch([{ path: ['__proto__', 'polluted'], value: true }])).rejects.toThrow('the key "__proto__"');
    await expect(patch([{ path: ['plugins'], value: JSON.parse('{"__proto__": {"polluted": true}}') }])).rejects.toThrow('"__proto__"');
    await expect(patch([{ path: ['k'.repeat(5000)], value: 1 }])).rejects.toThrow('5000 characters long; at most 1024');
    await expect(patch([{ path: Array(100).fill('a'), value: 1 }])).rejects.toThrow('100 levels deep');
    await expect(patch([{ path: [-1], value: 1 }])).rejects.toThrow('not a list index');
    await expect(patch([{ path: [], value: [1] }])).rejects.toThrow('the config is a map');
    await expect(patch([{ path: [], delete: true }])).rejects.toThrow('deletes the whole config');
    await expect(patch([{ path: ['a'], value: new Uint8Array(3) }])).rejects.toThrow('3 bytes, which the config file (JSON) cannot hold');
    await expect(patch([{ path: ['a'] }])).rejects.toThrow('neither a value nor delete: true');
    // Numbers a double would change (docs/design/009): the config reads its numbers as doubles.
    await expect(patch([{ path: ['a'], value: { id: new ExactNumber('1234567890123456789') } }])).rejects.toThrow(
      'config edit 1 value holds the number 1234567890123456789, which the config file cannot keep as written: it reads numbers as doubles',
    );
    await expect(patch([{ path: ['a'], value: [2n ** 70n] }])).rejects.toThrow(`holds the number ${2n ** 70n}, which the config file cannot keep`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(existsSync(paths.config_path)).toBe(false);
  });
});

describe('API registry', () => {
  it('saves an API with its cache files, reads them back, and removes everything of it', async () => {
    const { paths, services } = home();
    const spec = Buffer.from('{"openapi":"3.0.3"}');
    expect(await services.apis.save('pets', { entry: { base_url: 'http://127.0.0.1:9', profiles: { default: {} } }, index: INDEX, details: DETAILS, spec })).toEqual({ conflict: false });
    expect(await services.apis.get('pets')).toEqual({ base_url: 'http://127.0.0.1:9', profiles: { default: {} } });
    expect(await services.apis.list()).toEqual([{ name: 'pets', base_url: 'http://127.0.0.1:9', profiles: ['default'] }]);
    expect(Buffer.from((await services.apis.readSpec('pets'))!).toString()).toBe('{"openapi":"3.0.3"}');
    expect(readdirSync(join(paths.cache_dir, 'apis/pets')).sort()).toEqual(['commands.table', 'help.index', 'operations.json', 'spec.json']);
    await services.tokens.set({ api: 'pets' }, 'access_token', 'sekrit');
    expect(await services.apis.remove('pets')).toEqual({ base_url: 'http://127.0.0.1:9', profiles: { default: {} } });
    expect(await services.apis.get('pets')).toBeUndefined();
    expect(existsSync(join(paths.cache_dir, 'apis/pets'))).toBe(false);
    expect(await services.tokens.get({ api: 'pets' }, 'access_token')).toBeUndefined();
    await expect(services.apis.remove('pets')).rejects.toThrow('there is no API named "pets"');
  });

  it('reads the config again when the file changed, and hands out entries whose changes stay the caller\'s', async () => {
    const { paths, services } = home();
    writeFileSync(paths.config_path, JSON.stringify({ apis: { pets: { base_url: 'http://127.0.0.1:9' } } }));
    const entry = (await services.apis.get('pets'))!;
    entry.base_url = 'http://changed.example';
    expect(await services.apis.get('pets')).toEqual({ base_url: 'http://127.0.0.1:9' });
    // Rewritten in place, with another length: the next question sees it.
    writeFileSync(paths.config_path, JSON.stringify({ apis: { pets: { base_url: 'http://127.0.0.1:10' }, toys: { base_url: 'http://x' } } }));
    expect(await services.apis.get('pets')).toEqual({ base_url: 'http://127.0.0.1:10' });
    expect((await services.apis.list()).map((api) => api.name)).toEqual(['pets', 'toys']);
  });

  it('answers a stale revision with a conflict before writing the cache files', async () => {
    const { paths, services } = home();
    const { revision } = await services.config.read();
    await services.config.patch([{ path: ['plugins'], value: {} }]);
    expect(await services.apis.save('pets', { entry: { base_url: 'http://x' }, revision, index: INDEX, details: DETAILS })).toEqual({ conflict: true });
    expect(existsSync(join(paths.cache_dir, 'apis/pets/operations.json'))).toBe(false);
    expect(await services.apis.get('pets')).toBeUndefined();
  });

  it('refuses names that are path steps or break the rules, and indexes that are not ones', async () => {
    const { dir, services } = home();
    for (const name of ['..', '.']) {
      await expect(services.apis.save(name, { entry: { base_url: 'http://x' }, index: INDEX, details: DETAILS })).rejects.toThrow(`"${name}" cannot be an API name`);
      await expect(services.cache.clearResponses(name)).rejects.toThrow(`"${name}" cannot be an API name`);
    }
    await expect(services.apis.save('a/b', { entry: { base_url: 'http://x' } })).rejects.toThrow('an API name may hold only');
    await expect(services.apis.get('x'.repeat(100))).rejects.toThrow('an API name has at most 64');
    await expect(services.apis.get(7 as never)).rejects.toThrow('an API name must be a non-empty string');
    await expect(services.apis.save('pets', { entry: { base_url: 'http://x' }, index: { operations: 'all' } })).rejects.toThrow('the index must be an operation index');
    await expect(services.apis.save('pets', { entry: 'x' as never })).rejects.toThrow('the entry must be a map');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('token store', () => {
  it('keeps secrets by API, profile, credential and key, private to the user', async () => {
    const { dir, services } = home();
    const scope = { api: 'pets', profile: 'prod', credential: 'oauth' };
    expect(await services.tokens.get(scope, 'refresh_token')).toBeUndefined();
    await services.tokens.set(scope, 'refresh_token', 'r-sekrit');
    await services.tokens.set({ api: 'pets' }, 'refresh_token', 'd-sekrit');
    expect(await services.tokens.get(scope, 'refresh_token')).toBe('r-sekrit');
    expect(await services.tokens.get({ api: 'pets' }, 'refresh_token')).toBe('d-sekrit');
    const file = join(dir, 'tokens.json');
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      apis: { pets: { prod: { oauth: { refresh_token: 'r-sekrit' } }, default: { default: { refresh_token: 'd-sekrit' } } } },
    });
    expect(await services.tokens.delete(scope, 'refresh_token')).toBe(true);
    expect(await services.tokens.delete(scope, 'refresh_token')).toBe(false);
    expect(await services.tokens.get(scope, 'refresh_token')).toBeUndefined();
  });

  it("keeps a shared auth profile's secrets under its name, whichever API asks", async () => {
    const { dir, services } = home();
    await services.tokens.set({ api: 'pets', credential: 'corp', auth_profile: 'corp' }, 'access_token', 's-sekrit');
    expect(await services.tokens.get({ api: 'shop', profile: 'prod', auth_profile: 'corp' }, 'access_token')).toBe('s-sekrit');
    expect(await services.tokens.get({ api: 'pets', credential: 'corp' }, 'access_token')).toBeUndefined();
    const file = join(dir, 'tokens.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ auth_profiles: { corp: { access_token: 's-sekrit' } } });
    await expect(services.tokens.set({ api: 'pets', auth_profile: '__proto__' }, 'k', 'v-sekrit')).rejects.toThrow(/auth profile may not be "__proto__"/);
    expect(await services.tokens.delete({ api: 'shop', auth_profile: 'corp' }, 'access_token')).toBe(true);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ auth_profiles: { corp: {} } });
  });

  it('refuses bad scopes and keys, and never quotes a value', async () => {
    const { dir, services } = home();
    const refusals = [
      services.tokens.set({ api: '..' }, 'k', 'v-sekrit'),
      services.tokens.set({ api: 'pets', profile: '__proto__' }, 'k', 'v-sekrit'),
      services.tokens.set({ api: 'pets' }, 'k'.repeat(300), 'v-sekrit'),
      services.tokens.set({ api: 'pets' }, 'a\u001b[31m', 'v-sekrit'),
      services.tokens.set({ api: 'pets' }, '', 'v-sekrit'),
      services.tokens.set('pets' as never, 'k', 'v-sekrit'),
      services.tokens.set({ api: 'pets' }, 'k', 'v-sekrit'.repeat(10_000)),
      services.tokens.set({ api: 'pets' }, 'k', 5 as never),
    ];
    for (const refusal of refusals) {
      const error = await refusal.then(() => undefined, (e: Error) => e);
      expect(error).toBeInstanceOf(Error);
      expect(error!.message).not.toContain('sekrit');
    }
    expect(existsSync(join(dir, 'tokens.json'))).toBe(false);
    writeFileSync(join(dir, 'tokens.json'), '{"apis": "v-sekrit');
    const damaged = await services.tokens.get({ api: 'pets' }, 'k').then(() => undefined, (e: Error) => e);
    expect(damaged?.message).toMatch(/is damaged/);
    expect(damaged?.message).not.toContain('sekrit');
  });
});

describe('token store clear', () => {
  it('clears one profile of an API, every profile of it, or a shared auth profile, counting the values', async () => {
    const { dir, services } = home();
    await services.tokens.set({ api: 'pets', profile: 'prod', credential: 'oauth' }, 'access_token', 'a-sekrit');
    await services.tokens.set({ api: 'pets', profile: 'prod', credential: 'oauth' }, 'refresh_token', 'r-sekrit');
    await services.tokens.set({ api: 'pets' }, 'access_token', 'd-sekrit');
    await services.tokens.set({ api: 'shop' }, 'access_token', 's-sekrit');
    const file = join(dir, 'tokens.json');
    const tokens = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...tokens, auth_profiles: { corp: { default: { access_token: 'c-sekrit' } } } }));

    expect(await services.tokens.clear({ api: 'pets', profile: 'prod' })).toEqual({ cleared: 2 });
    expect(await services.tokens.clear({ api: 'pets', profile: 'prod' })).toEqual({ cleared: 0 });
    expect(await services.tokens.clear({ auth_profile: 'corp' })).toEqual({ cleared: 1 });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      apis: { pets: { default: { default: { access_token: 'd-sekrit' } } }, shop: { default: { default: { access_token: 's-sekrit' } } } },
      auth_profiles: {},
    });
    expect(await services.tokens.clear({ api: 'pets', all_profiles: true })).toEqual({ cleared: 1 });
    expect(JSON.parse(readFileSync(file, 'utf8')).apis).toEqual({ shop: { default: { default: { access_token: 's-sekrit' } } } });
    expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
  });

  it('refuses a scope that is neither an API profile nor an auth profile, and needs no file to clear nothing', async () => {
    const { dir, services } = home();
    expect(await services.tokens.clear({ api: 'pets', profile: 'default' })).toEqual({ cleared: 0 });
    expect(existsSync(join(dir, 'tokens.json'))).toBe(false);
    await expect(services.tokens.clear({ api: 'pets' } as never)).rejects.toThrow('a token profile must be a non-empty string');
    await expect(services.tokens.clear({ api: 'pets', auth_profile: 'corp' } as never)).rejects.toThrow('not both');
    await expect(services.tokens.clear({ auth_profile: '__proto__' })).rejects.toThrow('may not be "__proto__"');
  });
});

describe('cache service', () => {
  it('names the cache directory and clears responses, saying whether there were any', async () => {
    const { paths, services } = home();
    expect(services.cache.dir).toBe(paths.cache_dir);
    expect(await services.cache.clearResponses('pets')).toEqual({ files: 0, existed: false });
    mkdirSync(join(paths.cache_dir, 'responses/pets/a'), { recursive: true });
    writeFileSync(join(paths.cache_dir, 'responses/pets/a/1'), '');
    writeFileSync(join(paths.cache_dir, 'responses/pets/2'), '');
    expect(await services.cache.clearResponses('pets')).toEqual({ files: 2, existed: true });
    expect(existsSync(join(paths.cache_dir, 'responses/pets'))).toBe(false);
  });

  describe.skipIf(process.platform === 'win32')('with symlinks in the cache', () => {
    /** A directory outside the cache with a file in it, which clearing must leave alone. */
    function outside(dir: string): string {
      const target = join(dir, 'outside');
      mkdirSync(target);
      writeFileSync(join(target, 'keep'), '');
      return target;
    }

    it('removes a link, never what it points to, and counts it as no response file', async () => {
      const { dir, paths, services } = home();
      const target = outside(dir);
      const pets = join(paths.cache_dir, 'responses/pets');
      mkdirSync(pets, { recursive: true });
      writeFileSync(join(pets, '1'), '');
      symlinkSync(target, join(pets, 'to-dir'));
      symlinkSync(join(target, 'keep'), join(pets, 'to-file'));
      expect(await services.cache.clearResponses('pets')).toEqual({ files: 1, existed: true });
      expect(existsSync(pets)).toBe(false);
      expect(readdirSync(target)).toEqual(['keep']);
    });

    it("clears an API's responses directory linked elsewhere, keeping the link", async () => {
      const { dir, paths, services } = home();
      const target = outside(dir);
      mkdirSync(join(paths.cache_dir, 'responses'), { recursive: true });
      symlinkSync(target, join(paths.cache_dir, 'responses/pets'));
      expect(await services.cache.clearResponses('pets')).toEqual({ files: 1, existed: true });
      expect(lstatSync(join(paths.cache_dir, 'responses/pets')).isSymbolicLink()).toBe(true);
      expect(readdirSync(target)).toEqual([]);
    });

    it('clears through a responses directory linked elsewhere, for one API and for all, keeping the link', async () => {
      const { dir, paths, services } = home();
      const target = outside(dir);
      mkdirSync(join(target, 'pets'));
      writeFileSync(join(target, 'pets', '1'), '');
      mkdirSync(paths.cache_dir);
      symlinkSync(target, join(paths.cache_dir, 'responses'));
      expect(await services.cache.clearResponses('pets')).toEqual({ files: 1, existed: true });
      expect(readdirSync(target)).toEqual(['keep']);
      expect(await services.cache.clearResponses()).toEqual({ files: 1, existed: true });
      expect(lstatSync(join(paths.cache_dir, 'responses')).isSymbolicLink()).toBe(true);
      expect(readdirSync(target)).toEqual([]);
    });
  });
});
