/**
 * Turns a plugin definition into an executable that speaks okapi's wire protocol (DESIGN.md §3):
 * `--okapi-plugin-manifest`, `--okapi-plugin-commands` and `--okapi-plugin-run`.
 */
import { encodeMessage, type WireEncoding, type WireMessage } from './codec.js';
import { Peer } from './peer.js';
import { OkapiError } from './shared/errors.js';
import { serviceClients, type Ask } from './service-client.js';
import { handleInterrupts } from './interrupt.js';
import { ChunkQueue } from './chunk-queue.js';
import type {
  CommandContext,
  CommandInit,
  FormatterStart,
  HookContext,
  LogLevel,
  PluginDefinition,
  HttpResponse,
  SignRequest,
  StreamedResponse,
} from './types.js';

export interface RunOptions {
  /** The encoding of the manifest and command answers; sessions use what the host asks for. */
  encoding?: WireEncoding;
  argv?: string[];
}

export async function runPlugin(definition: PluginDefinition, options: RunOptions = {}): Promise<void> {
  const argv = options.argv ?? process.argv.slice(2);
  const encoding = options.encoding ?? 'cbor';
  if (argv.includes('--okapi-plugin-manifest')) {
    await writeAndExit(encodeDocument(definition.manifest, encoding));
  } else if (argv.includes('--okapi-plugin-commands')) {
    await writeAndExit(encodeDocument({ protocol_version: 1, commands: definition.commands ?? [] }, encoding));
  } else if (argv.includes('--okapi-plugin-run')) {
    const requested = argv.find((a) => a.startsWith('--okapi-plugin-encoding='))?.split('=')[1];
    const sessionEncoding: WireEncoding = requested === 'json' ? 'json' : 'cbor';
    const peer = new Peer(process.stdin, process.stdout, sessionEncoding);
    // okapi stops a plugin it is interrupted with: what the plugin registered (onInterrupt) is undone first.
    handleInterrupts();
    const code = await serveSession(definition, peer);
    process.stdin.destroy();
    await new Promise<void>((resolve) => process.stdout.write('', () => resolve()));
    process.exit(code);
  } else {
    process.stderr.write(
      `${definition.manifest.name} is an okapi plugin: install it as okapi-${definition.manifest.name} in okapi's plugin directory (see 'okapi plugin list').\n`,
    );
    process.exit(2);
  }
}

function encodeDocument(value: object, encoding: WireEncoding): Uint8Array {
  if (encoding === 'json') return Buffer.from(JSON.stringify(value) + '\n');
  return encodeMessage(value, 'cbor');
}

function writeAndExit(bytes: Uint8Array): Promise<never> {
  return new Promise(() => process.stdout.write(bytes, () => process.exit(0)));
}

/** Answers one session; returns the process exit code. */
async function serveSession(definition: PluginDefinition, peer: Peer): Promise<number> {
  const first = await peer.next();
  if (!first) return 0;
  const log = (level: LogLevel, message: string) => void peer.send({ type: 'log', level, message });
  const ctx: HookContext = { log };
  try {
    switch (first.type) {
      case 'hook':
        return await serveHook(definition, peer, first, ctx);
      case 'init':
        return await serveCommand(definition, peer, first as unknown as CommandInit & WireMessage, ctx);
      case 'signer-init':
        return await serveSigner(definition, peer, first, ctx);
      default:
        await peer.send({ type: 'error', message: `unexpected first message type "${first.type}"` });
        return 1;
    }
  } catch (error) {
    await peer.send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    return 1;
  }
}

