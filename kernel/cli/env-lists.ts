/**
 * OKAPI_HEADER and OKAPI_QUERY hold comma-separated entries, like repeated -H / -q; a literal comma
 * is written `\,`.
 */
export function splitEnvList(value: string | undefined): string[] {
  if (!value) return [];
  const entries = value.split(/(?<!\\),/).map((entry) => entry.replaceAll('\\,', ',').trim());
  return entries.filter((entry) => entry !== '');
}
