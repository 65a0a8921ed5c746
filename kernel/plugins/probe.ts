/**
 * Asks an executable for its manifest or its commands. The answer may be CBOR or JSON; CBOR is
 * tried first, and the encoding that worked is the encoding of every later session with it.
 */
import { decodeDocument, type WireEncoding } from '../../sdk/codec.js';
import { ManifestError } from './manifest.js';
import { isMap } from './protocol-check.js';
import { PluginProcess } from './plugin-process.js';

const PROBE_TIMEOUT_MS = 5000;
const PROBE_MAX_BYTES = 1024 * 1024;

export interface ProbeAnswer {
  value: unknown;
  encoding: WireEncoding;
}

export async function probe(path: string, flag: '--okapi-plugin-manifest' | '--okapi-plugin-commands'): Promise<ProbeAnswer> {
  const bytes = await runForOutput(path, flag);
  return decodeEither(bytes, flag);
}

function decodeEither(bytes: Buffer, flag: string): ProbeAnswer {
  if (bytes.length === 0) throw new ManifestError(`printed nothing for ${flag}`);
  let cbor: { value: unknown } | undefined;
  try {
    cbor = { value: decodeDocument(bytes, 'cbor') };
  } catch {
    // Not CBOR: JSON is the documented fallback.
  }
  if (cbor && isMap(cbor.value)) return { value: cbor.value, encoding: 'cbor' };
  try {
    return { value: decodeDocument(bytes, 'json'), encoding: 'json' };
  } catch (error) {
    // Well-formed CBOR of the wrong shape is reported by the manifest rules, which say what is wrong.
    if (cbor) return { value: cbor.value, encoding: 'cbor' };
    throw new ManifestError(`the answer to ${flag} is neither a CBOR map nor JSON (${(error as Error).message})`);
  }
}

function runForOutput(path: string, flag: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const plugin = new PluginProcess(path, [flag], 'ignore');
    const child = plugin.child;
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    const timer = setTimeout(() => {
      void plugin.stop();
      reject(new ManifestError(`did not answer ${flag} within ${PROBE_TIMEOUT_MS / 1000}s`));
    }, PROBE_TIMEOUT_MS);
    child.stdout!.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > PROBE_MAX_BYTES) {
        void plugin.stop();
        clearTimeout(timer);
        reject(new ManifestError(`answered ${flag} with more than ${PROBE_MAX_BYTES} bytes`));
        return;
      }
      chunks.push(chunk);
    });
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (text: string) => (stderr = (stderr + text).slice(-2000)));
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new ManifestError(`could not be run: ${error.message}`));
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      // Once the executable has exited, what it printed is its answer, even if something it
      // started still holds the pipe.
      void plugin.finish().then(() => {
        if (code !== 0) {
          const detail = stderr.trim() ? `: ${stderr.trim().split('\n').slice(-3).join(' / ')}` : '';
          reject(new ManifestError(`exited with code ${code} when asked ${flag}${detail}`));
          return;
        }
        resolve(Buffer.concat(chunks));
      });
    });
  });
}
