/** Response bytes to a value by media type: JSON (and +json), text by charset, otherwise bytes. */

export function isJsonType(mediaType: string): boolean {
  return mediaType === 'application/json' || mediaType.endsWith('+json');
}

export function mediaTypeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function decodeBody(bytes: Uint8Array, contentType: string | undefined): unknown {
  if (bytes.length === 0) return null;
  const type = mediaTypeOf(contentType);
  if (isJsonType(type)) {
    const text = Buffer.from(bytes).toString('utf8');
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  const charset = /charset="?([\w-]+)"?/i.exec(contentType ?? '')?.[1];
  if (type.startsWith('text/') || charset) {
    try {
      return new TextDecoder(charset ?? 'utf-8').decode(bytes);
    } catch {
      return Buffer.from(bytes).toString('utf8');
    }
  }
  return bytes;
}
