/**
 * The auth params of the `oauth-device-code` type (DESIGN.md §6): `client_id`, `issuer_url`
 * (discovery) or both `device_authorization_url` and `token_url`, `scopes`, and for a client with
 * a secret `client_secret` and `auth_method`. Any other param is sent with the device
 * authorization request (an `audience`, say). Errors name the param, never a secret's value.
 */
import type { ClientAuthMethod } from '../../sdk/oauth/authorization-server.js';
import { OkapiError } from '../../sdk/shared/errors.js';

export interface DeviceParams {
  clientId: string;
  clientSecret?: string;
  /** Either the issuer, whose metadata names both endpoints, or both endpoints. */
  issuerUrl?: string;
  deviceAuthorizationUrl?: string;
  tokenUrl?: string;
  scopes: string[];
  authMethod: ClientAuthMethod;
  /** Sent with the device authorization request as they are. */
  extra: Record<string, string>;
}

const KNOWN = new Set(['client_id', 'client_secret', 'issuer_url', 'device_authorization_url', 'token_url', 'scopes', 'auth_method']);
/** Params that would be sent along but mean something else: refused rather than sent. */
const MISTAKEN: Record<string, string> = {
  token_endpoint_auth_method: 'the client authentication method is the "auth_method" param (none, client_secret_basic or client_secret_post)',
  scope: 'scopes are the "scopes" param',
  grant_type: 'this auth type always uses the device code grant',
};
const AUTH_METHODS: ClientAuthMethod[] = ['none', 'client_secret_basic', 'client_secret_post'];

/** `owner` names the auth in errors: "the oauth-device-code auth of API x (profile y)". */
export function deviceParams(params: Record<string, string>, owner: string): DeviceParams {
  const clientId = params.client_id;
  if (clientId === undefined || clientId === '') {
    throw new OkapiError(`${owner} has no "client_id" param`, { hint: 'set auth.params.client_id in the profile' });
  }
  for (const [name, meaning] of Object.entries(MISTAKEN)) {
    if (Object.hasOwn(params, name)) throw new OkapiError(`${owner} has a "${name}" param, which it would send to the provider as it is`, { hint: `remove it: ${meaning}` });
  }
  const { issuer_url: issuerUrl, device_authorization_url: deviceAuthorizationUrl, token_url: tokenUrl } = params;
  const endpoints = [deviceAuthorizationUrl, tokenUrl].filter((url) => url !== undefined).length;
  if (issuerUrl !== undefined ? endpoints > 0 : endpoints < 2) {
    throw new OkapiError(`${owner} needs either the param "issuer_url" or both "device_authorization_url" and "token_url"; it has ${namesGiven(params)}`, {
      hint: 'give issuer_url to find the endpoints by discovery, or device_authorization_url and token_url to name them',
    });
  }
  for (const name of ['issuer_url', 'device_authorization_url', 'token_url'] as const) {
    const value = params[name];
    if (value !== undefined && !/^https?:$/.test(URL.canParse(value) ? new URL(value).protocol : '')) {
      throw new OkapiError(`${owner} param "${name}" is ${JSON.stringify(value)}, which is not an http or https URL`);
    }
  }
  const clientSecret = params.client_secret === '' ? undefined : params.client_secret;
  const authMethod = params.auth_method ?? (clientSecret === undefined ? 'none' : 'client_secret_basic');
  if (!AUTH_METHODS.includes(authMethod as ClientAuthMethod)) {
    throw new OkapiError(`${owner} param "auth_method" is ${JSON.stringify(authMethod)}; it must be one of ${AUTH_METHODS.join(', ')}`);
  }
  if (authMethod !== 'none' && clientSecret === undefined) {
    throw new OkapiError(`${owner} param "auth_method" is ${authMethod}, which needs a "client_secret" param, and there is none`, {
      hint: 'set auth.params.client_secret, or remove auth_method for a public client',
    });
  }
  if (authMethod === 'none' && clientSecret !== undefined) {
    throw new OkapiError(`${owner} has a "client_secret" param, but its "auth_method" is none, which sends no secret`, {
      hint: 'remove the client_secret, or set auth_method to client_secret_basic or client_secret_post',
    });
  }
  return {
    clientId,
    ...(clientSecret !== undefined ? { clientSecret } : {}),
    ...(issuerUrl !== undefined ? { issuerUrl } : { deviceAuthorizationUrl: deviceAuthorizationUrl!, tokenUrl: tokenUrl! }),
    // OAuth writes scopes space-separated; commas are accepted too, as people write lists.
    scopes: (params.scopes ?? '').split(/[\s,]+/).filter((scope) => scope !== ''),
    authMethod: authMethod as ClientAuthMethod,
    extra: Object.fromEntries(Object.entries(params).filter(([name]) => !KNOWN.has(name))),
  };
}

function namesGiven(params: Record<string, string>): string {
  const given = ['issuer_url', 'device_authorization_url', 'token_url'].filter((name) => params[name] !== undefined);
  if (given.length === 0) return 'none of them';
  return given.length === 1 ? given[0]! : `${given.slice(0, -1).join(', ')} and ${given.at(-1)}`;
}
