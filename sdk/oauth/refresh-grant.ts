/**
 * The refresh token grant (RFC 6749 §6) on oauth4webapi, as every OAuth type that keeps a refresh
 * token makes it. Loaded only when a token must be refreshed.
 */
import * as oauth from 'oauth4webapi';
import { insecureIfHttp } from './authorization-server.js';
import { oauthFailure } from './provider-refusal.js';

/**
 * `server` names a token endpoint (discovery checked it, or a param gave it). `what` names the
 * exchange in errors: "the oauth-… auth of API x (profile y): the token endpoint …".
 */
export async function refreshGrant(
  server: oauth.AuthorizationServer,
  client: oauth.Client,
  clientAuth: oauth.ClientAuth,
  refreshToken: string,
  what: string,
): Promise<oauth.TokenEndpointResponse> {
  try {
    const answer = await oauth.refreshTokenGrantRequest(server, client, clientAuth, refreshToken, insecureIfHttp(server.token_endpoint!));
    return await oauth.processRefreshTokenResponse(server, client, answer);
  } catch (error) {
    throw oauthFailure(error, what);
  }
}
