/**
 * A profile's TLS files (SPEC.md "Profile": `ca_cert`, `client_cert`, `client_key`), read from a
 * config that is edited by hand too: each must be a path, and a relative one is relative to the
 * config file's directory, as `spec_files` are (docs/design/028-profile-tls.md).
 */
import { OkapiError } from './errors.js';
import { configFilePath, type Profile } from './api-config.js';

export const PROFILE_TLS_FIELDS = ['ca_cert', 'client_cert', 'client_key'] as const;
export type ProfileTlsField = (typeof PROFILE_TLS_FIELDS)[number];

/** The flag that gives each field for one request, and that `api connect` saves to the profile. */
export const PROFILE_TLS_FLAGS: Readonly<Record<ProfileTlsField, string>> = { ca_cert: 'okapi-ca-cert', client_cert: 'okapi-client-cert', client_key: 'okapi-client-key' };

/** Absolute paths, for the fields the profile sets. */
export type ProfileTlsPaths = Partial<Record<ProfileTlsField, string>>;

/** The config key of a profile's TLS field, as messages name it. */
export function profileTlsKey(api: string, profile: string, field: ProfileTlsField): string {
  return `apis.${api}.profiles.${profile}.${field}`;
}

export function profileTlsPaths(api: string, profileName: string, profile: Profile, configDir: string): ProfileTlsPaths {
  const paths: ProfileTlsPaths = {};
  for (const field of PROFILE_TLS_FIELDS) {
    const value: unknown = profile[field];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value.trim() === '') {
      throw new OkapiError(`${profileTlsKey(api, profileName, field)} must be the path of a PEM file, but it is ${JSON.stringify(value)}`, {
        hint: `set it with: okapi api set ${api} 'profiles.${profileName}.${field}: <file>' (or remove it with okapi config edit)`,
      });
    }
    paths[field] = configFilePath(value, configDir);
  }
  return paths;
}

/**
 * Whether the profile presents a client certificate: with `--okapi-client-cert`, what meets an
 * OpenAPI `mutualTLS` requirement (SPEC.md "Authentication" 9).
 */
export function profileHasClientCertificate(profile: Profile): boolean {
  return typeof profile.client_cert === 'string' && profile.client_cert.trim() !== '';
}
