/**
 * TLS settings into `tls.connect` options. The PEM files are read and checked here, before any
 * connection, so a wrong path, an unreadable file or a certificate that does not match its key
 * fails with the file named rather than as a handshake error.
 */
import { readFileSync } from 'node:fs';
import { OkapiError } from '../../sdk/shared/errors.js';
import { describeFsError } from '../../sdk/shared/fs-errors.js';

/** node:tls (and with it node:crypto) loads only when a TLS setting is given, not for every request. */
function tlsModule(): typeof import('node:tls') {
  return process.getBuiltinModule('node:tls');
}

export interface TlsSettings {
  insecure: boolean;
  caCertPath?: string | undefined;
  clientCertPath?: string | undefined;
  clientKeyPath?: string | undefined;
  minVersion: 'TLSv1.2' | 'TLSv1.3';
}

export interface TlsConnectOptions {
  rejectUnauthorized: boolean;
  minVersion: 'TLSv1.2' | 'TLSv1.3';
  ca?: string[];
  cert?: string;
  key?: string;
}

const CERTIFICATE = /-----BEGIN CERTIFICATE-----/;
const PRIVATE_KEY = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/;

export function loadTlsOptions(settings: TlsSettings): TlsConnectOptions {
  const options: TlsConnectOptions = { rejectUnauthorized: !settings.insecure, minVersion: settings.minVersion };

  if (settings.caCertPath !== undefined) {
    const pem = readCertificate(settings.caCertPath, 'CA certificate', '--okapi-ca-cert');
    check(() => tlsModule().createSecureContext({ ca: pem }), (reason) =>
      new OkapiError(`cannot use the CA certificate file ${settings.caCertPath}: ${reason}`, {
        hint: 'pass --okapi-ca-cert a PEM file holding one or more CA certificates',
      }),
    );
    // `ca` replaces Node's trust store, so the defaults (and NODE_EXTRA_CA_CERTS, which Node adds
    // to its own store only) go first: the file is trusted in addition to them.
    options.ca = [...tlsModule().rootCertificates, ...extraCaCertificates(), pem];
  }

  const { clientCertPath, clientKeyPath } = settings;
  if (clientCertPath !== undefined || clientKeyPath !== undefined) {
    if (clientCertPath === undefined) {
      throw new OkapiError(`a client key (${clientKeyPath}) was given without a client certificate`, {
        hint: 'pass the certificate with --okapi-client-cert <file> as well',
      });
    }
    const cert = readCertificate(clientCertPath, 'client certificate', '--okapi-client-cert');
    let key: string;
    if (clientKeyPath !== undefined) {
      key = readPem(clientKeyPath, 'client key', '--okapi-client-key');
    } else if (PRIVATE_KEY.test(cert)) {
      key = cert; // one file holding both
    } else {
      throw new OkapiError(`the client certificate ${clientCertPath} was given without its private key`, {
        hint: 'pass the key with --okapi-client-key <file>',
      });
    }
    const keyPath = clientKeyPath ?? clientCertPath;
    if (!PRIVATE_KEY.test(key)) {
      throw new OkapiError(`the client key file ${keyPath} does not contain a PEM private key`, {
        hint: 'pass --okapi-client-key an unencrypted PEM key (text starting with -----BEGIN PRIVATE KEY-----)',
      });
    }
    check(() => tlsModule().createSecureContext({ cert, key }), (reason, code) =>
      code === 'ERR_OSSL_X509_KEY_VALUES_MISMATCH'
        ? new OkapiError(`the client certificate ${clientCertPath} and the key ${keyPath} do not belong together`, {
            hint: 'pass the private key that was issued with this certificate',
          })
        : new OkapiError(`cannot use the client certificate ${clientCertPath} with the key ${keyPath}: ${reason}`, {
            hint: 'okapi needs a PEM certificate and an unencrypted PEM private key',
          }),
    );
    options.cert = cert;
    options.key = key;
  }
  return options;
}

function readPem(path: string, what: string, flag: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new OkapiError(`cannot read the ${what} file ${path}: ${describeFsError(error)}`, {
      hint: `check the path given to ${flag} (or the profile setting)`,
      cause: error,
    });
  }
}

function readCertificate(path: string, what: string, flag: string): string {
  const pem = readPem(path, what, flag);
  if (CERTIFICATE.test(pem)) return pem;
  throw new OkapiError(`the ${what} file ${path} does not contain a PEM certificate`, {
    hint: `pass ${flag} a PEM file (text starting with -----BEGIN CERTIFICATE-----)`,
  });
}

function check(attempt: () => unknown, fail: (reason: string, code: string | undefined) => OkapiError): void {
  try {
    attempt();
  } catch (error) {
    const err = error as NodeJS.ErrnoException;
    const reason = (err.message ?? String(error)).replace(/^error:[0-9A-F]+:[^:]*:[^:]*:/i, '').trim();
    const failure = fail(reason, err.code);
    throw new OkapiError(failure.message, { ...(failure.hint ? { hint: failure.hint } : {}), cause: error });
  }
}

function extraCaCertificates(): string[] {
  const path = process.env.NODE_EXTRA_CA_CERTS;
  if (!path) return [];
  try {
    return [readFileSync(path, 'utf8')];
  } catch {
    return []; // Node itself only warns about an unreadable NODE_EXTRA_CA_CERTS.
  }
}
