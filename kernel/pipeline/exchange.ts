/**
 * Phases 3–7 of the request pipeline (DESIGN.md §2): request-middleware hooks in name order, the
 * transport, then response-middleware hooks, whose `follow` continues in follow-loop.ts. Every
 * request goes through here — generic ones and those a command plugin asks the host to make.
 */
import type { HeaderMap, WireRequest, WireResponse } from '../../sdk/types.js';
import type { PluginRegistry } from '../plugins/registry.js';
import { requestForPlugin } from '../plugins/plugin-secrets.js';
import { closeTransport, send, type SecretFields, type TransportOptions, type TransportResponse } from '../transport/index.js';
import { onShutdown } from '../shutdown.js';
import { applyHeaderUpdate, originBoundNames } from './request-fields.js';
import { ResponseBody } from './response-body.js';
import { authenticate, type AuthPlan } from './auth-phase.js';
import { keepGiven, type GivenByHand } from './hand-given.js';
import { sendRenewingAfter401, type AuthenticatedExchange } from './renew-after-401.js';
import { FollowedResponses, type MiddlewareOutcome } from './follow-loop.js';
import type { ProfileTlsPaths } from '../../sdk/shared/profile-tls.js';

export interface RequestPlan {
  method: string;
  url: URL;
  headers: HeaderMap;
  /** The headers okapi sets itself, with their values; every other header stays with the first origin. */
  okapiHeaders: HeaderMap;
  body?: Uint8Array;
  api?: string;
  profile?: string;
  /** One per selected credential, run in order (credential-plans.ts). */
  auth?: AuthPlan[];
  /** What the user gave by hand, which the auth answers do not replace (hand-given.ts). */
  given?: GivenByHand;
  /** The API profile's TLS files, for the hops on `origin` only (docs/design/028-profile-tls.md). */
  tls?: ProfileTlsPlan;
}

export interface ProfileTlsPlan {
  origin: string;
  api: string;
  profile: string;
  paths: ProfileTlsPaths;
}

/** The transport's response with its body readable as far as its consumer needs (response-body.ts). */
export type ReceivedResponse = Pick<TransportResponse, 'status' | 'statusText' | 'headers' | 'httpVersion' | 'url' | 'tls' | 'hops'> & {
  body: ResponseBody;
};

export interface Exchange {
  /** Undefined when a response-middleware plugin dropped it. */
  response: ReceivedResponse | undefined;
  /** When a response-middleware plugin followed `response`: the responses after it (follow-loop.ts). */
  followed?: FollowedResponses;
}

export async function performExchange(
  plan: RequestPlan,
  registry: PluginRegistry,
  transport: TransportOptions,
  env: NodeJS.ProcessEnv,
): Promise<Exchange> {
  let request: WireRequest = {
    method: plan.method,
    url: plan.url.href,
    headers: plan.headers,
    ...(plan.body !== undefined ? { body: plan.body } : {}),
  };
  const scope = { ...(plan.api ? { api: plan.api } : {}), ...(plan.profile ? { profile: plan.profile } : {}) };

  for (const plugin of registry.container.sequence('request-middleware')) {
    const update = await registry.container.call(plugin, 'request-middleware', { ...scope, request: requestForPlugin(request, plugin.manifest!) });
    request = applyRequestUpdate(request, update);
  }

  const auths = plan.auth ?? [];
  const ask = async (current: WireRequest, auth: AuthPlan, renew: boolean) => {
    const answer = await authenticate(current, auth, registry, env, renew);
    return plan.given ? keepGiven(answer, current, plan.given, auth) : answer;
  };
  const exchanged: Partial<AuthenticatedExchange> & Pick<AuthenticatedExchange, 'request' | 'response'> =
    auths.length > 0
      ? await sendRenewingAfter401(
          request,
          { count: auths.length, ask: (index, current, renew) => ask(current, auths[index]!, renew), apply: applyRequestUpdate },
          (authenticated) => transmit(authenticated.request, plan.okapiHeaders, transport, authenticated.secretFields),
        )
      : { request, response: await transmit(request, plan.okapiHeaders, transport, undefined) };

  const respond = async (sent: WireRequest): Promise<MiddlewareOutcome> =>
    afterResponse(await transmit(sent, plan.okapiHeaders, transport, exchanged.secretFields), sent, scope, registry);
  const outcome = await afterResponse(exchanged.response, exchanged.request, scope, registry);
  if (!outcome.response || !outcome.follow) return { response: outcome.response };
  // Followed requests skip request middleware and auth: the plugin gave the whole request.
  return { response: outcome.response, followed: new FollowedResponses(outcome.follow, respond, outcome.response) };
}

/** Phase 7 on one response: the response-middleware plugins in order (kernel/plugins/container.ts), until one drops or follows it. */
async function afterResponse(
  received: ReceivedResponse,
  request: WireRequest,
  scope: { api?: string; profile?: string },
  registry: PluginRegistry,
): Promise<MiddlewareOutcome> {
  let response = received;
  for (const plugin of registry.container.sequence('response-middleware')) {
    const output = await registry.container.call(plugin, 'response-middleware', { ...scope, request: requestForPlugin(request, plugin.manifest!), response: await wireOf(response) });
    if ('drop' in output && output.drop) return { response: undefined };
    if ('follow' in output && output.follow) {
      const follow = output.follow;
      const next: WireRequest = { method: follow.method, url: follow.url, headers: follow.headers ?? {}, ...(follow.body ? { body: follow.body } : {}) };
      return { response, follow: { request: next, plugin: plugin.name } };
    }
    if ('response' in output && output.response) {
      response = {
        ...response,
        ...(output.response.status !== undefined ? { status: output.response.status } : {}),
        ...(output.response.headers ? { headers: output.response.headers } : {}),
        ...(output.response.body ? { body: ResponseBody.of(output.response.body) } : {}),
      };
    }
  }
  return { response };
}

function applyRequestUpdate(request: WireRequest, update: { headers?: Record<string, string | string[] | null>; query?: Record<string, string | string[] | null> }): WireRequest {
  const headers = applyHeaderUpdate(request.headers, update.headers);
  let url = request.url;
  if (update.query) {
    const parsed = new URL(url);
    for (const [name, value] of Object.entries(update.query)) {
      parsed.searchParams.delete(name);
      if (value === null) continue;
      for (const v of Array.isArray(value) ? value : [value]) parsed.searchParams.append(name, String(v));
    }
    url = parsed.href;
  }
  return { ...request, url, headers };
}

let transportInUse = false;

async function transmit(request: WireRequest, okapiHeaders: HeaderMap, transport: TransportOptions, secretFields: SecretFields | undefined): Promise<ReceivedResponse> {
  if (!transportInUse) {
    transportInUse = true;
    onShutdown(() => closeTransport({ exiting: true }));
  }
  const sent = await send(
    {
      method: request.method,
      url: request.url,
      headers: request.headers,
      originBound: originBoundNames(request.headers, okapiHeaders),
      ...(secretFields ? { secretFields } : {}),
      ...(request.body ? { body: request.body } : {}),
    },
    transport,
  );
  return {
    status: sent.status,
    statusText: sent.statusText,
    headers: sent.headers,
    body: new ResponseBody(sent.body, () => sent.bytes(), () => sent.discard()),
    httpVersion: sent.httpVersion,
    url: sent.url,
    ...(sent.tls ? { tls: sent.tls } : {}),
    ...(sent.hops ? { hops: sent.hops } : {}),
  };
}

async function wireOf(response: ReceivedResponse): Promise<WireResponse> {
  return { status: response.status, headers: response.headers, body: await response.body.bytes() };
}
