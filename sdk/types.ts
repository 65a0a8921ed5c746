/**
 * The plugin contract shared by okapi's built-in plugins and external `okapi-*` executables.
 * Field names are the wire names (DESIGN.md §3), so a value here is exactly what travels in a
 * CBOR or JSON message.
 */
import type { ApiRegistry, AuthService, CacheService, ConfigService, Terminal, TokenStore } from './services.js';

export const HOOK_NAMES = [
  'auth',
  'request-middleware',
  'response-middleware',
  'loader',
  'formatter',
  'command',
  'tls-signer',
  'filter',
] as const;
export type HookName = (typeof HOOK_NAMES)[number];

/** The protocol generation this host and SDK speak. */
export const PROTOCOL_GENERATION = 2;

/** Host features a manifest may list in `required_features`. */
export const HOST_FEATURES = [
  'manifest.required_features',
  'loader.source_metadata',
  'request.final_body',
] as const;
export type HostFeature = (typeof HOST_FEATURES)[number];

export interface PluginManifest {
  name: string;
  version?: string;
  description?: string;
  okapi_api_version: number;
  hooks?: HookName[];
  required_features?: string[];
  formatter_names?: string[];
  /**
   * Media types (or `+suffix` patterns such as `+json`) this formatter also accepts as the raw
   * response bytes, streamed as they arrive, when nothing needs the decoded value. An okapi
   * extension: it lets a formatter render bodies of any size in constant memory.
   */
  formatter_raw_types?: string[];
  /**
   * Command-line flags this formatter reads, each given to it as `FormatterStart.options[name]`
   * when the user gives it. An okapi extension.
   */
  formatter_options?: FormatterOption[];
  loader_content_types?: string[];
  auth_api_names?: string[];
  /**
   * The `-f` languages this plugin's `filter` hook runs, such as `jq` or `shorthand`. An okapi
   * extension: see FilterInput.
   */
  filter_languages?: string[];
  /**
   * True: this plugin's command hook runs `okapi <api> <word…>` for every registered API, with
   * `command` the API name and `args` the words after it (needs the `command` hook). One plugin
   * owns this route; without an owner those words are a request, as they always were. An okapi extension.
   */
  api_commands?: boolean;
  needs_auth_secrets?: boolean;
  /** Hook name to a duration such as `"10s"`, `"2m"`, `"1m30s"`, `"500ms"`. */
  hook_timeouts?: Partial<Record<HookName, string>>;
}

/** A flag a formatter declares, such as `{ name: 'columns', flag: 'okapi-columns', value_name: 'list', description: '…' }`. */
export interface FormatterOption {
  /** The key in `FormatterStart.options`: lower-case letters, digits and `_`. */
  name: string;
  /** The long flag without its dashes; it begins with `okapi-`, as every global flag of okapi's does. */
  flag: string;
  /** One line for `okapi --help-all`. */
  description: string;
  /** What the value is called in help (`--okapi-columns <list>`). */
  value_name?: string;
}

export interface CommandDeclaration {
  name: string;
  short?: string;
  long?: string;
  passthrough_stdio?: boolean;
}

export interface CommandDiscovery {
  protocol_version?: number;
  commands: CommandDeclaration[];
}

/** Header (and query) values by name; a name may repeat, so values are lists. */
export type HeaderMap = Record<string, string[]>;

export interface WireRequest {
  method: string;
  url: string;
  headers: HeaderMap;
  /** Present only when the manifest lists `request.final_body` and a body exists. */
  body?: Uint8Array;
}

export interface WireResponse {
  status: number;
  headers: HeaderMap;
  body: Uint8Array;
}

/** A string sets, an array replaces every value, null deletes. */
export type FieldUpdate = Record<string, string | string[] | null>;

export interface RequestUpdate {
  headers?: FieldUpdate;
  query?: FieldUpdate;
}

interface HookCommon {
  protocol_version: number;
  features: string[];
}

export interface AuthInput extends HookCommon {
  hook: 'auth';
  api: string;
  profile: string;
  /** The credential binding being applied (`profiles.<p>.credentials.<id>`); absent for the profile's `auth`. */
  credential?: string;
  /** The shared auth profile (`auth_profiles.<name>`, named by `auth_ref`) the auth is: keep its tokens under it. */
  auth_profile?: string;
  params: Record<string, string>;
  request: WireRequest;
  /**
   * The answer given before was refused (the API said 401): do not send the same token again;
   * renew it (refresh, or sign in again). Set at most once per request.
   */
  renew?: boolean;
  /** The user said `--okapi-no-browser`: an interactive sign-in prints its URL instead of opening a browser. */
  no_browser?: boolean;
}

