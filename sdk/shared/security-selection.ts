/**
 * Which credentials a request to an operation uses (SPEC.md "Authentication", rules 2–10), decided
 * from the operation's security requirements, the profile's `auth` and `credentials` bindings, the
 * TLS settings and `--okapi-auth`. Pure: the kernel plans requests with it and `okapi api auth
 * inspect` shows coverage with it, so both agree. docs/design/027-credential-selection.md explains
 * the order of the rules.
 *
 * A credential id is the name of the security scheme it meets; a binding with `satisfies` meets a
 * requirement only when every scope or role the requirement lists is among them (a binding
 * without `satisfies` claims no limit). `mutualTLS` schemes are met by a client certificate, never
 * by a binding. Secrets never reach this module: it sees ids and scopes only.
 */
import { OkapiError, UsageError } from './errors.js';
import type { SecurityRequirement } from './operation-index-format.js';

/** The operation a request is, as far as auth is concerned. */
export interface SecuredOperation {
  /** Its command name, for messages. */
  name: string;
  /** Absent: neither the operation nor the document declares requirements. `[]`: public. */
  security?: SecurityRequirement[];
  /** `type` of each security scheme the document declares (`mutualTLS`, `oauth2`, …). */
  schemeTypes: Record<string, string>;
}

export interface SelectionInput {
  api: string;
  profile: string;
  /** Undefined when the request is no single known operation (a plain URL, an unmatched path). */
  operation?: SecuredOperation;
  hasProfileAuth: boolean;
  /** The profile's bindings: id → its `satisfies` (undefined when it has none). */
  credentials: Record<string, string[] | undefined>;
  /** `--okapi-auth`: the ids of `A` or `A+B`. */
  forced?: string[];
  /** A client certificate is configured (`--okapi-client-cert`, profile `client_cert`). */
  clientCertificate: boolean;
  /**
   * The request already carries a credential the user gave by hand (`-H 'Authorization: …'`,
   * OKAPI_HEADER, the profile's headers or query, a command's header parameter): a requirement no
   * binding meets is left to it rather than refused.
   */
  supplied?: boolean;
}

/**
 * `profile`: the profile's `auth`, as on any request (none when it has none). `credentials`: these
 * bindings, in order. `none`: nothing authenticates the request (public, or the anonymous alternative).
 */
export type AuthSelection = { kind: 'profile' } | { kind: 'none' } | { kind: 'credentials'; ids: string[] };

export interface SelectionResult {
  selection: AuthSelection;
  /** For stderr: a credential was forced outside the operation's requirements. */
  warning?: string;
}

const MUTUAL_TLS = 'mutualTLS';

export function selectCredentials(input: SelectionInput): SelectionResult {
  if (input.forced) return forcedSelection(input, input.forced);
  const { operation } = input;
  if (!operation?.security) return { selection: { kind: 'profile' } };
  const requirements = operation.security;
  if (requirements.length === 0) return { selection: { kind: 'none' } };
  const anonymous = requirements.some((r) => Object.keys(r).length === 0);
  const alternatives = requirements.filter((r) => Object.keys(r).length > 0);
  if (alternatives.length === 1 && credentialSchemes(alternatives[0]!, operation).length <= 1) {
    return singleRequirement(input, operation, alternatives[0]!, anonymous);
  }
  const met = alternatives.find((r) => tlsMet(input, r, operation) && credentialSchemes(r, operation).every((s) => bindingMeets(input, s, r[s]!)));
  if (met) return { selection: credentialsOrNone(credentialSchemes(met, operation)) };
  if (anonymous || input.supplied) return { selection: { kind: 'none' } };
  throw missingAlternatives(input, operation, alternatives);
}

/**
 * One requirement with at most one credential scheme (rule 2): its binding when the profile has a
 * fitting one, else the profile's `auth`, else anonymous when `{}` allows it.
 */
function singleRequirement(input: SelectionInput, operation: SecuredOperation, requirement: SecurityRequirement, anonymous: boolean): SelectionResult {
  const [scheme] = credentialSchemes(requirement, operation);
  const tls = tlsMet(input, requirement, operation);
  const selection: AuthSelection | undefined =
    scheme === undefined ? { kind: 'none' } : bindingMeets(input, scheme, requirement[scheme]!) ? { kind: 'credentials', ids: [scheme] } : input.hasProfileAuth ? { kind: 'profile' } : undefined;
  if (selection && tls) return { selection };
  if (anonymous) return { selection: { kind: 'none' } };
  if (!tls) throw missingTls(input, operation, requirement);
  if (input.supplied) return { selection: { kind: 'none' } };
  throw missingAlternatives(input, operation, [requirement]);
}

/** `--okapi-auth A+B` (rules 6 and 7): configured ids only; outside the requirements with a warning. */
function forcedSelection(input: SelectionInput, forced: string[]): SelectionResult {
  const unknown = forced.filter((id) => !Object.hasOwn(input.credentials, id));
  if (unknown.length > 0) {
    const known = Object.keys(input.credentials);
    throw new UsageError(
      `--okapi-auth names ${unknown.length === 1 ? 'credential' : 'credentials'} ${unknown.map((id) => `"${id}"`).join(', ')}, which profile ${input.profile} of API ${input.api} does not have`,
      { hint: known.length > 0 ? `its credentials: ${known.join(', ')}` : `add one with: okapi api auth add ${input.api} ${unknown[0]}` },
    );
  }
  const selection = { kind: 'credentials', ids: forced } as const;
  const operation = input.operation;
  if (!operation?.security) return { selection };
  const wanted = new Set(forced);
  const allowed = operation.security.some((r) => {
    const schemes = credentialSchemes(r, operation);
    return schemes.length === wanted.size && schemes.every((s) => wanted.has(s));
  });
  if (allowed) return { selection };
  const declared = describeRequirements(operation.security, operation);
  return {
    selection,
    warning: `--okapi-auth ${forced.join('+')} is not among the security requirements of operation ${operation.name} (${declared}); sending it anyway`,
  };
}

