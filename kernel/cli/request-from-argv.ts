/**
 * The request description of a run, read from its flags and environment once: the user's header
 * and query layers, `--okapi-server`, the profile and the transport limits
 * (kernel/pipeline/request-description.ts). A command plugin's requests start from the same
 * description, so -H, -q, -p and -t apply to them as to a generic request.
 */
import { dirname } from 'node:path';
import type { Invocation } from '../invocation.js';
import { parseDuration } from '../plugins/duration.js';
import { FLAG_HEADERS, FLAG_QUERY, type RequestDefaults, type TransportLimits } from '../pipeline/request-description.js';
import { headerEntry, parseHeaderEntry, parseQueryEntry, queryEntry } from '../pipeline/request-fields.js';

const MIB = 1024 * 1024;

export function requestDefaultsFromArgv(inv: Invocation): RequestDefaults {
  const server = inv.string('okapi-server');
  const profile = inv.profileName;
  const auth = inv.string('okapi-auth');
  return {
    ...(server !== undefined ? { server } : {}),
    ...(profile !== undefined ? { profile } : {}),
    cacheDir: inv.cacheDir,
    configDir: dirname(inv.configPath),
    // -H and -q values were checked when argv was scanned (flags.ts); the environment's are checked here.
    headerLayers: [
      { source: 'OKAPI_HEADER', entries: splitEnvList(inv.env.OKAPI_HEADER).map((e) => parseHeaderEntry(e, 'OKAPI_HEADER entry')) },
      { source: FLAG_HEADERS, entries: inv.strings('okapi-header').map((e) => headerEntry(e)!) },
    ],
    queryLayers: [
      { source: 'OKAPI_QUERY', entries: splitEnvList(inv.env.OKAPI_QUERY).map((e) => parseQueryEntry(e, 'OKAPI_QUERY entry')) },
      { source: FLAG_QUERY, entries: inv.strings('okapi-query').map((e) => queryEntry(e)!) },
    ],
    ...(inv.flag('okapi-no-browser') ? { noBrowser: true } : {}),
    ...(auth !== undefined ? { auth } : {}),
    warn: (message) => inv.diagnostic('warn', message),
    note: (message) => inv.diagnostic('info', message),
    limits: transportLimitsFromArgv(inv),
  };
}

function transportLimitsFromArgv(inv: Invocation): TransportLimits {
  const limits: TransportLimits = {};
  const timeout = inv.string('okapi-timeout');
  if (timeout !== undefined) limits.timeoutMs = parseDuration(timeout)!;
  const maxMiB = Number(inv.string('okapi-max-body-size') ?? '0');
  if (maxMiB) limits.maxBodySize = maxMiB * MIB;
  if (inv.flag('okapi-insecure')) limits.insecure = true;
  const ca = inv.string('okapi-ca-cert');
  if (ca !== undefined) limits.caCertPath = ca;
  const cert = inv.string('okapi-client-cert');
  if (cert !== undefined) limits.clientCertPath = cert;
  const key = inv.string('okapi-client-key');
  if (key !== undefined) limits.clientKeyPath = key;
  const min = inv.string('okapi-tls-min-version');
  if (min !== undefined) limits.tlsMinVersion = min === 'TLS1.3' ? 'TLSv1.3' : 'TLSv1.2';
  return limits;
}

/** OKAPI_HEADER and OKAPI_QUERY hold comma-separated entries, like repeated -H / -q; a literal comma is written `\,`. */
function splitEnvList(value: string | undefined): string[] {
  if (!value) return [];
  const entries = value.split(/(?<!\\),/).map((entry) => entry.replaceAll('\\,', ',').trim());
  return entries.filter((entry) => entry !== '');
}
