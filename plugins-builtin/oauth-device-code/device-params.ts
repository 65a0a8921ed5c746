/**
 * The auth params of the `oauth-device-code` type (DESIGN.md §6): `client_id`, `issuer_url`
 * (discovery) or both `device_authorization_url` and `token_url`, `scopes`, and for a client with
 * a secret `client_secret` and `auth_method`. Any other param is sent with the device
 * authorization request (an `audience`, say). Read as every OAuth type reads them
 * (sdk/oauth/client-params.ts).
 */
import { clientParams, type ClientParams } from '../../sdk/oauth/client-params.js';

export interface DeviceParams extends Omit<ClientParams, 'endpoints'> {
  deviceAuthorizationUrl?: string;
  tokenUrl?: string;
}

/** `owner` names the auth in errors: "the oauth-device-code auth of API x (profile y)". */
export function deviceParams(params: Record<string, string>, owner: string): DeviceParams {
  const { endpoints, ...client } = clientParams(params, owner, {
    endpoints: ['device_authorization_url', 'token_url'],
    mistaken: { grant_type: 'this auth type always uses the device code grant' },
  });
  return {
    ...client,
    ...(endpoints.device_authorization_url !== undefined ? { deviceAuthorizationUrl: endpoints.device_authorization_url } : {}),
    ...(endpoints.token_url !== undefined ? { tokenUrl: endpoints.token_url } : {}),
  };
}
