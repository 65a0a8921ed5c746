/**
 * Phase 2 of the pipeline: from what the user gave (method, URL text, body) to the request plan —
 * the final URL (server override, query layers) and headers in precedence order: okapi's defaults,
 * then OKAPI_HEADER/OKAPI_QUERY, then -H/-q.
 */
import type { Invocation } from '../invocation.js';
import { splitEnvList } from '../cli/env-lists.js';
import { OKAPI_VERSION } from '../version.js';
import type { EncodedBody } from '../body/index.js';
import { ACCEPT_HEADER } from './decode-body.js';
import type { RequestPlan } from './exchange.js';
import { applyFieldUpdate, headerValue, mergeLayers, parseHeaderEntry, parseQueryEntry } from './request-fields.js';
import { applyServerOverride } from './server-override.js';
import { appendQuery, normalizeTargetUrl } from './target-url.js';

export function planRequest(inv: Invocation, method: string, target: string, body?: EncodedBody): RequestPlan {
  let headers = mergeLayers(
    [
      [
        ['User-Agent', `okapi/${OKAPI_VERSION}`],
        ['Accept', ACCEPT_HEADER],
      ],
      splitEnvList(inv.env.OKAPI_HEADER).map((e) => parseHeaderEntry(e, 'OKAPI_HEADER entry')),
      inv.strings('okapi-header').map((e) => parseHeaderEntry(e, '-H')),
    ],
    true,
  );
  if (body && headerValue(headers, 'content-type') === undefined) {
    headers = applyFieldUpdate(headers, { 'Content-Type': body.contentType }, true);
  }
  const query = mergeLayers(
    [
      splitEnvList(inv.env.OKAPI_QUERY).map((e) => parseQueryEntry(e, 'OKAPI_QUERY entry')),
      inv.strings('okapi-query').map((e) => parseQueryEntry(e, '-q')),
    ],
    false,
  );
  const url = appendQuery(applyServerOverride(normalizeTargetUrl(target), inv.string('okapi-server')), query);
  return { method, url, headers, ...(body ? { body: body.bytes } : {}) };
}
