/**
 * The oauth-device-code auth type against a real OAuth provider (fixtures/oauth-provider), with
 * the test as the user: it reads where to go and the code okapi shows on stderr while okapi polls,
 * and approves or declines it at the provider's verification pages, with plain HTTP. Then the 401 rule: a 401 to an OAuth token renews it and resends
 * the request once, for client credentials too, and never for a static auth.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_CLIENTS, OAUTH_DEVICE_CLIENT, startOAuthProvider, type OAuthProvider } from '../../fixtures/oauth-provider/index.mjs';
import { answerDeviceCodeAtProvider } from '../../fixtures/oauth-provider/user-agent.mjs';
import { keepToken, keptToken } from '../helpers/kept-tokens.js';
import { freshHome, homeWithApi, runOkapi, startOkapi, type OkapiResult } from '../helpers/run-okapi.js';

let provider: OAuthProvider;
beforeAll(async () => {
  // Polls every 20 ms: the tests wait for the user's approval, not for the RFC's 5 s.
  provider = await startOAuthProvider({ deviceInterval: 0.02 });
});
afterAll(async () => {
  await provider.close();
});

type Home = ReturnType<typeof freshHome>;
type Auth = { type: string; params: Record<string, string> };

function homeWith(auth: Auth, baseUrl = provider.resourceUrl): Home {
  return homeWithApi('res', baseUrl, { auth });
}

const device: Auth = { type: 'oauth-device-code', params: { issuer_url: '', client_id: OAUTH_DEVICE_CLIENT.client_id, scopes: 'api:read offline_access' } };
const deviceHome = (baseUrl?: string) => homeWith({ ...device, params: { ...device.params, issuer_url: provider.issuer } }, baseUrl);

/** What okapi shows the user on stderr: where to go, the code, and the address that carries it. */
interface ShownCode {
  verificationUri: string;
  userCode: string;
  verificationUriComplete: string;
}

/**
 * Runs okapi and plays the user: each time okapi shows a code on stderr, `answer` approves or
 * declines it at the provider. Answers okapi's result, the codes it showed, and what the
 * provider's last page said to the user for each.
 */
async function runAsUser(args: string[], home: Home, answer: (shown: ShownCode) => Promise<string | undefined>): Promise<{ result: OkapiResult; codes: string[]; pages: (string | undefined)[] }> {
  const { child, result } = startOkapi(args, { env: home.env });
  const codes: string[] = [];
  const answered: Promise<string | undefined>[] = [];
  let seen = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    seen += chunk.toString('utf8');
    // Both lines whole: a chunk may end in the middle of the code.
    for (const [, verificationUri, userCode, verificationUriComplete] of seen.matchAll(/open (\S+) in a browser and enter the code (\S+)\n\(or open (\S+), which carries the code\)/g)) {
      if (codes.includes(userCode!)) continue;
      codes.push(userCode!);
      answered.push(answer({ verificationUri: verificationUri!, userCode: userCode!, verificationUriComplete: verificationUriComplete! }));
    }
  });
  const finished = await result;
  return { result: finished, codes, pages: await Promise.all(answered) };
}

const approved = 'Sign-in Success: Your sign-in was successful, you can now close this page.';
const declined = 'Sign-in: The Sign-in request was interrupted';

/** The user types the code okapi showed at the page okapi named, signs in as dana, and approves. */
const approve = ({ verificationUri, userCode }: ShownCode) => answerDeviceCodeAtProvider(verificationUri, { userCode, login: 'dana' });

