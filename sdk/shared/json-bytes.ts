/** JSON has no bytes: they are spelled as base64 strings, on the wire and in rendered output. */
export function bytesAsBase64(_key: string, value: unknown): unknown {
  if (value instanceof Uint8Array) return base64Of(value);
  // JSON.stringify hands Buffers to replacers already converted by Buffer#toJSON.
  if (isBufferJson(value)) return Buffer.from(value.data).toString('base64');
  return value;
}

/** Bytes as base64, as every JSON rendering spells them. */
export function base64Of(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
}

function isBufferJson(value: unknown): value is { type: 'Buffer'; data: number[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'Buffer' &&
    Array.isArray((value as { data?: unknown }).data)
  );
}
