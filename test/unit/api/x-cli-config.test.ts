/** x-cli-config: normalisation, unsafe values, prompts (answers, terminal, --yes, failure) and templates. */
import { describe, expect, it } from 'vitest';
import { buildProfiles, deriveAuth, normalizeXCliConfig, type PromptHost } from '../../../plugins-builtin/api/x-cli-config.js';
import type { SecuritySchemeInfo } from '../../../sdk/shared/operation-index-format.js';

const host = (over: Partial<PromptHost> = {}): PromptHost => ({
  answers: {},
  interactive: false,
  yes: false,
  ask: async () => {
    throw new Error('asked');
  },
  ...over,
});

describe('normalizeXCliConfig', () => {
  it('puts legacy top-level fields into the default profile, the explicit default winning', () => {
    const { profiles, warnings } = normalizeXCliConfig({
      security: 'bearer',
      headers: ['X-A: legacy', 'X-B: legacy'],
      params: { audience: 'https://api' },
      prompt: { token: { description: 'Token' } },
      profiles: { default: { headers: ['X-A: explicit'] }, staging: { query: ['env=staging'] } },
    });
    expect(warnings).toEqual([]);
    expect(profiles.default).toEqual({
      headers: ['X-A: explicit'],
      security: 'bearer',
      params: { audience: 'https://api' },
      prompt: { token: { description: 'Token' } },
    });
    expect(profiles.staging).toEqual({ query: ['env=staging'] });
  });

  it('accepts header and query maps, and skips what a server may not decide', () => {
    const { profiles, warnings } = normalizeXCliConfig({
      profiles: {
        default: {
          headers: { 'X-Team': 'a', 'X-Secret': 'env:HOME' },
          query: { page: 1, cmd: 'command:rm -rf /' },
          auth: { type: 'external-tool', params: { commandline: 'curl evil' } },
          base_url: 'https://evil.example.com',
          client_cert: '/etc/ssl/x.pem',
          credentials: { main: { auth: { type: 'api-key', params: { value: 'command:cat ~/.key' } } } },
        },
      },
    });
    expect(profiles.default).toEqual({ headers: ['X-Team: a'], query: ['page=1'], credentials: { main: { auth: { type: 'api-key' } } } });
    expect(warnings.join('\n')).toContain('external-tool auth from a server is skipped');
    expect(warnings.join('\n')).toContain('base_url, client_cert ignored');
    expect(warnings.join('\n')).toContain('reads an environment variable');
    expect(warnings.join('\n')).toContain('runs a command');
  });

  it('skips external-tool auth in a credential binding too, with its approval', () => {
    const { profiles, warnings } = normalizeXCliConfig({
      profiles: {
        default: {
          credentials: {
            partner: { auth: { type: 'external-tool', params: { commandline: 'sh -c id', approved_hash: 'a'.repeat(64) } }, satisfies: ['read'] },
          },
        },
      },
    });
    expect(JSON.stringify(profiles)).not.toContain('external-tool');
    expect(JSON.stringify(profiles)).not.toContain('approved_hash');
    expect(warnings.join('\n')).toContain('x-cli-config profile default credential partner auth: external-tool auth from a server is skipped');
  });

  it('ignores entries that are not "Name: value", quoting them masked', () => {
    const { profiles, warnings } = normalizeXCliConfig({
      profiles: { default: { headers: ['X Team: a', 'Authorization Bearer sk_live_0123456789abcdef', 'X-Ok: yes'], query: ['page', 'lang=en'] } },
    });
    expect(profiles.default).toEqual({ headers: ['X-Ok: yes'], query: ['lang=en'] });
    expect(warnings).toEqual([
      'x-cli-config profile default headers: "X Team: a" is not "name: value"; it is ignored',
      'x-cli-config profile default headers: "Authorization ***" is not "name: value"; it is ignored',
      'x-cli-config profile default query: "page" is not "name=value"; it is ignored',
    ]);
  });

  it('ignores what is not an object', () => {
    expect(normalizeXCliConfig('nope').warnings[0]).toContain('not an object');
    expect(normalizeXCliConfig(undefined)).toEqual({ profiles: {}, warnings: [] });
  });
});

describe('templates in suggested values', () => {
  it('keeps those that name a param or prompt, and skips the others with a warning', () => {
    const { profiles, warnings } = normalizeXCliConfig({
      profiles: {
        default: {
          headers: ['X-Tenant: {tenant}', 'X-Typo: {tenat}', 'X-Json: {{"a":1}}'],
          query: ['region={region}', 'bad={'],
          auth: { type: 'bearer', params: { token: '{token}', other: '{nope}' } },
          params: { region: 'eu' },
          prompt: { tenant: {}, token: {} },
          credentials: { main: { auth: { type: 'bearer', params: { token: '{key}' } }, prompt: { key: {} } } },
        },
      },
    });
    expect(profiles.default).toMatchObject({
      headers: ['X-Tenant: {tenant}', 'X-Json: {{"a":1}}'],
      query: ['region={region}'],
      auth: { type: 'bearer', params: { token: '{token}' } },
      credentials: { main: { auth: { type: 'bearer', params: { token: '{key}' } } } },
    });
    expect(warnings).toEqual([
      'x-cli-config profile default headers: a value uses {tenat}, which no param or prompt of the profile gives; it is ignored',
      'x-cli-config profile default query: a value is no valid template: a "{" is never closed; write a literal brace as {{; it is ignored',
      'x-cli-config profile default auth params other: a value uses {nope}, which no param or prompt of the profile gives; it is ignored',
    ]);
  });
});

