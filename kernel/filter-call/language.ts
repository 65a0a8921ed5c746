/**
 * Which language a `-f` filter is in, when `--okapi-filter-lang` does not say: a leading `.` is jq
 * (`.body[] | select(.id > 2)`), except `..name`, which is shorthand's recursive descent (`.. | .id?`
 * is jq again); anything else is shorthand (`body.items[0].name`). okapi's rule for its two
 * languages, so it lives with the call, not in either language's plugin.
 */

import { isNameChar } from '../../sdk/shared/query-name.js';

export type FilterLanguage = 'shorthand' | 'jq';

/** The language a filter is written in, judged from its start. */
export function detectLanguage(expression: string): FilterLanguage {
  const text = expression.trimStart();
  if (!text.startsWith('.')) return 'shorthand';
  if (!text.startsWith('..')) return 'jq';
  // `..name` and `.."quoted name"` descend to a name: shorthand. `..`, `.. | .x`, `..[]`, `..?`: jq.
  return text.charAt(2) === '"' || isNameChar(text.charCodeAt(2)) ? 'shorthand' : 'jq';
}

/**
 * Which language a filter that neither reads was most likely meant in: jq when it has a leading
 * `.` or syntax only jq has (calls such as `select(`, `$variables`, `//`, `|=`, `| .x`, `(.x`).
 */
export function likelierLanguage(expression: string): FilterLanguage {
  if (detectLanguage(expression) === 'jq') return 'jq';
  return /[A-Za-z_][A-Za-z0-9_]*\s*\(|\$[A-Za-z_]|\/\/|\|=|\|\s*\.|\(\s*\./.test(expression) ? 'jq' : 'shorthand';
}
