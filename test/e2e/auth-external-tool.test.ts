/**
 * The external-tool auth type through the built CLI against the example API's bearer fixture: a
 * tool is refused until approved with the command the error gives, then opens the fixture, is
 * refused again once its executable changes, and its secrets stay out of -v and errors.
 */
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_CREDENTIALS, startExampleApi, type ExampleApi } from '../../fixtures/example-api/index.mjs';
import { writeExecutable } from '../helpers/plugin-files.js';
import { freshHome, runOkapi } from '../helpers/run-okapi.js';

let api: ExampleApi;
beforeAll(async () => {
  api = await startExampleApi();
});
afterAll(async () => {
  await api.close();
});

const { bearer } = EXAMPLE_CREDENTIALS;

/** A home whose API `ex` authenticates with the tool script `body`, not yet approved. */
function homeWithTool(body: string): { home: ReturnType<typeof freshHome>; tool: string } {
  const home = freshHome();
  const tool = join(home.dir, 'get-credentials');
  writeExecutable(tool, `#!/bin/sh\n${body}\n`);
  const auth = { type: 'external-tool', params: { commandline: `${tool} --for ex` } };
  writeFileSync(home.config, JSON.stringify({ apis: { ex: { base_url: api.url, profiles: { default: { auth } } } } }));
  return { home, tool };
}

/** Runs the `okapi api set …` approval the error's hint gives, and returns the approved hash. */
async function approveAsHinted(stderr: string, env: NodeJS.ProcessEnv): Promise<string> {
  const hinted = /okapi api set ex '(profiles\.default\.auth\.params\.approved_hash: ([0-9a-f]{64}))'/.exec(stderr);
  expect(hinted, stderr).not.toBeNull();
  const approval = await runOkapi(['api', 'set', 'ex', hinted![1]!], { env });
  expect(approval.code, approval.stderr).toBe(0);
  return hinted![2]!;
}

const printsBearer = `echo 'asking the vault' >&2; echo '{"headers": {"Authorization": "Bearer ${bearer.token}"}}'`;

describe.skipIf(process.platform === 'win32')('external-tool auth through a profile', () => {
  it('is refused until approved as the error says, then opens /auth/bearer', async () => {
    const { home } = homeWithTool(printsBearer);
    const refused = await runOkapi(['ex/auth/bearer', '-o', 'json'], { env: home.env });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toContain('the external-tool auth of API ex (profile default): the command of param "commandline"');
    expect(refused.stderr).toContain('has not been approved');

    const hash = await approveAsHinted(refused.stderr, home.env);
    expect(JSON.parse(readFileSync(home.config, 'utf8')).apis.ex.profiles.default.auth.params.approved_hash).toBe(hash);

    const result = await runOkapi(['ex/auth/bearer', '-o', 'json'], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ authenticated: true, scheme: 'bearer', subject: bearer.subject });
    // The tool's stderr is a diagnostic: shown with -v only.
    expect(result.stderr).not.toContain('asking the vault');
  });

  it('keeps what the tool printed out of -v, and passes on its stderr', async () => {
    const { home } = homeWithTool(printsBearer);
    await approveAsHinted((await runOkapi(['ex/auth/bearer'], { env: home.env })).stderr, home.env);
    const result = await runOkapi(['ex/auth/bearer', '-v'], { env: home.env });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Authorization: Bearer <redacted>');
    expect(result.stderr).toContain('external-tool: asking the vault');
    expect(result.stderr).not.toContain(bearer.token);
  });

  it('must be approved again once its executable changes', async () => {
    const { home, tool } = homeWithTool(printsBearer);
    const first = await approveAsHinted((await runOkapi(['ex/auth/bearer'], { env: home.env })).stderr, home.env);
    expect((await runOkapi(['ex/auth/bearer'], { env: home.env })).code).toBe(0);

    writeFileSync(tool, `#!/bin/sh\n${printsBearer}\necho 'changed' >&2\n`);
    utimesSync(tool, new Date(2001, 0, 1), new Date(2001, 0, 1));
    const refused = await runOkapi(['ex/auth/bearer'], { env: home.env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('has changed since it was approved');
    expect(await approveAsHinted(refused.stderr, home.env)).not.toBe(first);
    expect((await runOkapi(['ex/auth/bearer'], { env: home.env })).code).toBe(0);
  });

  it('fails before sending when the approved tool fails or prints no credential, never quoting its output', async () => {
    const cases = [
      { body: `echo '{"headers": {"Authorization": "Bearer ${bearer.token}"}}'; echo 'vault is sealed' >&2; exit 2`, says: 'failed (exit 2); it said:\n  vault is sealed' },
      { body: `echo 'Bearer ${bearer.token}'`, says: 'the output of the command of param "commandline" is not JSON' },
    ];
    for (const { body, says } of cases) {
      const { home } = homeWithTool(body);
      await approveAsHinted((await runOkapi(['ex/auth/bearer'], { env: home.env })).stderr, home.env);
      const result = await runOkapi(['ex/auth/bearer', '-v'], { env: home.env });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('the external-tool auth of API ex (profile default)');
      expect(result.stderr).toContain(says);
      expect(result.stderr).not.toContain('GET /auth/bearer');
      expect(result.stderr + result.stdout).not.toContain(bearer.token);
    }
  });
});
