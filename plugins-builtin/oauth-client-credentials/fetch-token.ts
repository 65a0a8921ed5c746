/**
 * Fetches an access token with the client credentials grant, on oauth4webapi: the token endpoint
 * from the issuer's metadata (OpenID Connect discovery, else RFC 8414) or from `token_url`, the
 * client authenticated as `auth_method` says. A refusal is reported in the provider's own words
 * (`error`, `error_description`); no message carries the client secret or a token.
 */
import * as oauth from 'oauth4webapi';
import { OkapiError } from '../../sdk/shared/errors.js';
import type { GrantParams } from './grant-params.js';

export async function fetchToken(params: GrantParams, owner: string): Promise<oauth.TokenEndpointResponse> {
  const server = params.issuerUrl !== undefined ? await discover(params.issuerUrl, owner) : tokenEndpointOnly(params.tokenUrl!);
  const endpoint = server.token_endpoint!;
  const from = `the token endpoint ${endpoint}${params.issuerUrl !== undefined ? ` of issuer ${params.issuerUrl}` : ''}`;
  const client: oauth.Client = { client_id: params.clientId };
  const clientAuth = params.authMethod === 'client_secret_post' ? oauth.ClientSecretPost(params.clientSecret) : oauth.ClientSecretBasic(params.clientSecret);
  const body = { ...params.extra, ...(params.scopes.length > 0 ? { scope: params.scopes.join(' ') } : {}) };
  try {
    const response = await oauth.clientCredentialsGrantRequest(server, client, clientAuth, body, insecureIfHttp(endpoint));
    return await oauth.processClientCredentialsResponse(server, client, response);
  } catch (error) {
    throw refusal(error, `${owner}: ${from}`);
  }
}

/** What the issuer's metadata says, from `/.well-known/openid-configuration`, else `/.well-known/oauth-authorization-server`. */
async function discover(issuerUrl: string, owner: string): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(issuerUrl);
  let firstProblem: unknown;
  for (const algorithm of ['oidc', 'oauth2'] as const) {
    try {
      const server = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { algorithm, ...insecureIfHttp(issuerUrl) }));
      if (typeof server.token_endpoint !== 'string') {
        throw new OkapiError(`${owner}: the metadata of issuer ${issuerUrl} names no token_endpoint`, { hint: 'give the token endpoint as the token_url param instead of issuer_url' });
      }
      return server;
    } catch (error) {
      if (error instanceof OkapiError) throw error;
      firstProblem ??= error;
    }
  }
  throw refusal(firstProblem, `${owner}: discovery of issuer ${issuerUrl} (/.well-known/openid-configuration, /.well-known/oauth-authorization-server)`);
}

function tokenEndpointOnly(tokenUrl: string): oauth.AuthorizationServer {
  // Without discovery there is no issuer to check a response against; the grant needs none.
  return { issuer: new URL(tokenUrl).origin, token_endpoint: tokenUrl };
}

/** oauth4webapi refuses plain http unless told: the user's config chose the URL, so it is told then. */
function insecureIfHttp(url: string): { [oauth.allowInsecureRequests]?: boolean } {
  return new URL(url).protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {};
}

/** An okapi error for a failed OAuth exchange: the provider's error and description when it gave them. */
function refusal(error: unknown, what: string): OkapiError {
  if (error instanceof OkapiError) return error;
  if (error instanceof oauth.ResponseBodyError) return providerError(what, error.status, error.error, error.error_description);
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const parameters = error.cause[0]?.parameters ?? {};
    return providerError(what, error.status, parameters.error ?? error.cause[0]?.scheme ?? 'unauthorized', parameters.error_description);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  const message = error instanceof Error ? error.message : String(error);
  return new OkapiError(`${what} failed: ${message}${cause}`, { hint: 'check the issuer_url or token_url param, and that the provider is reachable' });
}

function providerError(what: string, status: number, code: string, description: string | undefined): OkapiError {
  const words = description !== undefined && description !== '' ? `${code} (${description})` : code;
  const hint =
    code === 'invalid_client'
      ? 'check the client_id and client_secret params, and auth_method (client_secret_basic or client_secret_post) the provider expects'
      : code === 'invalid_scope'
        ? 'check the scopes param against what the client may ask for'
        : 'see the provider\'s error above';
  return new OkapiError(`${what} answered ${status}: ${words}`, { hint });
}
