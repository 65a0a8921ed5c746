/**
 * The 401 rule (SPEC "Authentication"; docs/design/031-device-code-and-the-401-rule.md): when the
 * auth answer was `renewable` (an OAuth access token) and the API answers 401, the token was not
 * good after all (revoked, or ended early). The 401's body is let go of unread, the auth
 * hook is asked again with `renew`, and the same request is sent once more with the new answer:
 * once, whatever the second response is. A non-renewable answer's 401 is the user's to see.
 */
import type { AuthOutput, WireRequest } from '../../sdk/types.js';
import type { RecordedHop, SecretFields } from '../transport/index.js';
import type { ReceivedResponse } from './exchange.js';

/** A request with an auth answer applied, and the field names that answer made secret. */
export interface AuthenticatedRequest {
  request: WireRequest;
  secretFields: SecretFields;
}

export interface AuthenticatedExchange extends AuthenticatedRequest {
  response: ReceivedResponse;
}

/** What -v says before the resent request. */
export const RESENT_AFTER_401 = 'the API answered 401 to a credential the auth can renew: renewed it and sent the request again (once)';

/**
 * `authenticate(renew)` asks the auth hook and applies its answer to the request; `transmit` sends
 * a request. The response is the second one when the first was a 401 to a renewable answer; its
 * recorded hops (-v) then follow the first one's.
 */
export async function sendRenewingAfter401(
  authenticate: (renew: boolean) => Promise<AuthenticatedRequest & { answer: AuthOutput }>,
  transmit: (authenticated: AuthenticatedRequest) => Promise<ReceivedResponse>,
): Promise<AuthenticatedExchange> {
  const first = await authenticate(false);
  const refused = await transmit(first);
  if (refused.status !== 401 || first.answer.renewable !== true) return { request: first.request, secretFields: first.secretFields, response: refused };
  // Let go of, not read: nobody shows it, and a large one must not count against the body size limit.
  refused.body.discard();
  const second = await authenticate(true);
  const response = await transmit(second);
  return { request: second.request, secretFields: second.secretFields, response: afterRefusal(response, refused) };
}

/** The resent response with the refused exchange's hops before its own, the first resent hop saying why. */
function afterRefusal(response: ReceivedResponse, refused: ReceivedResponse): ReceivedResponse {
  if (!response.hops || !refused.hops) return response;
  const [resent, ...rest] = response.hops;
  const hops: RecordedHop[] = [...refused.hops, { ...resent!, resent: RESENT_AFTER_401 }, ...rest];
  return { ...response, hops };
}
