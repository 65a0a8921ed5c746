import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listenForRedirect } from '../../../../plugins-builtin/oauth-authorization-code/loopback-redirect.js';

const owner = 'the oauth-authorization-code auth of API a (profile default)';

async function page(url: string): Promise<{ status: number; text: string }> {
  const response = await fetch(url);
  return { status: response.status, text: await response.text() };
}

describe('the loopback redirect listener', () => {
  it('takes the first request to the redirect path as the response, holds the browser until the sign-in is decided, then stops listening', async () => {
    const loopback = await listenForRedirect(0, '/cb', owner, 'receive');
    expect(loopback.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cb$/);
    const origin = new URL(loopback.redirectUri).origin;
    expect(await page(`${origin}/favicon.ico`)).toMatchObject({ status: 404 });

    const browser = page(`${loopback.redirectUri}?code=abc&state=s1`);
    const arrival = await loopback.arrival;
    expect(arrival.url.href).toBe(`${loopback.redirectUri}?code=abc&state=s1`);
    expect(await page(`${loopback.redirectUri}?code=other&state=s2`)).toMatchObject({ status: 409 });
    arrival.answer({ kind: 'signed-in' });
    const shown = await browser;
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('okapi is signed in');

    await loopback.close();
    await expect(fetch(loopback.redirectUri)).rejects.toThrow();
  });

  it('answers a browser still waiting when okapi stops waiting', async () => {
    const loopback = await listenForRedirect(0, '/callback', owner, 'receive');
    const browser = page(`${loopback.redirectUri}?code=abc&state=s1`);
    await loopback.arrival;
    await loopback.close();
    expect(await browser).toMatchObject({ status: 503, text: expect.stringContaining('okapi stopped waiting for this sign-in') });
  });

  it('in paste mode, tells a browser that lands there to paste its address', async () => {
    const loopback = await listenForRedirect(0, '/callback', owner, 'paste');
    try {
      expect(await page(`${loopback.redirectUri}?code=abc&state=s1`)).toMatchObject({ status: 200, text: expect.stringContaining('Paste this address') });
    } finally {
      await loopback.close();
    }
  });

  it('says which port is taken, and which param changes it', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      await expect(listenForRedirect(port, '/callback', owner, 'receive')).rejects.toMatchObject({
        message: `${owner} cannot listen on 127.0.0.1:${port} for the sign-in redirect: EADDRINUSE`,
        hint: expect.stringContaining('change the redirect_port param'),
      });
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