/** The schemes of a requirement that a binding meets: all but `mutualTLS`. */
function credentialSchemes(requirement: SecurityRequirement, operation: Pick<SecuredOperation, 'schemeTypes'>): string[] {
  return Object.keys(requirement).filter((scheme) => operation.schemeTypes[scheme] !== MUTUAL_TLS);
}

function tlsMet(input: SelectionInput, requirement: SecurityRequirement, operation: SecuredOperation): boolean {
  return input.clientCertificate || Object.keys(requirement).every((scheme) => operation.schemeTypes[scheme] !== MUTUAL_TLS);
}

/** The profile has a binding for `scheme` whose `satisfies` (when it says) holds every scope asked. */
function bindingMeets(input: Pick<SelectionInput, 'credentials'>, scheme: string, scopes: readonly string[]): boolean {
  if (!Object.hasOwn(input.credentials, scheme)) return false;
  const satisfies = input.credentials[scheme];
  return satisfies === undefined || scopes.every((scope) => satisfies.includes(scope));
}

function credentialsOrNone(ids: string[]): AuthSelection {
  return ids.length === 0 ? { kind: 'none' } : { kind: 'credentials', ids };
}

/** `bearer; apiKey+oauth (read)`: each alternative, its schemes joined by `+`, scopes in brackets. */
function describeRequirements(requirements: readonly SecurityRequirement[], operation: Pick<SecuredOperation, 'schemeTypes'>): string {
  if (requirements.length === 0) return 'public';
  return requirements
    .map((r) => {
      const schemes = Object.entries(r).map(([scheme, scopes]) => {
        const tls = operation.schemeTypes[scheme] === MUTUAL_TLS ? ' (mutual TLS)' : '';
        return `${scheme}${scopes.length > 0 ? ` [${scopes.join(' ')}]` : ''}${tls}`;
      });
      return schemes.length === 0 ? 'anonymous' : schemes.join('+');
    })
    .join('; ');
}

function missingAlternatives(input: SelectionInput, operation: SecuredOperation, alternatives: SecurityRequirement[]): OkapiError {
  const first = alternatives[0]!;
  const missing = credentialSchemes(first, operation).filter((s) => !bindingMeets(input, s, first[s]!));
  const unfit = missing.filter((s) => Object.hasOwn(input.credentials, s));
  const what = alternatives.length === 1 ? `needs ${describeRequirements(alternatives, operation)}` : `needs one of: ${describeRequirements(alternatives, operation)}`;
  const have = Object.keys(input.credentials);
  const hint = [
    ...missing.filter((s) => !unfit.includes(s)).map((s) => `okapi api auth add ${input.api} ${s}`),
    ...unfit.map((s) => `credential ${s} does not list every scope asked (${first[s]!.join(' ')}) in its satisfies`),
    ...(tlsMet(input, first, operation) ? [] : ['its mutual TLS needs --okapi-client-cert and --okapi-client-key, or the profile\'s client_cert and client_key']),
    // The commonest surprise: a profile auth that worked for single-requirement operations.
    ...(input.hasProfileAuth && alternatives.length > 1
      ? [`the profile's own auth serves only operations with a single requirement; here, bind it to the scheme it is for with okapi api auth add ${input.api} <scheme>`]
      : []),
  ];
  return new OkapiError(
    `operation ${operation.name} of API ${input.api} ${what}, and profile ${input.profile} has no credentials that meet ${alternatives.length === 1 ? 'it' : 'any of them'}${have.length > 0 ? ` (it has: ${have.join(', ')})` : ''}; nothing was sent`,
    { hint: `${hint.join('; ')}${alternatives.length > 1 ? ' (or bind the credentials of another alternative)' : ''}` },
  );
}

function missingTls(input: SelectionInput, operation: SecuredOperation, requirement: SecurityRequirement): OkapiError {
  const schemes = Object.keys(requirement).filter((s) => operation.schemeTypes[s] === MUTUAL_TLS);
  return new OkapiError(`operation ${operation.name} of API ${input.api} needs mutual TLS (security scheme ${schemes.join(', ')}), and no client certificate is configured; nothing was sent`, {
    hint: `pass --okapi-client-cert and --okapi-client-key, or set them in the profile: okapi api set ${input.api} 'profiles.${input.profile}.client_cert: <file>' 'profiles.${input.profile}.client_key: <file>'`,
  });
}

/** `A+B` as typed to `--okapi-auth`: ids split at `+`, none empty. */
export function parseForcedAuth(value: string): string[] {
  const ids = value.split('+').map((id) => id.trim());
  if (ids.some((id) => id === '')) {
    throw new UsageError(`--okapi-auth "${value}" is not a credential id or a combination A+B of them`, { hint: 'e.g. --okapi-auth bearer, or --okapi-auth apiKey+oauth' });
  }
  return ids;
}
