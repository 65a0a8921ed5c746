/**
 * Every global flag, declared once. The argv scanner, help (`--help` shows `common` flags,
 * `--help-all` all of them) and validation all read this table. A flag is added by the change that
 * gives it its behaviour.
 */
import { UsageError } from '../errors.js';

export type FlagKind = 'boolean' | 'string' | 'strings' | 'count';

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
    long: 'okapi-output-format',
    short: 'o',
    kind: 'string',
    common: true,
    valueName: 'format',
    description: 'Output format: json or a plugin format (see okapi plugin list)',
  },
  {
    long: 'okapi-header',
    short: 'H',
    kind: 'strings',
    common: true,
    valueName: 'header',
    description: 'Request header, repeatable (also OKAPI_HEADER, comma-separated)',
    check: (value, flag) => {
      if (!/^[^:\s][^:]*:/.test(value)) {
        throw new UsageError(`${flag} "${value}" is not a header: write it as "Name: value"`);
      }
    },
  },
  {
    long: 'okapi-query',
    short: 'q',
    kind: 'strings',
    common: true,
    valueName: 'key=value',
    description: 'Query parameter, repeatable (also OKAPI_QUERY, comma-separated)',
    check: (value, flag) => {
      if (!value.includes('=')) throw new UsageError(`${flag} "${value}" is not a query parameter: write it as "key=value"`);
    },
  },
];

export function flagLabel(spec: FlagSpec): string {
  return spec.short ? `-${spec.short}, --${spec.long}` : `--${spec.long}`;
}
