/**
 * Requests a command makes through the host (`ctx.httpRequest`, `ctx.request`,
 * `ctx.requestAndPrint`): each starts from the run's request defaults (the user's -H, -q, -p, -t…)
 * and goes through the full pipeline (middleware, auth, transport); `requestAndPrint` then prints
 * the response as a generic request does.
 */
import type { HttpRequest, HttpResponse, StreamedResponse } from '../../sdk/types.js';
import type { OkapiConfig } from '../config/document.js';
import { exitCodeOf, formatError, OkapiError } from '../../sdk/shared/errors.js';
import { interruptedBy } from '../../sdk/interrupt.js';
import type { OutputOptions } from '../output/output-options.js';
import { performExchange, type ReceivedResponse } from '../pipeline/exchange.js';
import { planRequest } from '../pipeline/plan-request.js';
import type { RequestDefaults, RequestDescription, TransportLimits } from '../pipeline/request-description.js';
import { sendAndPrint } from '../pipeline/send-and-print.js';
import { transportOptionsFor } from '../pipeline/transport-options.js';
import { longerThanOkapiCanWait, MAX_DURATION_MS } from '../plugins/duration.js';
import type { PluginRegistry } from '../plugins/registry.js';

export interface RequestServiceHost {
  registry: PluginRegistry;
  config: () => OkapiConfig;
  env: NodeJS.ProcessEnv;
  /** The run's request defaults and output options; functions, so they are read only when used. */
  defaults: () => RequestDefaults;
  output: () => OutputOptions;
}

export class RequestService {
  constructor(private readonly host: RequestServiceHost) {}

  /** The whole body, buffered: the first request service, kept for the commands that use it. */
  async httpRequest(request: HttpRequest): Promise<HttpResponse> {
    const { status, headers, body, url } = await this.exchange(request);
    return { status, headers, body: await body.bytes(), url };
  }

  async request(request: HttpRequest): Promise<StreamedResponse> {
    const { status, headers, body, url } = await this.exchange(request);
    return { status, headers, url, body: body.stream() };
  }

  /** A request that fails is reported as `okapi get URL` reports it (kernel/cli/run.ts), and its exit code answered. */
  async requestAndPrint(request: HttpRequest): Promise<number> {
    const { registry, config, env, output } = this.host;
    const options = output();
    try {
      const description = this.describe(request);
      return await sendAndPrint(planRequest(description, config(), env), description.limits, options, registry, env);
    } catch (error) {
      // What an interrupt broke is no error to report: the run ends with the interrupt's code.
      if (interruptedBy() !== undefined) throw error;
      if (!options.silent) options.streams.stderr.write(`${formatError(error)}\n`);
      return exitCodeOf(error);
    }
  }

  private async exchange(request: HttpRequest): Promise<ReceivedResponse> {
    const description = this.describe(request);
    const { registry, config, env } = this.host;
    const plan = planRequest(description, config(), env);
    const exchange = await performExchange(plan, registry, transportOptionsFor(description.limits, false, plan.tls), env);
    if (!exchange.response) throw new OkapiError(`a response-middleware plugin dropped the response to ${request.method} ${request.url}`);
    // A plugin's request has one answer: where a response-middleware follow loop ended.
    return exchange.followed ? exchange.followed.final() : exchange.response;
  }

  /** The command's request over the run's defaults: its headers above the profile's, below the user's -H (plan-request.ts). */
  private describe(request: HttpRequest): RequestDescription {
    const defaults = this.host.defaults();
    return {
      ...defaults,
      method: request.method.toUpperCase(),
      target: request.url,
      ...(request.api ? { api: request.api } : {}),
      ...(request.api && request.operation ? { operation: request.operation } : {}),
      ...(request.tls_api ? { tlsApi: request.tls_api } : {}),
      ...(request.headers ? { headers: request.headers } : {}),
      ...(request.query !== undefined ? { query: request.query } : {}),
      ...(request.body ? { body: { bytes: request.body, ...(request.body_charset ? { charset: request.body_charset } : {}) } } : {}),
      limits: commandLimits(defaults.limits, request),
    };
  }
}

/** The command's own limits apply unless the user chose -t / --okapi-max-body-size. */
function commandLimits(user: TransportLimits, request: HttpRequest): TransportLimits {
  const limits = { ...user };
  if (request.timeout_ms !== undefined && request.timeout_ms > MAX_DURATION_MS) {
    throw new OkapiError(longerThanOkapiCanWait(`timeout_ms ${request.timeout_ms}`));
  }
  if (request.timeout_ms !== undefined && request.timeout_ms > 0 && user.timeoutMs === undefined) limits.timeoutMs = request.timeout_ms;
  if (request.max_body_size !== undefined && request.max_body_size > 0 && user.maxBodySize === undefined) limits.maxBodySize = request.max_body_size;
  const policy = request.address_policy;
  if (policy !== undefined) {
    limits.addressPolicy = { trustedUrls: policy.trusted_urls, allowCrossOrigin: policy.allow_cross_origin === true };
  }
  return limits;
}
