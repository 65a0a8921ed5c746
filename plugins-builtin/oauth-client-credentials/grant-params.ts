/**
 * The auth params of the `oauth-client-credentials` type (DESIGN.md §6): `client_id`,
 * `client_secret`, `issuer_url` (discovery) or `token_url`, `scopes`, `auth_method`
 * (`client_secret_basic`, the default, or `client_secret_post`); any other param is sent with the
 * token request (an `audience` or `resource`, say). Read as every OAuth type reads them
 * (sdk/oauth/client-params.ts).
 */
import { clientParams, type ClientParams } from '../../sdk/oauth/client-params.js';

export interface GrantParams extends Omit<ClientParams, 'endpoints'> {
  clientSecret: string;
  tokenUrl?: string;
}

/** `owner` names the auth in errors: "the oauth-client-credentials auth of API x (profile y)". */
export function grantParams(params: Record<string, string>, owner: string): GrantParams {
  const { endpoints, clientSecret, ...client } = clientParams(params, owner, {
    endpoints: ['token_url'],
    secretRequired: true,
    mistaken: { grant_type: 'this auth type always uses the client_credentials grant' },
  });
  return { ...client, clientSecret: clientSecret!, ...(endpoints.token_url !== undefined ? { tokenUrl: endpoints.token_url } : {}) };
}
