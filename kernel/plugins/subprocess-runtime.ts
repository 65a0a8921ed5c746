/** Runs hooks in an external `okapi-*` executable, one session per call (DESIGN.md §3). */
import {
  HOST_FEATURES,
  PROTOCOL_GENERATION,
  type CommandContext,
  type CommandDeclaration,
  type CommandInit,
  type HookName,
  type LogLevel,
  type PluginManifest,
} from '../../sdk/types.js';
import type { WireMessage } from '../../sdk/codec.js';
import { parseDuration } from './duration.js';
import { PluginError } from './plugin-error.js';
import { commandMessageProblem, errorProblem, formatterMessageProblem, logProblem, resultProblem, authMessageProblem } from './protocol-check.js';
import type { Checked, HTTP_REQUEST, LOAD_DOCUMENT } from './protocol-check.js';
import type { CallHookName, CallHooks, FormatterOptions, FormatterSink, PluginLogger, PluginRuntime } from './runtime.js';
import type { SessionTarget, SubprocessSession } from './subprocess-session.js';
import { answerServiceRequest, answerTokenRequest, isServiceRequest, isTokenRequest } from './service-requests.js';
import { SendWindow } from './send-window.js';
import type { Terminal, TokenStore } from '../../sdk/services.js';
import { NO_TERMINAL } from '../services/terminal.js';

const DEFAULT_DEADLINE_MS = 30_000;
const AUTH_DEADLINE_MS = 5 * 60_000;

export interface SubprocessRuntimeOptions {
  logger: PluginLogger;
  /** The token store an auth hook's session may use (get-token, set-token, delete-token). */
  tokens: TokenStore;
  /** Where an auth hook's prompt and tell messages go; without one, a prompt fails. */
  terminal?: Terminal;
  /** Receives plugin stderr as it arrives; set when the user asked for -v. */
  onStderr?: (plugin: string, text: string) => void;
  /** Undefined when okapi's stream can take more now; else resolves once it has drained. */
  outputReady?: (stream: 'stdout' | 'stderr') => Promise<void> | undefined;
  /** Standard input forwarded to commands that declare passthrough_stdio; a function because
   *  touching process.stdin costs milliseconds of start-up. */
  stdin?: () => NodeJS.ReadableStream;
  commands?: CommandDeclaration[];
}

/** A hook call's opening message: the input with the protocol generation and host features. */
function hookMessage(hook: HookName, input: object): WireMessage {
  return { type: 'hook', hook, protocol_version: PROTOCOL_GENERATION, features: [...HOST_FEATURES], ...input };
}

/** What a command session may ask of the host besides the host services (service-requests.ts). */
const HOST_REQUESTS = new Set(['http-request', 'http-stream', 'http-print', 'list-apis', 'list-plugins', 'prompt', 'load-document', 'output']);

export class SubprocessRuntime implements PluginRuntime {
  constructor(
    private readonly target: SessionTarget,
    private readonly manifest: PluginManifest,
    private readonly options: SubprocessRuntimeOptions,
  ) {}

  async call<H extends CallHookName>(hook: H, input: CallHooks[H]['input']): Promise<CallHooks[H]['output']> {
    const session = await this.open(hook);
    try {
      await session.send(hookMessage(hook, input));
      const output = await this.awaitResult(session, hook === 'auth' ? (message) => this.answerAuthRequest(session, message) : undefined);
      const problem = resultProblem(hook, output);
      if (problem !== undefined) throw session.violation(problem);
      return output as CallHooks[H]['output'];
    } finally {
      await session.close();
    }
  }

  async format(options: FormatterOptions, items: AsyncIterable<unknown>, sink: FormatterSink): Promise<void> {
    const session = await this.open('formatter');
    try {
      await session.send(hookMessage('formatter', options));
      for await (const value of items) {
        await session.send(options.raw ? { type: 'chunk', data: value as Uint8Array } : { type: 'item', value });
      }
      await session.send({ type: 'end' });
      await this.awaitResult(session, (message) => {
        if (message.type !== 'stdout') return false;
        const problem = formatterMessageProblem(message);
        if (problem !== undefined) throw session.violation(problem);
        sink.write(message.data as Uint8Array);
        return true;
      });
    } finally {
      await session.close();
    }
  }

