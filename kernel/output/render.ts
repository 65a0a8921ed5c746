/**
 * Phase 9: what reaches stdout. The print plan decides between the raw body bytes (stdout
 * redirected, nothing asking for rendering: `okapi URL > file` downloads) and a transcript whose
 * body part a formatter plugin renders: the body, or with `-f` the filter's results over the
 * normalised response. Verbose diagnostics go to stderr.
 */
import { UsageError } from '../errors.js';
import type { Invocation } from '../invocation.js';
import type { PluginRecord, PluginRegistry } from '../plugins/registry.js';
import { headerValue } from '../pipeline/request-fields.js';
import { mediaTypeOf } from '../pipeline/decode-body.js';
import type { Exchange, ReceivedResponse } from '../pipeline/exchange.js';
import { toEnvelope } from '../pipeline/envelope.js';
import { filterResults, rawResults, requestedFilter } from '../filter/output.js';
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
  const filter = requestedFilter(inv);
  if ((plan.raw || format === 'raw') && filter === undefined) {
    // Streamed as it arrives: `okapi URL > file` never holds the body in memory.
    for await (const chunk of response.body.stream()) inv.writeFinal(chunk);
    return;
  }
  const stdout = inv.io.stdout;
  // A filter runs before anything is written: one that fails leaves stdout empty.
  const results = filter && plan.body ? await filterResults(filter, await toEnvelope(response)) : undefined;
  const parts: string[] = [];
  if (plan.requestHead) parts.push(requestHead(exchange.request, response.httpVersion, plan.color));
  if (plan.requestBody && exchange.request.body?.length) parts.push(`${bodyText(exchange.request.body)}\n`);
  if (plan.responseHead) parts.push(responseHead(response, plan.color));
  if (parts.length > 0) await write(stdout, parts.join('\n') + (plan.body ? '\n' : ''));
  if (plan.body && results && format === 'raw') await write(stdout, rawResults(results));
  else if (plan.body) await renderBody(response, inv, registry, plan, format, results);
}

/** `results`: what a filter gave, rendered instead of the body; several (jq) are rendered as records. */
async function renderBody(
  response: ReceivedResponse,
  inv: Invocation,
  registry: PluginRegistry,
  plan: PrintPlan,
  format: string,
  results?: unknown[],
): Promise<void> {
  const formatter = formatterNamed(registry, format);
  const rawType = rawBodyType(response, inv, formatter.manifest?.formatter_raw_types);
  if (rawType !== undefined) {
    await renderRawBody(response, inv, registry, formatter, plan, format, rawType);
    return;
  }
  await formatValues(results ?? [(await toEnvelope(response)).body], formatter, inv, registry, plan, format);
}

/** The formatter plugin of an `-o` value; an unknown one is a usage error listing those that exist. */
export function formatterNamed(registry: PluginRegistry, format: string): PluginRecord {
  const formatter = registry.formatterFor(format);
  if (!formatter) {
    throw new UsageError(`-o ${format} is not an output format okapi knows`, {
      hint: `available: ${registry.formatNames().join(', ')}; plugins add more (okapi plugin list)`,
    });
  }
  return formatter;
}

/** Values written to stdout by a formatter: one is a document, several (jq results) are records. */
export async function formatValues(
  values: readonly unknown[],
  formatter: PluginRecord,
  inv: Invocation,
  registry: PluginRegistry,
  plan: Pick<PrintPlan, 'pretty' | 'color'>,
  format: string,
): Promise<void> {
  const stdout = inv.io.stdout;
  const options = formatterOptions(inv);
  await registry.runtime(formatter).format(
    {
      format,
      document: values.length === 1,
      pretty: plan.pretty,
      tty: Boolean(stdout.isTTY),
      color: plan.color,
      width: inv.outputWidth ?? 80,
      ...(options ? { options } : {}),
    },
    each(values),
    { write: (data) => stdout.write(data) },
  );
}

/**
 * The body's media type when the formatter takes it raw and nothing needs the decoded value (no
 * filter, no shortcut): the bytes then stream through without being decoded at all.
 */
function rawBodyType(response: ReceivedResponse, inv: Invocation, rawTypes: string[] | undefined): string | undefined {
  if (!rawTypes?.length || inv.flag('okapi-status') || inv.flag('okapi-headers') || inv.string('okapi-filter') !== undefined) return undefined;
  const contentType = headerValue(response.headers, 'content-type');
  const type = mediaTypeOf(contentType);
  const accepted = rawTypes.some((t) => (t.startsWith('+') ? type.endsWith(t) : type === t));
  return accepted && contentType !== undefined ? contentType : undefined;
}

async function renderRawBody(
  response: ReceivedResponse,
  inv: Invocation,
  registry: PluginRegistry,
  formatter: PluginRecord,
  plan: PrintPlan,
  format: string,
  contentType: string,
): Promise<void> {
  const stdout = inv.io.stdout;
  await registry.runtime(formatter).format(
    { format, document: true, raw: true, content_type: contentType, pretty: plan.pretty, tty: Boolean(stdout.isTTY), color: plan.color, width: inv.outputWidth ?? 80 },
    response.body.stream(),
    { write: (data) => stdout.write(data) },
  );
}

/** Formatter-specific flags, as `FormatterStart.options`; undefined when none is given. */
function formatterOptions(inv: Invocation): Record<string, string> | undefined {
  const options: Record<string, string> = {};
  const columns = inv.string('okapi-columns');
  const sortBy = inv.string('okapi-sort-by');
  if (columns !== undefined) options.columns = columns;
  if (sortBy !== undefined) options.sort_by = sortBy;
  return Object.keys(options).length > 0 ? options : undefined;
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

async function* each(values: readonly unknown[]): AsyncGenerator<unknown> {
  yield* values;
}

export function write(stream: NodeJS.WritableStream, data: Uint8Array | string): Promise<void> {
  return new Promise((resolve) => (data.length === 0 ? resolve() : stream.write(data, () => resolve())));
}

/** DESIGN.md §5: a final 3xx/4xx/5xx status exits 3/4/5. */
export function exitCodeForStatus(status: number): number {
  return status >= 300 && status < 600 ? Math.floor(status / 100) : 0;
}
