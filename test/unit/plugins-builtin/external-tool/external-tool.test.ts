import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import externalTool from '../../../../plugins-builtin/external-tool/index.js';
import { toolIdentity } from '../../../../plugins-builtin/external-tool/tool-approval.js';
import { OkapiError } from '../../../../sdk/shared/errors.js';
import type { LogLevel } from '../../../../sdk/types.js';
import { authFailure, authInput, untouchedTerminal } from '../auth/fixtures.js';
import { tempDir } from '../../../helpers/temp-dir.js';

const dir = tempDir('okapi-external-tool-');

/** A tool script with this body, and the params that run it approved. */
function tool(name: string, body: string): Record<string, string> {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  const identity = toolIdentity(path);
  if ('problem' in identity) throw new Error(identity.problem);
  return { commandline: path, approved_hash: identity.hash };
}

const noTokens = {
  get: () => Promise.reject(new Error('external-tool read the token store')),
  set: () => Promise.reject(new Error('external-tool wrote the token store')),
  delete: () => Promise.reject(new Error('external-tool deleted from the token store')),
  clear: () => Promise.reject(new Error('external-tool cleared the token store')),
};

describe.skipIf(process.platform === 'win32')('the external-tool auth type', () => {
  it('sends the headers and query parameters the approved tool prints, passing its stderr to the log', async () => {
    const params = tool('ok', `echo 'fetching token' >&2; echo '{"headers": {"Authorization": "Bearer sekrit-1"}, "query": {"sig": "sekrit-2"}}'`);
    const logged: [LogLevel, string][] = [];
    const update = await externalTool.hooks.auth!(authInput(params), { log: (level, message) => logged.push([level, message]), tokens: noTokens, ...untouchedTerminal });
    expect(update).toEqual({ headers: { Authorization: 'Bearer sekrit-1' }, query: { sig: 'sekrit-2' } });
    expect(logged).toEqual([['info', 'external-tool: fetching token']]);
  });

  it('needs its secret params', () => {
    expect(externalTool.manifest.needs_auth_secrets).toBe(true);
  });

  it('runs nothing until the tool is approved, and says how to approve it', async () => {
    const params = tool('unapproved', `touch ${join(dir, 'ran')}; echo '{"headers": {"X-Key": "k"}}'`);
    const error = await authFailure(externalTool, { commandline: params.commandline! });
    expect(error).toBeInstanceOf(OkapiError);
    expect(error.message).toBe(
      `the external-tool auth of API shop (profile staging): the command of param "commandline" (running ${join(dir, 'unapproved')}) has not been approved; okapi runs it only once you approve it`,
    );
    expect(error.hint).toBe(`to approve it as it is now: okapi api set shop 'profiles.staging.auth.params.approved_hash: ${params.approved_hash}'`);

    const changed = await authFailure(externalTool, { ...params, approved_hash: 'f'.repeat(64) });
    expect(changed.message).toContain('has changed since it was approved');
    expect(existsSync(join(dir, 'ran'))).toBe(false);
  });

  it('names the binding of a credential in the approval hint', async () => {
    const params = tool('bound', `echo '{"headers": {"X-Key": "k"}}'`);
    const error = await externalTool.hooks.auth!({ ...authInput({ commandline: params.commandline! }), credential: 'partner' }, { log: () => undefined, tokens: noTokens, ...untouchedTerminal }).catch((e: OkapiError) => e);
    expect((error as OkapiError).hint).toContain(`'profiles.staging.credentials.partner.auth.params.approved_hash: ${params.approved_hash}'`);
  });

  it('fails, naming the profile and param, when the tool fails, and quotes the end of its stderr, never its stdout', async () => {
    const params = tool('failing', `echo '{"headers": {"X-Key": "sekrit-1"}}'; echo 'line 1' >&2; echo 'vault is sealed' >&2; exit 3`);
    const error = await authFailure(externalTool, params);
    expect(error.message).toBe('the external-tool auth of API shop (profile staging): the command of param "commandline" failed (exit 3); it said:\n  line 1\n  vault is sealed');
    expect(error.hint).toBe('run the command yourself to see why');
  });

  it('fails on output that is no credential, without quoting it', async () => {
    const params = tool('plain', `echo 'Bearer sekrit-1'`);
    const error = await authFailure(externalTool, params);
    expect(error.message).toBe('the external-tool auth of API shop (profile staging): the output of the command of param "commandline" is not JSON');
    expect(error.hint).toContain('{"headers": {"Name": "value"}, "query": {"name": "value"}}');
    expect(JSON.stringify(await authFailure(externalTool, tool('empty', 'true')))).not.toContain('sekrit');
    expect((await authFailure(externalTool, tool('empty', 'true'))).message).toContain('is empty');
  });

  it('fails on a missing command line or program', async () => {
    expect((await authFailure(externalTool, {})).message).toContain('needs the param "commandline", which is not set');
    const error = await authFailure(externalTool, { commandline: 'no-such-tool-okapi --json' });
    expect(error.message).toBe('the external-tool auth of API shop (profile staging): the param "commandline" starts with "no-such-tool-okapi", which is not a file and not found on PATH');
    expect(error.hint).toBe('give the full path of the program in the command line');
  });
});
