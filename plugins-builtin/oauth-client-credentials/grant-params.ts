/**
 * The auth params of the `oauth-client-credentials` type (DESIGN.md §6): `client_id`,
 * `client_secret`, `issuer_url` (discovery) or `token_url`, `scopes`, `auth_method`
 * (`client_secret_basic`, the default, or `client_secret_post`); any other param is sent with the
 * token request (an `audience` or `resource`, say). Errors name the param, never a secret's value.
 */
import { OkapiError } from '../../sdk/shared/errors.js';

type ClientAuthMethod = 'client_secret_basic' | 'client_secret_post';

export interface GrantParams {
  clientId: string;
  clientSecret: string;
  /** Exactly one of the two: where the token endpoint is found. */
  issuerUrl?: string;
  tokenUrl?: string;
  scopes: string[];
  authMethod: ClientAuthMethod;
  /** Sent with the token request as they are. */
  extra: Record<string, string>;
}

const KNOWN = new Set(['client_id', 'client_secret', 'issuer_url', 'token_url', 'scopes', 'auth_method']);
/** Params that would be sent along but mean something else: refused rather than sent. */
const MISTAKEN: Record<string, string> = {
  token_endpoint_auth_method: 'the client authentication method is the "auth_method" param (client_secret_basic or client_secret_post)',
  scope: 'scopes are the "scopes" param',
  grant_type: 'this auth type always uses the client_credentials grant',
};
const AUTH_METHODS: ClientAuthMethod[] = ['client_secret_basic', 'client_secret_post'];

/** `owner` names the auth in errors: "the oauth-client-credentials auth of API x (profile y)". */
export function grantParams(params: Record<string, string>, owner: string): GrantParams {
  const required = (name: string): string => {
    const value = params[name];
    if (value === undefined || value === '') {
      throw new OkapiError(`${owner} has no "${name}" param`, { hint: `set auth.params.${name} in the profile` });
    }
    return value;
  };
  for (const [name, meaning] of Object.entries(MISTAKEN)) {
    if (Object.hasOwn(params, name)) throw new OkapiError(`${owner} has a "${name}" param, which it would send to the token endpoint as it is`, { hint: `remove it: ${meaning}` });
  }
  const issuerUrl = params.issuer_url;
  const tokenUrl = params.token_url;
  if ((issuerUrl === undefined) === (tokenUrl === undefined)) {
    throw new OkapiError(`${owner} needs exactly one of the params "issuer_url" and "token_url"; it has ${issuerUrl === undefined ? 'neither' : 'both'}`, {
      hint: 'give issuer_url to find the token endpoint by discovery, or token_url to name it',
    });
  }
  for (const [name, value] of [['issuer_url', issuerUrl], ['token_url', tokenUrl]] as const) {
    if (value !== undefined && !/^https?:$/.test(URL.canParse(value) ? new URL(value).protocol : '')) {
      throw new OkapiError(`${owner} param "${name}" is ${JSON.stringify(value)}, which is not an http or https URL`);
    }
  }
  const authMethod = params.auth_method ?? 'client_secret_basic';
  if (!AUTH_METHODS.includes(authMethod as ClientAuthMethod)) {
    throw new OkapiError(`${owner} param "auth_method" is ${JSON.stringify(authMethod)}; it must be one of ${AUTH_METHODS.join(', ')}`);
  }
  return {
    clientId: required('client_id'),
    clientSecret: required('client_secret'),
    ...(issuerUrl !== undefined ? { issuerUrl } : {}),
    ...(tokenUrl !== undefined ? { tokenUrl } : {}),
    // OAuth writes scopes space-separated; commas are accepted too, as people write lists.
    scopes: (params.scopes ?? '').split(/[\s,]+/).filter((scope) => scope !== ''),
    authMethod: authMethod as ClientAuthMethod,
    extra: Object.fromEntries(Object.entries(params).filter(([name]) => !KNOWN.has(name))),
  };
}
