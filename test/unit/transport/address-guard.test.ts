/**
 * The address policy (TransportOptions.addressPolicy): each hop's origin and every address its host
 * resolves to are checked, and the connection goes to the checked addresses, never to a second DNS
 * answer. The public-server-to-loopback chains run end to end in test/e2e/ssrf.test.ts, inside a
 * network namespace where a public address can be served.
 */
import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { OkapiError } from '../../../sdk/shared/errors.js';
import { AddressGuard, type Resolve } from '../../../kernel/transport/address-guard.js';
import { closeTransport, send, type AddressPolicy } from '../../../kernel/transport/index.js';
import { httpServer, httpsServer, stopAll, tlsPath } from './servers.js';

afterAll(async () => {
  await closeTransport();
  await stopAll();
});

const PUBLIC_API = 'http://93.184.216.34/';
/** A signal that never aborts. */
const idle = new AbortController().signal;

/** A resolver that answers from a script, one answer per call (the last one repeats), and counts. */
function scripted(...answers: string[][]): Resolve & { calls: number } {
  const resolve = Object.assign(
    async (_hostname: string): Promise<LookupAddress[]> => {
      const answer = answers[Math.min(resolve.calls, answers.length - 1)]!;
      resolve.calls += 1;
      return answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    },
    { calls: 0 },
  );
  return resolve;
}

function guard(policy: AddressPolicy, resolve: Resolve = scripted([])): AddressGuard {
  return new AddressGuard(policy, JSON.stringify(policy), resolve);
}

async function refusal(promise: Promise<unknown>): Promise<OkapiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OkapiError);
  return error as OkapiError;
}

function lookupOnce(g: AddressGuard, hostname: string, all: boolean): Promise<string[]> {
  return new Promise((resolve, reject) => {
    g.lookup(hostname, { all }, (error, address) => {
      if (error) reject(error);
      else resolve(typeof address === 'string' ? [address] : address.map((a) => a.address));
    });
  });
}

describe('AddressGuard.admit', () => {
  const publicApi = { trustedUrls: [PUBLIC_API], allowCrossOrigin: true };

  it('refuses a redirect from a public API to a non-public address, naming both URLs, the address and its class', async () => {
    const error = await refusal(guard(publicApi).admit(new URL('http://127.0.0.1:18090/spec.json'), new URL('http://93.184.216.34/r'), idle));
    expect(error.message).toBe(
      'refusing to follow the redirect from http://93.184.216.34/r to http://127.0.0.1:18090/spec.json: 127.0.0.1 is a loopback address, and http://93.184.216.34 is public',
    );
    expect(error.hint).toContain('give its URL yourself');
  });

  it.each([
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[64:ff9b::a00:1]/', 'private'],
    ['http://[2002:a9fe:a9fe::]/', 'link-local'],
    ['http://0.0.0.0:8080/', 'unspecified'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
  ])('refuses %s (%s) from a public API', async (target, kind) => {
    const error = await refusal(guard(publicApi).admit(new URL(target), undefined, idle));
    expect(error.message).toMatch(new RegExp(`^refusing to fetch .*: .* an? ${kind} address`));
  });

  it('refuses a host name when any address it resolves to is not public', async () => {
    const error = await refusal(guard(publicApi, scripted(['93.184.216.35', '10.0.0.7'])).admit(new URL('http://evil.example/spec'), undefined, idle));
    expect(error.message).toContain('evil.example resolves to 10.0.0.7, a private address');
  });

  it('lets an API on a private address, or on a name resolving to one, reach private addresses', async () => {
    await guard({ trustedUrls: ['http://127.0.0.1:8080/'], allowCrossOrigin: true }).admit(new URL('http://10.0.0.2/spec'), undefined, idle);
    const named = scripted(['10.1.1.1'], ['192.168.0.9']);
    await guard({ trustedUrls: ['http://api.internal/'], allowCrossOrigin: true }, named).admit(new URL('http://docs.internal/spec'), undefined, idle);
    expect(named.calls).toBe(2); // the trusted name once, the target once
  });

  it('trusts every URL the user gave: a loopback --spec URL for a public API', async () => {
    const both = guard({ trustedUrls: [PUBLIC_API, 'http://127.0.0.1:18090/spec.json'], allowCrossOrigin: false });
    await both.admit(new URL('http://127.0.0.1:18090/spec.json'), undefined, idle);
  });

  it('keeps every hop on the trusted origins unless another origin is allowed; http to https is an upgrade', async () => {
    const sameOrigin = guard({ trustedUrls: [PUBLIC_API], allowCrossOrigin: false });
    await sameOrigin.admit(new URL('http://93.184.216.34:80/x'), undefined, idle);
    await sameOrigin.admit(new URL('https://93.184.216.34/x'), undefined, idle);
    const error = await refusal(sameOrigin.admit(new URL('http://93.184.216.35/x'), new URL('http://93.184.216.34/r'), idle));
    expect(error.message).toBe('refusing to follow the redirect from http://93.184.216.34/r to http://93.184.216.35/x: it is on another origin than http://93.184.216.34');
    expect(error.hint).toContain('--allow-cross-origin-spec');
    await refusal(sameOrigin.admit(new URL('http://93.184.216.34:8080/x'), undefined, idle));
  });
});

describe('AddressGuard.admit and -t', () => {
  it('stops waiting for a DNS answer when the request is aborted', async () => {
    const silent: Resolve = () => new Promise<LookupAddress[]>(() => undefined);
    const controller = new AbortController();
    const admitted = guard({ trustedUrls: [PUBLIC_API], allowCrossOrigin: true }, silent).admit(new URL('http://slow-dns.example/'), undefined, controller.signal);
    controller.abort(new Error('okapi timeout'));
    await expect(admitted).rejects.toThrow('okapi timeout');
  });
});

describe('AddressGuard.lookup: the connection goes to the addresses checked', () => {
  it('answers the checked addresses, not what DNS answers later (no rebinding between check and connect)', async () => {
    const rebinding = scripted(['93.184.216.34'], ['127.0.0.1']);
    const g = guard({ trustedUrls: [PUBLIC_API], allowCrossOrigin: true }, rebinding);
    await g.admit(new URL('http://rebind.example/spec'), undefined, idle);
    expect(await lookupOnce(g, 'rebind.example', true)).toEqual(['93.184.216.34']);
    expect(await lookupOnce(g, 'rebind.example', false)).toEqual(['93.184.216.34']);
    expect(rebinding.calls).toBe(1);
  });

  it('is what Node connects with: a request to a name reaches the checked address', async () => {
    const server = await httpServer((_req, res) => res.end('checked'));
    const rebinding = scripted(['127.0.0.1'], ['192.0.2.1']);
    const g = guard({ trustedUrls: ['http://127.0.0.1/'], allowCrossOrigin: true }, rebinding);
    await g.admit(new URL(`http://rebind.test:${server.port}/`), undefined, idle);
    const body = await new Promise<string>((resolve, reject) => {
      http
        .get({ host: 'rebind.test', port: server.port, path: '/', lookup: g.lookup, agent: false }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve(text));
        })
        .on('error', reject);
    });
    expect(body).toBe('checked');
    expect(rebinding.calls).toBe(1);
  });

  it('refuses to look up a host it did not check', async () => {
    await expect(lookupOnce(guard({ trustedUrls: [PUBLIC_API], allowCrossOrigin: true }), 'unchecked.example', true)).rejects.toThrow('did not check unchecked.example');
  });
});

