/**
 * One generated command: its arguments parsed against the operation's parameters, serialized as
 * the description says, the body built, the URL routed, and the request sent and printed exactly
 * as a generic request is (`ctx.requestAndPrint`: -o, -f, -v, --okapi-print, exit codes). Every
 * failure that can be found here is found before anything is sent.
 */
import type { CommandContext, CommandInit, HeaderMap } from '../../sdk/types.js';
import { profilesOf, type ApiEntry } from '../../sdk/shared/api-config.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import type { CommandTable, OperationDetail } from '../../sdk/shared/operation-detail-format.js';
import { operationArguments } from '../../sdk/shared/operation-arguments/operation-arguments.js';
import { parseOperationArguments } from './command-line/parse-operation-arguments.js';
import { parseParameterValue, serializeParameters, unsupportedStyle } from './parameters/index.js';
import { operationUrl } from './routing/operation-url.js';
import { readAll } from '../../sdk/shared/read-all.js';

export interface OperationRun {
  init: CommandInit;
  ctx: CommandContext;
  api: string;
  entry: ApiEntry;
  table: CommandTable;
  detail: OperationDetail;
  /** The words that named the command (`list-pets`, or `pets list-pets` with tags). */
  typed: string;
  args: string[];
}

export async function runOperation(run: OperationRun): Promise<number> {
  const { init, ctx, api, detail, table } = run;
  const commandLine = operationArguments(detail, { api, command: run.typed });
  const parsed = parseOperationArguments(run.args, commandLine);
  // Help, examples, validation and bodies load their code (and YAML, CBOR, ajv) only when used:
  // a call without a body costs what a generic request does.
  if (parsed.help) {
    const { renderOperationHelp } = await import('./command-line/operation-help.js');
    ctx.stdout(renderOperationHelp({ api, detail, args: commandLine, width: init.width, unsupported: unsupportedStyle }));
    return 0;
  }
  if (parsed.generateBody) return (await import('./schema/print-example.js')).printExampleBody(ctx, api, run.typed, detail, init.content_type);

  const shownAs = new Map([...commandLine.positionals.map((a) => [a.param, `<${a.name}>`] as const), ...commandLine.flags.map((a) => [a.param, `--${a.name}`] as const)]);
  const values = await Promise.all(parsed.values.map(async ({ param, words }) => ({ param, value: await parseParameterValue(param, words, { shownAs: shownAs.get(param) ?? param.name }) })));
  const { path, query, headers, cookies } = serializeParameters(values, detail.path);
  const body = await requestBody(run, parsed.bodyWords);
  if (parsed.validate) await (await import('./schema/check-body.js')).checkBody(api, run.typed, detail, table, body);

  const profileName = init.profile ?? 'default';
  const profileSettings = profilesOf(run.entry)[profileName];
  const routed = operationUrl({
    api,
    entry: run.entry,
    ...(profileSettings ? { profile: { name: profileName, settings: profileSettings } } : {}),
    documentServers: table.servers,
    ...(detail.servers ? { operationServers: detail.servers } : {}),
    path,
    query,
  });
  for (const warning of routed.warnings) ctx.log('warn', warning);

  const requestHeaders: HeaderMap = {};
  for (const [name, value] of headers) (requestHeaders[name] ??= []).push(value);
  if (cookies !== undefined) (requestHeaders.Cookie ??= []).push(cookies);
  if (body) requestHeaders['Content-Type'] = [body.contentType];
  // The API is named whatever the URL: the host applies the profile and its credentials only on
  // the API's own origin, and its url_overrides last.
  if (!ctx.requestAndPrint) throw new OkapiError('this okapi cannot print responses for commands (requestAndPrint)', { hint: 'use the okapi that ships this plugin' });
  return ctx.requestAndPrint({
    method: detail.method.toUpperCase(),
    url: routed.url,
    headers: requestHeaders,
    query,
    ...(body ? { body: body.bytes, ...(body.charset ? { body_charset: body.charset } : {}) } : {}),
    api,
    operation: detail.name,
  });
}

/** The body from the words and redirected stdin, or undefined when the operation gets none. */
async function requestBody({ init, ctx, api, detail, typed }: OperationRun, words: string[]) {
  if (!detail.body && words.length === 0) return undefined;
  const { bodyRequiredError, buildOperationBody, operationReadsStdin } = await import('./body/index.js');
  const stdin = init.stdin_redirected && operationReadsStdin(detail.body, detail.method, words) ? await readAll(ctx.stdin) : undefined;
  const body = await buildOperationBody(detail.body, {
    words,
    ...(stdin !== undefined && stdin.length > 0 ? { stdin } : {}),
    ...(init.content_type !== undefined ? { contentTypeFlag: init.content_type } : {}),
    method: detail.method,
  });
  if (!body && detail.body?.required) throw bodyRequiredError(detail.body, `okapi ${api} ${typed}`);
  return body;
}
