/**
 * Every global flag, declared once. The argv scanner, help (`--help` shows `common` flags,
 * `--help-all` all of them) and validation all read this table. A flag is added by the change that
 * gives it its behaviour.
 */
import { UsageError } from '../../sdk/shared/errors.js';
import { parseForcedAuth } from '../../sdk/shared/security-selection.js';
import { parseServer } from '../../sdk/shared/server-override.js';
import { LONGEST_DURATION, longerThanOkapiCanWait, MAX_DURATION_MS, parseDuration } from '../plugins/duration.js';
import { parseHeaderEntry, parseQueryEntry } from '../pipeline/request-fields.js';

type FlagKind = 'boolean' | 'string' | 'strings' | 'count';

export interface FlagSpec {
  /** Long name without dashes. */
  long: string;
  short?: string;
  kind: FlagKind;
  description: string;
  /** Shown by plain `--help`; the rest only with `--help-all`. */
  common: boolean;
  valueName?: string;
  /** Checks a value as typed; throws UsageError naming the flag. */
  check?(value: string, flag: string): void;
  /**
   * A second value is a usage error with this hint, where otherwise the later value wins: for a
   * flag whose repetition reads as asking for both (two filters), not as overriding the first.
   */
  once?: { hint: string };
}

export const GLOBAL_FLAGS: readonly FlagSpec[] = [
  { long: 'help', short: 'h', kind: 'boolean', common: true, description: 'Show help (common flags)' },
  { long: 'help-all', kind: 'boolean', common: true, description: 'Show help with every flag' },
  { long: 'version', kind: 'boolean', common: true, description: 'Print the version' },
  {
    long: 'okapi-verbose',
    short: 'v',
    kind: 'count',
    common: true,
    description: 'Show request and response headers and plugin diagnostics on stderr; -vv adds TLS details',
  },
  {
    long: 'okapi-config',
    kind: 'string',
    common: false,
    valueName: 'file',
    description: 'Config file to use (overrides OKAPI_CONFIG)',
  },
  {
    long: 'okapi-profile',
    short: 'p',
    kind: 'string',
    common: true,
    valueName: 'name',
    description: 'Profile of a registered API to use (also OKAPI_PROFILE; default "default")',
    check: (value, flag) => {
      if (value.trim() === '') throw new UsageError(`${flag} needs a profile name, got an empty value`);
    },
  },
  {
    long: 'okapi-output-format',
    short: 'o',
    kind: 'string',
    common: true,
    valueName: 'format',
    description: 'Output format, e.g. json, yaml, table, raw (okapi --help lists them all under Output formats)',
  },
  {
    long: 'okapi-print',
    kind: 'string',
    common: false,
    valueName: 'letters',
    description: 'What to print: auto, or letters H request headers, B request body, h response head, b body, p pretty, c colour',
    check: (value, flag) => {
      if (value !== 'auto' && !/^[HBhbpc]+$/.test(value)) {
        throw new UsageError(`${flag} "${value}" is not auto or a set of the letters H, B, h, b, p, c`);
      }
    },
  },
  { long: 'okapi-silent', short: 'S', kind: 'boolean', common: true, description: 'Print nothing; only the exit code tells the result' },
  { long: 'okapi-status', kind: 'boolean', common: false, description: 'Print only the response status code (same as -f status)' },
  { long: 'okapi-headers', kind: 'boolean', common: false, description: 'Print only the response headers (same as -f headers)' },
  {
    long: 'okapi-filter',
    short: 'f',
    kind: 'string',
    common: true,
    valueName: 'expression',
    description: 'Filter {status, headers, links, body}: shorthand (body.items[age > 30].name) or jq (.body.items | length)',
    once: { hint: "write one expression that does both, with a pipe: -f 'body.items | [0]' or -f '.body.items | length'" },
  },
  {
    long: 'okapi-filter-lang',
    kind: 'string',
    common: false,
    valueName: 'lang',
    description: 'Language of -f: shorthand or jq (default: jq when the filter starts with ".", except "..name")',
    check: (value, flag) => {
      if (value !== 'shorthand' && value !== 'jq') throw new UsageError(`${flag} "${value}" must be shorthand or jq`);
    },
  },
  {
    long: 'okapi-collect',
    kind: 'boolean',
    common: false,
    description: 'Collect paginated or streamed items into one document before filtering (a single response already is one)',
  },
  {
    long: 'okapi-ignore-status-code',
    kind: 'boolean',
    common: false,
    description: 'Exit 0 whatever the HTTP status (otherwise 3xx/4xx/5xx exit 3/4/5)',
  },
  {
    long: 'okapi-header',
    short: 'H',
    kind: 'strings',
    common: true,
    valueName: 'header',
    description: 'Request header, repeatable (also OKAPI_HEADER, comma-separated)',
    check: (value, flag) => void parseHeaderEntry(value, flag),
  },
  {
    long: 'okapi-query',
    short: 'q',
    kind: 'strings',
    common: true,
    valueName: 'key=value',
    description: 'Query parameter, repeatable (also OKAPI_QUERY, comma-separated)',
    check: (value, flag) => void parseQueryEntry(value, flag),
  },
  {
    long: 'okapi-content-type',
    short: 'c',
    kind: 'string',
    common: true,
    valueName: 'encoder',
    description: 'Request body encoding: json (default), yaml, cbor, form, multipart, or a MIME type sent as-is',
  },
  {
    long: 'okapi-generate-body',
    kind: 'boolean',
    common: false,
    description: "Generated operation commands: print an example request body from the operation's schema; nothing is sent",
  },
  {
    long: 'okapi-validate',
    kind: 'boolean',
    common: false,
    description: "Generated operation commands: check a JSON body against the operation's schema before sending",
  },
  {
    long: 'okapi-server',
    short: 's',
    kind: 'string',
    common: false,
    valueName: 'url',
    description: 'Send every request to this scheme://host:port (a path on it prefixes the request path); a target /path goes there',
    check: (value, flag) => {
      parseServer(value, flag);
    },
  },
  {
    long: 'okapi-timeout',
    short: 't',
    kind: 'string',
    common: true,
    valueName: 'duration',
    description: 'Give up on a request after this long, e.g. 10s, 2m',
    check: positiveDuration,
  },
  {
    long: 'okapi-max-body-size',
    kind: 'string',
    common: false,
    valueName: 'MiB',
    description: 'Largest response body to accept, in MiB (0 means the default, 100)',
    check: (value, flag) => {
      if (!/^\d+$/.test(value)) throw new UsageError(`${flag} "${value}" is not a whole number of MiB`);
    },
  },
  {
    long: 'okapi-auth',
    kind: 'string',
    common: false,
    valueName: 'id[+id]',
    description: "A generated operation's credentials: one of the profile's credential ids, or a combination A+B",
    check: (value) => void parseForcedAuth(value),
  },
  {
    long: 'okapi-no-browser',
    kind: 'boolean',
    common: false,
    description: 'OAuth sign-in in a browser: print the URL and read the pasted code or redirect URL instead of opening a browser',
  },
  { long: 'okapi-insecure', kind: 'boolean', common: false, description: 'Do not verify TLS certificates' },
  { long: 'okapi-ca-cert', kind: 'string', common: false, valueName: 'file', description: 'PEM CA certificate to trust besides the system ones' },
  { long: 'okapi-client-cert', kind: 'string', common: false, valueName: 'file', description: 'PEM client certificate for mutual TLS' },
  { long: 'okapi-client-key', kind: 'string', common: false, valueName: 'file', description: 'PEM private key of the client certificate' },
  {
    long: 'okapi-tls-min-version',
    kind: 'string',
    common: false,
    valueName: 'version',
    description: 'Lowest TLS version to accept: TLS1.2 (default) or TLS1.3',
    check: (value, flag) => {
      if (value !== 'TLS1.2' && value !== 'TLS1.3') throw new UsageError(`${flag} "${value}" must be TLS1.2 or TLS1.3`);
    },
  },
];

function positiveDuration(value: string, flag: string): void {
  const ms = parseDuration(value);
  if (ms === undefined || ms <= 0) throw new UsageError(`${flag} "${value}" is not a duration such as 500ms, 10s or 2m`);
  if (ms > MAX_DURATION_MS) {
    const hint = `give ${flag} ${LONGEST_DURATION} or less`;
    throw new UsageError(longerThanOkapiCanWait(`${flag} "${value}"`), { hint });
  }
}