describe('send with an address policy', () => {
  const maxBodySize = 1024 * 1024;

  it('checks the first hop too: nothing reaches a loopback server from a public policy', async () => {
    const server = await httpServer((_req, res) => res.end('secret'));
    const error = await refusal(send({ method: 'GET', url: `${server.origin}/spec`, headers: {} }, { maxBodySize, addressPolicy: { trustedUrls: [PUBLIC_API], allowCrossOrigin: true } }));
    expect(error.message).toContain(`refusing to fetch ${server.origin}/spec: 127.0.0.1 is a loopback address`);
    expect(server.received).toHaveLength(0);
  });

  it('checks each redirect: another origin is refused before it is asked anything, unless allowed', async () => {
    const target = await httpServer((_req, res) => res.end('moved here'));
    const start = await httpServer((_req, res) => {
      res.writeHead(302, { Location: `${target.origin}/spec` });
      res.end();
    });
    const policy = { trustedUrls: [`${start.origin}/`], allowCrossOrigin: false };
    const error = await refusal(send({ method: 'GET', url: `${start.origin}/r`, headers: {} }, { maxBodySize, addressPolicy: policy }));
    expect(error.message).toBe(`refusing to follow the redirect from ${start.origin}/r to ${target.origin}/spec: it is on another origin than ${start.origin}`);
    expect(target.received).toHaveLength(0);

    const allowed = await send({ method: 'GET', url: `${start.origin}/r`, headers: {} }, { maxBodySize, addressPolicy: { ...policy, allowCrossOrigin: true } });
    expect(Buffer.from(await allowed.bytes()).toString()).toBe('moved here');
    // Without a policy (the generic `okapi URL` path) the same chain is followed as always.
    const plain = await send({ method: 'GET', url: `${start.origin}/r`, headers: {} }, { maxBodySize });
    expect(Buffer.from(await plain.bytes()).toString()).toBe('moved here');
  });

  it('connects over HTTPS through the pinned lookup, certificate checked against the host name', async () => {
    const server = await httpsServer((_req, res) => res.end('tls through the guard'));
    const url = `https://localhost:${server.port}/spec`;
    const response = await send({ method: 'GET', url, headers: {} }, { maxBodySize, caCertPath: tlsPath('ca.pem'), addressPolicy: { trustedUrls: [url], allowCrossOrigin: false } });
    expect(Buffer.from(await response.bytes()).toString()).toBe('tls through the guard');
    expect(server.received[0]?.headers.host).toBe(`localhost:${server.port}`);
  });
});
