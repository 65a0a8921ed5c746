/**
 * Reads a local API description. Only a regular file is a description: a device (/dev/zero,
 * /dev/urandom) never ends and a FIFO may never answer, so both are refused before a byte is read.
 * The size limit is counted while reading, since a file's stated size can be wrong (/proc) or
 * change as it is read.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { OkapiError } from '../../sdk/shared/errors.js';
import { describeFsError } from '../../sdk/shared/fs-errors.js';

export const MAX_SPEC_BYTES = 50 * 1024 * 1024;

const READ_CHUNK = 1024 * 1024;

/** `what` names the file in errors: "the spec file x.yaml", "x.yaml, referenced by a $ref …". */
export async function readSpecFile(path: string, what: string): Promise<Uint8Array> {
  let handle;
  try {
    // O_NONBLOCK: opening a FIFO with no writer would otherwise wait forever.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new OkapiError(`cannot read ${what}: ${describeFsError(error)}`);
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) {
      throw new OkapiError(`cannot read ${what}: it is ${fileKind(info)}, not a regular file`, {
        hint: 'an API description must be a regular file (JSON or YAML)',
      });
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(READ_CHUNK);
      const { bytesRead } = await handle.read(chunk, 0, READ_CHUNK, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > MAX_SPEC_BYTES) throw new OkapiError(`${what} is larger than the ${MAX_SPEC_BYTES / 1024 / 1024} MiB limit for an API description`);
      chunks.push(chunk.subarray(0, bytesRead));
    }
    return Buffer.concat(chunks, total);
  } catch (error) {
    if (error instanceof OkapiError) throw error;
    throw new OkapiError(`cannot read ${what}: ${describeFsError(error)}`);
  } finally {
    await handle.close();
  }
}

function fileKind(info: import('node:fs').Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a named pipe (FIFO)';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}
