/**
 * Certificates made at test time with the `openssl` command, for tests of mutual TLS: a private CA,
 * a server certificate for 127.0.0.1/localhost and a client certificate, in a temporary directory
 * removed when the test file ends (tempDir). The same steps as fixtures/tls/README.md, with EC
 * keys and certificates valid for two days; the committed fixtures stay for the example API and
 * the demo, which must run without openssl.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe } from 'vitest';
import { tempDir } from './temp-dir.js';

/** A file on disk and its PEM text. */
export interface PemFile {
  path: string;
  pem: string;
}

/** A certificate and its private key. */
export interface KeyPair {
  cert: PemFile;
  key: PemFile;
}

export interface TestCertificates {
  /** The CA that signed the server and client certificates: trust it on both sides. */
  ca: KeyPair;
  /** CN=localhost, SAN localhost, 127.0.0.1 and ::1, for serverAuth. */
  server: KeyPair;
  /** CN=okapi-test-client (or the CN asked for), for clientAuth. */
  client: KeyPair;
}

/** A CA of its own and a client certificate it signed: what a server trusting another CA refuses. */
export interface UnrelatedClient {
  ca: KeyPair;
  client: KeyPair;
}

export const hasOpenssl = spawnSync('openssl', ['version'], { stdio: 'ignore' }).status === 0;

/** Why a test needing certificates is skipped, for its title. */
export const OPENSSL_MISSING = 'skipped: the openssl command, which generates the test certificates, is not installed (install the openssl package; .ci/run does)';

/** describe(), or without openssl a skipped describe whose title says why, with a warning saying the same. */
export function describeWithOpenssl(title: string, body: () => void): void {
  if (hasOpenssl) {
    describe(title, body);
    return;
  }
  console.warn(`${title}: ${OPENSSL_MISSING}`);
  describe.skip(`${title} (${OPENSSL_MISSING})`, body);
}

const CA_EXTENSIONS = ['basicConstraints = critical, CA:TRUE', 'keyUsage = critical, keyCertSign, cRLSign', 'subjectKeyIdentifier = hash'];
const LEAF_EXTENSIONS = ['basicConstraints = critical, CA:FALSE', 'keyUsage = critical, digitalSignature', 'subjectKeyIdentifier = hash', 'authorityKeyIdentifier = keyid, issuer'];
const SERVER_EXTENSIONS = [...LEAF_EXTENSIONS, 'extendedKeyUsage = serverAuth', 'subjectAltName = DNS:localhost, IP:127.0.0.1, IP:::1'];
const CLIENT_EXTENSIONS = [...LEAF_EXTENSIONS, 'extendedKeyUsage = clientAuth'];

// Long enough for any test run, short enough that nothing made here is worth keeping.
const VALID_DAYS = '2';

/** A CA, a server certificate and a client certificate signed by it, in a fresh temporary directory. */
export function createTestCertificates(clientName = 'okapi-test-client'): TestCertificates {
  const dir = tempDir('okapi-certs-');
  const ca = createCa(dir, 'okapi generated test CA');
  return {
    ca,
    server: issue(dir, ca, { name: 'server', commonName: 'localhost', serial: 2 }, SERVER_EXTENSIONS),
    client: issue(dir, ca, { name: 'client', commonName: clientName, serial: 3 }, CLIENT_EXTENSIONS),
  };
}

/** A client certificate from a CA of its own, unrelated to any createTestCertificates() CA. */
export function createUnrelatedClient(clientName = 'okapi-unrelated-client'): UnrelatedClient {
  const dir = tempDir('okapi-certs-');
  const ca = createCa(dir, 'okapi unrelated test CA');
  return { ca, client: issue(dir, ca, { name: 'client', commonName: clientName, serial: 2 }, CLIENT_EXTENSIONS) };
}

function createCa(dir: string, commonName: string): KeyPair {
  const files = filesFor(dir, 'ca');
  openssl(dir, 'genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', files.key);
  openssl(dir, 'req', '-x509', '-new', '-key', files.key, '-sha256', '-days', VALID_DAYS, '-set_serial', '1', '-subj', `/O=okapi tests/CN=${commonName}`, '-config', extensionFile(dir, 'ca', CA_EXTENSIONS, true), '-extensions', 'v3', '-out', files.cert);
  return read(files);
}

/** A certificate to issue: its file name in the directory, its subject's CN, its serial number (unique per CA). */
interface Subject {
  name: string;
  commonName: string;
  serial: number;
}

function issue(dir: string, ca: KeyPair, { name, commonName, serial }: Subject, extensions: string[]): KeyPair {
  const files = filesFor(dir, name);
  const request = join(dir, `${name}.csr`);
  openssl(dir, 'genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', files.key);
  openssl(dir, 'req', '-new', '-key', files.key, '-subj', `/O=okapi tests/CN=${commonName}`, '-out', request);
  openssl(dir, 'x509', '-req', '-in', request, '-CA', ca.cert.path, '-CAkey', ca.key.path, '-set_serial', String(serial), '-sha256', '-days', VALID_DAYS, '-extfile', extensionFile(dir, name, extensions, false), '-out', files.cert);
  return read(files);
}

/**
 * The extensions as a file openssl reads: `x509 -extfile` takes bare lines, `req -config` a
 * section (named v3), with the empty distinguished-name section req insists on.
 */
function extensionFile(dir: string, name: string, extensions: string[], forRequest: boolean): string {
  const path = join(dir, `${name}.ext`);
  const lines = forRequest ? ['[req]', 'distinguished_name = dn', '[dn]', '[v3]', ...extensions] : extensions;
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

function filesFor(dir: string, name: string): { cert: string; key: string } {
  return { cert: join(dir, `${name}.pem`), key: join(dir, `${name}-key.pem`) };
}

function read(files: { cert: string; key: string }): KeyPair {
  return { cert: { path: files.cert, pem: readFileSync(files.cert, 'utf8') }, key: { path: files.key, pem: readFileSync(files.key, 'utf8') } };
}

function openssl(cwd: string, ...args: string[]): void {
  const result = spawnSync('openssl', args, { cwd, encoding: 'utf8' });
  if (result.error) throw new Error(`cannot run openssl to make test certificates: ${result.error.message}; install the openssl package`);
  if (result.status !== 0) throw new Error(`openssl ${args.join(' ')} failed (exit ${result.status}): ${result.stderr.trim()}`);
}
