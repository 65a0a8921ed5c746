/**
 * An auth hook's context carries the user's terminal, in-process and over the wire alike: it can
 * tell the user something (an authorization URL) and ask (a pasted code), and a failed question
 * reaches the hook as an error it can report.
 */
import { describe, expect, it } from 'vitest';
import type { PluginDefinition, PluginManifest } from '../../../sdk/types.js';
import type { Terminal } from '../../../sdk/services.js';
import { InProcessRuntime } from '../../../kernel/plugins/in-process-runtime.js';
import { SubprocessRuntime } from '../../../kernel/plugins/subprocess-runtime.js';
import type { PluginRuntime } from '../../../kernel/plugins/runtime.js';
import { testTokenStore } from '../../helpers/host-services.js';
import { writeSdkPlugin } from '../../helpers/plugin-files.js';
import { tempDir } from '../../helpers/temp-dir.js';

const manifest: PluginManifest = { name: 'asker', okapi_api_version: 2, hooks: ['auth'] };
// Tells the URL, asks for the code (secretly when the param says so), and sends what it was given.
const hooks = `{
  async auth(input, ctx) {
    ctx.tell('open https://sign-in.example/authorize?x=1');
    try {
      const code = await ctx.prompt('paste the code:', { secret: input.params.secret === 'yes' });
      return { headers: { 'X-Code': code }, renewable: true };
    } catch (error) {
      return { headers: { 'X-Failed': error.message } };
    }
  },
}`;
const silentLogger = () => () => undefined;
const input = (params: Record<string, string>) => ({ api: 'demo', profile: 'default', params, request: { method: 'GET', url: 'http://127.0.0.1/', headers: {} } });

/** A terminal that records what it was told and asked, and answers from a list. */
function scriptedTerminal(answers: (string | Error)[]): Terminal & { told: string[]; asked: [string, boolean][] } {
  const told: string[] = [];
  const asked: [string, boolean][] = [];
  return {
    told,
    asked,
    tell: (message) => void told.push(message),
    prompt: async (message, options) => {
      asked.push([message, options?.secret ?? false]);
      const answer = answers.shift()!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
}

function runtimes(terminal: Terminal): [string, PluginRuntime][] {
  const tokens = testTokenStore();
  const definition = { manifest, hooks: new Function(`return ${hooks}`)() } as PluginDefinition;
  const list: [string, PluginRuntime][] = [['in-process', new InProcessRuntime('asker', async () => definition, silentLogger, tokens, terminal)]];
  for (const encoding of ['cbor', 'json'] as const) {
    const path = writeSdkPlugin(tempDir('okapi-auth-terminal-'), 'asker', `{ manifest: ${JSON.stringify(manifest)}, hooks: ${hooks} }`, encoding);
    list.push([encoding, new SubprocessRuntime({ name: 'asker', path, encoding }, manifest, { logger: silentLogger, tokens, terminal })]);
  }
  return list;
}

describe('the terminal of auth hooks', () => {
  it('tells and asks the same way in-process and over either encoding, and passes renewable back', async () => {
    const terminal = scriptedTerminal(['code-1', 'code-2', 'code-3']);
    const outputs = [];
    for (const [, runtime] of runtimes(terminal)) outputs.push(await runtime.call('auth', input({ secret: 'yes' })));
    expect(outputs).toEqual(['code-1', 'code-2', 'code-3'].map((code) => ({ headers: { 'X-Code': code }, renewable: true })));
    expect(terminal.told).toEqual(Array(3).fill('open https://sign-in.example/authorize?x=1'));
    expect(terminal.asked).toEqual(Array(3).fill(['paste the code:', true]));
  });

  it('gives the hook the reason a question could not be asked', async () => {
    const terminal = scriptedTerminal(Array.from({ length: 3 }, () => new Error('okapi is not attached to a terminal')));
    for (const [, runtime] of runtimes(terminal)) {
      expect(await runtime.call('auth', input({}))).toEqual({ headers: { 'X-Failed': expect.stringContaining('okapi is not attached to a terminal') } });
    }
  });
});
