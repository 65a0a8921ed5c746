/**
 * Fetches an access token with the client credentials grant, on oauth4webapi: the token endpoint
 * from the issuer's metadata or from `token_url`, the client authenticated as `auth_method` says.
 */
import * as oauth from 'oauth4webapi';
import { clientAuthentication, discoverServer, insecureIfHttp, serverFromEndpoints } from '../../sdk/oauth/authorization-server.js';
import { firstRequestParams } from '../../sdk/oauth/client-params.js';
import { oauthFailure } from '../../sdk/oauth/provider-refusal.js';
import type { GrantParams } from './grant-params.js';

export async function fetchToken(params: GrantParams, owner: string): Promise<oauth.TokenEndpointResponse> {
  const server =
    params.issuerUrl !== undefined
      ? await discoverServer(params.issuerUrl, ['token_endpoint'], owner, 'give the token endpoint as the token_url param instead of issuer_url')
      : serverFromEndpoints({ token_endpoint: params.tokenUrl! });
  const endpoint = server.token_endpoint!;
  const from = `the token endpoint ${endpoint}${params.issuerUrl !== undefined ? ` of issuer ${params.issuerUrl}` : ''}`;
  const client: oauth.Client = { client_id: params.clientId };
  try {
    const response = await oauth.clientCredentialsGrantRequest(server, client, clientAuthentication(params.authMethod, params.clientSecret), firstRequestParams(params), insecureIfHttp(endpoint));
    return await oauth.processClientCredentialsResponse(server, client, response);
  } catch (error) {
    throw oauthFailure(error, `${owner}: ${from}`);
  }
}
