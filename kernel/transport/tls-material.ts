/**
 * TLS settings into `tls.connect` options. The PEM files are read and checked here, before any
 * connection, so a wrong path, an unreadable file or a certificate that does not match its key
 * fails with the file named, and the flag or config key that named it, rather than as a handshake
 * error.
 */
import { readFileSync } from 'node:fs';
import { OkapiError } from '../../sdk/shared/errors.js';
import { describeFsError } from '../../sdk/shared/fs-errors.js';
import { PROFILE_TLS_FLAGS, profileTlsKey, type ProfileTlsField } from '../../sdk/shared/profile-tls.js';
import type { ConnectionOptions } from 'node:tls';
import type { OriginTls, TlsFile, TlsSource } from './types.js';

/** node:tls (and with it node:crypto) loads only when a TLS setting is given, not for every request. */
function tlsModule(): typeof import('node:tls') {
  return process.getBuiltinModule('node:tls');
}

/** The files, as for one origin, and the trust settings they go with. */
interface TlsSettings extends Omit<OriginTls, 'origin'> {
  insecure: boolean;
  minVersion: 'TLSv1.2' | 'TLSv1.3';
}

export interface TlsConnectOptions {
  rejectUnauthorized: boolean;
  minVersion: 'TLSv1.2' | 'TLSv1.3';
  /** A CA file's certificates, trusted in addition to Node's store (connectOptions). */
  ca?: string;
  cert?: string;
  key?: string;
}

const CERTIFICATE = /-----BEGIN CERTIFICATE-----/;
const PRIVATE_KEY = /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY-----/;

/** What to do about a file: pass the flag `what`, or set the config key to it. */
function remedy(source: TlsSource, field: ProfileTlsField, what: string): string {
  if (source.kind === 'flags') return `pass --${PROFILE_TLS_FLAGS[field]} ${what}`;
  return `set ${profileTlsKey(source.api, source.profile, field)} to ${what} (okapi api set ${source.api} 'profiles.${source.profile}.${field}: <file>'; a relative path is relative to the config file's directory), or give --${PROFILE_TLS_FLAGS[field]} for one request`;
}

/** A file as messages name it: its path, and the config key when a profile named it (a flag's file is the one the user just typed). */
function named(file: TlsFile, field: ProfileTlsField): string {
  return file.source.kind === 'flags' ? file.path : `${file.path} (${profileTlsKey(file.source.api, file.source.profile, field)})`;
}

export function loadTlsOptions(settings: TlsSettings): TlsConnectOptions {
  const options: TlsConnectOptions = { rejectUnauthorized: !settings.insecure, minVersion: settings.minVersion };

  const { caCert } = settings;
  if (caCert !== undefined) {
    const pem = readCertificate(caCert, 'ca_cert', 'CA certificate');
    check(() => tlsModule().createSecureContext({ ca: pem }), (reason) =>
      new OkapiError(`cannot use the CA certificate file ${named(caCert, 'ca_cert')}: ${reason}`, {
        hint: remedy(caCert.source, 'ca_cert', 'a PEM file holding one or more CA certificates'),
      }),
    );
    options.ca = pem;
  }

  const { clientCert, clientKey } = settings;
  if (clientCert !== undefined || clientKey !== undefined) {
    if (clientCert === undefined) {
      throw new OkapiError(`a client key (${named(clientKey!, 'client_key')}) was given without a client certificate`, {
        hint: remedy(clientKey!.source, 'client_cert', 'the certificate <file> as well'),
      });
    }
    const cert = readCertificate(clientCert, 'client_cert', 'client certificate');
    let key: string;
    if (clientKey !== undefined) {
      key = readPem(clientKey, 'client_key', 'client key');
    } else if (PRIVATE_KEY.test(cert)) {
      key = cert; // one file holding both
    } else {
      throw new OkapiError(`the client certificate ${named(clientCert, 'client_cert')} was given without its private key`, {
        hint: remedy(clientCert.source, 'client_key', 'the key <file>'),
      });
    }
    const keyFile = clientKey ?? clientCert;
    const keyField = clientKey !== undefined ? 'client_key' : 'client_cert';
    if (!PRIVATE_KEY.test(key)) {
      throw new OkapiError(`the client key file ${named(keyFile, keyField)} does not contain a PEM private key`, {
        hint: remedy(keyFile.source, keyField, 'an unencrypted PEM key (text starting with -----BEGIN PRIVATE KEY-----)'),
      });
    }
    check(() => tlsModule().createSecureContext({ cert, key }), (reason, code) =>
      code === 'ERR_OSSL_X509_KEY_VALUES_MISMATCH'
        ? new OkapiError(`the client certificate ${named(clientCert, 'client_cert')} and the key ${named(keyFile, keyField)} do not belong together`, {
            hint: remedy(keyFile.source, keyField, 'the private key that was issued with this certificate'),
          })
        : new OkapiError(`cannot use the client certificate ${named(clientCert, 'client_cert')} with the key ${named(keyFile, keyField)}: ${reason}`, {
            hint: `okapi needs a PEM certificate and an unencrypted PEM private key: ${remedy(clientCert.source, 'client_cert', 'such a certificate')}`,
          }),
    );
    options.cert = cert;
    options.key = key;
  }
  return options;
}