export interface AuthOutput extends RequestUpdate {
  /**
   * The answer carries a credential the plugin can renew (an OAuth access token): when the API
   * answers 401, okapi calls the hook again with `renew` and resends the request, once.
   */
  renewable?: boolean;
}

export interface RequestMiddlewareInput extends HookCommon {
  hook: 'request-middleware';
  api?: string;
  profile?: string;
  request: WireRequest;
}

export interface ResponseMiddlewareInput extends HookCommon {
  hook: 'response-middleware';
  api?: string;
  profile?: string;
  request: WireRequest;
  response: WireResponse;
}

export type ResponseMiddlewareOutput =
  | Record<string, never>
  | { drop: true }
  | { follow: { method: string; url: string; headers?: HeaderMap; body?: Uint8Array } }
  | { response: { status?: number; headers?: HeaderMap; body?: Uint8Array } };

export interface LoaderInput extends HookCommon {
  hook: 'loader';
  body: Uint8Array;
  content_type?: string;
  source_url?: string;
  local_path?: string;
  /**
   * The bytes are a document that a `$ref` of a description points into (a schema file, say), not
   * a whole description: the loader parses them and neither checks nor converts them. An okapi extension.
   */
  referenced?: boolean;
}

export interface LoaderOutput {
  document: unknown;
}

/**
 * `-f`: one filter expression run over one value (the response `{proto, status, headers, links,
 * body}`, or a command's data). okapi chooses the language (`--okapi-filter-lang`, else from the
 * expression) and calls the plugin whose manifest lists it in `filter_languages`. Numbers keep
 * their digits as ExactNumber values, as formatter items do. An okapi extension.
 */
export interface FilterInput extends HookCommon {
  hook: 'filter';
  language: string;
  expression: string;
  value: unknown;
}

/** The filter's results, in order (a language may give several, or none); or why it gave none. */
export type FilterOutput = { results: unknown[] } | { failure: FilterFailure };

/**
 * A filter that failed, as data: errors thrown by a plugin reach okapi as bare messages, while a
 * failure keeps its hint and exit code, and says whether okapi may try the expression in another
 * language.
 */
export interface FilterFailure {
  message: string;
  hint?: string;
  /** 2: the expression is at fault (bad command-line input); 1: running it failed. */
  exit_code: number;
  /** True when the expression cannot be read in this language at all, so it may be of another. */
  unreadable?: boolean;
  /** What is wrong, in one line, for a hint when okapi reports another language's failure first. */
  summary: string;
}

export interface FormatterStart extends HookCommon {
  hook: 'formatter';
  format: string;
  /** True when the items form one document (a single response); false for records (pages, streams). */
  document: boolean;
  /** Readable layout asked for (`--okapi-print` p); compact otherwise. An okapi extension. */
  pretty: boolean;
  /**
   * True when the items are chunks of the raw body (`Uint8Array`) of type `content_type`, which
   * the formatter listed in `formatter_raw_types`; on the wire they travel as `chunk` messages.
   * An okapi extension.
   */
  raw?: boolean;
  content_type?: string;
  tty: boolean;
  color: boolean;
  width: number;
  /**
   * The values of the flags this formatter declares in `formatter_options`, by option name,
   * present only when one is given: for example `{ columns: 'id,user.login', sort_by: '-score' }`
   * from `--okapi-columns` and `--okapi-sort-by`. An okapi extension.
   */
  options?: Record<string, string>;
}

export interface CommandInit {
  command: string;
  args: string[];
  tty: { stdin: boolean; stdout: boolean; stderr: boolean };
  width: number;
  /** The config file this invocation uses (an okapi extension of the init message). */
  config_path?: string;
  /** okapi's cache directory: HTTP responses, API specs and operation indexes (an okapi extension). */
  cache_dir?: string;
  /** The `-o` value the user gave; the kernel consumes it from argv (an okapi extension). */
  output_format?: string;
  /** The `-f` expression the user gave; `ctx.output` applies it (an okapi extension). */
  filter?: string;
  /** The profile asked for with `-p` or OKAPI_PROFILE, when one was (an okapi extension). */
  profile?: string;
  /**
   * The TLS files the user gave with `--okapi-ca-cert`, `--okapi-client-cert` and
   * `--okapi-client-key`, as absolute paths (an okapi extension): `api connect` saves them.
   */
  tls_files?: { ca_cert?: string; client_cert?: string; client_key?: string };
  /** The `-c` value the user gave: the body's encoder or media type (an okapi extension). */
  content_type?: string;
  /**
   * Standard input is a file, pipe or socket the user redirected, so it may be read as a body; a
   * terminal or nothing is never waited on (an okapi extension).
   */
  stdin_redirected?: boolean;
}

