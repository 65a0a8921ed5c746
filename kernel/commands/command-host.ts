/**
 * What the host offers a running command, in-process or over the wire: output streams, requests
 * through the full pipeline, the registered APIs and plugins, prompts on the terminal, and the host
 * services: config, API registry, token store, cache and auth (kernel/services/).
 */
import type { CommandContext } from '../../sdk/types.js';
import type { Invocation } from '../invocation.js';
import type { PluginRegistry } from '../plugins/registry.js';
import { requestDefaultsFromArgv } from '../cli/request-from-argv.js';
import { outputOptionsFromArgv } from '../cli/output-from-argv.js';
import type { OutputOptions } from '../output/output-options.js';
import { RequestService } from './request-service.js';
import { apiRegistry } from '../services/api-registry-service.js';
import { cacheService } from '../services/cache-service.js';
import { configService } from '../services/config-service.js';
import { tokenStore } from '../services/token-store.js';
import { terminal } from '../services/terminal.js';
import { authService } from '../services/auth-service.js';

export function commandHost(inv: Invocation, registry: PluginRegistry): CommandContext {
  const apis = apiRegistry({
    configPath: inv.configPath,
    cacheDir: inv.cacheDir,
    reindex: async (api) => (await (await import('../api/index-refresh.js')).runApiCommand(inv, ['reindex', api])) === 0,
  });
  // Read from argv when a command first asks: a malformed -H fails the request that would use it, not the command.
  let output: OutputOptions | undefined;
  const outputOptions = () => (output ??= outputOptionsFromArgv(inv));
  const requests = new RequestService({ registry, config: () => inv.config(), env: inv.env, defaults: () => requestDefaultsFromArgv(inv), output: outputOptions });
  return {
    log: (level, message) => inv.diagnostic(level, message),
    stdout: (data) => void inv.io.stdout.write(data),
    stderr: (data) => void inv.io.stderr.write(data),
    httpRequest: (request) => requests.httpRequest(request),
    request: (request) => requests.request(request),
    requestAndPrint: (request) => requests.requestAndPrint(request),
    // Read afresh, not from the invocation's copy: the command may have changed the config.
    listApis: () => apis.list(),
    listPlugins: async () => registry.summaries(),
    prompt: (message, options) => terminal(inv.io).prompt(message, options),
    loadDocument: async (request) => (await import('../api/load-document.js')).loadDocument(registry, request),
    output: async (value, options) => (await import('../output/render-value.js')).renderValue(value, outputOptions(), registry, options?.format),
    // Built when first read: process.stdin costs ~1 ms, and most commands never read it.
    stdin: { [Symbol.asyncIterator]: () => (inv.io.stdin as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]() },
    // Host services (docs/design/016-host-services.md): the same objects answer a subprocess's messages.
    config: configService(inv.configPath),
    apis,
    tokens: tokenStore(inv.configPath),
    cache: cacheService(inv.cacheDir),
    auth: authService({
      config: async () => (await configService(inv.configPath).read()).document,
      cacheDir: inv.cacheDir,
      registry: async () => registry,
      env: inv.env,
      clientCertFlag: inv.string('okapi-client-cert') !== undefined,
      noBrowser: inv.flag('okapi-no-browser') === true,
    }),
  };
}
