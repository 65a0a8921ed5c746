/**
 * The oauth-client-credentials auth type against a real OAuth provider (fixtures/oauth-provider):
 * a token fetched, kept in tokens.json and reused until it expires, refusals in the provider's
 * words, and the secret and token never shown.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_CLIENTS, startOAuthProvider, type OAuthProvider } from '../../fixtures/oauth-provider/index.mjs';
import { keepToken, keptToken } from '../helpers/kept-tokens.js';
import { moduleTracer } from '../helpers/module-tracer.js';
import { homeWithApi, runOkapi } from '../helpers/run-okapi.js';

let provider: OAuthProvider;
beforeAll(async () => {
  provider = await startOAuthProvider();
});
afterAll(async () => {
  await provider.close();
});

function homeWith(params: Record<string, string>) {
  return homeWithApi('res', provider.resourceUrl, { auth: { type: 'oauth-client-credentials', params } });
}

const basic = OAUTH_CLIENTS.basic;

describe('oauth-client-credentials', () => {
  it('gets a token by discovery that the resource accepts, and reuses it on the next run without loading the OAuth library', async () => {
    const home = homeWith({ issuer_url: provider.issuer, client_id: basic.client_id, client_secret: 'env:CLIENT_SECRET', scopes: 'api:read' });
    const env = { ...home.env, CLIENT_SECRET: basic.client_secret };
    const before = provider.counts.token;
    const fetching = moduleTracer('oauth4webapi');
    const first = await runOkapi(['res/whoami', '-o', 'json'], { env: { ...env, ...fetching.env } });
    expect(fetching.loaded()).toContain('oauth4webapi');
    expect(first.stderr).toBe('');
    expect(JSON.parse(first.stdout)).toEqual({ authenticated: true, client_id: basic.client_id, scope: 'api:read' });
    expect(provider.counts.token).toBe(before + 1);

    const tokensFile = join(home.dir, 'tokens.json');
    expect(statSync(tokensFile).mode & 0o777).toBe(0o600);
    const token = keptToken(home, 'oauth-client-credentials').access_token;

    // The OAuth library is loaded to fetch a token (above), not to send a kept one.
    const tracer = moduleTracer('oauth4webapi');
    const second = await runOkapi(['res/whoami', '-o', 'json', '-v'], { env: { ...env, ...tracer.env } });
    expect(JSON.parse(second.stdout).authenticated).toBe(true);
    expect(provider.counts.token).toBe(before + 1);
    expect(tracer.loaded()).toBe('');
    expect(second.stderr).toMatch(/authorization: /i);
    expect(second.stderr).not.toContain(token);
    expect(second.stderr).not.toContain(basic.client_secret);
  });

  it('fetches a new token when the kept one has expired', async () => {
    const home = homeWith({ token_url: provider.tokenUrl, client_id: basic.client_id, client_secret: basic.client_secret });
    const before = provider.counts.token;
    expect(JSON.parse((await runOkapi(['res/whoami', '-o', 'json'], { env: home.env })).stdout).authenticated).toBe(true);
    const first = keptToken(home, 'oauth-client-credentials');
    // Mark the kept token as past its time, as the clock would.
    keepToken(home, 'oauth-client-credentials', { ...first, use_until: Date.now() - 1 });

    const again = await runOkapi(['res/whoami', '-o', 'json'], { env: home.env });
    expect(JSON.parse(again.stdout).authenticated).toBe(true);
    expect(provider.counts.token).toBe(before + 2);
    expect(keptToken(home, 'oauth-client-credentials').access_token).not.toBe(first.access_token);
  });

  it('authenticates with client_secret_post', async () => {
    const post = OAUTH_CLIENTS.post;
    const home = homeWith({ issuer_url: provider.issuer, client_id: post.client_id, client_secret: post.client_secret, auth_method: 'client_secret_post', scopes: 'api:read api:write' });
    const result = await runOkapi(['res/whoami', '-o', 'json'], { env: home.env });
    expect(JSON.parse(result.stdout)).toEqual({ authenticated: true, client_id: post.client_id, scope: 'api:read api:write' });
  });

  it('reports a wrong client secret in the provider words, without the secret', async () => {
    const wrong = 'not-the-secret-4242';
    const home = homeWith({ issuer_url: provider.issuer, client_id: basic.client_id, client_secret: wrong });
    const result = await runOkapi(['res/whoami', '-v'], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`the token endpoint ${provider.tokenUrl} of issuer ${provider.issuer} answered 401: invalid_client (client authentication failed)`);
    expect(result.stderr).toContain('check the client_id and client_secret params');
    expect(result.stderr).not.toContain(wrong);
    expect(result.stdout).toBe('');
  });

  it('refuses params that name both or neither of issuer_url and token_url', async () => {
    const home = homeWith({ client_id: basic.client_id, client_secret: basic.client_secret });
    const result = await runOkapi(['res/whoami'], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('needs either the param "issuer_url" or "token_url"; it has none of them');
  });
});
