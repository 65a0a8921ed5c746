/**
 * How the kernel calls a plugin, whether it lives in-process (a built-in) or in a subprocess (an
 * `okapi-*` executable). Both implementations take and return the same values, which is what the
 * parity test checks.
 */
import type {
  CommandContext,
  CommandInit,
  FilterInput,
  FilterOutput,
  FormatterStart,
  HookContext,
  LoaderInput,
  LoaderOutput,
  RequestUpdate,
  AuthOutput,
  ResponseMiddlewareOutput,
  AuthInput,
  RequestMiddlewareInput,
  ResponseMiddlewareInput,
} from '../../sdk/types.js';

/** A hook input as the kernel builds it; the runtime adds the protocol fields. */
type Bare<T> = Omit<T, 'protocol_version' | 'features' | 'hook'>;

export interface CallHooks {
  auth: { input: Bare<AuthInput>; output: AuthOutput };
  'request-middleware': { input: Bare<RequestMiddlewareInput>; output: RequestUpdate };
  'response-middleware': { input: Bare<ResponseMiddlewareInput>; output: ResponseMiddlewareOutput };
  loader: { input: Bare<LoaderInput>; output: LoaderOutput };
  filter: { input: Bare<FilterInput>; output: FilterOutput };
}
export type CallHookName = keyof CallHooks;

export type FormatterOptions = Bare<FormatterStart>;

export interface FormatterSink {
  write(data: Uint8Array | string): void;
  /** Undefined when the output can take more now; else resolves once it can (see FormatterContext.ready). */
  ready?(): Promise<void> | undefined;
}

export interface PluginRuntime {
  call<H extends CallHookName>(hook: H, input: CallHooks[H]['input']): Promise<CallHooks[H]['output']>;
  format(options: FormatterOptions, items: AsyncIterable<unknown>, sink: FormatterSink): Promise<void>;
  command(init: CommandInit, host: CommandContext): Promise<number>;
}

/** Where plugin log lines go: `warn`/`error` always, `info` with -v, `debug` with -vv. */
export type PluginLogger = (plugin: string) => HookContext['log'];
