/**
 * Profile TLS files (issue #15 item 3): `ca_cert`, `client_cert` and `client_key` in an API's
 * profile, against a real HTTPS server on 127.0.0.1 that requires a client certificate, through
 * the built CLI. The certificates are made for the run (test/helpers/test-certificates.ts): a
 * private CA no system trusts, its server and client certificates, and a client certificate from
 * another CA the server does not trust.
 */
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshHome, homeWithApi, runOkapi } from '../helpers/run-okapi.js';
import { startOpensslServer } from '../helpers/openssl-server.js';
import { createTestCertificates, createUnrelatedClient, describeWithOpenssl, type TestCertificates } from '../helpers/test-certificates.js';

type Home = ReturnType<typeof freshHome>;

/** What a server saw of one request: the path and the client certificate's CN, if one was presented. */
interface Seen {
  path: string;
  client: string | null;
}

interface TlsServer {
  origin: string;
  seen: Seen[];
  server: Server;
}

let certs: TestCertificates;
/**
 * The paths okapi is given: the run's CA, client certificate and key, the server's key (a key not
 * the client's), and a client certificate and key from another CA.
 */
let files: { ca: string; clientCert: string; clientKey: string; serverKey: string; strangerCert: string; strangerKey: string };

async function start(rejectUnauthorized: boolean, respond: (path: string, origin: string) => { status: number; headers?: Record<string, string>; body?: unknown }): Promise<TlsServer> {
  const seen: Seen[] = [];
  let origin = '';
  const server = createServer({ cert: certs.server.cert.pem, key: certs.server.key.pem, ca: certs.ca.cert.pem, requestCert: true, rejectUnauthorized }, (req, res) => {
    const peer = (req.socket as TLSSocket).getPeerCertificate();
    const path = req.url ?? '';
    const cn = peer?.subject?.CN;
    seen.push({ path, client: typeof cn === 'string' ? cn : null });
    const answer = respond(path, origin);
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, seen, server };
}

let api: TlsServer;
let other: TlsServer;

/** The API's description: one operation on its origin, one whose server is the other origin. */
function openapi(origin: string): unknown {
  const ok = { 200: { description: 'who the server saw' } };
  return {
    openapi: '3.1.0',
    info: { title: 'mTLS API', version: '1' },
    servers: [{ url: origin }],
    paths: {
      '/whoami': { get: { operationId: 'whoami', responses: ok } },
      '/seen': { get: { operationId: 'elsewhere', servers: [{ url: other.origin }], responses: ok } },
    },
  };
}

const caFlag = (): string[] => ['--okapi-ca-cert', files.ca];
const clientFlags = (): string[] => ['--okapi-client-cert', files.clientCert, '--okapi-client-key', files.clientKey];

/** A home whose API `ex` (on `origin`) has `profile` as its default profile. */
function homeWith(profile: Record<string, unknown>, origin = api.origin): Home {
  return homeWithApi('ex', origin, profile);
}

/** The test CA, client certificate and key copied next to the config file, for relative paths. */
function copyTlsFiles(home: Home): void {
  copyFileSync(files.ca, join(home.dir, 'ca.pem'));
  copyFileSync(files.clientCert, join(home.dir, 'client.pem'));
  copyFileSync(files.clientKey, join(home.dir, 'client-key.pem'));
}

const lastSeen = (server: TlsServer, path: string): Seen | undefined => server.seen.filter((s) => s.path === path).at(-1);

describeWithOpenssl('mutual TLS against a server that requires a client certificate', () => {
  beforeAll(async () => {
    certs = createTestCertificates();
    const stranger = createUnrelatedClient().client;
    files = {
      ca: certs.ca.cert.path,
      clientCert: certs.client.cert.path,
      clientKey: certs.client.key.path,
      serverKey: certs.server.key.path,
      strangerCert: stranger.cert.path,
      strangerKey: stranger.key.path,
    };
    // Asks for a certificate but takes requests without one, and says whether one came.
    other = await start(false, (path) => ({ status: 200, body: { path } }));
    // Refuses any connection without a certificate from the test CA.
    api = await start(true, (path, origin) => {
      if (path === '/openapi.json') return { status: 200, body: openapi(origin) };
      if (path === '/leave') return { status: 302, headers: { location: `${other.origin}/seen` } };
      return { status: 200, body: { path } };
    });
  });
  afterAll(async () => {
    for (const { server } of [api, other]) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  describe('a profile with TLS files', () => {
    it('fails without a client certificate, saying the server requires one', async () => {
      const home = homeWith({ ca_cert: files.ca });
      const result = await runOkapi(['ex/whoami'], { env: home.env });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`${api.origin.slice('https://'.length)} requires a client certificate`);
      expect(result.stderr).toContain('--okapi-client-cert');
    });

    it('presents client_cert and client_key, relative to the config file, and trusts ca_cert', async () => {
      const home = homeWith({ ca_cert: 'ca.pem', client_cert: 'client.pem', client_key: 'client-key.pem' });
      copyTlsFiles(home);
      const result = await runOkapi(['ex/whoami?n=relative', '-o', 'json'], { env: home.env, cwd: '/' });
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({ path: '/whoami?n=relative' });
      expect(lastSeen(api, '/whoami?n=relative')?.client).toBe('okapi-test-client');
    });

    it('refuses a client certificate from a CA the server does not trust: the server closes, okapi says it may not accept the certificate', async () => {
      // Node's server completes the handshake, then finds the certificate unverified and closes without an alert.
      const home = homeWith({ ca_cert: files.ca, client_cert: files.strangerCert, client_key: files.strangerKey });
      const result = await runOkapi(['ex/whoami?n=unrelated-ca'], { env: home.env });
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`okapi: ${api.origin.slice('https://'.length)} closed the connection without answering`);
      expect(result.stderr).toContain('the server may not accept this client certificate (--okapi-client-cert): check that it is issued by a CA the server trusts');
      expect(lastSeen(api, '/whoami?n=unrelated-ca')).toBeUndefined();
    });

    it('names the alert of a server that refuses a certificate from another CA in the handshake (unknown ca)', async () => {
      const server = await startOpensslServer(certs.server, certs.ca);
      try {
        const hostPort = server.origin.slice('https://'.length);
        const accepted = await runOkapi(['ex/status', '-o', 'raw'], { env: homeWith({ ca_cert: files.ca, client_cert: files.clientCert, client_key: files.clientKey }, server.origin).env });
        expect(accepted.code, accepted.stderr).toBe(0);
        expect(accepted.stdout).toContain('s_server');

        const stranger = homeWith({ ca_cert: files.ca, client_cert: files.strangerCert, client_key: files.strangerKey }, server.origin);
        const refused = await runOkapi(['ex/status'], { env: stranger.env });
        expect(refused.code).toBe(1);
        expect(refused.stdout).toBe('');
        expect(refused.stderr).toContain(`okapi: ${hostPort} rejected okapi's client certificate (unknown ca)`);
        expect(refused.stderr).toContain('issued by a CA the server trusts');
      } finally {
        await server.close();
      }
    });

    it('trusts a private CA with ca_cert alone, and not without it', async () => {
      const trusted = await runOkapi(['ex/seen?n=ca', '-o', 'json'], { env: homeWith({ ca_cert: files.ca }, other.origin).env });
      expect(trusted.code, trusted.stderr).toBe(0);
      expect(JSON.parse(trusted.stdout)).toEqual({ path: '/seen?n=ca' });

      const untrusted = await runOkapi(['ex/seen?n=no-ca'], { env: homeWith({}, other.origin).env });
      expect(untrusted.code).toBe(1);
      expect(untrusted.stderr).toContain('--okapi-ca-cert');
      expect(lastSeen(other, '/seen?n=no-ca')).toBeUndefined();
    });

    it('does not present the client certificate to the origin a redirect leads to', async () => {
      const home = homeWith({ ca_cert: files.ca, client_cert: files.clientCert, client_key: files.clientKey });
      // The other origin is trusted through the flag, which applies to every hop.
      const result = await runOkapi(['ex/leave', ...caFlag(), '-o', 'json'], { env: home.env });
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout)).toEqual({ path: '/seen' });
      expect(lastSeen(api, '/leave')?.client).toBe('okapi-test-client');
      expect(lastSeen(other, '/seen')?.client).toBeNull();

      // The flags are the user's for whatever URL they typed, redirects included, as before.
      const flagged = await runOkapi([`${api.origin}/leave`, ...caFlag(), ...clientFlags(), '-o', 'json'], { env: freshHome().env });
      expect(flagged.code, flagged.stderr).toBe(0);
      expect(lastSeen(other, '/seen')?.client).toBe('okapi-test-client');
    });

    it('lets the flags win: a client flag replaces both client fields', async () => {
      // The profile's key is not the certificate's: used, it would fail.
      const home = homeWith({ ca_cert: files.ca, client_cert: files.clientCert, client_key: files.serverKey });
      const result = await runOkapi(['ex/whoami?n=flags', ...clientFlags(), '-o', 'json'], { env: home.env });
      expect(result.code, result.stderr).toBe(0);
      expect(lastSeen(api, '/whoami?n=flags')?.client).toBe('okapi-test-client');
    });

    it('names the config key and the file of a missing or mismatched file, and says what to do', async () => {
      const missing = homeWith({ ca_cert: files.ca, client_cert: 'nowhere/client.pem', client_key: files.clientKey });
      const absent = await runOkapi(['ex/whoami?n=missing'], { env: missing.env });
      expect(absent.code).toBe(1);
      expect(absent.stderr).toContain(`cannot read the client certificate file ${join(missing.dir, 'nowhere/client.pem')} (apis.ex.profiles.default.client_cert): no such file or directory (ENOENT)`);
      expect(absent.stderr).toContain(`okapi api set ex 'profiles.default.client_cert: <file>'`);
      expect(absent.stderr).toContain('--okapi-client-cert');

      const mismatched = homeWith({ ca_cert: files.ca, client_cert: files.clientCert, client_key: files.serverKey });
      const wrong = await runOkapi(['ex/whoami?n=mismatch'], { env: mismatched.env });
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain(
        `the client certificate ${files.clientCert} (apis.ex.profiles.default.client_cert) and the key ${files.serverKey} (apis.ex.profiles.default.client_key) do not belong together`,
      );
      expect(wrong.stderr).toContain('set apis.ex.profiles.default.client_key to the private key that was issued with this certificate');
      expect(lastSeen(api, '/whoami?n=missing')).toBeUndefined();
      expect(lastSeen(api, '/whoami?n=mismatch')).toBeUndefined();
    });
  });

  describe('api connect with the TLS flags', () => {
    it('saves them to the profile as absolute paths, so later requests, generated commands and api sync need no flags', async () => {
      const home = freshHome();
      copyTlsFiles(home);
      // Relative to where the user stands, as the flags always are.
      const connect = await runOkapi(['api', 'connect', 'ex', api.origin, '--okapi-ca-cert', 'ca.pem', '--okapi-client-cert', 'client.pem', '--okapi-client-key', 'client-key.pem'], {
        env: home.env,
        cwd: home.dir,
      });
      expect(connect.code, connect.stderr).toBe(0);
      const saved = { ca_cert: join(home.dir, 'ca.pem'), client_cert: join(home.dir, 'client.pem'), client_key: join(home.dir, 'client-key.pem') };
      expect(connect.stderr).toContain(`saved the TLS files to profile default of ex, for its requests without the flags: ca_cert ${saved.ca_cert}, client_cert ${saved.client_cert}, client_key ${saved.client_key}`);
      expect(JSON.parse(readFileSync(home.config, 'utf8')).apis.ex.profiles.default).toMatchObject(saved);

      const generic = await runOkapi(['ex/whoami?n=after-connect', '-o', 'json'], { env: home.env });
      expect(generic.code, generic.stderr).toBe(0);
      expect(lastSeen(api, '/whoami?n=after-connect')?.client).toBe('okapi-test-client');

      const operation = await runOkapi(['ex', 'whoami', '-o', 'json'], { env: home.env });
      expect(operation.code, operation.stderr).toBe(0);
      expect(JSON.parse(operation.stdout)).toEqual({ path: '/whoami' });
      expect(lastSeen(api, '/whoami')?.client).toBe('okapi-test-client');

      const sync = await runOkapi(['api', 'sync', 'ex'], { env: home.env });
      expect(sync.code, sync.stderr).toBe(0);
      expect(sync.stderr).toContain('synced ex');
    });

    it('saves them to the profile -p names, made on a reconnect if the API lacks it', async () => {
      const home = freshHome();
      const first = await runOkapi(['api', 'connect', 'ex', api.origin, ...caFlag(), ...clientFlags()], { env: home.env });
      expect(first.code, first.stderr).toBe(0);
      const again = await runOkapi(['api', 'connect', 'ex', api.origin, '-p', 'staging', ...caFlag(), ...clientFlags()], { env: home.env });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain('saved the TLS files to profile staging of ex');
      expect(JSON.parse(readFileSync(home.config, 'utf8')).apis.ex.profiles.staging).toEqual({
        ca_cert: files.ca,
        client_cert: files.clientCert,
        client_key: files.clientKey,
      });
      const staging = await runOkapi(['ex/whoami?n=staging', '-p', 'staging', '-o', 'json'], { env: home.env });
      expect(staging.code, staging.stderr).toBe(0);
      expect(lastSeen(api, '/whoami?n=staging')?.client).toBe('okapi-test-client');
    });

    it('does not present the certificate to an operation server on another origin', async () => {
      const home = freshHome();
      const connect = await runOkapi(['api', 'connect', 'ex', api.origin, ...caFlag(), ...clientFlags(), `allowed_operation_origins[]: ${other.origin}`], { env: home.env });
      expect(connect.code, connect.stderr).toBe(0);
      // The other origin is trusted through the flag; the profile's files are the API origin's only.
      const result = await runOkapi(['ex', 'elsewhere', ...caFlag(), '-o', 'json'], { env: home.env });
      expect(result.code, result.stderr).toBe(0);
      expect(lastSeen(other, '/seen')?.client).toBeNull();
    });

    it('refuses a flag naming a file it cannot read, saving nothing', async () => {
      const home = freshHome();
      const result = await runOkapi(['api', 'connect', 'ex', api.origin, '--okapi-client-cert', '/nonexistent/client.pem'], { env: home.env });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('cannot read the file given to --okapi-client-cert, /nonexistent/client.pem: no such file or directory (ENOENT)');
      expect(existsSync(home.config) && JSON.parse(readFileSync(home.config, 'utf8')).apis?.ex).toBeFalsy();
    });
  });

  it("trusts a CA file in addition to Node's own store, not instead of it", async () => {
    // The example API's certificate is from the committed fixtures' CA, which NODE_EXTRA_CA_CERTS
    // puts in Node's store here; the test CA comes from the flag.
    const fixtures = join(import.meta.dirname, '../../fixtures/tls');
    const store = createServer({ cert: readFileSync(join(fixtures, 'server.pem')), key: readFileSync(join(fixtures, 'server-key.pem')) }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"from":"store"}');
    });
    await new Promise<void>((resolve) => store.listen(0, '127.0.0.1', resolve));
    try {
      const home = freshHome();
      const env = { ...home.env, NODE_EXTRA_CA_CERTS: join(fixtures, 'ca.pem') };
      const storeUrl = `https://127.0.0.1:${(store.address() as AddressInfo).port}/`;
      const fromStore = await runOkapi(['get', storeUrl, ...caFlag(), '-o', 'json'], { env });
      expect(fromStore.stderr).toBe('');
      expect(JSON.parse(fromStore.stdout)).toEqual({ from: 'store' });
      const fromFlag = await runOkapi(['get', `${other.origin}/trusted`, ...caFlag(), '-o', 'json'], { env });
      expect(fromFlag.code, fromFlag.stderr).toBe(0);
      // Without the store's extra certificate the fixtures' server is not trusted: the flag alone did not do it.
      const without = await runOkapi(['get', storeUrl, ...caFlag()], { env: home.env });
      expect(without.code).toBe(1);
      expect(without.stderr).toMatch(/certificate/i);
    } finally {
      store.closeAllConnections();
      await new Promise<void>((resolve) => store.close(() => resolve()));
    }
  });
});