describe('buildProfiles', () => {
  const suggested = normalizeXCliConfig({
    profiles: {
      default: {
        headers: ['X-Tenant: {tenant}', 'X-Region: {region}'],
        auth: { type: 'bearer', params: { token: '{token}' } },
        params: { region: 'eu' },
        prompt: {
          tenant: { description: 'Tenant', default: 'acme', exclude: true },
          token: { description: 'Token' },
          tier: { enum: ['free', 'pro'], default: 'free' },
        },
      },
    },
  }).profiles;

  it('answers from setup expressions into params, keeps templates, keeps excluded answers out of auth params', async () => {
    const profiles = await buildProfiles(suggested, {}, host({ answers: { tenant: 'initech', token: 's3{c}ret', tier: 'pro' } }));
    expect(profiles.default).toEqual({
      headers: ['X-Tenant: {tenant}', 'X-Region: {region}'],
      auth: { type: 'bearer', params: { token: '{token}', region: '{region}', tier: '{tier}' } },
      // An answer is kept as typed: its braces are escaped, since params are template text.
      params: { region: 'eu', tenant: 'initech', token: 's3{{c}}ret', tier: 'pro' },
      prompt: suggested.default!.prompt,
    });
  });

  it('takes defaults with --yes and asks the rest on a terminal, secrets hidden', async () => {
    const asked: [string, boolean][] = [];
    const profiles = await buildProfiles(
      suggested,
      {},
      host({ yes: true, interactive: true, ask: async (message, secret) => (asked.push([message, secret]), 'typed') }),
    );
    expect(asked).toEqual([['Token:', true]]);
    expect(profiles.default!.params).toEqual({ region: 'eu', tenant: 'acme', token: 'typed', tier: 'free' });
  });

  it('re-asks an answer outside the enum, and takes the default for an empty one', async () => {
    const answers = ['gold', '', 'tok'];
    const profiles = await buildProfiles(
      { p: { prompt: { tier: { enum: ['free', 'pro'], default: 'pro' }, token: {} } } },
      {},
      host({ interactive: true, ask: async () => answers.shift()! }),
    );
    expect(profiles.p!.params).toEqual({ tier: 'pro', token: 'tok' });
  });

  it('without a terminal, fails naming the prompt and the setup expression that answers it', async () => {
    await expect(buildProfiles(suggested, {}, host({ answers: { tenant: 'x', tier: 'pro' } }))).rejects.toMatchObject({
      exitCode: 2,
      message: expect.stringContaining('"token" (Token)'),
      hint: expect.stringContaining("'prompt.token: <value>'"),
    });
  });

  it('refuses an answer outside the enum, but lets env: references through', async () => {
    await expect(buildProfiles(suggested, {}, host({ answers: { tenant: 'x', token: 't', tier: 'gold' } }))).rejects.toThrow('not one of free, pro');
    const profiles = await buildProfiles(suggested, {}, host({ answers: { tenant: 'x', token: 'env:TOKEN', tier: 'env:TIER' } }));
    expect(profiles.default!.params).toMatchObject({ token: 'env:TOKEN', tier: 'env:TIER' });
  });

  it('derives auth from the security scheme a profile names', async () => {
    const schemes: Record<string, SecuritySchemeInfo> = {
      key: { type: 'apiKey', in: 'header', name: 'X-Key' },
      basic: { type: 'http', scheme: 'basic' },
      bearer: { type: 'http', scheme: 'bearer' },
      cc: { type: 'oauth2', flows: { clientCredentials: { token_url: 'https://id/token', scopes: ['read', 'write'] } } },
      oidc: { type: 'openIdConnect', open_id_connect_url: 'https://id.example.com/.well-known/openid-configuration' },
    };
    expect(deriveAuth('key', schemes)).toEqual({ type: 'api-key', params: { in: 'header', name: 'X-Key' } });
    expect(deriveAuth(['basic'], schemes)).toEqual({ type: 'http-basic' });
    expect(deriveAuth([{ bearer: [] }], schemes)).toEqual({ type: 'bearer' });
    expect(deriveAuth('cc', schemes)).toEqual({ type: 'oauth-client-credentials', params: { token_url: 'https://id/token', scopes: 'read write' } });
    expect(deriveAuth('oidc', schemes)).toEqual({ type: 'oauth-authorization-code', params: { issuer_url: 'https://id.example.com' } });
    expect(deriveAuth('missing', schemes)).toBeUndefined();
    const profiles = await buildProfiles({ default: { security: 'key', prompt: { value: {} } } }, schemes, host({ answers: { value: 'k1' } }));
    expect(profiles.default!.auth).toEqual({ type: 'api-key', params: { in: 'header', name: 'X-Key', value: '{value}' } });
    expect(profiles.default!.params).toEqual({ value: 'k1' });
  });

  it('answers a credential binding prompt once across profiles', async () => {
    let asked = 0;
    const profiles = await buildProfiles(
      {
        a: { credentials: { main: { auth: { type: 'bearer', params: { token: '{token}' } }, prompt: { token: {} } } } },
        b: { prompt: { token: {} } },
      },
      {},
      host({ interactive: true, ask: async () => (asked++, 'abc') }),
    );
    expect(asked).toBe(1);
    expect(profiles.a!.credentials!.main).toMatchObject({ auth: { type: 'bearer', params: { token: '{token}' } }, params: { token: 'abc' } });
    expect(profiles.b!.params).toEqual({ token: 'abc' });
  });
});
