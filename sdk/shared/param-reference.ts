/**
 * An auth or profile param value that names where the value is (SPEC.md "Auth object"):
 * `env:<VAR>` or `command:<command-line>`, read at request time (kernel/pipeline/param-values.ts).
 */

/** A value read from the environment or a command: secret wherever it goes, whatever its name. */
export function isParamReference(value: string): boolean {
  return value.startsWith('env:') || value.startsWith('command:');
}