async function serveHook(definition: PluginDefinition, peer: Peer, message: WireMessage, ctx: HookContext): Promise<number> {
  const hooks = definition.hooks;
  const input = message as never;
  switch (message.hook) {
    case 'auth': {
      if (!hooks.auth) throw new Error('this plugin has no auth hook');
      const ask = answersFrom(peer);
      const output = await hooks.auth(input, {
        ...ctx,
        tokens: serviceClients(ask, '').tokens,
        prompt: async (text, options) => String((await ask({ type: 'prompt', message: text, secret: options?.secret ?? false })).value),
        tell: (text) => void peer.send({ type: 'tell', message: text }),
      });
      await peer.send({ type: 'result', output: output ?? {} });
      return 0;
    }
    case 'request-middleware':
    case 'response-middleware':
    case 'loader':
    case 'filter': {
      const hook = hooks[message.hook];
      if (!hook) throw new Error(`this plugin has no ${message.hook} hook`);
      const output = await (hook as (i: never, c: HookContext) => unknown)(input, ctx);
      await peer.send({ type: 'result', output: output ?? {} });
      return 0;
    }
    case 'formatter': {
      if (!hooks.formatter) throw new Error('this plugin has no formatter hook');
      const items = itemsFrom(peer);
      await hooks.formatter(message as unknown as FormatterStart, items, {
        log: ctx.log,
        write: (data) => void peer.send({ type: 'stdout', data: toBytes(data) }),
        ready: () => undefined,
      });
      // Drain what the formatter did not read, so the host's end message is consumed.
      for await (const _ of items) void _;
      await peer.send({ type: 'result', output: {} });
      return 0;
    }
    default:
      throw new Error(`unknown hook "${String(message.hook)}"`);
  }
}

/**
 * How an auth hook asks the host (its token requests): each request gets an id, and the answers
 * are read from the session until the host closes it.
 */
function answersFrom(peer: Peer): Ask {
  const pending = new Map<number, { resolve(m: WireMessage): void; reject(e: Error): void }>();
  let nextId = 1;
  let reading = false;
  const read = async () => {
    for (;;) {
      const message = await peer.next();
      if (!message) break;
      const waiter = typeof message.id === 'number' ? pending.get(message.id) : undefined;
      if (!waiter) continue;
      pending.delete(message.id as number);
      if (message.type === 'error') waiter.reject(answeredError(message));
      else waiter.resolve(message);
    }
    for (const waiter of pending.values()) waiter.reject(new Error('okapi closed the session'));
  };
  return (message) =>
    new Promise((resolve, reject) => {
      // Read only once the hook asks: until then the session is the host's to close.
      if (!reading) {
        reading = true;
        void read();
      }
      const id = nextId++;
      pending.set(id, { resolve, reject });
      void peer.send({ ...message, id });
    });
}

async function* itemsFrom(peer: Peer): AsyncGenerator<unknown> {
  for (;;) {
    const message = await peer.next();
    if (!message || message.type === 'end') return;
    if (message.type === 'chunk') yield message.data;
    else if (message.type === 'item') yield message.value;
    else throw new Error(`expected an item, chunk or end message, got "${message.type}"`);
  }
}