export interface SignerInit {
  params: Record<string, string>;
}

export interface SignRequest {
  digest: Uint8Array;
  hash: 'sha256' | 'sha384' | 'sha512';
  padding?: 'pkcs1' | 'pss';
  salt_length?: number;
}

/** What `list-apis` answers: one entry per registered API. */
export interface ApiSummary {
  name: string;
  base_url: string;
  profiles: string[];
}

/** What `list-plugins` answers: one entry per discovered plugin, refused ones included. */
export interface PluginSummary {
  name: string;
  version?: string;
  description?: string;
  hooks: HookName[];
  path: string;
  builtin: boolean;
  encoding?: 'cbor' | 'json';
  formatter_names?: string[];
  commands?: string[];
  enabled: boolean;
  refused?: string;
  /** Problems worth knowing that do not refuse the plugin, such as a command name collision. */
  notes?: string[];
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface HookContext {
  /** A diagnostic line for the user's stderr, shown according to verbosity. */
  log(level: LogLevel, message: string): void;
}

/**
 * An auth hook's context: the token store keeps what it fetched (an OAuth token) between runs; the
 * terminal shows an authorization URL or a device code and reads a pasted code.
 */
export interface AuthContext extends HookContext, Terminal {
  tokens: TokenStore;
}

export interface FormatterContext extends HookContext {
  write(data: Uint8Array | string): void;
  /**
   * Undefined when okapi's output can take more now; else resolves once it can. A formatter that
   * writes one large value in steps awaits it between steps, so a slow reader holds memory to a
   * step. Over the wire it is always undefined: okapi paces its reading of the plugin instead.
   */
  ready?(): Promise<void> | undefined;
}

export interface HttpRequest {
  method: string;
  url: string;
  /** The command's own headers, above the profile's and below the user's `-H`; null deletes one. */
  headers?: FieldUpdate;
  /**
   * The query the command's own parameters wrote (encoded, without `?`), which `url` carries too:
   * with it, the URL's entries of other names are the API's defaults (base_url's, the
   * description's), below the profile's query and OKAPI_QUERY, and only these count as typed by
   * the user, beside `-q` (an okapi extension).
   */
  query?: string;
  body?: Uint8Array;
  /**
   * The charset the body's text was written in, when it is text (an okapi extension): a
   * Content-Type sent that declares another (the user's `-H`, say) is refused, not sent.
   */
  body_charset?: string;
  /** Resolve relative URLs, profile and auth against this registered API. */
  api?: string;
  /** The API's generated operation this request is: its security requirements apply (an okapi extension). */
  operation?: string;
  /**
   * A registered API this request is made for without being API-aware, such as fetching its
   * description: the selected profile's TLS files (`ca_cert`, `client_cert`, `client_key`) apply
   * when the URL is on the API's origin; its headers and auth do not (an okapi extension).
   */
  tls_api?: string;
  /** Give up after this many milliseconds unless the user chose `-t` (an okapi extension). */
  timeout_ms?: number;
  /** Largest response body to accept, in bytes, unless the user chose `--okapi-max-body-size` (an okapi extension). */
  max_body_size?: number;
  /** Where the request may be led, for URLs a server chose (an okapi extension): see `AddressPolicy`. */
  address_policy?: AddressPolicy;
}

/**
 * Rules for every hop of a request, redirects included, checked on the address okapi connects to
 * (the host is resolved once and the connection goes to the addresses checked): a hop stays on the
 * origins of `trusted_urls` (or their https:// upgrade) unless `allow_cross_origin`, and reaches a
 * private, loopback, link-local or unspecified address only when one of `trusted_urls` is on such
 * an address.
 */
export interface AddressPolicy {
  /** URLs the user chose, such as an API's base URL. */
  trusted_urls: string[];
  allow_cross_origin?: boolean;
}

/** What `httpRequest` answers: the response, and the URL that answered it after redirects (an okapi extension). */
export interface HttpResponse extends WireResponse {
  url?: string;
}

/**
 * What `request` answers: the response head at once, the body as it arrives (an okapi extension).
 * The body can be read once; a command that stops reading early lets the rest of it go.
 */
export interface StreamedResponse {
  status: number;
  headers: HeaderMap;
  /** The URL that answered, after redirects. */
  url?: string;
  body: AsyncIterable<Uint8Array>;
}

/** API description bytes for `loadDocument`: the `loader` hook's input without the protocol fields. */
export interface LoadDocumentRequest {
  body: Uint8Array;
  content_type?: string;
  source_url?: string;
  local_path?: string;
  /** See `LoaderInput.referenced`. */
  referenced?: boolean;
}

export interface CommandContext extends HookContext {
  stdout(data: Uint8Array | string): void;
  stderr(data: Uint8Array | string): void;
  /** Runs through okapi's full request pipeline (middleware, auth, TLS, redirects); the body arrives whole. */
  httpRequest(request: HttpRequest): Promise<HttpResponse>;
  /**
   * Runs through the same pipeline and answers as soon as the response head arrives; the body
   * streams, so a command can pass on a body of any size in constant memory (an okapi extension;
   * absent from hosts without it).
   */
  request?(request: HttpRequest): Promise<StreamedResponse>;
  /**
   * Sends the request and prints the response exactly as `okapi get URL` would: the user's
   * `--okapi-print`, `-f`, `-o` and `-v` apply. Answers the exit code that run would have (3, 4 or 5
   * for a 3xx, 4xx or 5xx status, unless `--okapi-ignore-status-code`), for the command to return.
   * A request that fails (refused connection, unknown `-o`) is reported on stderr as okapi reports
   * it, and its exit code answered (an okapi extension; absent from hosts without it).
   */
  requestAndPrint?(request: HttpRequest): Promise<number>;
  listApis(): Promise<ApiSummary[]>;
  listPlugins(): Promise<PluginSummary[]>;
  prompt(message: string, options?: { secret?: boolean }): Promise<string>;
  /**
   * Turns API description bytes into an OpenAPI 3 document: the host runs the `loader` hook of the
   * plugin that handles the content type (an okapi extension; absent from hosts without it).
   */
  loadDocument?(request: LoadDocumentRequest): Promise<unknown>;
  /**
   * Prints a value the way okapi prints a response body: through the user's `-f` filter, then the
   * formatter `-o` names (`format` when the user gave no `-o`; `auto` when neither did), so
   * `-o yaml`, `-o table` and `-f` work on the command's data. An okapi extension; absent from
   * hosts without it.
   */
  output?(value: unknown, options?: { format?: string }): Promise<void>;
  /** Forwarded standard input; empty unless the command declares `passthrough_stdio`. */
  stdin: AsyncIterable<Uint8Array>;
  /** Host services (sdk/services.ts, docs/design/016-host-services.md). */
  config: ConfigService;
  apis: ApiRegistry;
  tokens: TokenStore;
  cache: CacheService;
  auth: AuthService;
}

export interface TlsSigner {
  init(input: SignerInit, ctx: HookContext): Promise<{ certificate_chain: Uint8Array[] }>;
  sign(request: SignRequest, ctx: HookContext): Promise<Uint8Array>;
}

type MaybePromise<T> = T | Promise<T>;

export interface PluginHooks {
  auth?(input: AuthInput, ctx: AuthContext): MaybePromise<AuthOutput>;
  'request-middleware'?(input: RequestMiddlewareInput, ctx: HookContext): MaybePromise<RequestUpdate>;
  'response-middleware'?(
    input: ResponseMiddlewareInput,
    ctx: HookContext,
  ): MaybePromise<ResponseMiddlewareOutput>;
  loader?(input: LoaderInput, ctx: HookContext): MaybePromise<LoaderOutput>;
  filter?(input: FilterInput, ctx: HookContext): MaybePromise<FilterOutput>;
  formatter?(start: FormatterStart, items: AsyncIterable<unknown>, ctx: FormatterContext): Promise<void>;
  command?(init: CommandInit, ctx: CommandContext): Promise<number>;
  'tls-signer'?: TlsSigner;
}

export interface PluginDefinition {
  manifest: PluginManifest;
  /** Required when the manifest lists the `command` hook. */
  commands?: CommandDeclaration[];
  hooks: PluginHooks;
}
