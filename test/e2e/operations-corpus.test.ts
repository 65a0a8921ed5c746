/**
 * Generated operation commands over the shared OpenAPI corpus (../shared/corpus/openapi): every
 * document is connected with a local server on 127.0.0.1 as its base URL, then
 *
 * - every command's help renders in-process, from details extracted as `api connect` extracts them
 *   (from the cached spec copy, external `$ref`s already bundled in), and a few through the CLI;
 * - a spread of operations is called through the built CLI with a value for each required
 *   parameter (and a generated body when one is required), and the server checks what arrived:
 *   method, path, required query, header and cookie parameters, body.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractWithSources } from '../../plugins-builtin/api/operation-index.js';
import { extractOperationDetails } from '../../plugins-builtin/api/operation-details.js';
import { operationArguments, type OperationArgument } from '../../sdk/shared/operation-arguments/operation-arguments.js';
import { renderOperationHelp } from '../../plugins-builtin/operations/command-line/operation-help.js';
import { resolveSchema } from '../../sdk/shared/operation-arguments/schema-ref.js';
import { apiCacheFiles } from '../../kernel/api/cache-paths.js';
import type { OperationDetail, Schema } from '../../sdk/shared/operation-detail-format.js';
import type { ServerInfo } from '../../sdk/shared/operation-index-format.js';
import { CORPUS_DIR, corpusAvailable, corpusDocuments, type CorpusDocument } from '../helpers/openapi-corpus.js';
import { freshHome, runOkapi, type OkapiResult } from '../helpers/run-okapi.js';

if (!corpusAvailable) console.warn(`skipping the generated-operation corpus tests: ${CORPUS_DIR} is absent`);

const DOCUMENTS = corpusAvailable ? corpusDocuments() : [];
/** Operations called per document, spread evenly over its command list. */
const CALLS_PER_DOCUMENT = 20;
/** Commands whose help is also rendered by the built CLI, per document. */
const CLI_HELPS_PER_DOCUMENT = 3;
/** okapi processes running at once: two cores stay busy without thrashing. */
const CONCURRENCY = 4;
const CALL_HEADER = 'x-corpus-call';

interface Recorded {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Stands in for every API: records each request by the call id okapi was told to send, answers 200 `{}`. */
async function startRecorder(): Promise<{ url: string; calls: Map<string, Recorded>; close(): Promise<void> }> {
  const calls = new Map<string, Recorded>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = req.headers[CALL_HEADER];
      if (typeof id === 'string') calls.set(id, { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise((done) => server.close(() => done())) };
}

/** Runs `task` over `items`, at most `limit` at once, results in order. */
async function inPool<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** `count` items evenly spaced over `items`, first included: the same ones every run. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor((i * items.length) / count)]!);
}

/** Each operation's details as the command table stores them: the shared schemas its `refs` name. */
function operationDetails(spec: unknown): OperationDetail[] {
  const { sources, collisions } = extractWithSources(spec, { operationBase: '' });
  const details = extractOperationDetails(spec, sources, collisions);
  return details.operations.map(({ refs, ...stored }) => ({
    ...stored,
    definitions: Object.fromEntries((refs ?? []).filter((ref) => ref in details.definitions).map((ref) => [ref, details.definitions[ref]])),
  }));
}

/** What is typed for one argument, and what the server must then receive. */
interface ChosenValue {
  words: string[];
  /** A primitive (or the one item of an array) as text, or an object's one field. */
  wire: { kind: 'text'; text: string } | { kind: 'object'; key: string; value: string } | { kind: 'json'; text: string };
}

const OBJECT_FIELD = { key: 'a', value: 'b' };
const JSON_VALUE = '{"a":"b"}';

function isPrimitive(value: unknown): value is string | number | boolean {
  return (typeof value === 'string' && value !== '') || typeof value === 'number' || typeof value === 'boolean';
}

