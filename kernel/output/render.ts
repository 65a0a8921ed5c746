/**
 * Phase 9: what reaches stdout. The print plan decides between the raw body bytes (stdout
 * redirected, nothing asking for rendering: `okapi URL > file` downloads) and a transcript whose
 * body part a formatter plugin renders: the body, or with `-f` the filter's results over the
 * normalised response. Verbose diagnostics go to stderr.
 */
import { ExitCode, OkapiError, UsageError } from '../../sdk/shared/errors.js';
import type { OutputOptions } from './output-options.js';
import type { PluginRecord, PluginRegistry } from '../plugins/registry.js';
import { getHeader } from '../transport/headers.js';
import { mediaTypeEssence } from '../../sdk/shared/media-type.js';
import { codingLeftOn } from '../transport/decompress.js';
import type { Exchange, ReceivedResponse } from '../pipeline/exchange.js';
import { toEnvelope } from '../pipeline/envelope.js';
import { filterResults, rawResults } from '../filter-call/output.js';
import { hopsBeforeFailure, type RecordedHop } from '../transport/index.js';
import { redactUrl } from '../../sdk/shared/redact.js';
import { HeldRendering } from './held-rendering.js';
import { drained } from './drained.js';
import { inPieces, pacedByOutput } from './paced.js';
import type { PrintPlan } from './print-plan.js';
import { exchangeTranscript, tlsLines, type ResponseHead } from './transcript.js';

export async function renderExchange(exchange: Exchange, output: OutputOptions, registry: PluginRegistry): Promise<void> {
  const response = exchange.response;
  if (output.silent || !response) return;
  if (output.verbosity > 0) writeDiagnostics(response, output);

  const plan = output.print;
  const format = output.format ?? 'auto';
  const filter = output.filter;
  if ((plan.raw || format === 'raw') && filter === undefined) {
    // Streamed as it arrives: `okapi URL > file` never holds the body in memory.
    for await (const chunk of response.body.stream()) output.streams.writeFinal(chunk);
    return;
  }
  const stdout = output.streams.stdout;
  // A filter runs before anything is written: one that fails leaves stdout empty.
  const results = filter && plan.body ? await filterResults(filter, await toEnvelope(response), registry) : undefined;
  const parts = plan.requestHead || plan.requestBody || plan.responseHead ? exchangeTranscript(hopsOf(response), response, plan, plan.color) : [];
  if (parts.length > 0) await write(stdout, parts.join('\n') + (plan.body ? '\n' : ''));
  if (plan.body && results && format === 'raw') await write(stdout, rawResults(results));
  else if (plan.body) await renderBody(response, output, registry, plan, format, results);
}

/** `results`: what a filter gave, rendered instead of the body; several (jq) are rendered as records. */
async function renderBody(
  response: ReceivedResponse,
  output: OutputOptions,
  registry: PluginRegistry,
  plan: PrintPlan,
  format: string,
  results?: unknown[],
): Promise<void> {
  const formatter = formatterNamed(registry, format);
  const rawType = rawBodyType(response, output, formatter.manifest?.formatter_raw_types);
  const stdout = output.streams.stdout;
  const held = new HeldRendering((data) => stdout.write(data), pacedByOutput(inPieces(bodySource(response, rawType !== undefined)), stdout));
  try {
    if (rawType !== undefined) {
      const options = formatterOptions(output, formatter);
      const start = {
        format,
        document: true,
        raw: true,
        content_type: rawType,
        pretty: plan.pretty,
        tty: Boolean(stdout.isTTY),
        color: plan.color,
        width: output.width ?? 80,
        ...(options ? { options } : {}),
      };
      await registry.container.format(formatter, start, held.body(), { write: held.write, ready: () => drained(stdout) });
    } else {
      const values = results ?? [(await toEnvelope(response)).body];
      await formatValues(values, formatter, output, registry, plan, format, held.write);
    }
    held.finish();
  } catch (error) {
    // A filter's results are values already: there is no body to show in their place.
    if (results || (error instanceof OkapiError && error.exitCode === ExitCode.usage)) throw error;
    throw unrenderable(error, format, await held.writeBodyInstead(Boolean(stdout.isTTY)));
  }
}

/** The body as the formatter reads it (raw), or whole, read only if it is to be shown as received. */
function bodySource(response: ReceivedResponse, raw: boolean): AsyncIterable<Uint8Array> {
  if (raw) return response.body.stream();
  return (async function* () {
    yield await response.body.bytes();
  })();
}

/** The error for a body okapi could not render as asked; `shown`: what stdout holds instead. */
function unrenderable(error: unknown, format: string, shown: 'body' | 'rendering' | 'binary'): OkapiError {
  const message = error instanceof Error ? error.message : String(error);
  const stdout = {
    body: `stdout holds the body as the server sent it, not rendered as -o ${format}; -o raw asks for that without this error`,
    rendering: `stdout holds the -o ${format} rendering up to that point only; -o raw saves the body as the server sent it`,
    binary: 'the body is binary, so it is not shown on a terminal in its place; -o raw > FILE saves it as the server sent it',
  }[shown];
  // The formatter's own hint (a format that can show the body) comes first.
  const own = error instanceof OkapiError ? error.hint : undefined;
  return new OkapiError(message, { hint: own === undefined ? stdout : `${own}; ${stdout}`, cause: error });
}

