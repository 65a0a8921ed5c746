/** The transport settings of a request, from its limits and its API profile's TLS files. */
import type { OriginTls, TlsFile, TransportOptions } from '../transport/index.js';
import type { ProfileTlsField } from '../../sdk/shared/profile-tls.js';
import type { ProfileTlsPlan } from './exchange.js';
import type { TransportLimits } from './request-description.js';

const MIB = 1024 * 1024;
const DEFAULT_MAX_BODY_MIB = 100;

/** `recordHops`: something will show every hop as it went on the wire (output-options.ts showsExchange). */
export function transportOptionsFor(limits: TransportLimits, recordHops: boolean, profileTls?: ProfileTlsPlan): TransportOptions {
  const options: TransportOptions = { ...limits, maxBodySize: limits.maxBodySize ?? DEFAULT_MAX_BODY_MIB * MIB };
  if (recordHops) options.recordHops = true;
  if (profileTls) options.originTls = originTls(limits, profileTls);
  return options;
}

/**
 * The TLS files for the profile's origin, the flags winning: `--okapi-ca-cert` over `ca_cert`, and
 * either client flag over both client fields, since a certificate and its key are one setting (a
 * flag's certificate with the profile's key would be a mismatch, not a choice).
 */
export function originTls(limits: TransportLimits, plan: ProfileTlsPlan): OriginTls {
  const source = { kind: 'profile', api: plan.api, profile: plan.profile } as const;
  const fromProfile = (field: ProfileTlsField): TlsFile | undefined => {
    const path = plan.paths[field];
    return path === undefined ? undefined : { path, source };
  };
  const fromFlag = (path: string | undefined): TlsFile | undefined => (path === undefined ? undefined : { path, source: { kind: 'flags' } });
  const clientFlags = limits.clientCertPath !== undefined || limits.clientKeyPath !== undefined;
  const caCert = fromFlag(limits.caCertPath) ?? fromProfile('ca_cert');
  const clientCert = clientFlags ? fromFlag(limits.clientCertPath) : fromProfile('client_cert');
  const clientKey = clientFlags ? fromFlag(limits.clientKeyPath) : fromProfile('client_key');
  return {
    origin: plan.origin,
    ...(caCert ? { caCert } : {}),
    ...(clientCert ? { clientCert } : {}),
    ...(clientKey ? { clientKey } : {}),
  };
}
