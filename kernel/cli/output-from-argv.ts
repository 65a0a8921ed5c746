/**
 * The output options of a run, read from its flags once: everything the renderers need to know
 * about -o, -f, --okapi-print, -S, -v and the terminal (kernel/output/output-options.ts).
 */
import { UsageError } from '../../sdk/shared/errors.js';
import type { FilterLanguage } from '../filter-call/language.js';
import type { Invocation } from '../invocation.js';
import { colorFor } from '../output/color.js';
import type { OutputOptions } from '../output/output-options.js';
import { printPlanFor } from '../output/print-plan.js';

export function outputOptionsFromArgv(inv: Invocation): OutputOptions {
  const format = inv.string('okapi-output-format');
  const filter = requestedFilter(inv);
  const rendering = format !== undefined || filter !== undefined || Boolean(inv.flag('okapi-collect'));
  return {
    format,
    filter,
    print: printPlanFor(
      inv.string('okapi-print') ?? 'auto',
      rendering,
      () => inv.isTTY('stdout'),
      () => colorFor(inv.io.stdout, inv.env),
    ),
    silent: Boolean(inv.flag('okapi-silent')),
    ignoreStatusCode: Boolean(inv.flag('okapi-ignore-status-code')),
    verbosity: inv.verbose,
    formatterFlag: (flag) => inv.string(flag),
    get width() {
      // Asked only when something renders: on a terminal it builds the stdout stream.
      return inv.outputWidth;
    },
    streams: {
      get stdout() {
        return inv.io.stdout;
      },
      get stderr() {
        return inv.io.stderr;
      },
      writeFinal: (data) => inv.writeFinal(data),
      stderrColor: () => colorFor(inv.io.stderr, inv.env),
    },
  };
}

/**
 * `-f`, or `--okapi-status` / `--okapi-headers`, which are exactly `-f status` and `-f headers`:
 * each is one filter, so two of them are refused as two `-f` are, rather than one winning.
 */
function requestedFilter(inv: Invocation): OutputOptions['filter'] {
  const expression = inv.string('okapi-filter');
  const shortcuts = (['okapi-status', 'okapi-headers'] as const).filter((flag) => inv.flag(flag));
  const given = [...(expression !== undefined ? ['-f'] : []), ...shortcuts.map((flag) => `--${flag}`)];
  if (given.length > 1) {
    throw new UsageError(`${given.join(' and ')} each choose what to print; give one of them`, {
      hint: '--okapi-status is -f status and --okapi-headers is -f headers: a filter can print both, e.g. -f \'{status, headers}\'',
    });
  }
  if (expression !== undefined) return { expression, lang: inv.string('okapi-filter-lang') as FilterLanguage | undefined };
  const shortcut = shortcuts[0];
  return shortcut && { expression: shortcut === 'okapi-status' ? 'status' : 'headers', lang: 'shorthand', shortcut: true };
}
