/**
 * Values a request body can hold that its encoder has no spelling for (docs/design/010): YAML's
 * `.inf`/`.nan` and CBOR's non-finite floats, which JSON (and the form and multipart encoders, which
 * write numbers and nested values as JSON does) would send as null, and CBOR's `undefined`, which
 * every encoder but CBOR would send as null or leave out. Such a body is refused before it is sent.
 */
import { UsageError } from '../errors.js';
import { findUnwritable, unwritableName } from '../unwritable.js';
import type { BodyFormat } from './encoder-choice.js';
import { FileRef } from '../shorthand/files.js';

const DATA_MODEL: Readonly<Record<Exclude<BodyFormat, 'cbor' | 'raw'>, string>> = {
  json: 'JSON',
  yaml: 'YAML',
  form: 'a form (its values are written as JSON writes them)',
  multipart: 'multipart (its values are written as JSON writes them)',
};

/** Throws a UsageError naming the first value `format` cannot write, and where it is; `flag` names the encoder. */
export function refuseUnsendable(value: unknown, format: BodyFormat, flag: string): void {
  // CBOR writes all of them; a raw body is a string or bytes.
  if (format === 'cbor' || format === 'raw') return;
  const found = findUnwritable(value, {
    nonFinite: format === 'yaml',
    ...(format === 'multipart' ? { ownLeaf: (leaf) => leaf instanceof FileRef } : {}),
  });
  if (!found) return;
  throw new UsageError(
    `${flag} cannot send the value at ${found.path}: it is ${unwritableName(found.value)}, which ${DATA_MODEL[format]} has no way to write (null, or leaving it out, would send a different value)`,
    { hint: typeof found.value === 'number' ? '-c yaml and -c cbor send it' : 'only -c cbor sends it' },
  );
}
