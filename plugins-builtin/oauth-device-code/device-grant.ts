/**
 * The device authorization grant (RFC 8628) on oauth4webapi: ask for a device code, tell the user
 * where to approve it, poll until they do; and the refresh token grant for the tokens it gives.
 * Loaded only when a token must be fetched: a request with a kept token does not load oauth4webapi.
 */
import * as oauth from 'oauth4webapi';
import { clientAuthentication, discoverServer, insecureIfHttp, serverFromEndpoints } from '../../sdk/oauth/authorization-server.js';
import { firstRequestParams } from '../../sdk/oauth/client-params.js';
import { oauthFailure } from '../../sdk/oauth/provider-refusal.js';
import { refreshGrant } from '../../sdk/oauth/refresh-grant.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import type { AuthContext } from '../../sdk/types.js';
import type { DeviceParams } from './device-params.js';
import { DEFAULT_INTERVAL_MS, pollUntilIssued } from './polling.js';

export class DeviceGrant {
  private server: Promise<oauth.AuthorizationServer> | undefined;
  private readonly client: oauth.Client;

  constructor(
    private readonly params: DeviceParams,
    /** Names the auth in messages: "the oauth-device-code auth of API x (profile y)". */
    private readonly owner: string,
    private readonly api: string,
  ) {
    this.client = { client_id: params.clientId };
  }

  /** A device code, approved by the user at the provider while okapi polls, exchanged for a token. */
  async obtain(ctx: Pick<AuthContext, 'tell'>): Promise<oauth.TokenEndpointResponse> {
    const server = await this.authorizationServer();
    const endpoint = server.device_authorization_endpoint!;
    let code: oauth.DeviceAuthorizationResponse;
    try {
      code = await oauth.processDeviceAuthorizationResponse(server, this.client, await oauth.deviceAuthorizationRequest(server, this.client, this.authentication(), firstRequestParams(this.params), insecureIfHttp(endpoint)));
    } catch (error) {
      throw oauthFailure(error, `${this.owner}: the device authorization endpoint ${endpoint}`);
    }
    const startedAt = Date.now();
    ctx.tell(instructions(this.api, code));
    const tokenEndpoint = server.token_endpoint!;
    const poll = async () =>
      oauth.processDeviceCodeResponse(server, this.client, await oauth.deviceCodeGrantRequest(server, this.client, this.authentication(), code.device_code, insecureIfHttp(tokenEndpoint)));
    const expired = () =>
      new OkapiError(`${this.owner}: the code ${code.user_code} expired after ${describeSeconds(code.expires_in)} before it was approved`, { hint: 'run the command again, and approve the new code in time' });
    try {
      return await pollUntilIssued(poll, { intervalMs: code.interval !== undefined ? code.interval * 1000 : DEFAULT_INTERVAL_MS, expiresAt: startedAt + code.expires_in * 1000 }, expired);
    } catch (error) {
      throw oauthFailure(error, `${this.owner}: the token endpoint ${tokenEndpoint}, polled for the code ${code.user_code},`);
    }
  }

  /** A fresh access token for a refresh token. */
  async refresh(refreshToken: string): Promise<oauth.TokenEndpointResponse> {
    const server = await this.authorizationServer();
    const endpoint = server.token_endpoint!;
    return refreshGrant(server, this.client, this.authentication(), refreshToken, `${this.owner}: the token endpoint ${endpoint}, asked to refresh the token,`);
  }

  private authentication(): oauth.ClientAuth {
    return clientAuthentication(this.params.authMethod, this.params.clientSecret);
  }

  /** Discovered once per run, when first needed: a refresh that fails is followed by a device code. */
  private authorizationServer(): Promise<oauth.AuthorizationServer> {
    const { issuerUrl, deviceAuthorizationUrl, tokenUrl } = this.params;
    this.server ??=
      issuerUrl !== undefined
        ? discoverServer(issuerUrl, ['device_authorization_endpoint', 'token_endpoint'], this.owner, 'give the endpoints as the device_authorization_url and token_url params instead of issuer_url')
        : Promise.resolve(serverFromEndpoints({ device_authorization_endpoint: deviceAuthorizationUrl!, token_endpoint: tokenUrl! }));
    return this.server;
  }
}

/** What the user must do, on stderr whatever the verbosity: where to go, and the code to enter. */
function instructions(api: string, code: oauth.DeviceAuthorizationResponse): string {
  const lines = [
    `To sign in for API ${api}, open ${code.verification_uri} in a browser and enter the code ${code.user_code}`,
    ...(code.verification_uri_complete !== undefined ? [`(or open ${code.verification_uri_complete}, which carries the code)`] : []),
    `Waiting for the approval; the code expires in ${describeSeconds(code.expires_in)}. Ctrl-C gives up.`,
  ];
  return lines.join('\n');
}

function describeSeconds(seconds: number): string {
  if (seconds >= 120) return `${Math.round(seconds / 60)} minutes`;
  const whole = Math.round(seconds);
  return `${whole} second${whole === 1 ? '' : 's'}`;
}
