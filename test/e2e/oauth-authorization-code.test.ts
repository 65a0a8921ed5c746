/**
 * The oauth-authorization-code auth type against a real OAuth provider (fixtures/oauth-provider),
 * the test playing the user: through the browser okapi opens (BROWSER, a script that signs in with
 * plain HTTP and lets the redirect reach okapi's loopback listener), and with --okapi-no-browser on
 * a terminal, pasting the redirect's address or the code. Tokens are kept and refreshed; refusals
 * come in the provider's words; no secret or token is shown.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAUTH_CODE_CLIENTS, startOAuthProvider, type OAuthProvider } from '../../fixtures/oauth-provider/index.mjs';
import { signInAtProvider } from '../../fixtures/oauth-provider/user-agent.mjs';
import { keepToken, keptToken } from '../helpers/kept-tokens.js';
import { moduleTracer } from '../helpers/module-tracer.js';
import { fileWritten } from '../helpers/processes.js';
import { freshHome, homeWithApi, runOkapi, startOkapi } from '../helpers/run-okapi.js';
import { hasScript, startOnTerminal } from '../helpers/terminal.js';

const USER_AGENT = join(import.meta.dirname, '../../fixtures/oauth-provider/user-agent.mjs');

let provider: OAuthProvider;
beforeAll(async () => {
  provider = await startOAuthProvider();
});
afterAll(async () => {
  await provider.close();
});

type Home = ReturnType<typeof freshHome> & { browserLog: string; browserPage: string };

/**
 * A home whose API `res` signs in with `params`, and a BROWSER that plays the user: it records the
 * URL it was given, signs in (declining consent when BROWSER_CONSENT is `no`), follows the
 * provider's last redirect to okapi, and writes the page okapi answered.
 */
function homeWith(params: Record<string, string>): Home {
  const home = homeWithApi('res', provider.resourceUrl, { auth: { type: 'oauth-authorization-code', params } });
  const browser = join(home.dir, 'browser.mjs');
  const browserLog = join(home.dir, 'browser.log');
  const browserPage = join(home.dir, 'browser-page.txt');
  writeFileSync(
    browser,
    `import { appendFileSync, renameSync, writeFileSync } from 'node:fs';
import { signInAtProvider } from ${JSON.stringify(USER_AGENT)};
const url = process.argv[2];
appendFileSync(${JSON.stringify(browserLog)}, url + '\\n');
const back = await signInAtProvider(url, { consent: process.env.BROWSER_CONSENT !== 'no' });
const page = await fetch(back);
writeFileSync(${JSON.stringify(browserPage)} + '.part', page.status + '\\n' + (await page.text()));
renameSync(${JSON.stringify(browserPage)} + '.part', ${JSON.stringify(browserPage)});
`,
  );
  return { ...home, env: { ...home.env, BROWSER: `'${process.execPath}' '${browser}'` }, browserLog, browserPage };
}

/** The page okapi's loopback listener showed the browser, once the browser script has it. */
async function browserPage(home: Home): Promise<{ status: number; text: string }> {
  const [status, ...text] = (await fileWritten(home.browserPage)).split('\n');
  return { status: Number(status), text: text.join('\n') };
}

const publicClient = OAUTH_CODE_CLIENTS.public;
const confidential = OAUTH_CODE_CLIENTS.confidential;