/** A value from the parameter's enum, example or default, else a literal of its type. */
function chooseValue(arg: OperationArgument, definitions: Record<string, Schema>): ChosenValue {
  const { param } = arg;
  if (param.content_type !== undefined) return { words: [JSON_VALUE], wire: { kind: 'json', text: JSON_VALUE } };
  if (param.object === true || param.style === 'deepObject') {
    return { words: [`${OBJECT_FIELD.key}: ${OBJECT_FIELD.value}`], wire: { kind: 'object', ...OBJECT_FIELD } };
  }
  const schema = resolveSchema(param.schema, definitions).schema;
  const itemSchema = param.array ? resolveSchema(schema?.items, definitions).schema : schema;
  const candidates = param.array
    ? [arg.allowed?.[0], firstOf(itemSchema?.enum), itemSchema?.example, itemSchema?.default]
    : [arg.allowed?.[0], param.example, param.default, schema?.example, schema?.default];
  let text = candidates.find(isPrimitive)?.toString();
  if (text === undefined) {
    const type = param.array ? typeOf(itemSchema) : (param.type ?? typeOf(schema));
    text = type === 'integer' || type === 'number' ? '7' : type === 'boolean' ? 'true' : 'v1';
  }
  return { words: [text], wire: { kind: 'text', text } };
}

function firstOf(values: unknown): unknown {
  return Array.isArray(values) ? values[0] : undefined;
}

function typeOf(schema: { type?: unknown } | undefined): string | undefined {
  const type = schema?.type;
  return Array.isArray(type) ? type.find((t) => t !== 'null') : typeof type === 'string' ? type : undefined;
}

/** What a path parameter's placeholder becomes, decoded (OpenAPI styles simple, label, matrix). */
function expectedPathText(arg: OperationArgument, wire: ChosenValue['wire']): string {
  const { param } = arg;
  const style = param.style ?? 'simple';
  const explode = param.explode ?? false;
  const inner = wire.kind === 'object' ? `${wire.key}${explode ? '=' : ','}${wire.value}` : wire.text;
  if (style === 'label') return `.${inner}`;
  if (style === 'matrix') return wire.kind === 'object' && explode ? `;${inner}` : `;${param.name}=${inner}`;
  return inner;
}

