const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The text of bytes that are valid UTF-8 (a leading byte order mark dropped), or undefined. */
export function utf8TextOf(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}
