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
import { clientParams, type ClientParams } from '../../sdk/oauth/client-params.js';

export interface SignInParams extends Omit<ClientParams, 'endpoints'> {
  authorizationUrl?: string;
  tokenUrl?: string;
  /** The path of the loopback redirect URI, starting with `/`. */
  redirectPath: string;
  /** The loopback port; 0 lets the system pick a free one (RFC 8252 §7.3). */
  redirectPort: number;
}

const DEFAULT_REDIRECT_PATH = '/callback';

/** Params that would be sent along but mean something else, or that okapi sets itself: refused rather than sent. */
const MISTAKEN: Record<string, string> = {
  redirect_uri: 'the redirect URI is http://127.0.0.1:<redirect_port><redirect_path>; set those params instead',
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

/** `owner` names the auth in errors: "the oauth-authorization-code auth of API x (profile y)". */
export function signInParams(params: Record<string, string>, owner: string): SignInParams {
  const { endpoints, ...client } = clientParams(params, owner, {
    endpoints: ['authorization_url', 'token_url'],
    own: ['redirect_path', 'redirect_port'],
    mistaken: MISTAKEN,
  });
  return {
    ...client,
    ...(endpoints.authorization_url !== undefined ? { authorizationUrl: endpoints.authorization_url } : {}),
    ...(endpoints.token_url !== undefined ? { tokenUrl: endpoints.token_url } : {}),
    redirectPath: redirectPath(params.redirect_path, owner),
    redirectPort: redirectPort(params.redirect_port, owner),
  };
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
