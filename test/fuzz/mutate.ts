/**
 * Hostile input made from good input: a valid text or byte string with a few bytes flipped,
 * dropped, duplicated or cut, and random cuts into chunks. Mutants of valid input reach deeper
 * into a parser than random bytes, which most parsers refuse at the first byte.
 */
import fc from 'fast-check';

type Edit = { kind: 'flip' | 'drop' | 'insert' | 'duplicate' | 'cut'; at: number; byte: number; length: number };

const edit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('flip', 'drop', 'insert', 'duplicate', 'cut'),
  at: fc.nat(),
  byte: fc.oneof(fc.constantFrom(0x22, 0x5c, 0x7b, 0x7d, 0x5b, 0x5d, 0x2c, 0x3a, 0x0a, 0x00, 0x1e, 0x20, 0xff, 0xc3), fc.integer({ min: 0, max: 255 })),
  length: fc.integer({ min: 1, max: 8 }),
});

function applyEdit(bytes: Uint8Array, { kind, at, byte, length }: Edit): Uint8Array {
  if (bytes.length === 0) return kind === 'insert' ? Uint8Array.of(byte) : bytes;
  const i = at % bytes.length;
  const before = bytes.subarray(0, i);
  const after = bytes.subarray(i);
  switch (kind) {
    case 'flip':
      return Uint8Array.from([...before, byte, ...after.subarray(1)]);
    case 'drop':
      return Uint8Array.from([...before, ...after.subarray(length)]);
    case 'insert':
      return Uint8Array.from([...before, byte, ...after]);
    case 'duplicate':
      return Uint8Array.from([...before, ...after.subarray(0, length), ...after]);
    case 'cut':
      return before;
  }
}

/** `valid` with up to `maxEdits` edits (none included, so the valid input is tried too). */
export function mutatedBytes(valid: fc.Arbitrary<Uint8Array>, maxEdits = 3): fc.Arbitrary<Uint8Array> {
  return fc.tuple(valid, fc.array(edit, { maxLength: maxEdits })).map(([bytes, edits]) => edits.reduce(applyEdit, bytes));
}

/** {@link mutatedBytes} for text, read back as UTF-8 (broken sequences become U+FFFD, as a decoder would). */
export function mutatedText(valid: fc.Arbitrary<string>, maxEdits = 3): fc.Arbitrary<string> {
  return mutatedBytes(valid.map((text) => new Uint8Array(Buffer.from(text))), maxEdits).map((bytes) => Buffer.from(bytes).toString('utf8'));
}

/** Random bytes, short enough that no parser can take long over them. */
export const randomBytes: fc.Arbitrary<Uint8Array> = fc.uint8Array({ maxLength: 256 });

/** Offsets at which to cut a body into chunks. */
export const cuts: fc.Arbitrary<number[]> = fc.array(fc.nat(600), { maxLength: 8 });

/** `bytes` cut into chunks at `at` (offsets past the end are ignored). */
export function chunked(bytes: Uint8Array, at: readonly number[]): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const cut of [...new Set(at)].filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b)) {
    chunks.push(bytes.subarray(from, cut));
    from = cut;
  }
  chunks.push(bytes.subarray(from));
  return chunks;
}

/** JSON values within the nesting limit, as JSON text, pretty or compact. */
export const jsonText: fc.Arbitrary<string> = fc.tuple(fc.jsonValue({ maxDepth: 6 }), fc.boolean()).map(([value, pretty]) => JSON.stringify(value, null, pretty ? 2 : undefined));
