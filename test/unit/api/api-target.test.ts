/** API-aware targets: `<api>/<path>` resolution, profile layers and the url_overrides they carry. */
import { describe, expect, it } from 'vitest';
import { apiNameOf, resolveApiTarget } from '../../../kernel/api/api-target.js';

const config = {
  apis: {
    example: {
      base_url: 'https://api.example.com/v1',
      url_overrides: { 'https://api.example.com': 'http://127.0.0.1:8080', 'https://api.example.com/v1/files': 'https://files.example.com' },
      profiles: {
        default: { headers: ['X-Team: core', 'Authorization: Bearer t'], query: ['lang=en'] },
        staging: { base_url: 'https://staging.example.com', headers: ['X-Team: staging'], url_overrides: { 'https://staging.example.com': 'http://127.0.0.1:9090/s' } },
      },
    },
    bare: { base_url: 'http://127.0.0.1:1/' },
    broken: { base_url: 'not a url' },
  },
};

describe('apiNameOf', () => {
  it.each([
    ['example/items', 'example'],
    ['example', 'example'],
    ['example?x=1', 'example'],
    ['https://example/items', undefined],
    [':8080/items', undefined],
    ['examples/items', undefined],
    ['api.example.com/items', undefined],
    ['toString/x', undefined],
    ['__proto__/x', undefined],
  ])('%s → %s', (target, name) => expect(apiNameOf(target, config)).toBe(name));
});

describe('resolveApiTarget', () => {
  it('joins the path to the base URL without encoding twice', () => {
    const target = resolveApiTarget(config, 'example/items/a%2Fb?q=1', undefined, {})!;
    expect(target.url.href).toBe('https://api.example.com/v1/items/a%2Fb?q=1');
    expect(target.api).toBe('example');
    expect(target.profile).toBe('default');
    expect(target.headers).toEqual([
      ['X-Team', 'core'],
      ['Authorization', 'Bearer t'],
    ]);
    expect(target.query).toEqual([['lang', 'en']]);
    expect(resolveApiTarget(config, 'example', undefined, {})!.url.href).toBe('https://api.example.com/v1');
    expect(resolveApiTarget(config, 'bare/x', undefined, {})!.url.href).toBe('http://127.0.0.1:1/x');
    expect(resolveApiTarget(config, 'bare', undefined, {})!.url.href).toBe('http://127.0.0.1:1/');
  });

  it("keeps base_url's own query apart from the typed one: planning puts it under every other layer", () => {
    const versioned = { apis: { v: { base_url: 'https://api.example.com/d?api-version=2' } } };
    const plain = resolveApiTarget(versioned, 'v/items', undefined, {})!;
    expect([plain.url.href, plain.baseQuery]).toEqual(['https://api.example.com/d/items', 'api-version=2']);
    const typed = resolveApiTarget(versioned, 'v/items?x=1', undefined, {})!;
    expect([typed.url.href, typed.baseQuery]).toEqual(['https://api.example.com/d/items?x=1', 'api-version=2']);
  });

  it('refuses a base_url (a hand-edited one) with user information or a fragment, naming the key and never the password', () => {
    const edited = {
      apis: {
        u: { base_url: 'http://alice:hunter2@127.0.0.1:1/d' },
        f: { base_url: 'http://127.0.0.1:1', profiles: { staging: { base_url: 'http://127.0.0.1:1/d#top' } } },
        t: { base_url: 'http://127.0.0.1:1/d#access_token=hunter2' },
      },
    };
    const failure = (run: () => unknown): Error => {
      try {
        run();
      } catch (error) {
        return error as Error;
      }
      throw new Error('expected a failure');
    };
    const userinfo = failure(() => resolveApiTarget(edited, 'u/items', undefined, {}));
    expect(userinfo.message).toMatch(/^config: apis\.u\.base_url: "http:\/\/\*\*\*@127\.0\.0\.1:1\/d" carries user information, which okapi does not send from a base URL: remove it and give the credentials to a profile's auth \(okapi api set u 'profiles\.default\.auth: /);
    expect(userinfo.message).not.toContain('hunter2');
    expect(userinfo.message).not.toContain('alice');
    expect(userinfo).toMatchObject({ hint: 'fix it with: okapi config edit' });
    expect(failure(() => resolveApiTarget(edited, 'f/items', 'staging', {})).message).toBe(
      'config: apis.f.profiles.staging.base_url: "http://127.0.0.1:1/d#top" has a fragment (#…), which is never sent: remove it',
    );
    expect(failure(() => resolveApiTarget(edited, 't/items', undefined, {})).message).toBe(
      'config: apis.t.base_url: "http://127.0.0.1:1/d#access_token=***" has a fragment (#…), which is never sent: remove it',
    );
    expect(resolveApiTarget(edited, 'f/items', undefined, {})!.url.href).toBe('http://127.0.0.1:1/items');
  });

  it('is undefined for anything that is not an API target', () => {
    expect(resolveApiTarget(config, 'https://x.test/a', undefined, {})).toBeUndefined();
    expect(resolveApiTarget(config, 'nope/a', undefined, {})).toBeUndefined();
  });

  it('uses the selected profile: its base_url wins, its overrides extend the API-level ones', () => {
    const target = resolveApiTarget(config, 'example/items', 'staging', {})!;
    expect(target.url.href).toBe('https://staging.example.com/items');
    expect(target.headers).toEqual([['X-Team', 'staging']]);
    expect(target.overrides).toEqual({
      'https://api.example.com': 'http://127.0.0.1:8080',
      'https://api.example.com/v1/files': 'https://files.example.com',
      'https://staging.example.com': 'http://127.0.0.1:9090/s',
    });
  });

  it('refuses a profile that does not exist (exit 2), but not a missing default', () => {
    expect(() => resolveApiTarget(config, 'example/x', 'prod', {})).toThrow(/no profile "prod"/);
    expect(resolveApiTarget(config, 'bare/x', undefined, {})!.headers).toEqual([]);
  });

  it('resolves against an explicit API: relative targets join, other origins get no profile layers', () => {
    expect(resolveApiTarget(config, '/items', undefined, {}, 'example')!.url.href).toBe('https://api.example.com/v1/items');
    const same = resolveApiTarget(config, 'https://api.example.com/other', undefined, {}, 'example')!;
    expect(same.headers.length).toBe(2);
    const other = resolveApiTarget(config, 'https://evil.example.net/x', undefined, {}, 'example')!;
    expect(other.headers).toEqual([]);
    expect(other.query).toEqual([]);
    expect(() => resolveApiTarget(config, '/x', undefined, {}, 'missing')).toThrow(/no registered API named "missing"/);
    // A command plugin's over-long API name is refused by the length rule, not quoted whole.
    expect(() => resolveApiTarget(config, '/x', undefined, {}, 'y'.repeat(5000))).toThrow(/cannot exist: "y{20}…" is 5000 characters long; an API name has at most 64$/);
  });

  it('reports a broken base_url by API name', () => {
    expect(() => resolveApiTarget(config, 'broken/x', undefined, {})).toThrow(/base_url of API broken/);
  });
});
