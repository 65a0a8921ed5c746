/**
 * How a run shows what it got, decided once (from argv in kernel/cli/output-from-argv.ts) and
 * handed to rendering: the renderers read this, never the argv. A command plugin's rendered
 * requests and values use the same options, so they print exactly as `okapi get URL` does.
 */
import type { RequestedFilter } from '../filter-call/output.js';
import type { PrintPlan } from './print-plan.js';

export interface OutputOptions {
  /** `-o`; undefined when the user gave none. */
  format: string | undefined;
  /**
   * `-f` or one of its shortcuts (`--okapi-status`, `--okapi-headers`, marked `shortcut`: they ask
   * about a response, so a command's printed value ignores them).
   */
  filter: (RequestedFilter & { shortcut?: true }) | undefined;
  print: PrintPlan;
  /** `-S`: nothing on stdout. */
  silent: boolean;
  /** `--okapi-ignore-status-code`: a 3xx/4xx/5xx still exits 0. */
  ignoreStatusCode: boolean;
  /** `-v` count: 1 shows every hop's heads on stderr, 2 adds TLS details. */
  verbosity: number;
  /**
   * The value of a formatter's own flag (`--okapi-columns` for `table`), as its manifest's
   * `formatter_options` declares it; undefined when not given.
   */
  formatterFlag(flag: string): string | undefined;
  /** Columns output may use; undefined when stdout is no terminal and COLUMNS is unset. */
  width: number | undefined;
  streams: OutputStreams;
}

/**
 * Where output goes. The streams are getters because building process.stdout costs start-up
 * time: a raw body goes through `writeFinal`, which needs no stream.
 */
export interface OutputStreams {
  readonly stdout: NodeJS.WriteStream;
  readonly stderr: NodeJS.WriteStream;
  /** Bytes for stdout, written without building the stdout stream where possible. */
  writeFinal(data: string | Uint8Array): void;
  /** Whether diagnostics on stderr are coloured. */
  stderrColor(): boolean;
}

/** -v and the print plan's head and request-body parts show every hop as it went on the wire. */
export function showsExchange(output: OutputOptions): boolean {
  if (output.silent) return false;
  if (output.verbosity > 0) return true;
  return output.print.requestHead || output.print.requestBody || output.print.responseHead;
}
