/**
 * `okapi [method] <url> [body…]`: a generic request. The body comes from shorthand arguments and
 * redirected stdin; a bare URL is GET, or POST when a body is given.
 */
import { HTTP_METHODS } from '../../sdk/http-methods.js';
import { UsageError } from '../../sdk/errors.js';
import type { Invocation } from '../invocation.js';
import { unknownOptions } from '../cli/argv.js';
import { readAll, stdinIsRedirected } from '../cli/stdin.js';
import { performExchange } from '../pipeline/exchange.js';
import { planRequest } from '../pipeline/plan-request.js';
import { transportOptionsFor } from '../pipeline/transport-options.js';
import { exitCodeForStatus, formatterNamed, renderExchange, writeFailedChainDiagnostics } from '../output/render.js';

/** Methods whose stdin is a body even without body arguments. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export async function runRequest(inv: Invocation, words: string[]): Promise<number> {
  const unknown = unknownOptions(inv.argv);
  if (unknown.length > 0) {
    throw new UsageError(`unknown flag ${unknown[0]}`, { hint: "see 'okapi --help-all' for every flag; put -- before body values that start with -" });
  }
  const methodWord = words[0] !== undefined && HTTP_METHODS.has(words[0].toLowerCase()) ? words[0].toUpperCase() : undefined;
  const [target, ...bodyArgs] = methodWord ? words.slice(1) : words;
  if (target === undefined) {
    throw new UsageError(`${methodWord ?? 'a request'} needs a URL`, { hint: 'okapi get https://api.example.com/items' });
  }
  const takesStdin = methodWord === undefined || BODY_METHODS.has(methodWord) || bodyArgs.length > 0;
  const stdin = takesStdin && stdinIsRedirected(inv.io.stdin) ? await readAll(inv.io.stdin) : undefined;
  const encoder = inv.string('okapi-content-type');
  // The body machinery (shorthand, YAML, CBOR, multipart) loads only when there is a body.
  const body =
    bodyArgs.length > 0 || stdin
      ? (await import('../../sdk/body/index.js')).buildBody({ args: bodyArgs, ...(stdin ? { stdin } : {}), ...(encoder ? { encoder } : {}), cwd: process.cwd() })
      : undefined;
  if (body?.warning) inv.diagnostic('warn', body.warning);
  const method = methodWord ?? (body ? 'POST' : 'GET');

  const plan = planRequest(inv, method, target, body);
  const profile = inv.string('okapi-profile');
  if (profile !== undefined && plan.api === undefined) {
    inv.diagnostic('warn', `-p ${profile} applies only to registered APIs (okapi <api>/<path>); ${plan.url.host} is not one, so no profile was used`);
  }
  const registry = await inv.registry();
  // An -o nobody can render is a usage error before anything is sent, never after a POST went out.
  const format = inv.string('okapi-output-format');
  if (format !== undefined && format !== 'raw') formatterNamed(registry, format);
  const exchange = await performExchange(plan, registry, transportOptionsFor(inv), inv.env).catch((error: unknown) => {
    writeFailedChainDiagnostics(error, inv);
    throw error;
  });
  try {
    await renderExchange(exchange, inv, registry);
  } finally {
    exchange.response?.body.discard();
  }
  if (!exchange.response || inv.flag('okapi-ignore-status-code')) return 0;
  return exitCodeForStatus(exchange.response.status);
}
