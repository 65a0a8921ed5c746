/**
 * The auth params of the `oauth-authorization-code` type (DESIGN.md §6, docs/design/030):
 * `client_id`; `issuer_url` (discovery) or `authorization_url` + `token_url`; `client_secret` for a
 * confidential client, with `auth_method` (`client_secret_basic`, the default, or
 * `client_secret_post`), else a public client; `scopes`; `redirect_path` (default `/callback`) and
 * `redirect_port` (default: a free port the system picks). Any other param is sent with the
 * authorization request (an `audience`, a `prompt`, a `login_hint`). Errors name the param, never
 * a secret's value.
 */
import { OkapiError } from '../../sdk/shared/errors.js';
import type { ClientAuthMethod } from '../../sdk/oauth/authorization-server.js';

export interface SignInParams {
  clientId: string;
  /** Absent for a public client, which proves itself with PKCE alone. */
  clientSecret?: string;
  authMethod: ClientAuthMethod;
  /** Either the issuer (discovery) or both endpoints. */
  issuerUrl?: string;
  authorizationUrl?: string;
  tokenUrl?: string;
  scopes: string[];
  /** The path of the loopback redirect URI, starting with `/`. */
  redirectPath: string;
  /** The loopback port; 0 lets the system pick a free one (RFC 8252 §7.3). */
  redirectPort: number;
  /** Sent with the authorization request as they are. */
  extra: Record<string, string>;
}

export const DEFAULT_REDIRECT_PATH = '/callback';

const KNOWN = new Set(['client_id', 'client_secret', 'auth_method', 'issuer_url', 'authorization_url', 'token_url', 'scopes', 'redirect_path', 'redirect_port']);
/** Params that would be sent along but mean something else, or that okapi sets itself: refused rather than sent. */
const MISTAKEN: Record<string, string> = {
  scope: 'scopes are the "scopes" param',
  redirect_uri: 'the redirect URI is http://127.0.0.1:<redirect_port><redirect_path>; set those params instead',
  token_endpoint_auth_method: 'the client authentication method is the "auth_method" param (client_secret_basic or client_secret_post)',
  authorization_endpoint: 'the authorization endpoint is the "authorization_url" param',
  authorize_url: 'the authorization endpoint is the "authorization_url" param',
  token_endpoint: 'the token endpoint is the "token_url" param',
  response_type: 'this auth type always asks for a code',
  grant_type: 'this auth type always uses the authorization_code grant',
  state: 'okapi makes a fresh state for every sign-in',
  code_challenge: 'okapi makes a fresh PKCE challenge for every sign-in',
  code_challenge_method: 'okapi always uses the S256 PKCE method',
  nonce: 'okapi does not check an ID token nonce; PKCE protects the code',
};
const SECRET_AUTH_METHODS: ClientAuthMethod[] = ['client_secret_basic', 'client_secret_post'];

