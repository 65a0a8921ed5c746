/**
 * OKAPI_HEADER and OKAPI_QUERY hold comma-separated entries, like repeated -H / -q; a literal comma
 * is written `\,`.
 */
export function splitEnvList(value: string | undefined): string[] {
  if (!value) return [];
  const entries: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    if (char === '\\' && value[i + 1] === ',') {
      current += ',';
      i++;
    } else if (char === ',') {
      entries.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  entries.push(current);
  return entries.map((e) => e.trim()).filter((e) => e !== '');
}
