/**
 * Phase 9 for a follow loop (pipeline/follow-loop.ts): each response is one record, streamed to
 * the formatter as it arrives (`FormatterStart.document: false`), so `-o ndjson` prints page one
 * while page two is on its way. A filter runs over each response's envelope and its results are
 * the records; `-o raw` (or a download to a file) writes each body as received, one after another;
 * heads asked for with `--okapi-print` precede each response's records.
 */
import type { OutputOptions } from './output-options.js';
import type { PluginRegistry } from '../plugins/registry.js';
import type { ReceivedResponse } from '../pipeline/exchange.js';
import type { FollowedResponses } from '../pipeline/follow-loop.js';
import { toEnvelope } from '../pipeline/envelope.js';
import { filterResults, rawResults, type RequestedFilter } from '../filter-call/output.js';
import { formatValues, formatterNamed, write, writeDiagnostics } from './render.js';
import { exchangeTranscript } from './transcript.js';

export async function renderFollowed(first: ReceivedResponse, followed: FollowedResponses, output: OutputOptions, registry: PluginRegistry): Promise<void> {
  const silent = output.silent;
  const plan = output.print;
  const format = output.format ?? 'auto';
  const filter = output.filter;

  /** Every response in turn, its diagnostics and heads written as it arrives. */
  async function* responses(): AsyncGenerator<ReceivedResponse> {
    yield await arrived(first);
    for await (const response of followed) yield await arrived(response);
  }
  async function arrived(response: ReceivedResponse): Promise<ReceivedResponse> {
    if (silent) return response;
    if (output.verbosity > 0) writeDiagnostics(response, output);
    if (plan.requestHead || plan.requestBody || plan.responseHead) {
      const parts = exchangeTranscript(response.hops ?? [], response, plan, plan.color);
      if (parts.length > 0) await write(output.streams.stdout, parts.join('\n') + (plan.body ? '\n' : ''));
    }
    return response;
  }

  if (silent || !plan.body) {
    for await (const response of responses()) response.body.discard();
    return;
  }
  if ((plan.raw || format === 'raw') && filter === undefined) {
    for await (const response of responses()) for await (const chunk of response.body.stream()) output.streams.writeFinal(chunk);
    return;
  }
  if (format === 'raw') {
    for await (const response of responses()) await write(output.streams.stdout, rawResults(await filterResults(filter!, await toEnvelope(response), registry)));
    return;
  }
  await formatValues(records(responses(), filter, registry), formatterNamed(registry, format), output, registry, plan, format);
}

/** One record per response: its body, or the filter's results over its envelope. */
async function* records(responses: AsyncIterable<ReceivedResponse>, filter: RequestedFilter | undefined, registry: PluginRegistry): AsyncGenerator<unknown> {
  for await (const response of responses) {
    const envelope = await toEnvelope(response);
    if (filter) yield* await filterResults(filter, envelope, registry);
    else yield envelope.body;
  }
}