interface PlannedCall {
  id: string;
  detail: OperationDetail;
  args: string[];
  positionals: { arg: OperationArgument; value: ChosenValue }[];
  /** The generated body piped on stdin, when the operation requires one. */
  body?: string;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The same server URL with its variables at their defaults. */
function expandedServer(server: ServerInfo): string {
  return server.url.replace(/\{([^{}]*)\}/g, (_, name: string) => server.variables?.[name]?.default ?? name);
}

/**
 * Path- and operation-level servers on other origins would send the call away (and are refused
 * unless allowed): url_overrides rewrite each such origin to the local server, keeping its path.
 */
function overridesFor(details: readonly OperationDetail[], local: string): Record<string, string> {
  const overrides: Record<string, string> = {};
  for (const server of details.flatMap((d) => d.servers ?? [])) {
    let url: URL;
    try {
      url = new URL(expandedServer(server));
    } catch {
      continue; // relative: resolved against base_url, already local
    }
    if (url.origin !== local) overrides[url.origin] = local;
  }
  return overrides;
}

function checkCall(call: PlannedCall, recorded: Recorded | undefined, result: OkapiResult): void {
  const where = `${call.detail.method.toUpperCase()} ${call.detail.path} (okapi ${call.args.join(' ')})`;
  expect.soft(result.code, `${where}: ${result.stderr}`).toBe(0);
  expect.soft(recorded, `${where}: the server got no request`).toBeDefined();
  if (!recorded) return;
  const got = recorded;
  expect.soft(got.method, where).toBe(call.detail.method.toUpperCase());
  const url = new URL(got.url, 'http://127.0.0.1');

  // The path: the template with the values in place. Servers put their path in front (`/v1`, the
  // mount under base_url), so the received path must END with it; the prefix is routing's business
  // (its own unit tests), the placeholders' expansion is this test's.
  const [templatePath, templateQuery] = splitTemplate(call.detail.path);
  let expectedPath = templatePath;
  for (const { arg, value } of call.positionals) {
    if (arg.param.in === 'path') expectedPath = expectedPath.replaceAll(`{${arg.param.name}}`, expectedPathText(arg, value.wire));
  }
  const receivedPath = decode(url.pathname);
  expect.soft(receivedPath.endsWith(expectedPath) || receivedPath.endsWith(expectedPath.replace(/\/$/, '')), `${where}: path ${receivedPath} does not end with ${expectedPath}`).toBe(true);

  // A query written into the path key (`/responses?beta=true`) is sent too.
  for (const [name, value] of new URLSearchParams(templateQuery)) expect.soft(url.searchParams.getAll(name), `${where}: query ${name}`).toContain(value);
  for (const { arg, value } of call.positionals) {
    const { param } = arg;
    const wire = value.wire;
    if (param.in === 'query') {
      if (wire.kind === 'object') {
        const style = param.style ?? 'form';
        if (style === 'deepObject') expect.soft(url.searchParams.get(`${param.name}[${wire.key}]`), `${where}: query ${param.name}`).toBe(wire.value);
        else if (param.explode ?? true) expect.soft(url.searchParams.get(wire.key), `${where}: query ${param.name}`).toBe(wire.value);
        else expect.soft(url.searchParams.get(param.name), `${where}: query ${param.name}`).toBe(`${wire.key},${wire.value}`);
      } else {
        expect.soft(url.searchParams.getAll(param.name), `${where}: query ${param.name}`).toContain(wire.text);
      }
    } else if (param.in === 'header') {
      const expected = wire.kind === 'object' ? `${wire.key}${param.explode ? '=' : ','}${wire.value}` : wire.text;
      expect.soft(got.headers[param.name.toLowerCase()], `${where}: header ${param.name}`).toBe(expected);
    } else if (param.in === 'cookie') {
      const cookie = decode(got.headers.cookie ?? '');
      if (wire.kind === 'object') expect.soft(cookie, `${where}: cookie ${param.name}`).toContain(`${param.name}=`);
      else expect.soft(cookie, `${where}: cookie ${param.name}`).toContain(`${param.name}=${wire.text}`);
    }
  }

  if (call.body !== undefined) {
    const contentType = (got.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const mediaTypes = call.detail.body!.contents.map((c) => c.media_type.toLowerCase());
    // `*/*` and `application/*` take any (such) type: okapi sends JSON as JSON then.
    const offered = mediaTypes.some((m) => m === contentType || m === '*/*' || (m.endsWith('/*') && contentType.startsWith(m.slice(0, -1))));
    expect.soft(offered, `${where}: content type ${contentType} is none of ${mediaTypes.join(', ')}`).toBe(true);
    if (/[/+]json$/.test(contentType)) expect.soft(JSON.parse(got.body.toString('utf8')), `${where}: body`).toEqual(JSON.parse(call.body));
    else expect.soft(got.body.length, `${where}: body`).toBeGreaterThan(0);
  }
}

/** The path key's path, and the query some documents write into it (`/responses?beta=true`); a `#…` tag is dropped. */
function splitTemplate(path: string): [string, string] {
  const withoutFragment = path.split('#')[0]!;
  const at = withoutFragment.indexOf('?');
  return at === -1 ? [withoutFragment, ''] : [withoutFragment.slice(0, at), withoutFragment.slice(at + 1)];
}

/** Help wraps long usage lines: compared with its line breaks as spaces. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ');
const nameOf = (doc: CorpusDocument) => `${doc.file.split('/')[0]!.replace(/[^a-z0-9]+/gi, '-')}-${DOCUMENTS.indexOf(doc)}`;
const timeoutFor = (doc: CorpusDocument) => (doc.file.startsWith('digitalocean') ? 180_000 : 120_000);

describe.skipIf(!corpusAvailable)('generated operation commands over the OpenAPI corpus', () => {
  let recorder: Awaited<ReturnType<typeof startRecorder>>;
  let home: ReturnType<typeof freshHome>;

  beforeAll(async () => {
    home = freshHome();
    recorder = await startRecorder();
  });
  afterAll(async () => {
    await recorder?.close();
  });

  it('INDEX.md lists the 20 documents', () => {
    expect(DOCUMENTS).toHaveLength(20);
  });

  for (const doc of DOCUMENTS) {
    it(
      doc.file,
      async () => {
        const api = nameOf(doc);
        const connected = await runOkapi(['api', 'connect', api, recorder.url, '--spec', join(CORPUS_DIR, doc.file), '--yes'], {
          env: home.env,
          timeoutMs: timeoutFor(doc),
        });
        expect(connected.code, connected.stderr).toBe(0);
        const spec = JSON.parse(readFileSync(apiCacheFiles(join(home.dir, 'cache'), api).spec, 'utf8'));
        const details = operationDetails(spec);
        expect(details).toHaveLength(doc.operations);

        // Every command's help, in-process.
        for (const detail of details) {
          const args = operationArguments(detail, { api, command: detail.name });
          const help = renderOperationHelp({ api, detail, args });
          expect(oneLine(help), detail.name).toContain(`Usage: okapi ${api} ${detail.name}`);
        }
        // A few through the CLI.
        const helps = await inPool(spread(details, CLI_HELPS_PER_DOCUMENT), CONCURRENCY, (detail) => runOkapi([api, detail.name, '--help'], { env: home.env }));
        spread(details, CLI_HELPS_PER_DOCUMENT).forEach((detail, i) => {
          expect(helps[i]!.code, helps[i]!.stderr).toBe(0);
          expect(oneLine(helps[i]!.stdout)).toContain(`Usage: okapi ${api} ${detail.name}`);
        });

        const overrides = overridesFor(details, recorder.url);
        if (Object.keys(overrides).length > 0) {
          const config = JSON.parse(readFileSync(home.config, 'utf8'));
          config.apis[api].url_overrides = overrides;
          writeFileSync(home.config, JSON.stringify(config, null, 2));
        }

        const calls = await inPool(spread(details, CALLS_PER_DOCUMENT), CONCURRENCY, async (detail): Promise<PlannedCall> => {
          const positionals = operationArguments(detail, { api, command: detail.name }).positionals.map((arg) => ({ arg, value: chooseValue(arg, detail.definitions) }));
          const id = `${api}/${detail.name}`;
          // Credentials given by hand: operations that require auth are sent, not refused for want of a binding.
          const args = ['-H', `${CALL_HEADER}: ${id}`, '-H', 'Authorization: Bearer corpus', api, detail.name, ...positionals.flatMap((p) => p.value.words)];
          if (!detail.body?.required) return { id, detail, args, positionals };
          const generated = await runOkapi([api, detail.name, '--okapi-generate-body'], { env: home.env });
          // Cloudflare requires a JSON body of 134 operations and says nothing of it (`"application/json": {}`):
          // there is nothing to generate from, so okapi says so, and a user writes one; `{}` will do.
          if (generated.code === 2 && generated.stderr.includes('has neither a schema nor an example to generate from')) {
            return { id, detail, args, positionals, body: '{}' };
          }
          expect(generated.code, `${detail.name} --okapi-generate-body: ${generated.stderr}`).toBe(0);
          return { id, detail, args, positionals, body: generated.stdout };
        });
        expect(calls).toHaveLength(Math.min(CALLS_PER_DOCUMENT, doc.operations));
        const results = await inPool(calls, CONCURRENCY, (call) => runOkapi(call.args, { env: home.env, ...(call.body !== undefined ? { stdin: call.body } : {}) }));
        const schemes: Record<string, { type?: string }> = spec.components?.securitySchemes ?? {};
        calls.forEach((call, i) => {
          // Mutual TLS cannot be given by hand: without a client certificate such an operation is refused before sending.
          const requirements: Record<string, string[]>[] = call.detail.security ?? spec.security ?? [];
          const tlsOnly = requirements.length > 0 && requirements.every((r) => Object.keys(r).some((name) => schemes[name]?.type === 'mutualTLS'));
          if (!tlsOnly) return checkCall(call, recorder.calls.get(call.id), results[i]!);
          expect(results[i]!.code).toBe(1);
          expect(results[i]!.stderr).toContain('needs mutual TLS');
          expect(recorder.calls.get(call.id)).toBeUndefined();
        });
      },
      timeoutFor(doc),
    );
  }
});
