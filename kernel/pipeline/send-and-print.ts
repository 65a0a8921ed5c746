/**
 * A generic request from its plan to its exit code: the exchange, then the response printed as the
 * output options say, then the exit code its status gives. `okapi get URL` and a command plugin's
 * `ctx.requestAndPrint` both come here, so they print and exit alike.
 */
import type { PluginRegistry } from '../plugins/registry.js';
import { exitCodeForStatus, formatterNamed, renderExchange, writeFailedChainDiagnostics } from '../output/render.js';
import { showsExchange, type OutputOptions } from '../output/output-options.js';
import { performExchange, type RequestPlan } from './exchange.js';
import type { TransportLimits } from './request-description.js';
import { transportOptionsFor } from './transport-options.js';

export async function sendAndPrint(
  plan: RequestPlan,
  limits: TransportLimits,
  output: OutputOptions,
  registry: PluginRegistry,
  env: NodeJS.ProcessEnv,
): Promise<number> {
  // An -o nobody can render is a usage error before anything is sent, never after a POST went out.
  if (output.format !== undefined && output.format !== 'raw') formatterNamed(registry, output.format);
  const exchange = await performExchange(plan, registry, transportOptionsFor(limits, showsExchange(output), plan.tls), env).catch((error: unknown) => {
    writeFailedChainDiagnostics(error, output);
    throw error;
  });
  const { response, followed } = exchange;
  try {
    if (response && followed) await (await import('../output/render-followed.js')).renderFollowed(response, followed, output, registry);
    else await renderExchange(exchange, output, registry);
  } finally {
    response?.body.discard();
    followed?.last.body.discard();
  }
  if (!response || output.ignoreStatusCode) return 0;
  // The last response a follow loop reached is the final one (DESIGN.md §5).
  return exitCodeForStatus((followed?.last ?? response).status);
}
