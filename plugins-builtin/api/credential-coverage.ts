/**
 * Which generated operations each credential of a profile covers, for `api auth inspect`: those
 * whose security requirements select it (sdk/shared/security-selection.ts, the rule requests
 * follow), so what inspect says is what a call would do.
 */
import type { OperationIndex } from '../../sdk/shared/operation-index-format.js';
import { selectCredentials } from '../../sdk/shared/security-selection.js';
import { PROFILE_AUTH, type ProfileCredentials } from './profile-credentials.js';

export interface Coverage {
  /** Credential id (PROFILE_AUTH for the profile's own auth) → command names of the operations it covers, in document order. */
  covered: Map<string, string[]>;
  /** Operations the profile cannot call: a binding their requirements need is missing. */
  uncallable: string[];
}

export function credentialCoverage(index: Pick<OperationIndex, 'operations' | 'security' | 'security_schemes'>, credentials: ProfileCredentials): Coverage {
  const covered = new Map<string, string[]>();
  const uncallable: string[] = [];
  const schemeTypes = Object.fromEntries(Object.entries(index.security_schemes).map(([name, scheme]) => [name, scheme.type]));
  for (const op of index.operations) {
    if (op.ignored) continue;
    const security = op.security ?? index.security;
    let ids: string[];
    try {
      const { selection } = selectCredentials({
        api: credentials.api,
        profile: credentials.profile,
        operation: { name: op.name, ...(security ? { security } : {}), schemeTypes },
        hasProfileAuth: credentials.hasProfileAuth,
        credentials: credentials.bindings,
        clientCertificate: credentials.clientCertificate,
      });
      ids = selection.kind === 'credentials' ? selection.ids : selection.kind === 'profile' && credentials.hasProfileAuth ? [PROFILE_AUTH] : [];
    } catch {
      uncallable.push(op.name);
      continue;
    }
    for (const id of ids) {
      const names = covered.get(id);
      if (names) names.push(op.name);
      else covered.set(id, [op.name]);
    }
  }
  return { covered, uncallable };
}
