// Made on first use: building a decoder costs start-up time on runs that decode nothing.
let strictUtf8: InstanceType<typeof TextDecoder> | undefined;

/** The text of bytes that are valid UTF-8 (a leading byte order mark dropped), or undefined. */
export function utf8TextOf(bytes: Uint8Array): string | undefined {
  try {
    strictUtf8 ??= new TextDecoder('utf-8', { fatal: true });
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}
