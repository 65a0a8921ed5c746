/**
 * What the host offers a running command, in-process or over the wire: output streams, requests
 * through the full pipeline, the registered APIs and plugins, and prompts on the terminal.
 */
import { createInterface } from 'node:readline';
import type { ApiSummary, CommandContext, HttpRequest, HttpResponse } from '../../sdk/types.js';
import { OkapiError } from '../../sdk/errors.js';
import type { Invocation } from '../invocation.js';
import type { PluginRegistry } from '../plugins/registry.js';
import { performExchange } from '../pipeline/exchange.js';
import type { AddressPolicy } from '../transport/index.js';
import { planRequest } from '../pipeline/plan-request.js';
import { transportOptionsFor } from '../pipeline/transport-options.js';
import { applyFieldUpdate } from '../pipeline/request-fields.js';
import { MAX_DURATION_MS } from '../plugins/duration.js';
import { visibleControls } from '../../sdk/terminal-text.js';

export function commandHost(inv: Invocation, registry: PluginRegistry): CommandContext {
  return {
    log: (level, message) => inv.diagnostic(level, message),
    stdout: (data) => void inv.io.stdout.write(data),
    stderr: (data) => void inv.io.stderr.write(data),
    httpRequest: (request) => httpRequest(inv, registry, request),
    listApis: async () => listApis(inv),
    listPlugins: async () => registry.summaries(),
    prompt: (message, options) => prompt(inv, message, options?.secret ?? false),
    loadDocument: async (request) => (await import('../api/load-document.js')).loadDocument(registry, request),
    output: async (value, options) => (await import('../output/render-value.js')).renderValue(value, inv, registry, options?.format),
    stdin: inv.io.stdin,
  };
}

async function httpRequest(inv: Invocation, registry: PluginRegistry, request: HttpRequest): Promise<HttpResponse> {
  const plan = planRequest(inv, request.method.toUpperCase(), request.url, undefined, request.api ? { api: request.api } : {});
  plan.headers = applyFieldUpdate(plan.headers, request.headers, true);
  if (request.body) plan.body = request.body;
  // The command's own limits apply unless the user chose -t / --okapi-max-body-size.
  const transport = transportOptionsFor(inv);
  if (request.timeout_ms !== undefined && request.timeout_ms > MAX_DURATION_MS) {
    throw new OkapiError(`timeout_ms ${request.timeout_ms} is longer than okapi can wait: the longest is ${MAX_DURATION_MS} ms (about 24.8 days)`);
  }
  if (request.timeout_ms !== undefined && request.timeout_ms > 0 && inv.string('okapi-timeout') === undefined) transport.timeoutMs = request.timeout_ms;
  if (request.max_body_size !== undefined && request.max_body_size > 0 && inv.string('okapi-max-body-size') === undefined) {
    transport.maxBodySize = request.max_body_size;
  }
  if (request.address_policy !== undefined) transport.addressPolicy = addressPolicyOf(request);
  const exchange = await performExchange(plan, registry, transport, inv.env);
  if (!exchange.response) throw new OkapiError(`a response-middleware plugin dropped the response to ${request.method} ${request.url}`);
  const { status, headers, body, url } = exchange.response;
  return { status, headers, body: await body.bytes(), url };
}

/** A plugin's `address_policy`, checked: it may come over the wire from any plugin. */
function addressPolicyOf(request: HttpRequest): AddressPolicy {
  const policy = request.address_policy as unknown as Partial<Record<string, unknown>> | null;
  const urls = policy?.trusted_urls;
  const valid = Array.isArray(urls) && urls.length > 0 && urls.every((url) => typeof url === 'string' && URL.canParse(url) && /^https?:$/.test(new URL(url).protocol));
  if (!valid || (policy?.allow_cross_origin !== undefined && typeof policy.allow_cross_origin !== 'boolean')) {
    throw new OkapiError(`the request to ${request.url} has an invalid address_policy: it needs trusted_urls (http or https URLs) and, optionally, allow_cross_origin (true or false)`);
  }
  return { trustedUrls: urls as string[], allowCrossOrigin: policy?.allow_cross_origin === true };
}

function listApis(inv: Invocation): ApiSummary[] {
  const apis = (inv.config().apis ?? {}) as Record<string, { base_url?: unknown; profiles?: unknown }>;
  return Object.entries(apis).map(([name, api]) => ({
    name,
    base_url: typeof api?.base_url === 'string' ? api.base_url : '',
    profiles: api?.profiles && typeof api.profiles === 'object' ? Object.keys(api.profiles) : [],
  }));
}

async function prompt(inv: Invocation, asked: string, secret: boolean): Promise<string> {
  // The question is the plugin's text, on the user's terminal: it may not steer it.
  const message = visibleControls(asked);
  if (!inv.io.stdin.isTTY || !inv.io.stderr.isTTY) {
    throw new OkapiError(`cannot ask "${message}": okapi is not attached to a terminal`, {
      hint: 'run the command in a terminal, or supply the value another way (flag or environment)',
    });
  }
  const rl = createInterface({ input: inv.io.stdin, output: inv.io.stderr, terminal: true });
  // The terminal is in raw mode while a line is typed, so Ctrl-C arrives as a key: it interrupts
  // okapi as it does at any other time (kernel/interrupt.ts) rather than pausing the question.
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