/** The formatter plugin of an `-o` value; an unknown one is a usage error listing those that exist. */
export function formatterNamed(registry: PluginRegistry, format: string): PluginRecord {
  const formatter = registry.container.owner('format', format);
  if (!formatter) {
    throw new UsageError(`-o ${format} is not an output format okapi knows`, {
      hint: `available: ${registry.container.formatNames().join(', ')}; plugins add more (okapi plugin list)`,
    });
  }
  return formatter;
}

/**
 * Values written by a formatter (to stdout unless `write` says where): one is a document, several
 * (jq results) are records, and so is each value of a stream (a follow loop's responses).
 */
export async function formatValues(
  values: readonly unknown[] | AsyncIterable<unknown>,
  formatter: PluginRecord,
  output: OutputOptions,
  registry: PluginRegistry,
  plan: Pick<PrintPlan, 'pretty' | 'color'>,
  format: string,
  write: (data: string | Uint8Array) => void = (data) => output.streams.stdout.write(data),
): Promise<void> {
  const stdout = output.streams.stdout;
  const options = formatterOptions(output, formatter);
  await registry.container.format(
    formatter,
    {
      format,
      document: Array.isArray(values) && values.length === 1,
      pretty: plan.pretty,
      tty: Boolean(stdout.isTTY),
      color: plan.color,
      width: output.width ?? 80,
      ...(options ? { options } : {}),
    },
    pacedByOutput(values, stdout),
    { write, ready: () => drained(stdout) },
  );
}

/**
 * The body's media type when the formatter takes it raw and nothing needs the decoded value (no
 * filter, no shortcut): the bytes then stream through without being decoded at all.
 */
function rawBodyType(response: ReceivedResponse, output: OutputOptions, rawTypes: string[] | undefined): string | undefined {
  if (!rawTypes?.length || output.filter !== undefined) return undefined;
  // Bytes still in a coding okapi cannot undo are not of their Content-Type: the envelope says so.
  if (codingLeftOn(response.headers['content-encoding']) !== undefined) return undefined;
  const contentType = getHeader(response.headers, 'content-type');
  const type = mediaTypeEssence(contentType);
  const accepted = rawTypes.some((t) => (t.startsWith('+') ? type.endsWith(t) : type === t));
  return accepted && contentType !== undefined ? contentType : undefined;
}

/** The flags the formatter declares (`formatter_options`), as `FormatterStart.options`; undefined when none is given. */
function formatterOptions(output: OutputOptions, formatter: PluginRecord): Record<string, string> | undefined {
  const options: Record<string, string> = {};
  for (const option of formatter.manifest?.formatter_options ?? []) {
    const value = output.formatterFlag(option.flag);
    if (value !== undefined) options[option.name] = value;
  }
  return Object.keys(options).length > 0 ? options : undefined;
}

/** -v: every hop's request head (as sent) and response head on stderr, then where the chain ended; -vv adds TLS details. Secrets are masked there too. */
export function writeDiagnostics(response: ReceivedResponse, output: OutputOptions): void {
  const hops = hopsOf(response);
  const parts = verboseTranscript(hops, response, output);
  // A request resent after a 401 starts its own chain: only the hops after the last start were redirects.
  const redirects = hops.length - 1 - Math.max(0, hops.findLastIndex((hop) => hop.resent !== undefined));
  if (redirects > 0) parts.push(`Followed ${redirects} redirect${redirects === 1 ? '' : 's'}; final URL: ${redactUrl(response.url)}\n`);
  if (output.verbosity > 1) parts.push(tlsLines(response));
  output.streams.stderr.write(`${parts.filter(Boolean).join('\n')}\n`);
}

/** -v when a redirect chain failed part-way (a loop, too many redirects, a later hop refused): the hops it completed, before the error. */
export function writeFailedChainDiagnostics(error: unknown, output: OutputOptions): void {
  const hops = output.verbosity > 0 && !output.silent ? hopsBeforeFailure(error) : undefined;
  if (!hops) return;
  output.streams.stderr.write(`${verboseTranscript(hops, hops[hops.length - 1]!.response, output).join('\n')}\n`);
}

function verboseTranscript(hops: readonly RecordedHop[], final: ResponseHead, output: OutputOptions): string[] {
  return exchangeTranscript(hops, final, { requestHead: true, requestBody: false, responseHead: true, droppedHeaders: true }, output.streams.stderrColor());
}

/** The transport records the hops whenever a transcript shows them (transport-options.ts). */
function hopsOf(response: ReceivedResponse): RecordedHop[] {
  if (!response.hops) throw new Error('the exchange was not recorded, so its transcript cannot be shown');
  return response.hops;
}

export function write(stream: NodeJS.WritableStream, data: Uint8Array | string): Promise<void> {
  return new Promise((resolve) => (data.length === 0 ? resolve() : stream.write(data, () => resolve())));
}

/** DESIGN.md §5: a final 3xx/4xx/5xx status exits 3/4/5. */
export function exitCodeForStatus(status: number): number {
  return status >= 300 && status < 600 ? Math.floor(status / 100) : 0;
}
