/** `Application/JSON; charset=utf-8` → `application/json`: the media type without its parameters, lower case; '' for none. */
export function mediaTypeEssence(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** The `charset` parameter of a Content-Type, unquoted, or undefined. */
export function charsetOf(contentType: string | undefined): string | undefined {
  if (contentType === undefined) return undefined;
  for (const param of contentType.split(';').slice(1)) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const value = param.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1').trim();
    return value === '' ? undefined : value;
  }
  return undefined;
}
