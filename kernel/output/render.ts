/**
 * Phase 9: decide what reaches stdout and hand it to a formatter plugin. With stdout redirected and
 * nothing asking for rendering, the raw body bytes go out untouched, so `okapi URL > file` downloads.
 */
import { UsageError } from '../errors.js';
import type { Invocation } from '../invocation.js';
import type { PluginRegistry } from '../plugins/registry.js';
import type { ReceivedResponse } from '../pipeline/exchange.js';
import { toEnvelope } from '../pipeline/envelope.js';

export async function renderResponse(response: ReceivedResponse, inv: Invocation, registry: PluginRegistry): Promise<void> {
  const requested = inv.string('okapi-output-format');
  const stdout = inv.io.stdout;
  if (requested === undefined && !stdout.isTTY) {
    await writeOut(stdout, response.body);
    return;
  }
  const envelope = toEnvelope(response);
  const format = requested ?? defaultFormat(envelope.body);
  if (format === 'raw') {
    await writeOut(stdout, response.body);
    return;
  }
  const formatter = registry.formatterFor(format);
  if (!formatter) {
    throw new UsageError(`-o ${format} is not an output format okapi knows`, {
      hint: `available: ${registry.formatNames().join(', ')}; plugins add more (okapi plugin list)`,
    });
  }
  await registry.runtime(formatter).format(
    { format, document: true, tty: Boolean(stdout.isTTY), color: false, width: stdout.columns ?? 80 },
    single(envelope.body),
    { write: (data) => stdout.write(data) },
  );
}

/** On a terminal, structured bodies are shown as JSON and anything else as it came. */
function defaultFormat(body: unknown): string {
  return body !== null && typeof body === 'object' && !(body instanceof Uint8Array) ? 'json' : 'raw';
}

async function* single(value: unknown): AsyncGenerator<unknown> {
  yield value;
}

function writeOut(stream: NodeJS.WritableStream, data: Uint8Array): Promise<void> {
  return new Promise((resolve) => (data.length === 0 ? resolve() : stream.write(data, () => resolve())));
}

/** DESIGN.md §5: a final 3xx/4xx/5xx status exits 3/4/5. */
export function exitCodeForStatus(status: number): number {
  return status >= 300 && status < 600 ? Math.floor(status / 100) : 0;
}
