/** Exchanges a kept refresh token for a new access token at the sign-in's provider. */
import type * as oauth from 'oauth4webapi';
import { refreshGrant } from '../../sdk/oauth/refresh-grant.js';
import type { Provider } from './provider-endpoints.js';

export function refreshAccessToken(provider: Provider, owner: string, refreshToken: string): Promise<oauth.TokenEndpointResponse> {
  return refreshGrant(provider.server, provider.client, provider.clientAuth, refreshToken, `${owner}: the token endpoint ${provider.server.token_endpoint}${provider.ofIssuer}`);
}