/** `owner` names the auth in errors: "the oauth-authorization-code auth of API x (profile y)". */
export function signInParams(params: Record<string, string>, owner: string): SignInParams {
  const given = (name: string): string | undefined => (params[name] === '' ? undefined : params[name]);
  for (const [name, meaning] of Object.entries(MISTAKEN)) {
    if (Object.hasOwn(params, name)) throw new OkapiError(`${owner} has a "${name}" param, which it would send to the provider as it is`, { hint: `remove it: ${meaning}` });
  }
  const clientId = given('client_id');
  if (clientId === undefined) throw new OkapiError(`${owner} has no "client_id" param`, { hint: 'set auth.params.client_id in the profile' });

  const issuerUrl = given('issuer_url');
  const authorizationUrl = given('authorization_url');
  const tokenUrl = given('token_url');
  if (issuerUrl !== undefined && (authorizationUrl !== undefined || tokenUrl !== undefined)) {
    throw new OkapiError(`${owner} has the param "issuer_url" and also "${authorizationUrl !== undefined ? 'authorization_url' : 'token_url'}"; it needs one or the other`, {
      hint: 'give issuer_url to find the endpoints by discovery, or authorization_url and token_url to name them',
    });
  }
  if (issuerUrl === undefined && (authorizationUrl === undefined || tokenUrl === undefined)) {
    const missing = authorizationUrl === undefined && tokenUrl === undefined ? '"issuer_url", or "authorization_url" and "token_url"' : `"${authorizationUrl === undefined ? 'authorization_url' : 'token_url'}"`;
    throw new OkapiError(`${owner} has no ${missing} param`, {
      hint: 'give issuer_url to find the endpoints by discovery, or authorization_url and token_url to name them',
    });
  }
  for (const [name, value] of [['issuer_url', issuerUrl], ['authorization_url', authorizationUrl], ['token_url', tokenUrl]] as const) {
    if (value !== undefined && !/^https?:$/.test(URL.canParse(value) ? new URL(value).protocol : '')) {
      throw new OkapiError(`${owner} param "${name}" is ${JSON.stringify(value)}, which is not an http or https URL`);
    }
  }

  const clientSecret = given('client_secret');
  return {
    clientId,
    ...(clientSecret !== undefined ? { clientSecret } : {}),
    authMethod: authMethod(params.auth_method, clientSecret !== undefined, owner),
    ...(issuerUrl !== undefined ? { issuerUrl } : {}),
    ...(authorizationUrl !== undefined ? { authorizationUrl } : {}),
    ...(tokenUrl !== undefined ? { tokenUrl } : {}),
    // OAuth writes scopes space-separated; commas are accepted too, as people write lists.
    scopes: (params.scopes ?? '').split(/[\s,]+/).filter((scope) => scope !== ''),
    redirectPath: redirectPath(params.redirect_path, owner),
    redirectPort: redirectPort(params.redirect_port, owner),
    extra: Object.fromEntries(Object.entries(params).filter(([name]) => !KNOWN.has(name))),
  };
}

/** A secret means a confidential client; a method that needs a secret without one, or `none` with one, is a mistake. */
function authMethod(value: string | undefined, hasSecret: boolean, owner: string): ClientAuthMethod {
  if (!hasSecret) {
    if (value === undefined || value === 'none') return 'none';
    throw new OkapiError(`${owner} param "auth_method" is ${JSON.stringify(value)}, which needs a client secret, and there is no "client_secret" param`, {
      hint: 'set client_secret for a confidential client, or remove auth_method for a public one',
    });
  }
  const method = value ?? 'client_secret_basic';
  if (SECRET_AUTH_METHODS.includes(method as ClientAuthMethod)) return method as ClientAuthMethod;
  throw new OkapiError(`${owner} param "auth_method" is ${JSON.stringify(method)}; with a client secret it must be one of ${SECRET_AUTH_METHODS.join(', ')}`, {
    hint: method === 'none' ? 'remove client_secret for a public client' : undefined,
  });
}

function redirectPath(value: string | undefined, owner: string): string {
  if (value === undefined || value === '') return DEFAULT_REDIRECT_PATH;
  // The path alone: the redirect URI's scheme, host and port are okapi's loopback listener.
  if (!value.startsWith('/') || value.startsWith('//') || /[?#\s]/.test(value) || new URL(value, 'http://127.0.0.1').pathname !== value) {
    throw new OkapiError(`${owner} param "redirect_path" is ${JSON.stringify(value)}, which is not a URL path`, {
      hint: `give a path starting with "/" without query or fragment, as registered with the provider (e.g. ${DEFAULT_REDIRECT_PATH})`,
    });
  }
  return value;
}

function redirectPort(value: string | undefined, owner: string): number {
  if (value === undefined || value === '') return 0;
  const port = /^\d{1,5}$/.test(value) ? Number(value) : 0;
  if (port < 1 || port > 65535) {
    throw new OkapiError(`${owner} param "redirect_port" is ${JSON.stringify(value)}, which is not a port number (1 to 65535)`, {
      hint: 'give the port of the redirect URI registered with the provider, or remove the param to let the system pick a free one',
    });
  }
  return port;
}
