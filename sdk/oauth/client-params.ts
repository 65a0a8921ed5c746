/**
 * The params every OAuth auth type reads the same way: `client_id`; `issuer_url` (discovery) or
 * the type's endpoint params; `client_secret` and `auth_method`; `scopes`; any other param sent
 * along with the type's first request (an `audience`, say). Errors name the param, never a
 * secret's value. Each type adds its own params and the names it refuses (`rules`).
 */
import { OkapiError } from '../shared/errors.js';
import type { ClientAuthMethod } from './authorization-server.js';

export interface ClientParams {
  clientId: string;
  clientSecret?: string;
  authMethod: ClientAuthMethod;
  /** Either the issuer, whose metadata names the endpoints, or every endpoint param. */
  issuerUrl?: string;
  /** The endpoint params given, by param name (`token_url`, …), when there is no issuer. */
  endpoints: Record<string, string>;
  scopes: string[];
  /** Params of no known meaning, sent along as they are. */
  extra: Record<string, string>;
}

export interface ClientParamRules {
  /** The params that name the endpoints without discovery, e.g. `['token_url']`. */
  endpoints: readonly string[];
  /** A confidential client only (client credentials): without a secret there is no grant. */
  secretRequired?: boolean;
  /** The type's own params, read by the type and not sent along. */
  own?: readonly string[];
  /** Params that would be sent along but mean something else, with what to do instead. */
  mistaken?: Readonly<Record<string, string>>;
}

const SECRET_METHODS: readonly ClientAuthMethod[] = ['client_secret_basic', 'client_secret_post'];

const MISTAKEN: Readonly<Record<string, string>> = {
  scope: 'scopes are the "scopes" param',
  token_endpoint_auth_method: 'the client authentication method is the "auth_method" param (client_secret_basic or client_secret_post)',
};

/** `owner` names the auth in errors: "the oauth-… auth of API x (profile y)". */
export function clientParams(params: Record<string, string>, owner: string, rules: ClientParamRules): ClientParams {
  const given = (name: string): string | undefined => (params[name] === '' ? undefined : params[name]);
  const clientId = given('client_id');
  if (clientId === undefined) throw new OkapiError(`${owner} has no "client_id" param`, { hint: 'set auth.params.client_id in the profile' });
  for (const [name, meaning] of Object.entries({ ...MISTAKEN, ...rules.mistaken })) {
    if (Object.hasOwn(params, name)) throw new OkapiError(`${owner} has a "${name}" param, which it would send to the provider as it is`, { hint: `remove it: ${meaning}` });
  }

  const issuerUrl = given('issuer_url');
  const endpoints = Object.fromEntries(rules.endpoints.flatMap((name) => (given(name) !== undefined ? [[name, given(name)!]] : [])));
  const endpointCount = Object.keys(endpoints).length;
  if (issuerUrl !== undefined ? endpointCount > 0 : endpointCount < rules.endpoints.length) {
    const alternatives = rules.endpoints.length === 1 ? `"${rules.endpoints[0]}"` : `both ${rules.endpoints.map((name) => `"${name}"`).join(' and ')}`;
    throw new OkapiError(`${owner} needs either the param "issuer_url" or ${alternatives}; it has ${namesGiven(['issuer_url', ...rules.endpoints].filter((name) => given(name) !== undefined))}`, {
      hint: `give issuer_url to find the endpoints by discovery, or ${rules.endpoints.join(' and ')} to name ${rules.endpoints.length === 1 ? 'it' : 'them'}`,
    });
  }
  for (const [name, value] of Object.entries({ ...(issuerUrl !== undefined ? { issuer_url: issuerUrl } : {}), ...endpoints })) {
    if (!/^https?:$/.test(URL.canParse(value) ? new URL(value).protocol : '')) {
      throw new OkapiError(`${owner} param "${name}" is ${JSON.stringify(value)}, which is not an http or https URL`);
    }
  }

  const clientSecret = given('client_secret');
  if (clientSecret === undefined && rules.secretRequired) throw new OkapiError(`${owner} has no "client_secret" param`, { hint: 'set auth.params.client_secret in the profile' });
  const known = new Set(['client_id', 'client_secret', 'auth_method', 'issuer_url', 'scopes', ...rules.endpoints, ...(rules.own ?? [])]);
  return {
    clientId,
    ...(clientSecret !== undefined ? { clientSecret } : {}),
    authMethod: authMethod(params.auth_method, clientSecret !== undefined, owner, rules.secretRequired === true),
    ...(issuerUrl !== undefined ? { issuerUrl } : {}),
    endpoints,
    // OAuth writes scopes space-separated; commas are accepted too, as people write lists.
    scopes: (params.scopes ?? '').split(/[\s,]+/).filter((scope) => scope !== ''),
    extra: Object.fromEntries(Object.entries(params).filter(([name]) => !known.has(name))),
  };
}

/** What the type's first request sends besides its own fields: the extra params, and the scopes as OAuth's space-separated `scope`. */
export function firstRequestParams(client: Pick<ClientParams, 'extra' | 'scopes'>): Record<string, string> {
  return { ...client.extra, ...(client.scopes.length > 0 ? { scope: client.scopes.join(' ') } : {}) };
}

/** A secret means a confidential client (`client_secret_basic` by default); no secret, a public one (`none`). */
function authMethod(value: string | undefined, hasSecret: boolean, owner: string, secretRequired: boolean): ClientAuthMethod {
  const allowed: readonly ClientAuthMethod[] = secretRequired ? SECRET_METHODS : ['none', ...SECRET_METHODS];
  const method = value ?? (hasSecret ? 'client_secret_basic' : 'none');
  if (!allowed.includes(method as ClientAuthMethod)) {
    throw new OkapiError(`${owner} param "auth_method" is ${JSON.stringify(method)}; it must be one of ${allowed.join(', ')}`);
  }
  if (method !== 'none' && !hasSecret) {
    throw new OkapiError(`${owner} param "auth_method" is ${method}, which needs a "client_secret" param, and there is none`, {
      hint: 'set auth.params.client_secret for a confidential client, or remove auth_method for a public one',
    });
  }
  if (method === 'none' && hasSecret) {
    throw new OkapiError(`${owner} has a "client_secret" param, but its "auth_method" is none, which sends no secret`, {
      hint: 'remove the client_secret for a public client, or set auth_method to client_secret_basic or client_secret_post',
    });
  }
  return method as ClientAuthMethod;
}

function namesGiven(names: string[]): string {
  if (names.length === 0) return 'none of them';
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