describe('oauth-device-code', () => {
  it('shows the code and where to enter it, polls until the user approves, and keeps the token for the next run', async () => {
    const home = deviceHome();
    const before = provider.counts.deviceAuthorization;
    const { result, codes, pages } = await runAsUser(['res/whoami', '-o', 'json'], home, approve);
    expect(result.code).toBe(0);
    expect(codes).toHaveLength(1);
    expect(pages).toEqual([approved]);
    expect(result.stderr).toContain(`open ${provider.issuer}/device in a browser and enter the code ${codes[0]}`);
    expect(result.stderr).toContain(`(or open ${provider.issuer}/device?user_code=${codes[0]}, which carries the code)`);
    expect(result.stderr).toContain('the code expires in 10 minutes');
    expect(JSON.parse(result.stdout)).toEqual({ authenticated: true, client_id: OAUTH_DEVICE_CLIENT.client_id, scope: 'api:read offline_access', sub: 'dana' });
    expect(provider.counts.deviceAuthorization).toBe(before + 1);

    const kept = keptToken(home, 'oauth-device-code');
    expect(kept.refresh_token).toEqual(expect.any(String));
    const again = await runOkapi(['res/whoami', '-o', 'json', '-v'], { env: home.env });
    expect(JSON.parse(again.stdout).authenticated).toBe(true);
    expect(again.stderr).not.toContain('enter the code');
    expect(again.stderr).not.toContain(kept.access_token);
    expect(provider.counts.deviceAuthorization).toBe(before + 1);
  });

  it('ends with the provider words when the user declines the code at the device confirmation page', async () => {
    const home = deviceHome();
    const { result, codes, pages } = await runAsUser(['res/whoami'], home, ({ verificationUriComplete }) => answerDeviceCodeAtProvider(verificationUriComplete, { confirm: false }));
    expect(pages).toEqual([declined]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`polled for the code ${codes[0]}, answered 400: access_denied (End-User aborted interaction)`);
    expect(result.stderr).toContain('the sign-in was declined; try again and approve the request');
    expect(result.stdout).toBe('');
  });

  it('refreshes an expired access token with the refresh token, without a new device code', async () => {
    const home = deviceHome();
    await runAsUser(['res/whoami'], home, approve);
    const first = keptToken(home, 'oauth-device-code');
    keepToken(home, 'oauth-device-code', { ...first, use_until: Date.now() - 1 });
    const devices = provider.counts.deviceAuthorization;
    const grants = provider.counts.token;

    const again = await runOkapi(['res/whoami', '-o', 'json'], { env: home.env });
    expect(JSON.parse(again.stdout).authenticated).toBe(true);
    expect(again.stderr).not.toContain('enter the code');
    expect(provider.counts.deviceAuthorization).toBe(devices);
    expect(provider.counts.token).toBe(grants + 1);
    expect(keptToken(home, 'oauth-device-code').access_token).not.toBe(first.access_token);
  });

  it('renews with the refresh token and resends once when the API refuses a token the provider ended', async () => {
    const home = deviceHome();
    await runAsUser(['res/whoami'], home, approve);
    const first = keptToken(home, 'oauth-device-code');
    await provider.forgetAccessToken(first.access_token);
    const devices = provider.counts.deviceAuthorization;

    const again = await runOkapi(['res/whoami', '-o', 'json', '-v'], { env: home.env });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout).authenticated).toBe(true);
    expect(provider.counts.deviceAuthorization).toBe(devices);
    // -v shows the refused exchange, why okapi sent the request again, and the second exchange.
    const refused = again.stderr.indexOf('401 Unauthorized');
    const why = again.stderr.indexOf('okapi: the API answered 401 to a credential the auth can renew: renewed it and sent the request again (once)');
    expect(refused).toBeGreaterThan(-1);
    expect(why).toBeGreaterThan(refused);
    expect(again.stderr.indexOf('200 OK')).toBeGreaterThan(why);
    expect(again.stderr.match(/GET \/whoami/g)).toHaveLength(2);
    expect(again.stderr).not.toMatch(/Followed \d+ redirect/);
    expect(again.stderr).not.toContain(first.access_token);
    expect(keptToken(home, 'oauth-device-code').access_token).not.toBe(first.access_token);
  });

  it('asks for a new device code when the revoked token took its refresh token along, and resends once', async () => {
    const home = deviceHome();
    await runAsUser(['res/whoami'], home, approve);
    const first = keptToken(home, 'oauth-device-code');
    expect(await provider.revokeToken(first.access_token, OAUTH_DEVICE_CLIENT)).toBe(200);

    // This time the user opens the address that carries the code.
    const { result, codes, pages } = await runAsUser(['res/whoami', '-o', 'json'], home, ({ verificationUriComplete }) => answerDeviceCodeAtProvider(verificationUriComplete));
    expect(result.code).toBe(0);
    expect(codes).toHaveLength(1);
    expect(pages).toEqual([approved]);
    expect(JSON.parse(result.stdout).authenticated).toBe(true);
    expect(keptToken(home, 'oauth-device-code').refresh_token).not.toBe(first.refresh_token);
  });

  it('gives up when the code expires unapproved, saying so', async () => {
    const shortLived = await startOAuthProvider({ deviceInterval: 0.02, deviceCodeTtl: 1 });
    try {
      const home = homeWith({ ...device, params: { ...device.params, issuer_url: shortLived.issuer } });
      const { result, codes } = await runAsUser(['res/whoami'], home, async () => undefined);
      expect(result.code).toBe(1);
      // Whichever sees the end of the code's life first says so: okapi's clock or the provider's answer.
      const okapiSaw = `the code ${codes[0]} expired after 1 second before it was approved`;
      const providerSaw = `polled for the code ${codes[0]}, answered 400: expired_token`;
      expect([okapiSaw, providerSaw].some((words) => result.stderr.includes(words))).toBe(true);
      expect(result.stderr).toMatch(/hint: the code expired before it was approved; run the command again|hint: run the command again, and approve the new code in time/);
      expect(result.stdout).toBe('');
    } finally {
      await shortLived.close();
    }
  });

  it('stops polling at Ctrl-C with the interrupt exit code', async () => {
    const home = deviceHome();
    const { child, result } = startOkapi(['res/whoami'], { env: home.env });
    let seen = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      seen += chunk.toString('utf8');
      if (seen.includes('Ctrl-C gives up.')) child.kill('SIGINT');
    });
    const finished = await result;
    expect(finished.signal).toBeNull();
    expect(finished.code).toBe(130);
    expect(finished.stdout).toBe('');
  });

  it('refuses params that name neither the issuer nor both endpoints', async () => {
    const home = homeWith({ type: 'oauth-device-code', params: { client_id: OAUTH_DEVICE_CLIENT.client_id, token_url: provider.tokenUrl } });
    const result = await runOkapi(['res/whoami'], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('needs either the param "issuer_url" or both "device_authorization_url" and "token_url"; it has token_url');
  });
});

