/**
 * The authorization code grant with PKCE (RFC 6749 §4.1, RFC 7636, RFC 8252), on oauth4webapi: the
 * user signs in in the browser, the provider redirects it to okapi's loopback listener with a code,
 * and the code and the PKCE verifier are exchanged for tokens. With `--okapi-no-browser` the URL is
 * only shown, and the user pastes the redirect's address or the code at a prompt. Never another
 * flow in its place (SPEC rule 12).
 */
import * as oauth from 'oauth4webapi';
import { insecureIfHttp } from '../../sdk/oauth/authorization-server.js';
import { oauthFailure } from '../../sdk/oauth/provider-refusal.js';
import { onInterrupt } from '../../sdk/interrupt.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import type { Terminal } from '../../sdk/services.js';
import { pastedResponse } from './authorization-response.js';
import { listenForRedirect, type RedirectArrival } from './loopback-redirect.js';
import { openBrowser } from './open-browser.js';
import type { Provider } from './provider-endpoints.js';
import type { SignInParams } from './sign-in-params.js';

/** The auth hook's deadline for a plugin process (SPEC Limits), kept by the built-in too. */
const SIGN_IN_WAIT_MS = 5 * 60_000;

export async function signIn(params: SignInParams, provider: Provider, owner: string, terminal: Terminal, noBrowser: boolean): Promise<oauth.TokenEndpointResponse> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const loopback = await listenForRedirect(params.redirectPort, params.redirectPath, owner, noBrowser ? 'paste' : 'receive');
  const forget = onInterrupt(() => loopback.close());
  let arrival: RedirectArrival | undefined;
  try {
    const url = authorizationUrl(provider, params, loopback.redirectUri, await oauth.calculatePKCECodeChallenge(verifier), state);
    terminal.tell(`Open this URL to sign in: ${url.href}`);
    let response: URLSearchParams;
    if (noBrowser) {
      // No time limit here: the user is at the terminal, and Ctrl-C ends the wait.
      const pasted = pastedResponse(await terminal.prompt('Paste the code or the full redirect URL:'), owner);
      response = checkedResponse(provider, pasted.parameters, pasted.bare ? undefined : state, owner);
    } else {
      openBrowser(url.href, (message) => terminal.tell(message));
      arrival = await withinSignInTime(loopback.arrival, owner, loopback.redirectUri);
      response = checkedResponse(provider, arrival.url.searchParams, state, owner);
    }
    const tokens = await exchangeCode(provider, response, loopback.redirectUri, verifier, owner);
    arrival?.answer({ kind: 'signed-in' });
    return tokens;
  } catch (error) {
    arrival?.answer({ kind: 'failed', problem: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    forget();
    await loopback.close();
  }
}

function authorizationUrl(provider: Provider, params: SignInParams, redirectUri: string, challenge: string, state: string): URL {
  const url = new URL(provider.server.authorization_endpoint);
  for (const [name, value] of Object.entries(params.extra)) url.searchParams.set(name, value);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', params.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  if (params.scopes.length > 0) url.searchParams.set('scope', params.scopes.join(' '));
  url.searchParams.set('code_challenge', challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  return url;
}

/**
 * The response checked: its state is this sign-in's, its issuer the provider's, and it is not a
 * refusal. `state` undefined: a code pasted alone, which carries neither state nor issuer.
 */
function checkedResponse(provider: Provider, parameters: URLSearchParams, state: string | undefined, owner: string): URLSearchParams {
  const what = `${owner}: the sign-in at ${provider.server.authorization_endpoint}`;
  try {
    if (state === undefined) {
      return oauth.validateAuthResponse({ ...provider.server, authorization_response_iss_parameter_supported: false }, provider.client, parameters, oauth.skipStateCheck);
    }
    return oauth.validateAuthResponse(provider.server, provider.client, parameters, state);
  } catch (error) {
    if (error instanceof oauth.OperationProcessingError && /state/.test(error.message)) {
      throw new OkapiError(`${what} did not come back with this sign-in's state`, {
        hint: 'the redirect belongs to another sign-in (an old browser tab?): run the command again and use the URL it shows',
      });
    }
    throw oauthFailure(error, what);
  }
}

async function exchangeCode(provider: Provider, response: URLSearchParams, redirectUri: string, verifier: string, owner: string): Promise<oauth.TokenEndpointResponse> {
  const endpoint = provider.server.token_endpoint;
  try {
    const answer = await oauth.authorizationCodeGrantRequest(provider.server, provider.client, provider.clientAuth, response, redirectUri, verifier, insecureIfHttp(endpoint));
    // An OpenID provider may add an ID token (scope openid); it is checked (issuer, audience,
    // lifetime) though okapi only sends the access token. okapi sent no nonce, so it expects none.
    return await oauth.processAuthorizationCodeResponse(provider.server, provider.client, answer);
  } catch (error) {
    throw oauthFailure(error, `${owner}: the token endpoint ${endpoint}${provider.ofIssuer}`);
  }
}

async function withinSignInTime<T>(waiting: Promise<T>, owner: string, redirectUri: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new OkapiError(`${owner}: no sign-in reached ${redirectUri} within ${SIGN_IN_WAIT_MS / 60_000} minutes`, {
            hint: 'run the command again and sign in in the browser, or add --okapi-no-browser to paste the redirect address instead',
          }),
        ),
      SIGN_IN_WAIT_MS,
    );
  });
  try {
    return await Promise.race([waiting, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
