/**
 * Phase 2 of the pipeline: from what the user gave (method, URL text, body) to the request plan —
 * the final URL (server override, query layers) and headers in precedence order: okapi's defaults,
 * then the registered API's profile (an `<api>/<path>` target), then OKAPI_HEADER/OKAPI_QUERY,
 * then -H/-q. The API's `url_overrides` rewrite the URL last. The plan remembers which headers are
 * okapi's own (its defaults and a body's Content-Type, as okapi set them): every other header is
 * bound to the first origin, and a redirect to another origin drops it.
 */
import type { Invocation } from '../invocation.js';
import { splitEnvList } from '../cli/env-lists.js';
import { OKAPI_VERSION } from '../version.js';
import type { EncodedBody } from '../../sdk/body/index.js';
import { ACCEPT_HEADER } from '../../sdk/decoders/decode-body.js';
import type { RequestPlan } from './exchange.js';
import { applyFieldUpdate, headerValue, mergeLayers, parseHeaderEntry, parseQueryEntry } from './request-fields.js';
import { applyServerOverride } from './server-override.js';
import { appendQuery, normalizeTargetUrl } from './target-url.js';
import { applyUrlOverrides, resolveApiTarget } from '../api/api-target.js';

export interface PlanOptions {
  /** Resolve the target against this registered API (a command plugin's `api` field). */
  api?: string;
}

export function planRequest(inv: Invocation, method: string, target: string, body?: EncodedBody, options: PlanOptions = {}): RequestPlan {
  const apiTarget = resolveApiTarget(inv.config(), target, inv.profileName, options.api);
  const defaults: [string, string][] = [
    ['User-Agent', `okapi/${OKAPI_VERSION}`],
    ['Accept', ACCEPT_HEADER],
  ];
  let headers = mergeLayers(
    [
      defaults,
      apiTarget?.headers ?? [],
      splitEnvList(inv.env.OKAPI_HEADER).map((e) => parseHeaderEntry(e, 'OKAPI_HEADER entry')),
      inv.strings('okapi-header').map((e) => parseHeaderEntry(e, '-H')),
    ],
    true,
  );
  let okapiHeaders = mergeLayers([defaults], true);
  if (body && headerValue(headers, 'content-type') === undefined) {
    headers = applyFieldUpdate(headers, { 'Content-Type': body.contentType }, true);
    okapiHeaders = applyFieldUpdate(okapiHeaders, { 'Content-Type': body.contentType }, true);
  }
  const query = mergeLayers(
    [
      apiTarget?.query ?? [],
      splitEnvList(inv.env.OKAPI_QUERY).map((e) => parseQueryEntry(e, 'OKAPI_QUERY entry')),
      inv.strings('okapi-query').map((e) => parseQueryEntry(e, '-q')),
    ],
    false,
  );
  const server = inv.string('okapi-server');
  let url = appendQuery(applyServerOverride(apiTarget?.url ?? normalizeTargetUrl(target, server), server), query);
  if (apiTarget) url = applyUrlOverrides(url, apiTarget.overrides, `url_overrides of API ${apiTarget.api}`);
  return {
    method,
    url,
    headers,
    okapiHeaders,
    ...(body ? { body: body.bytes } : {}),
    ...(apiTarget ? { api: apiTarget.api, profile: apiTarget.profile } : {}),
    ...(apiTarget?.auth ? { auth: { ...apiTarget.auth, api: apiTarget.api, profile: apiTarget.profile } } : {}),
  };
}