/** A resource server that refuses every request with a 401, and counts them. */
async function alwaysRefusing(): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests++;
    request.resume();
    response.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer error="invalid_token"' }).end('{"error":"invalid_token"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

describe('the 401 rule', () => {
  const basic = OAUTH_CLIENTS.basic;
  const clientCredentials: Auth = { type: 'oauth-client-credentials', params: { token_url: '', client_id: basic.client_id, client_secret: basic.client_secret } };

  it('fetches a fresh client credentials token when the kept one was revoked, and resends once', async () => {
    const home = homeWith({ ...clientCredentials, params: { ...clientCredentials.params, token_url: provider.tokenUrl } });
    expect((await runOkapi(['res/whoami'], { env: home.env })).code).toBe(0);
    const first = keptToken(home, 'oauth-client-credentials');
    expect(await provider.revokeToken(first.access_token, basic)).toBe(200);
    const grants = provider.counts.token;

    const again = await runOkapi(['res/whoami', '-o', 'json'], { env: home.env });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ authenticated: true, client_id: basic.client_id });
    expect(provider.counts.token).toBe(grants + 1);
    expect(keptToken(home, 'oauth-client-credentials').access_token).not.toBe(first.access_token);
  });

  it('resends exactly once when the API refuses the renewed token too, and exits with the 4xx code', async () => {
    const refusing = await alwaysRefusing();
    try {
      const home = homeWith({ ...clientCredentials, params: { ...clientCredentials.params, token_url: provider.tokenUrl } }, refusing.url);
      const grants = provider.counts.token;
      const result = await runOkapi(['res/anything', '-o', 'json'], { env: home.env });
      expect(result.code).toBe(4);
      expect(refusing.requests()).toBe(2);
      // The first token, then the renewed one: client credentials have no refresh token.
      expect(provider.counts.token).toBe(grants + 2);
      expect(JSON.parse(result.stdout)).toEqual({ error: 'invalid_token' });
    } finally {
      await refusing.close();
    }
  });

  it('does not resend a request whose static bearer token was refused', async () => {
    const refusing = await alwaysRefusing();
    try {
      const home = homeWith({ type: 'bearer', params: { token: 'static-token-0123456789' } }, refusing.url);
      const result = await runOkapi(['res/anything', '-v'], { env: home.env });
      expect(result.code).toBe(4);
      expect(refusing.requests()).toBe(1);
      expect(result.stderr).not.toContain('sent the request again');
    } finally {
      await refusing.close();
    }
  });
});
