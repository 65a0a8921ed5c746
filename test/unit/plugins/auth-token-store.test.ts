/**
 * An auth hook's context carries the token store, in-process and over the wire alike: what one
 * call keeps, the next reads, and tokens.json holds it.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PluginDefinition, PluginManifest } from '../../../sdk/types.js';
import { InProcessRuntime } from '../../../kernel/plugins/in-process-runtime.js';
import { SubprocessRuntime } from '../../../kernel/plugins/subprocess-runtime.js';
import type { PluginRuntime } from '../../../kernel/plugins/runtime.js';
import { tokenStore } from '../../../kernel/services/token-store.js';
import { OkapiError } from '../../../sdk/shared/errors.js';
import { writeSdkPlugin } from '../../helpers/plugin-files.js';
import { tempDir } from '../../helpers/temp-dir.js';

const manifest: PluginManifest = { name: 'counter', okapi_api_version: 2, hooks: ['auth'] };
// Counts its calls per API and profile in the token store, and sends the count it read.
const hooks = `{
  async auth(input, ctx) {
    const scope = { api: input.api, profile: input.profile };
    const seen = Number((await ctx.tokens.get(scope, 'calls')) ?? '0');
    await ctx.tokens.set(scope, 'calls', String(seen + 1));
    return { headers: { 'X-Calls-Before': String(seen) } };
  },
}`;
const silentLogger = () => () => undefined;
const input = { api: 'demo', profile: 'default', params: {}, request: { method: 'GET', url: 'http://127.0.0.1/', headers: {} } };

function runtimes(configPath: string): [string, PluginRuntime][] {
  const tokens = tokenStore(configPath);
  const definition = { manifest, hooks: new Function(`return ${hooks}`)() } as PluginDefinition;
  const list: [string, PluginRuntime][] = [['in-process', new InProcessRuntime('counter', async () => definition, silentLogger, tokens)]];
  for (const encoding of ['cbor', 'json'] as const) {
    const path = writeSdkPlugin(tempDir('okapi-auth-tokens-'), 'counter', `{ manifest: ${JSON.stringify(manifest)}, hooks: ${hooks} }`, encoding);
    list.push([encoding, new SubprocessRuntime({ name: 'counter', path, encoding }, manifest, { logger: silentLogger, tokens })]);
  }
  return list;
}

describe('the token store of auth hooks', () => {
  it('is the same store in-process and over either encoding', async () => {
    const configPath = join(tempDir('okapi-auth-tokens-'), 'config.json');
    const seen: string[] = [];
    for (const [, runtime] of runtimes(configPath)) {
      const output = await runtime.call('auth', input);
      seen.push(String(output.headers?.['X-Calls-Before']));
    }
    expect(seen).toEqual(['0', '1', '2']);
    const file = join(configPath, '..', 'tokens.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ apis: { demo: { default: { default: { calls: '3' } } } } });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('keeps the hint and exit code of an error from a built-in bundled with its own OkapiError', async () => {
    // What a built-in's bundle throws: an OkapiError of another copy of the class.
    class BundledOkapiError extends Error {
      readonly hint = 'check the client_secret param';
      readonly exitCode = 1;
      override name = 'OkapiError';
    }
    const definition: PluginDefinition = { manifest, hooks: { auth: () => { throw new BundledOkapiError('the provider refused'); } } };
    const runtime = new InProcessRuntime('counter', async () => definition, silentLogger, tokenStore(join(tempDir('okapi-auth-tokens-'), 'config.json')));
    const error = await runtime.call('auth', input).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OkapiError);
    expect(error).toMatchObject({ message: 'the provider refused', hint: 'check the client_secret param', exitCode: 1 });
  });
});