describe('oauth-authorization-code in the browser', () => {
  it('signs in through the browser and the loopback redirect, then reuses the kept token without signing in again or loading the OAuth library', async () => {
    const home = homeWith({ issuer_url: provider.issuer, client_id: publicClient.client_id, scopes: 'api:read' });
    const first = await runOkapi(['res/whoami', '-o', 'json'], { env: home.env });
    expect(first.stderr).toMatch(new RegExp(`^Open this URL to sign in: ${provider.issuer}/auth\\?\\S+\\n$`));
    expect(JSON.parse(first.stdout)).toEqual({ authenticated: true, client_id: publicClient.client_id, scope: 'api:read', sub: 'alice' });
    expect(first.code).toBe(0);

    const opened = new URL(readFileSync(home.browserLog, 'utf8').trim());
    expect(opened.searchParams.get('code_challenge_method')).toBe('S256');
    expect(opened.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(opened.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(opened.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    const page = await browserPage(home);
    expect(page.status).toBe(200);
    expect(page.text).toContain('okapi is signed in');

    const token = keptToken(home, 'oauth-authorization-code');
    expect(token.refresh_token).toBeTypeOf('string');
    // The OAuth library is loaded to sign in, not to send a kept token.
    const tracer = moduleTracer('oauth4webapi');
    const second = await runOkapi(['res/whoami', '-o', 'json', '-v'], { env: { ...home.env, ...tracer.env } });
    expect(JSON.parse(second.stdout).sub).toBe('alice');
    expect(tracer.loaded()).toBe('');
    expect(second.stderr).not.toContain('Open this URL');
    expect(second.stderr).not.toContain(token.access_token);
    expect(readFileSync(home.browserLog, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(keptToken(home, 'oauth-authorization-code').access_token).toBe(token.access_token);
  });

  it('refreshes an expired access token with the refresh token, without signing in', async () => {
    const home = homeWith({ issuer_url: provider.issuer, client_id: publicClient.client_id, scopes: 'api:read' });
    expect((await runOkapi(['res/whoami', '-o', 'json'], { env: home.env })).code).toBe(0);
    await browserPage(home);
    const first = keptToken(home, 'oauth-authorization-code');
    // Mark the kept token as past its time, as the clock would.
    keepToken(home, 'oauth-authorization-code', { ...first, use_until: Date.now() - 1 });

    const before = provider.counts.token;
    const again = await runOkapi(['res/whoami', '-o', 'json'], { env: home.env });
    expect(again.stderr).toBe('');
    expect(JSON.parse(again.stdout)).toMatchObject({ authenticated: true, sub: 'alice' });
    expect(provider.counts.token).toBe(before + 1);
    expect(readFileSync(home.browserLog, 'utf8').trim().split('\n')).toHaveLength(1);
    const refreshed = keptToken(home, 'oauth-authorization-code');
    expect(refreshed.access_token).not.toBe(first.access_token);
    expect(refreshed.refresh_token).toBeTypeOf('string');
  });

  it('signs in again in the browser when the refresh token is refused', async () => {
    const home = homeWith({ issuer_url: provider.issuer, client_id: publicClient.client_id, scopes: 'api:read' });
    expect((await runOkapi(['res/whoami'], { env: home.env })).code).toBe(0);
    await browserPage(home);
    const kept = keptToken(home, 'oauth-authorization-code');
    keepToken(home, 'oauth-authorization-code', { ...kept, use_until: Date.now() - 1, refresh_token: 'revoked-refresh-token' });
    rmSync(home.browserPage);

    const again = await runOkapi(['res/whoami', '-o', 'json', '-v'], { env: home.env });
    expect(JSON.parse(again.stdout)).toMatchObject({ authenticated: true, sub: 'alice' });
    expect(again.stderr).toContain('the refresh token was not accepted');
    expect(again.stderr).toContain('invalid_grant');
    expect(again.stderr).toContain('Open this URL to sign in:');
    expect(again.stderr).not.toContain('revoked-refresh-token');
    expect(readFileSync(home.browserLog, 'utf8').trim().split('\n')).toHaveLength(2);
    await browserPage(home);
  });

  it('reports a declined consent in the provider words, on the terminal and in the browser', async () => {
    const home = homeWith({ issuer_url: provider.issuer, client_id: publicClient.client_id, scopes: 'api:read' });
    const result = await runOkapi(['res/whoami'], { env: { ...home.env, BROWSER_CONSENT: 'no' } });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `the oauth-authorization-code auth of API res (profile default): the sign-in at ${provider.issuer}/auth answered access_denied (End-User aborted interaction)`,
    );
    expect(result.stderr).toContain('the sign-in was declined');
    const page = await browserPage(home);
    expect(page.status).toBe(400);
    expect(page.text).toContain('access_denied (End-User aborted interaction)');
    expect(existsSync(join(home.dir, 'tokens.json'))).toBe(false);
  });

  it('signs in a confidential client with its secret, at endpoints given directly', async () => {
    const home = homeWith({
      authorization_url: `${provider.issuer}/auth`,
      token_url: provider.tokenUrl,
      client_id: confidential.client_id,
      client_secret: 'env:CLIENT_SECRET',
      scopes: 'api:read,api:write',
      redirect_path: '/callback',
    });
    const result = await runOkapi(['res/whoami', '-o', 'json'], { env: { ...home.env, CLIENT_SECRET: confidential.client_secret! } });
    expect(JSON.parse(result.stdout)).toEqual({ authenticated: true, client_id: confidential.client_id, scope: 'api:read api:write', sub: 'alice' });
    expect(result.stderr).not.toContain(confidential.client_secret!);
    expect((await browserPage(home)).status).toBe(200);
  });

  it('reports a wrong client secret in the provider words, without the secret', async () => {
    const wrong = 'not-the-secret-4242';
    const home = homeWith({ issuer_url: provider.issuer, client_id: confidential.client_id, client_secret: wrong, scopes: 'api:read' });
    const result = await runOkapi(['res/whoami', '-v'], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`the token endpoint ${provider.tokenUrl} of issuer ${provider.issuer} answered 401: invalid_client (client authentication failed)`);
    expect(result.stderr).toContain('check the client_id and client_secret params');
    expect(result.stderr).not.toContain(wrong);
    const page = await browserPage(home);
    expect(page.status).toBe(400);
    expect(page.text).toContain('invalid_client');
    expect(page.text).not.toContain(wrong);
  });

  it('reports a browser that fails and keeps waiting for the sign-in, until Ctrl-C ends okapi with 130', async () => {
    // The provider did not register this path: it shows its error page instead of redirecting, and
    // the browser script fails on it.
    const home = homeWith({ issuer_url: provider.issuer, client_id: publicClient.client_id, redirect_path: '/elsewhere' });
    const okapi = startOkapi(['res/whoami'], { env: home.env });
    let stderr = '';
    await new Promise<void>((resolve) => {
      okapi.child.stderr!.on('data', (chunk: Buffer) => {
        stderr += chunk.toString('utf8');
        if (stderr.includes('open the URL above by hand')) resolve();
      });
    });
    const url = readFileSync(home.browserLog, 'utf8').trim();
    expect(new URL(url).searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/elsewhere$/);
    await expect(signInAtProvider(url)).rejects.toThrow(/the provider answered 400/);
    okapi.child.kill('SIGINT');
    const result = await okapi.result;
    expect(result.code).toBe(130);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `Open this URL to sign in: ${url}\n` +
        `okapi could not open a browser (BROWSER command ${JSON.stringify(home.env.BROWSER)} exited with status 1); open the URL above by hand\n`,
    );
  });
});

describe('oauth-authorization-code with --okapi-no-browser and no terminal', () => {
  it('shows the URL, then says it cannot ask for the code, without opening a browser', async () => {
    const home = homeWith({ issuer_url: provider.issuer, client_id: publicClient.client_id });
    const result = await runOkapi(['res/whoami', '--okapi-no-browser'], { env: home.env });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^Open this URL to sign in: ${provider.issuer}/auth\\?\\S+\\n`));
    expect(result.stderr).toContain('cannot ask "Paste the code or the full redirect URL:": okapi is not attached to a terminal');
    expect(existsSync(home.browserLog)).toBe(false);
  });
});

describe.skipIf(!hasScript)('oauth-authorization-code with --okapi-no-browser', () => {
  /**
   * Runs okapi on a terminal; once it asks, plays the user at the URL it showed and types what
   * `paste` makes of the provider's last redirect. Returns all the terminal showed and the exit code.
   */
  async function pasting(home: Home, paste: (redirect: URL) => string): Promise<{ shown: string; code: number | null; redirect: URL }> {
    const terminal = startOnTerminal(['res/whoami', '-o', 'json', '--okapi-no-browser'], home.env, ['pipe', 'pipe', 'ignore']);
    const ended = new Promise<number | null>((resolve) => terminal.on('close', resolve));
    let shown = '';
    const asked = new Promise<void>((resolve) => {
      terminal.stdout!.on('data', (chunk: Buffer) => {
        shown += chunk.toString('utf8');
        if (shown.includes('Paste the code or the full redirect URL:')) resolve();
      });
    });
    await asked;
    const url = /Open this URL to sign in: (\S+)/.exec(shown)![1]!;
    const redirect = new URL(await signInAtProvider(url));
    terminal.stdin!.write(`${paste(redirect)}\r`);
    return { code: await ended, shown, redirect };
  }

  it('prints the URL, takes the pasted redirect address, and never opens a browser', async () => {
    const home = homeWith({ issuer_url: provider.issuer, client_id: publicClient.client_id, scopes: 'api:read' });
    const { shown, code, redirect } = await pasting(home, (redirect) => redirect.href);
    expect(code).toBe(0);
    expect(redirect.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(shown).toMatch(/"sub":\s*"alice"/);
    expect(existsSync(home.browserLog)).toBe(false);
    expect(keptToken(home, 'oauth-authorization-code').access_token).toBeTypeOf('string');
  });

  it('takes a code pasted alone', async () => {
    const home = homeWith({ issuer_url: provider.issuer, client_id: publicClient.client_id, scopes: 'api:read' });
    const { shown, code } = await pasting(home, (redirect) => redirect.searchParams.get('code')!);
    expect(code).toBe(0);
    expect(shown).toMatch(/"authenticated":\s*true/);
    expect(existsSync(home.browserLog)).toBe(false);
  });

  it('refuses a pasted address whose state is not this sign-in', async () => {
    const home = homeWith({ issuer_url: provider.issuer, client_id: publicClient.client_id, scopes: 'api:read' });
    const { shown, code } = await pasting(home, (redirect) => {
      redirect.searchParams.set('state', 'another-sign-in-0123456789');
      return redirect.href;
    });
    expect(code).toBe(1);
    expect(shown).toContain("did not come back with this sign-in's state");
    expect(existsSync(join(home.dir, 'tokens.json'))).toBe(false);
  });
});
