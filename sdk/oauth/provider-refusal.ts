/**
 * An okapi error for a failed OAuth exchange, in the provider's own words (`error`,
 * `error_description`) when it gave them. No message carries a client secret or a token: the
 * provider's fields are quoted, never the request.
 */
import * as oauth from 'oauth4webapi';
import { OkapiError } from '../shared/errors.js';

/** `what` names the exchange: "the oauth-… auth of API x (profile y): the token endpoint …". */
export function oauthFailure(error: unknown, what: string): OkapiError {
  if (error instanceof OkapiError) return error;
  if (error instanceof oauth.ResponseBodyError) return providerError(what, error.status, error.error, error.error_description);
  // A refusal in a redirect's query (the authorization endpoint's): there is no status to quote.
  if (error instanceof oauth.AuthorizationResponseError) return providerError(what, undefined, error.error, error.error_description);
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    const parameters = error.cause[0]?.parameters ?? {};
    return providerError(what, error.status, parameters.error ?? error.cause[0]?.scheme ?? 'unauthorized', parameters.error_description);
  }
  const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
  const message = error instanceof Error ? error.message : String(error);
  return new OkapiError(`${what} failed: ${message}${cause}`, { hint: 'check the issuer_url or endpoint params, and that the provider is reachable' });
}

/** The error code of a provider's refusal, when `error` is one. */
export function providerErrorCode(error: unknown): string | undefined {
  return error instanceof oauth.ResponseBodyError ? error.error : undefined;
}

const HINTS: Record<string, string> = {
  invalid_client: 'check the client_id and client_secret params, and the auth_method (client_secret_basic or client_secret_post) the provider expects',
  invalid_scope: 'check the scopes param against what the client may ask for',
  invalid_grant: "the grant was refused (expired or revoked): run 'okapi api auth logout <api>' and try again",
  access_denied: 'the sign-in was declined; try again and approve the request',
  expired_token: 'the code expired before it was approved; run the command again',
};

function providerError(what: string, status: number | undefined, code: string, description: string | undefined): OkapiError {
  const words = description !== undefined && description !== '' ? `${code} (${description})` : code;
  return new OkapiError(`${what} answered ${status !== undefined ? `${status}: ` : ''}${words}`, { hint: HINTS[code] ?? "see the provider's error above" });
}