  async command(init: CommandInit, host: CommandContext): Promise<number> {
    const session = await this.open('command');
    /** Streamed response bodies on their way to the plugin, by request id. */
    const windows = new Map<unknown, SendWindow>();
    try {
      await session.send({ type: 'init', ...init });
      if (this.forwardsStdin(init.command)) void this.forwardStdin(session);
      for (;;) {
        const message = await session.next('a command message');
        const problem = commandMessageProblem(message);
        if (problem !== undefined) throw session.violation(problem);
        switch (message.type) {
          case 'stdout':
            host.stdout(message.data as Uint8Array);
            await this.outputDrained(session, 'stdout');
            break;
          case 'stderr':
            host.stderr(message.data as Uint8Array);
            await this.outputDrained(session, 'stderr');
            break;
          case 'log':
            await this.log(session, message);
            break;
          case 'done':
            return message.exit_code as number;
          case 'error':
            throw this.pluginError(session, message);
          case 'http-read':
            windows.get(message.id)?.read();
            break;
          default:
            if (!HOST_REQUESTS.has(message.type) && !isServiceRequest(message.type)) {
              throw session.unexpected(message, 'a command message (stdout, stderr, http-request, http-stream, http-read, http-print, list-apis, prompt, load-document, output, a host service request, done)');
            }
            // Answered in its own time: the session reads on, so a long request never holds the others up.
            void this.answer(session, message, host, windows);
        }
      }
    } finally {
      for (const window of windows.values()) window.close();
      await session.close();
    }
  }

  private forwardsStdin(command: string): boolean {
    const declared = this.options.commands?.find((c) => c.name === command);
    // A registered API's name, routed to the plugin that owns API commands: its operations take bodies on stdin.
    const apiCommand = declared === undefined && this.manifest.api_commands === true;
    return (declared?.passthrough_stdio === true || apiCommand) && this.options.stdin !== undefined;
  }

  private async forwardStdin(session: SubprocessSession): Promise<void> {
    try {
      for await (const chunk of this.options.stdin!()) {
        await session.send({ type: 'stdin', data: typeof chunk === 'string' ? Buffer.from(chunk) : chunk });
      }
      await session.send({ type: 'stdin-end' });
    } catch {
      // The session ended first; nothing is waiting for the rest of stdin.
    }
  }

  private async answer(session: SubprocessSession, message: WireMessage, host: CommandContext, windows: Map<unknown, SendWindow>): Promise<void> {
    const id = message.id;
    try {
      switch (message.type) {
        case 'http-request': {
          const response = await host.httpRequest(httpRequestOf(message));
          await session.send({ type: 'http-response', id, ...response });
          return;
        }
        case 'http-stream': {
          if (!host.request) throw new Error('this host cannot stream responses');
          const { body, ...head } = await host.request(httpRequestOf(message));
          const window = new SendWindow();
          windows.set(id, window);
          try {
            await session.send({ type: 'http-head', id, ...head });
            for await (const data of body) {
              await window.room();
              if (window.closed) return;
              window.sent();
              await session.send({ type: 'http-chunk', id, data });
            }
            await session.send({ type: 'http-end', id });
          } finally {
            windows.delete(id);
          }
          return;
        }
        case 'http-print': {
          if (!host.requestAndPrint) throw new Error('this host cannot print responses');
          const exitCode = await host.requestAndPrint(httpRequestOf(message));
          await session.send({ type: 'http-printed', id, exit_code: exitCode });
          return;
        }
        case 'list-apis':
          await session.send({ type: 'apis', id, apis: await host.listApis() });
          return;
        case 'list-plugins':
          await session.send({ type: 'plugins', id, plugins: await host.listPlugins() });
          return;
        case 'prompt': {
          const value = await host.prompt(String(message.message), { secret: message.secret === true });
          await session.send({ type: 'prompt-response', id, value });
          return;
        }
        case 'load-document': {
          if (!host.loadDocument) throw new Error('this host cannot load documents');
          // commandMessageProblem has checked its fields by these rules.
          const request = message as WireMessage & Checked<typeof LOAD_DOCUMENT>;
          await session.send({ type: 'document', id, document: await host.loadDocument(request) });
          return;
        }
        case 'output': {
          if (!host.output) throw new Error('this host cannot print values');
          await host.output(message.value, typeof message.format === 'string' ? { format: message.format } : {});
          await session.send({ type: 'printed', id });
          return;
        }
        default:
          await session.send(await answerServiceRequest(message, host));
      }
    } catch (error) {
      await session.send({ type: 'error', id, message: error instanceof Error ? error.message : String(error) }).catch(() => undefined);
    }
  }

