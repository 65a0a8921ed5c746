/**
 * What a run prints (`--okapi-print` letters): H request headers, B request body, h response
 * status and headers, b body, p pretty, c colour. `auto` follows DESIGN.md §5: a terminal gets the
 * transcript, a redirect with nothing asking for rendering gets the raw body bytes.
 */
import type { Invocation } from '../invocation.js';
import { colorFor } from './color.js';

export interface PrintPlan {
  /** Write the body bytes exactly as received, nothing else. */
  raw: boolean;
  requestHead: boolean;
  requestBody: boolean;
  responseHead: boolean;
  body: boolean;
  pretty: boolean;
  color: boolean;
}

export function printPlanFor(inv: Invocation): PrintPlan {
  const requested = inv.string('okapi-print') ?? 'auto';
  const rendering =
    inv.string('okapi-output-format') !== undefined ||
    inv.string('okapi-filter') !== undefined ||
    Boolean(inv.flag('okapi-status') || inv.flag('okapi-headers') || inv.flag('okapi-collect'));
  const letters =
    requested !== 'auto'
      ? requested
      : inv.stdoutIsTTY
        ? `${rendering ? '' : 'h'}bp${colorFor(inv.io.stdout, inv.env) ? 'c' : ''}`
        : rendering
          ? 'bp'
          : '';
  return {
    raw: letters === '',
    requestHead: letters.includes('H'),
    requestBody: letters.includes('B'),
    responseHead: letters.includes('h'),
    body: letters.includes('b'),
    pretty: letters.includes('p'),
    color: letters.includes('c'),
  };
}
