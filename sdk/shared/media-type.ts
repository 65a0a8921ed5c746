/** `Application/JSON; charset=utf-8` → `application/json`: the media type without its parameters, lower case; '' for none. */
export function mediaTypeEssence(contentType: string | undefined): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}
