/**
 * Redirected standard input, read only when it is a file or a pipe: okapi never waits on a
 * terminal, and a closed or /dev/null stdin is no body.
 */
import { fstatSync } from 'node:fs';

export function stdinIsRedirected(stdin: NodeJS.ReadStream): boolean {
  if (stdin.isTTY) return false;
  try {
    const stat = fstatSync(0);
    return stat.isFIFO() || stat.isFile();
  } catch {
    return false;
  }
}

export async function readAll(stream: NodeJS.ReadableStream): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}
