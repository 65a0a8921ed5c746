/**
 * `okapi [method] <url> [body…]`: a generic request. The body comes from shorthand arguments and
 * redirected stdin; a bare URL is GET, or POST when a body is given.
 */
import { HTTP_METHODS } from '../../sdk/shared/http-methods.js';
import { UsageError } from '../../sdk/shared/errors.js';
import type { Invocation } from '../invocation.js';
import { UNKNOWN_FLAG_HINT, unknownOptions } from '../cli/argv.js';
import { stdinIsRedirected } from '../cli/stdin.js';
import { planRequest } from '../pipeline/plan-request.js';
import { sendAndPrint } from '../pipeline/send-and-print.js';
import { requestDefaultsFromArgv } from '../cli/request-from-argv.js';
import { outputOptionsFromArgv } from '../cli/output-from-argv.js';
import { readAll } from '../../sdk/shared/read-all.js';
import type { FieldLayer } from '../pipeline/request-description.js';

/** Methods whose stdin is a body even without body arguments. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

export async function runRequest(inv: Invocation, words: string[]): Promise<number> {
  const unknown = unknownOptions(inv.argv);
  if (unknown.length > 0) {
    throw new UsageError(`unknown flag ${unknown[0]}`, { hint: UNKNOWN_FLAG_HINT });
  }
  // An `--okapi-…` flag the scan did not know is checked against the formatters' declarations
  // (kernel/cli/declared-flags.ts) when the registry loads: before stdin is read or anything sent.
  if (inv.argv.undeclared.length > 0) await inv.registry();
  const methodWord = words[0] !== undefined && HTTP_METHODS.has(words[0].toLowerCase()) ? words[0].toUpperCase() : undefined;
  const [target, ...bodyArgs] = methodWord ? words.slice(1) : words;
  if (target === undefined) {
    throw new UsageError(`${methodWord ?? 'a request'} needs a URL`, { hint: 'okapi get https://api.example.com/items' });
  }
  const takesStdin = methodWord === undefined || BODY_METHODS.has(methodWord) || bodyArgs.length > 0;
  const redirected = takesStdin && stdinIsRedirected(() => inv.isTTY('stdin'));
  const stdin = redirected ? await readAll(inv.io.stdin as AsyncIterable<Uint8Array>) : undefined;
  const encoder = inv.string('okapi-content-type');
  const defaults = requestDefaultsFromArgv(inv);
  const contentType = typedContentType(defaults.headerLayers);
  // The body machinery (shorthand, YAML, CBOR, multipart) loads only when there is a body.
  const body =
    bodyArgs.length > 0 || stdin
      ? (await import('../../sdk/shared/body/index.js')).buildBody({ args: bodyArgs, ...(stdin ? { stdin } : {}), ...(encoder ? { encoder } : {}), ...(contentType ? { contentType } : {}), cwd: process.cwd() })
      : undefined;
  if (body?.warning) inv.diagnostic('warn', body.warning);
  const method = methodWord ?? (body ? 'POST' : 'GET');

  const sent = body ? { body: { bytes: body.bytes, contentType: body.contentType, ...(body.charset ? { charset: body.charset } : {}) } } : {};
  const request = { ...defaults, method, target, ...sent };
  const plan = planRequest(request, inv.config(), inv.env);
  const profile = inv.string('okapi-profile');
  if (profile !== undefined && plan.api === undefined) {
    inv.diagnostic('warn', `-p ${profile} applies only to registered APIs (okapi <api>/<path>); ${plan.url.host} is not one, so no profile was used`);
  }
  return sendAndPrint(plan, request.limits, outputOptionsFromArgv(inv), await inv.registry(), inv.env);
}

/**
 * The Content-Type -H or OKAPI_HEADER gives, which is sent in place of the body's (the later layer
 * wins, as in planning): the body's text is written in its charset. A profile's is known only at
 * planning, which refuses a charset other than the body's.
 */
function typedContentType(layers: readonly FieldLayer[]): { value: string; source: string } | undefined {
  for (const layer of [...layers].reverse()) {
    const entry = layer.entries.find(([name]) => name.toLowerCase() === 'content-type');
    if (entry) return { value: entry[1], source: layer.source };
  }
  return undefined;
}
