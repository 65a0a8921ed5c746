/** Exchanges a kept refresh token for a new access token (RFC 6749 §6), on oauth4webapi. */
import * as oauth from 'oauth4webapi';
import { insecureIfHttp } from '../../sdk/oauth/authorization-server.js';
import { oauthFailure } from '../../sdk/oauth/provider-refusal.js';
import type { Provider } from './provider-endpoints.js';

export async function refreshAccessToken(provider: Provider, owner: string, refreshToken: string): Promise<oauth.TokenEndpointResponse> {
  const endpoint = provider.server.token_endpoint;
  try {
    const answer = await oauth.refreshTokenGrantRequest(provider.server, provider.client, provider.clientAuth, refreshToken, insecureIfHttp(endpoint));
    return await oauth.processRefreshTokenResponse(provider.server, provider.client, answer);
  } catch (error) {
    throw oauthFailure(error, `${owner}: the token endpoint ${endpoint}${provider.ofIssuer}`);
  }
}