/**
 * The options `tls.connect` takes for these settings; `clientCertificate: false` for a proxy's
 * connection, which presents none. A CA file is trusted in addition to Node's store: the secure
 * context starts from Node's roots, which it copies without parsing them again, and adds the
 * file's certificates and NODE_EXTRA_CA_CERTS' (which the copy lacks) with the addCACert that
 * Node's own createSecureContext uses for `ca`. Passing the ~140 roots as `ca` made every run
 * parse them all again (17–36 ms of an https request).
 */
export function connectOptions(tls: TlsConnectOptions, clientCertificate = true): ConnectionOptions {
  const identity = clientCertificate && tls.cert !== undefined ? { cert: tls.cert, key: tls.key } : {};
  const base = { rejectUnauthorized: tls.rejectUnauthorized, minVersion: tls.minVersion };
  if (tls.ca === undefined) return { ...base, ...identity };
  const secureContext = tlsModule().createSecureContext({ minVersion: tls.minVersion, ...identity });
  const { context } = secureContext as unknown as { context: { addCACert(pem: string): void } };
  for (const pem of [...extraCaCertificates(), tls.ca]) context.addCACert(pem);
  return { ...base, secureContext };
}

/** The certificates of NODE_EXTRA_CA_CERTS, as Node read them into its own store at start. */
function extraCaCertificates(): string[] {
  const path = process.env.NODE_EXTRA_CA_CERTS;
  if (!path) return [];
  try {
    return [readFileSync(path, 'utf8')];
  } catch {
    return []; // Node itself only warns about an unreadable NODE_EXTRA_CA_CERTS.
  }
}

function readPem(file: TlsFile, field: ProfileTlsField, what: string): string {
  try {
    return readFileSync(file.path, 'utf8');
  } catch (error) {
    throw new OkapiError(`cannot read the ${what} file ${named(file, field)}: ${describeFsError(error)}`, {
      hint: file.source.kind === 'flags' ? `check the path given to --${PROFILE_TLS_FLAGS[field]}` : remedy(file.source, field, 'a readable PEM file'),
      cause: error,
    });
  }
}

function readCertificate(file: TlsFile, field: ProfileTlsField, what: string): string {
  const pem = readPem(file, field, what);
  if (CERTIFICATE.test(pem)) return pem;
  throw new OkapiError(`the ${what} file ${named(file, field)} does not contain a PEM certificate`, {
    hint: remedy(file.source, field, 'a PEM file (text starting with -----BEGIN CERTIFICATE-----)'),
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

