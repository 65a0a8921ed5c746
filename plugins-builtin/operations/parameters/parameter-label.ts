/** How messages name a parameter: its location and wire name, and the command-line name when `x-cli-name` gives another. */

import type { DetailParameter } from '../../../sdk/shared/operation-detail-format.js';

export function parameterLabel(param: DetailParameter): string {
  const renamed = param.cli_name !== undefined && param.cli_name !== param.name ? ` (given as ${param.cli_name})` : '';
  return `${param.in} parameter "${param.name}"${renamed}`;
}
