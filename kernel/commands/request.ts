/**
 * `okapi [method] <url>`: phases 1–2 of the pipeline (the target and the plan), then the exchange
 * and the rendering.
 */
import { HTTP_METHODS } from './methods.js';
import { UsageError } from '../errors.js';
import type { Invocation } from '../invocation.js';
import { splitEnvList } from '../cli/env-lists.js';
import { unknownOptions } from '../cli/argv.js';
import { performExchange, type RequestPlan } from '../pipeline/exchange.js';
import { mergeLayers, parseHeaderEntry, parseQueryEntry } from '../pipeline/request-fields.js';
import { appendQuery, normalizeTargetUrl } from '../pipeline/target-url.js';
import { exitCodeForStatus, renderResponse } from '../output/render.js';
import { OKAPI_VERSION } from '../version.js';

const DEFAULT_MAX_BODY = 100 * 1024 * 1024;

export async function runRequest(inv: Invocation, words: string[]): Promise<number> {
  const unknown = unknownOptions(inv.argv);
  if (unknown.length > 0) {
    throw new UsageError(`unknown flag ${unknown[0]}`, { hint: "see 'okapi --help-all' for every flag; put -- before values that start with -" });
  }
  const methodWord = words[0] !== undefined && HTTP_METHODS.has(words[0].toLowerCase()) ? words[0] : undefined;
  const [target, ...body] = methodWord ? words.slice(1) : words;
  if (target === undefined) throw new UsageError(`${methodWord ?? 'a request'} needs a URL`, { hint: 'okapi get https://api.example.com/items' });
  if (body.length > 0) throw new UsageError(`unexpected argument "${body[0]}" after the URL`, { hint: 'request bodies are not supported by this command yet' });

  const plan = planRequest(inv, (methodWord ?? 'GET').toUpperCase(), target);
  const registry = await inv.registry();
  const exchange = await performExchange(plan, registry, { maxBodySize: DEFAULT_MAX_BODY });
  if (!exchange.response) return 0;
  await renderResponse(exchange.response, inv, registry);
  return exitCodeForStatus(exchange.response.status);
}

export function planRequest(inv: Invocation, method: string, target: string): RequestPlan {
  const headers = mergeLayers(
    [
      [['User-Agent', `okapi/${OKAPI_VERSION}`], ['Accept', 'application/json, */*;q=0.5']],
      splitEnvList(inv.env.OKAPI_HEADER).map((e) => parseHeaderEntry(e, 'OKAPI_HEADER entry')),
      inv.strings('okapi-header').map((e) => parseHeaderEntry(e, '-H')),
    ],
    true,
  );
  const query = mergeLayers(
    [
      splitEnvList(inv.env.OKAPI_QUERY).map((e) => parseQueryEntry(e, 'OKAPI_QUERY entry')),
      inv.strings('okapi-query').map((e) => parseQueryEntry(e, '-q')),
    ],
    false,
  );
  return { method, url: appendQuery(normalizeTargetUrl(target), query), headers };
}