async function serveCommand(
  definition: PluginDefinition,
  peer: Peer,
  init: CommandInit & WireMessage,
  ctx: HookContext,
): Promise<number> {
  if (!definition.hooks.command) throw new Error('this plugin has no command hook');
  const pending = new Map<number, { resolve(m: WireMessage): void; reject(e: Error): void }>();
  /** The bodies of `request` answers still arriving, by request id. */
  const streams = new Map<number, ChunkQueue>();
  const stdinChunks: (Uint8Array | null)[] = [];
  let stdinWaiter: (() => void) | undefined;
  let nextId = 1;

  // Routes replies and stdin while the command runs; it ends when the host closes the session.
  void (async () => {
    for (;;) {
      const message = await peer.next();
      if (!message) break;
      if (message.type === 'stdin' || message.type === 'stdin-end') {
        stdinChunks.push(message.type === 'stdin' ? (message.data as Uint8Array) : null);
        stdinWaiter?.();
        continue;
      }
      const id = typeof message.id === 'number' ? message.id : undefined;
      const body = id === undefined || pending.has(id) ? undefined : streams.get(id);
      if (body && id !== undefined) {
        if (message.type === 'http-chunk') {
          body.push(message.data as Uint8Array);
          continue;
        }
        streams.delete(id);
        if (message.type === 'error') body.fail(new Error(String(message.message)));
        else body.end();
        continue;
      }
      const waiter = id === undefined ? undefined : pending.get(id);
      if (!waiter || id === undefined) continue;
      pending.delete(id);
      if (message.type === 'error') waiter.reject(answeredError(message));
      else waiter.resolve(message);
    }
    stdinChunks.push(null);
    stdinWaiter?.();
    for (const waiter of pending.values()) waiter.reject(new Error('okapi closed the session'));
    for (const body of streams.values()) body.fail(new Error('okapi closed the session before the response body ended'));
  })();

  const ask = (message: Record<string, unknown> & { type: string }, id = nextId++): Promise<WireMessage> => {
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      void peer.send({ ...message, id });
    });
  };

  async function* stdin(): AsyncGenerator<Uint8Array> {
    for (;;) {
      const chunk = stdinChunks.shift();
      if (chunk === null) return;
      if (chunk) {
        yield chunk;
        continue;
      }
      await new Promise<void>((resolve) => (stdinWaiter = resolve));
      stdinWaiter = undefined;
    }
  }

  const commandCtx: CommandContext = {
    log: ctx.log,
    stdout: (data) => void peer.send({ type: 'stdout', data: toBytes(data) }),
    stderr: (data) => void peer.send({ type: 'stderr', data: toBytes(data) }),
    async httpRequest(request) {
      const reply = await ask({ type: 'http-request', ...request });
      return {
        status: reply.status,
        headers: reply.headers,
        body: reply.body,
        ...(typeof reply.url === 'string' ? { url: reply.url } : {}),
      } as HttpResponse;
    },
    async request(request) {
      const id = nextId++;
      const body = new ChunkQueue(() => void peer.send({ type: 'http-read', id }));
      streams.set(id, body);
      const head = await ask({ type: 'http-stream', ...request }, id).catch((error: unknown) => {
        streams.delete(id);
        throw error;
      });
      return {
        status: head.status,
        headers: head.headers,
        ...(typeof head.url === 'string' ? { url: head.url } : {}),
        body,
      } as StreamedResponse;
    },
    async requestAndPrint(request) {
      return (await ask({ type: 'http-print', ...request })).exit_code as number;
    },
    async listApis() {
      return (await ask({ type: 'list-apis' })).apis as never;
    },
    async listPlugins() {
      return (await ask({ type: 'list-plugins' })).plugins as never;
    },
    async prompt(message, options) {
      return String((await ask({ type: 'prompt', message, secret: options?.secret ?? false })).value);
    },
    async loadDocument(request) {
      return (await ask({ type: 'load-document', ...request })).document;
    },
    async output(value, options) {
      await ask({ type: 'output', value, ...(options?.format !== undefined ? { format: options.format } : {}) });
    },
    stdin: stdin(),
    ...serviceClients(ask, init.cache_dir ?? ''),
  };

  const code = await definition.hooks.command(init, commandCtx);
  await peer.send({ type: 'done', exit_code: code });
  return 0;
}

async function serveSigner(definition: PluginDefinition, peer: Peer, init: WireMessage, ctx: HookContext): Promise<number> {
  const signer = definition.hooks['tls-signer'];
  if (!signer) throw new Error('this plugin has no tls-signer hook');
  const ready = await signer.init({ params: (init.params ?? {}) as Record<string, string> }, ctx);
  await peer.send({ type: 'ready', certificate_chain: ready.certificate_chain });
  for (;;) {
    const message = await peer.next();
    if (!message || message.type === 'shutdown') return 0;
    if (message.type !== 'sign') continue;
    try {
      const signature = await signer.sign(message as unknown as SignRequest, ctx);
      await peer.send({ type: 'signature', id: message.id, signature });
    } catch (error) {
      await peer.send({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) });
    }
  }
}

/** An `error` answer, with the hint and exit code the host's services add (an okapi extension). */
function answeredError(message: WireMessage): Error {
  return new OkapiError(String(message.message), {
    ...(typeof message.hint === 'string' ? { hint: message.hint } : {}),
    ...(typeof message.exit_code === 'number' ? { exitCode: message.exit_code } : {}),
  });
}

function toBytes(data: Uint8Array | string): Uint8Array {
  return typeof data === 'string' ? Buffer.from(data) : data;
}