  /** Answers what an auth hook may ask before its result (token store, terminal); false for any other message. */
  private answerAuthRequest(session: SubprocessSession, message: WireMessage): boolean {
    if (message.type !== 'prompt' && message.type !== 'tell' && !isTokenRequest(message.type)) return false;
    const problem = authMessageProblem(message);
    if (problem !== undefined) throw session.violation(problem);
    const { tokens, terminal = NO_TERMINAL } = this.options;
    if (message.type === 'tell') {
      terminal.tell(message.message as string);
      return true;
    }
    const answer =
      message.type === 'prompt'
        ? terminal
            .prompt(message.message as string, { secret: message.secret === true })
            .then((value) => ({ type: 'prompt-response', id: message.id, value }))
            .catch((error: unknown) => ({ type: 'error', id: message.id, message: error instanceof Error ? error.message : String(error) }))
        : answerTokenRequest(message, tokens);
    void answer.then((reply) => session.send(reply)).catch(() => undefined);
    return true;
  }

  /** Waits for the result, letting `onOther` consume messages that may come before it. */
  private async awaitResult(session: SubprocessSession, onOther?: (m: WireMessage) => boolean): Promise<unknown> {
    for (;;) {
      const message = await session.next('a result');
      if (message.type === 'result') return message.output ?? {};
      if (message.type === 'error') throw this.pluginError(session, message);
      if (message.type === 'log') {
        await this.log(session, message);
        continue;
      }
      if (onOther?.(message)) continue;
      throw session.unexpected(message, 'a result');
    }
  }

  /** A `log` message, shown by level. */
  private async log(session: SubprocessSession, message: WireMessage): Promise<void> {
    const problem = logProblem(message);
    if (problem !== undefined) throw session.violation(problem);
    this.options.logger(this.target.name)(message.level as LogLevel, message.message as string);
    await this.outputDrained(session, 'stderr');
  }

  /** Once okapi's stream has room again: until then the plugin is not read, so it waits, not okapi's memory. */
  private async outputDrained(session: SubprocessSession, stream: 'stdout' | 'stderr'): Promise<void> {
    const ready = this.options.outputReady?.(stream);
    if (ready) await session.holdUntil(ready);
  }

  /** The plugin's own `error` answer: its message, if it is one, is what the user reads. */
  private pluginError(session: SubprocessSession, message: WireMessage): PluginError {
    const problem = errorProblem(message);
    if (problem !== undefined) return session.violation(problem);
    return new PluginError(this.target.name, message.message as string);
  }

  /** The session machinery (and the CBOR codec) loads only when an external plugin actually runs. */
  private async open(hook: HookName): Promise<SubprocessSession> {
    const { SubprocessSession } = await import('./subprocess-session.js');
    return new SubprocessSession(this.target, {
      hook,
      deadlineMs: this.deadline(hook),
      ...(this.options.onStderr ? { onStderr: (text: string) => this.options.onStderr!(this.target.name, text) } : {}),
      ...(this.options.outputReady ? { stderrReady: () => this.options.outputReady!('stderr') } : {}),
    });
  }

  private deadline(hook: HookName): number | undefined {
    const configured = this.manifest.hook_timeouts?.[hook];
    if (configured !== undefined) return parseDuration(configured);
    // Commands and signers are sessions that live as long as the user's work, not single calls.
    if (hook === 'command' || hook === 'tls-signer') return undefined;
    return hook === 'auth' ? AUTH_DEADLINE_MS : DEFAULT_DEADLINE_MS;
  }
}

/** An http-request, http-stream or http-print message: commandMessageProblem has checked its fields by these rules. */
function httpRequestOf(message: WireMessage): WireMessage & Checked<typeof HTTP_REQUEST> {
  return message as WireMessage & Checked<typeof HTTP_REQUEST>;
}
