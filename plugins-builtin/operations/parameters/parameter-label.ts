/**
 * How messages name a parameter (its location and wire name, and the command-line name when
 * `x-cli-name` gives another) and show a value given to it: masked when the name says it carries a
 * secret, as everywhere okapi shows a header or query value.
 */

import { isCredentialName } from '../../../sdk/shared/credential-names.js';
import type { DetailParameter } from '../../../sdk/shared/operation-detail-format.js';

export function parameterLabel(param: DetailParameter): string {
  const renamed = param.cli_name !== undefined && param.cli_name !== param.name ? ` (given as ${param.cli_name})` : '';
  return `${param.in} parameter "${param.name}"${renamed}`;
}

/** The text quoted, or `***` for a credential's parameter. */
export function shownValue(param: DetailParameter, text: string): string {
  return isCredentialName(param.name) ? '***' : JSON.stringify(text);
}
