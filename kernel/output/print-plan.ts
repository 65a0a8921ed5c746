/**
 * What a run prints (`--okapi-print` letters): H request headers, B request body, h response
 * status and headers, b body, p pretty, c colour. `auto` follows DESIGN.md §5: a terminal gets the
 * transcript, a redirect with nothing asking for rendering gets the raw body bytes.
 */

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

/**
 * The plan for `--okapi-print` letters (`auto` when none were given). `rendering`: something asks
 * for a rendered body (-o, -f or a shortcut); `tty` and `color` describe stdout.
 */
export function printPlanFor(requested: string, rendering: boolean, tty: () => boolean, color: () => boolean): PrintPlan {
  const letters = requested !== 'auto' ? requested : tty() ? `${rendering ? '' : 'h'}bp${color() ? 'c' : ''}` : rendering ? 'bp' : '';
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
