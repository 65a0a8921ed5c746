/**
 * The provider a sign-in and a refresh talk to: its authorization and token endpoints (by
 * discovery from `issuer_url`, or `authorization_url` + `token_url`), the client, and how the client
 * proves itself at the token endpoint.
 */
import type * as oauth from 'oauth4webapi';
import { clientAuthentication, discoverServer, serverFromEndpoints } from '../../sdk/oauth/authorization-server.js';
import type { SignInParams } from './sign-in-params.js';

export interface Provider {
  server: oauth.AuthorizationServer & { authorization_endpoint: string; token_endpoint: string };
  client: oauth.Client;
  clientAuth: oauth.ClientAuth;
  /** Names the issuer in errors: " of issuer https://…", or empty when the endpoints were given. */
  ofIssuer: string;
}

export async function providerFor(params: SignInParams, owner: string): Promise<Provider> {
  const server =
    params.issuerUrl !== undefined
      ? await discoverServer(params.issuerUrl, ['authorization_endpoint', 'token_endpoint'], owner, 'give the endpoints as the authorization_url and token_url params instead of issuer_url')
      : serverFromEndpoints({ authorization_endpoint: params.authorizationUrl!, token_endpoint: params.tokenUrl! });
  return {
    server: server as Provider['server'],
    client: { client_id: params.clientId },
    clientAuth: clientAuthentication(params.authMethod, params.clientSecret),
    ofIssuer: params.issuerUrl !== undefined ? ` of issuer ${params.issuerUrl}` : '',
  };
}
