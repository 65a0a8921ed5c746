/** Filling `{name}` templates from a profile's (and a credential's) params, as each request does. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ParamTemplates, type ParamLayer } from '../../../kernel/pipeline/param-templates.js';
import { tempDir } from '../../helpers/temp-dir.js';

const templates = (layers: ParamLayer[], env: NodeJS.ProcessEnv = {}) =>
  new ParamTemplates(layers, 'profile default of API shop', { api: 'shop', path: 'profiles.default.params' }, env);

const profile = (params: Record<string, string>): ParamLayer => ({ params, path: 'apis.shop.profiles.default.params' });

describe('ParamTemplates', () => {
  it('fills templates from the params, a later layer winning, and says when a value came from env:', () => {
    const filled = templates([profile({ tenant: 'acme', region: 'eu' }), { params: { tenant: 'initech' }, path: 'apis.shop.profiles.default.credentials.main.params' }]);
    expect(filled.expand('{tenant}/{region}', 'here')).toEqual({ text: 'initech/eu', fromReference: false });
    const fromEnv = templates([profile({ token: 'env:SHOP_TOKEN' })], { SHOP_TOKEN: 't0k' });
    expect(fromEnv.expand('Bearer {token}', 'here')).toEqual({ text: 'Bearer t0k', fromReference: true });
  });

  it.skipIf(process.platform === 'win32')('runs a command: param only when a template uses it', () => {
    const marker = join(tempDir('okapi-templates-'), 'ran');
    const filled = templates([profile({ tenant: 'acme', slow: `command:touch '${marker}'; echo x` })]);
    expect(filled.expand('{tenant}', 'here').text).toBe('acme');
    expect(existsSync(marker)).toBe(false);
    expect(filled.expand('{slow}', 'here').text).toBe('x');
    expect(existsSync(marker)).toBe(true);
  });

  it('never expands inside an env: or command: value, and errors name the config path and the param to set', () => {
    const filled = templates([profile({ token: 'env:{name}' })], { '{name}': 'odd' });
    expect(filled.expand('{token}', 'here').text).toBe('odd');
    expect(() => filled.expand('X {missing}', 'apis.shop.profiles.default.headers[0]')).toThrow(
      expect.objectContaining({
        message: 'apis.shop.profiles.default.headers[0]: the template {missing} names no param',
        hint: expect.stringContaining("okapi api set shop 'profiles.default.params.missing: <value>'"),
      }),
    );
  });

  it('expands params that use params, and refuses a loop naming where it is', () => {
    expect(templates([profile({ a: '{b}-1', b: 'two' })]).expand('{a}', 'here').text).toBe('two-1');
    expect(() => templates([profile({ a: '{b}', b: '{a}' })]).expand('{a}', 'here')).toThrow('apis.shop.profiles.default.params.a: its templates lead back to {a}');
  });
});
