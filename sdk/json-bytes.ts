/** JSON has no bytes: they are spelled as base64 strings, on the wire and in rendered output. */
export function bytesAsBase64(_key: string, value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  // JSON.stringify hands Buffers to replacers already converted by Buffer#toJSON.
  if (isBufferJson(value)) return Buffer.from(value.data).toString('base64');
  return value;
}

function isBufferJson(value: unknown): value is { type: 'Buffer'; data: number[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { type?: unknown }).type === 'Buffer' &&
    Array.isArray((value as { data?: unknown }).data)
  );
}
