/**
 * Phase 9: what reaches stdout. The print plan decides between the raw body bytes (stdout
 * redirected, nothing asking for rendering: `okapi URL > file` downloads) and a transcript whose
 * body part a formatter plugin renders. Verbose diagnostics go to stderr.
 */
import { UsageError } from '../errors.js';
import type { Invocation } from '../invocation.js';
import type { PluginRegistry } from '../plugins/registry.js';
import type { Exchange, ReceivedResponse } from '../pipeline/exchange.js';
import { toEnvelope } from '../pipeline/envelope.js';
import type { WireRequest } from '../../sdk/types.js';
import { colorFor } from './color.js';
import { printPlanFor, type PrintPlan } from './print-plan.js';
import { requestHead, responseHead, tlsLines } from './transcript.js';

export async function renderExchange(exchange: Exchange, inv: Invocation, registry: PluginRegistry): Promise<void> {
  const response = exchange.response;
  if (inv.flag('okapi-silent') || !response) return;
  if (inv.verbose > 0) writeDiagnostics(exchange.request, response, inv);

  const plan = printPlanFor(inv);
  const format = inv.string('okapi-output-format') ?? 'auto';
  const stdout = inv.io.stdout;
  if (plan.raw || format === 'raw') {
    await write(stdout, response.body);
    return;
  }
  const parts: string[] = [];
  if (plan.requestHead) parts.push(requestHead(exchange.request, response.httpVersion, plan.color));
  if (plan.requestBody && exchange.request.body?.length) parts.push(`${bodyText(exchange.request.body)}\n`);
  if (plan.responseHead) parts.push(responseHead(response, plan.color));
  if (parts.length > 0) await write(stdout, parts.join('\n') + (plan.body ? '\n' : ''));
  if (plan.body) await renderBody(response, inv, registry, plan, format);
}

async function renderBody(response: ReceivedResponse, inv: Invocation, registry: PluginRegistry, plan: PrintPlan, format: string): Promise<void> {
  const envelope = await toEnvelope(response);
  const value = inv.flag('okapi-status') ? envelope.status : inv.flag('okapi-headers') ? envelope.headers : envelope.body;
  const formatter = registry.formatterFor(format);
  if (!formatter) {
    throw new UsageError(`-o ${format} is not an output format okapi knows`, {
      hint: `available: ${['raw', ...registry.formatNames()].join(', ')}; plugins add more (okapi plugin list)`,
    });
  }
  const stdout = inv.io.stdout;
  await registry.runtime(formatter).format(
    { format, document: true, pretty: plan.pretty, tty: Boolean(stdout.isTTY), color: plan.color, width: stdout.columns ?? 80 },
    single(value),
    { write: (data) => stdout.write(data) },
  );
}

/** -v: both heads on stderr; -vv adds TLS details. Secrets are masked there too. */
function writeDiagnostics(request: WireRequest, response: ReceivedResponse, inv: Invocation): void {
  const color = colorFor(inv.io.stderr, inv.env);
  const lines = [requestHead(request, response.httpVersion, color), responseHead(response, color)];
  if (inv.verbose > 1) lines.push(tlsLines(response));
  inv.io.stderr.write(`${lines.filter(Boolean).join('\n')}\n`);
}

function bodyText(body: Uint8Array): string {
  const text = Buffer.from(body).toString('utf8');
  // eslint-disable-next-line no-control-regex
  return text.includes('\uFFFD') || /[\u0000-\u0008\u000e-\u001f]/.test(text) ? `(binary request body, ${body.length} bytes)` : text;
}

async function* single(value: unknown): AsyncGenerator<unknown> {
  yield value;
}

function write(stream: NodeJS.WritableStream, data: Uint8Array | string): Promise<void> {
  return new Promise((resolve) => (data.length === 0 ? resolve() : stream.write(data, () => resolve())));
}

/** DESIGN.md §5: a final 3xx/4xx/5xx status exits 3/4/5. */
export function exitCodeForStatus(status: number): number {
  return status >= 300 && status < 600 ? Math.floor(status / 100) : 0;
}
