/**
 * The 401 rule (SPEC "Authentication"; docs/design/031-device-code-and-the-401-rule.md): when an
 * auth answer was `renewable` (an OAuth access token) and the API answers 401, the token was not
 * good after all (revoked, or ended early). The 401's body is let go of unread, each renewable
 * answer's hook is asked again with `renew`, and the same request is sent once more with the new
 * answers: once, whatever the second response is. A 401 to answers none of which is renewable is
 * the user's to see.
 */
import type { AuthOutput, WireRequest } from '../../sdk/types.js';
import type { RecordedHop, SecretFields } from '../transport/index.js';
import type { ReceivedResponse } from './exchange.js';

/** The credentials that authenticate a request, each in turn on the request the ones before it made. */
export interface AuthSteps {
  count: number;
  /** Asks the hook of credential `index` about `request`; `renew` when its answer before was refused. */
  ask(index: number, request: WireRequest, renew: boolean): Promise<AuthOutput>;
  apply(request: WireRequest, answer: AuthOutput): WireRequest;
}

/** A request with its auth answers applied, and the field names those answers made secret. */
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
 * Authenticates `unauthenticated` and sends it. The response is the second one when the first was
 * a 401 to a renewable answer; its recorded hops (-v) then follow the first one's.
 */
export async function sendRenewingAfter401(
  unauthenticated: WireRequest,
  steps: AuthSteps,
  transmit: (authenticated: AuthenticatedRequest) => Promise<ReceivedResponse>,
): Promise<AuthenticatedExchange> {
  const first = await authenticate(unauthenticated, steps, []);
  const refused = await transmit(first);
  if (refused.status !== 401 || !first.answers.some((answer) => answer.renewable === true)) return { request: first.request, secretFields: first.secretFields, response: refused };
  // Let go of, not read: nobody shows it, and a large one must not count against the body size limit.
  refused.body.discard();
  const second = await authenticate(unauthenticated, steps, first.answers);
  const response = await transmit(second);
  return { request: second.request, secretFields: second.secretFields, response: afterRefusal(response, refused) };
}

/**
 * Asks each credential in turn, on the request the ones before it made. With the answers `before`
 * (refused by a 401), a renewable one is asked again with `renew` and any other is used again.
 */
async function authenticate(unauthenticated: WireRequest, steps: AuthSteps, before: readonly AuthOutput[]): Promise<AuthenticatedRequest & { answers: AuthOutput[] }> {
  const answers: AuthOutput[] = [];
  let request = unauthenticated;
  for (let index = 0; index < steps.count; index++) {
    const earlier = before[index];
    const answer = earlier === undefined || earlier.renewable === true ? await steps.ask(index, request, earlier !== undefined) : earlier;
    answers.push(answer);
    request = steps.apply(request, answer);
  }
  // What an auth set is secret whatever its name (an api-key header called X-Tenant): -v masks it.
  const secretFields = {
    headers: answers.flatMap((answer) => Object.keys(answer.headers ?? {})),
    query: answers.flatMap((answer) => Object.keys(answer.query ?? {})),
  };
  return { request, secretFields, answers };
}

/** The resent response with the refused exchange's hops before its own, the first resent hop saying why. */
function afterRefusal(response: ReceivedResponse, refused: ReceivedResponse): ReceivedResponse {
  if (!response.hops || !refused.hops) return response;
  const [resent, ...rest] = response.hops;
  const hops: RecordedHop[] = [...refused.hops, { ...resent!, resent: RESENT_AFTER_401 }, ...rest];
  return { ...response, hops };
}
