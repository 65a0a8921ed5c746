/**
 * What the host offers a running command, in-process or over the wire: output streams, requests
 * through the full pipeline, the registered APIs and plugins, prompts on the terminal, and the host
 * services: config, API registry, token store and cache (kernel/services/).
 */
import type { CommandContext } from '../../sdk/types.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import type { Invocation } from '../invocation.js';
import type { PluginRegistry } from '../plugins/registry.js';
import { requestDefaultsFromArgv } from '../cli/request-from-argv.js';
import { outputOptionsFromArgv } from '../cli/output-from-argv.js';
import type { OutputOptions } from '../output/output-options.js';
import { RequestService } from './request-service.js';
import { visibleControls } from '../../sdk/shared/terminal-text.js';
import { apiRegistry } from '../services/api-registry-service.js';
import { cacheService } from '../services/cache-service.js';
import { configService } from '../services/config-service.js';
import { tokenStore } from '../services/token-store.js';

export function commandHost(inv: Invocation, registry: PluginRegistry): CommandContext {
  const apis = apiRegistry({
    configPath: inv.configPath,
    cacheDir: inv.cacheDir,
    reindex: async (api) => (await (await import('../api/index-refresh.js')).reindexFromSpecCopy(inv, api)) === 0,
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
    prompt: (message, options) => prompt(inv, message, options?.secret ?? false),
    loadDocument: async (request) => (await import('../api/load-document.js')).loadDocument(registry, request),
    output: async (value, options) => (await import('../output/render-value.js')).renderValue(value, outputOptions(), registry, options?.format),
    // Built when first read: process.stdin costs ~1 ms, and most commands never read it.
    stdin: { [Symbol.asyncIterator]: () => (inv.io.stdin as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]() },
    // Host services (docs/design/016-host-services.md): the same objects answer a subprocess's messages.
    config: configService(inv.configPath),
    apis,
    tokens: tokenStore(inv.configPath),
    cache: cacheService(inv.cacheDir),
  };
}

async function prompt(inv: Invocation, asked: string, secret: boolean): Promise<string> {
  // The question is the plugin's text, on the user's terminal: it may not steer it.
  const message = visibleControls(asked);
  if (!inv.io.stdin.isTTY || !inv.io.stderr.isTTY) {
    throw new OkapiError(`cannot ask "${message}": okapi is not attached to a terminal`, {
      hint: 'run the command in a terminal, or supply the value another way (flag or environment)',
    });
  }
  const { createInterface } = await import('node:readline');
  const rl = createInterface({ input: inv.io.stdin, output: inv.io.stderr, terminal: true });
  // The terminal is in raw mode while a line is typed, so Ctrl-C arrives as a key: it interrupts
  // okapi as it does at any other time (sdk/interrupt.ts) rather than pausing the question.
  rl.on('SIGINT', () => process.kill(process.pid, 'SIGINT'));
  if (secret) {
    // Echo nothing while a secret is typed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = () => undefined;
    inv.io.stderr.write(`${message} `);
  }
  try {
    return await new Promise<string>((resolve) => rl.question(secret ? '' : `${message} `, resolve));
  } finally {
    if (secret) inv.io.stderr.write('\n');
    rl.close();
  }
}
