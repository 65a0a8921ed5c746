/**
 * An auth or profile param value that names where the value is (SPEC.md "Auth object"):
 * `env:<VAR>` or `command:<command-line>`, read at request time (kernel/pipeline/param-values.ts).
 */
import { escapeTemplate } from './template.js';

/** A value read from the environment or a command: secret wherever it goes, whatever its name. */
export function isParamReference(value: string): boolean {
  return value.startsWith('env:') || value.startsWith('command:');
}

/**
 * An answer typed at a prompt as param text (params are `{name}` templates), kept as typed: a
 * reference is read at request time, never expanded; any other text has its braces escaped.
 */
export function answerAsParam(typed: string): string {
  return isParamReference(typed) ? typed : escapeTemplate(typed);
}
