/**
 * `api connect … --okapi-ca-cert F --okapi-client-cert C --okapi-client-key K`: the TLS files the
 * user connected with are saved to the profile the API's requests will use, as absolute paths, so
 * those requests work without the flags (docs/design/028-profile-tls.md).
 */
import { readFileSync } from 'node:fs';
import type { CommandInit } from '../../sdk/types.js';
import { UsageError } from '../../sdk/shared/errors.js';
import { describeFsError } from '../../sdk/shared/fs-errors.js';
import { isPlainObject } from '../../sdk/shared/plain-object.js';
import { PROFILE_TLS_FIELDS, PROFILE_TLS_FLAGS, type ProfileTlsPaths } from '../../sdk/shared/profile-tls.js';
import { profilesOf, type ApiEntry, type Profile } from '../../sdk/shared/api-config.js';

export type TlsFiles = NonNullable<CommandInit['tls_files']>;

/** The files are readable and a key comes with its certificate: a mistake is a usage error now, not a failure of every later request. */
export function checkTlsFiles(files: TlsFiles): void {
  if (files.client_key !== undefined && files.client_cert === undefined) {
    throw new UsageError(`--okapi-client-key ${files.client_key} was given without --okapi-client-cert`, {
      hint: 'give the certificate the key belongs to with --okapi-client-cert <file>',
    });
  }
  for (const field of PROFILE_TLS_FIELDS) {
    const path = files[field];
    if (path === undefined) continue;
    try {
      readFileSync(path);
    } catch (error) {
      throw new UsageError(`cannot read the file given to --${PROFILE_TLS_FLAGS[field]}, ${path}: ${describeFsError(error)}`, {
        hint: `api connect saves it to the API's profile; give the path of a readable PEM file`,
      });
    }
  }
}

/**
 * The entry with `files` in profile `profile` (made if the entry lacks it). A certificate and its
 * key are one setting: either client flag replaces both fields, so a saved key never outlives
 * the certificate it belonged to.
 */
export function withTlsFiles(entry: ApiEntry, profile: string, files: TlsFiles): ApiEntry {
  const profiles = profilesOf(entry);
  const current = isPlainObject(profiles[profile]) ? profiles[profile]! : {};
  const next: Profile = { ...current };
  if (files.ca_cert !== undefined) next.ca_cert = files.ca_cert;
  if (files.client_cert !== undefined || files.client_key !== undefined) {
    delete next.client_cert;
    delete next.client_key;
    if (files.client_cert !== undefined) next.client_cert = files.client_cert;
    if (files.client_key !== undefined) next.client_key = files.client_key;
  }
  return { ...entry, profiles: { ...profiles, [profile]: next } };
}

/** `ca_cert /abs/ca.pem, client_cert /abs/c.pem`: what was saved, for the line on stderr. */
export function describeTlsFiles(files: ProfileTlsPaths): string {
  return PROFILE_TLS_FIELDS.filter((field) => files[field] !== undefined)
    .map((field) => `${field} ${files[field]}`)
    .join(', ');
}
