/**
 * The auth an OpenAPI security scheme calls for (DESIGN.md §6 type names), as `api auth add`
 * prefills a credential binding and `api connect` derives a profile's auth: `http` bearer and basic,
 * `apiKey` with its `in` and `name`, `oauth2` flows with their URLs and scopes, `openIdConnect` with
 * the issuer. What a user must still give (a token, a client id) is in `AUTH_TYPE_PARAMS`.
 */
import type { AuthObject } from '../../sdk/shared/api-config.js';
import type { SecuritySchemeInfo } from '../../sdk/shared/operation-index-format.js';
import { OkapiError } from '../../sdk/shared/errors.js';

/** The OAuth 2 flows okapi has an auth type for, by their OpenAPI names. */
export const OAUTH_FLOW_TYPES: Record<string, string> = {
  clientCredentials: 'oauth-client-credentials',
  authorizationCode: 'oauth-authorization-code',
  deviceAuthorization: 'oauth-device-code',
};

export interface TypeParam {
  name: string;
  /** Without it the auth type cannot work: `api auth add` fails without a terminal to ask on. */
  required: boolean;
  /** Asked without echo. */
  secret: boolean;
}

/** The params a user supplies per built-in auth type (the rest comes from the scheme). */
export const AUTH_TYPE_PARAMS: Record<string, TypeParam[]> = {
  bearer: [{ name: 'token', required: true, secret: true }],
  // The password may be asked at request time instead (DESIGN.md §6).
  'http-basic': [
    { name: 'username', required: true, secret: false },
    { name: 'password', required: false, secret: true },
  ],
  'api-key': [
    { name: 'in', required: true, secret: false },
    { name: 'name', required: true, secret: false },
    { name: 'value', required: true, secret: true },
  ],
  'oauth-client-credentials': [
    { name: 'client_id', required: true, secret: false },
    { name: 'client_secret', required: true, secret: true },
  ],
  'oauth-authorization-code': [{ name: 'client_id', required: true, secret: false }],
  'oauth-device-code': [{ name: 'client_id', required: true, secret: false }],
};

/**
 * The auth for `scheme`; `type` picks the flow of an oauth2 scheme with several. Undefined: the
 * scheme has no auth type (mutualTLS, an unknown type, an http scheme other than bearer and basic).
 * Throws when an oauth2 scheme leaves the flow to choose.
 */
export function schemeAuth(scheme: SecuritySchemeInfo, type?: string): AuthObject | undefined {
  if (scheme.type === 'http') {
    const name = scheme.scheme?.toLowerCase();
    return name === 'bearer' ? { type: 'bearer' } : name === 'basic' ? { type: 'http-basic' } : undefined;
  }
  if (scheme.type === 'apiKey') {
    return { type: 'api-key', ...(scheme.in && scheme.name ? { params: { in: scheme.in, name: scheme.name } } : {}) };
  }
  if (scheme.type === 'openIdConnect' && scheme.open_id_connect_url) {
    const issuer = scheme.open_id_connect_url.replace(/\/\.well-known\/openid-configuration\/?$/, '');
    return { type: type ?? 'oauth-authorization-code', params: { issuer_url: issuer } };
  }
  if (scheme.type === 'oauth2') return oauthAuth(scheme.flows ?? {}, type);
  return undefined;
}

function oauthAuth(flows: NonNullable<SecuritySchemeInfo['flows']>, type: string | undefined): AuthObject | undefined {
  const usable = Object.keys(flows).filter((flow) => Object.hasOwn(OAUTH_FLOW_TYPES, flow));
  const chosen = type === undefined ? usable : usable.filter((flow) => OAUTH_FLOW_TYPES[flow] === type);
  if (chosen.length === 0) return undefined;
  if (chosen.length > 1) {
    throw new OkapiError(`the scheme offers several OAuth flows: ${chosen.join(', ')}`, {
      hint: `choose one with the setup expression 'auth.type: <type>', one of ${chosen.map((flow) => OAUTH_FLOW_TYPES[flow]).join(', ')}`,
    });
  }
  const flow = flows[chosen[0]!]!;
  const params: Record<string, string> = {};
  if (flow.authorization_url) params.authorization_url = flow.authorization_url;
  if (flow.device_authorization_url) params.device_authorization_url = flow.device_authorization_url;
  if (flow.token_url) params.token_url = flow.token_url;
  if (flow.scopes.length > 0) params.scopes = flow.scopes.join(' ');
  return { type: OAUTH_FLOW_TYPES[chosen[0]!]!, ...(Object.keys(params).length > 0 ? { params } : {}) };
}
