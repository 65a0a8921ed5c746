/**
 * cbor-x set up as okapi writes and reads CBOR everywhere (the plugin wire, request bodies, `-o
 * cbor`, response bodies): plain byte strings (no typed-array tags), no record extension, minimal
 * map headers, string-keyed maps, and ExactNumbers kept exact (docs/design/009-exact-numbers.md):
 *
 * - an integer literal is a CBOR integer, a bignum (tags 2 and 3) past 64 bits;
 * - any other number text is a decimal fraction (RFC 8949 3.4.4, tag 4: [exponent, mantissa])
 *   with the digits as written: `2.50` is [-2, 250], `1e400` is [400, 1]. Read back, a decimal
 *   fraction is the number it spells (cbor-x alone would round it to a double), so `2.50` stays
 *   `2.50` through a plugin session.
 *
 * CBOR has no integer -0, so `-0` is written as the integer 0 (cbor-x writes the double -0 so).
 * cbor-x's extensions are process-wide, so they are registered once, here, before any encoder or
 * decoder is made.
 */
import { addExtension, Decoder, Encoder, Tag } from 'cbor-x';
import { decimalParts, withPoint } from './decimal-text.js';
import { objectFromEntries, type MapKeyRules } from './map-keys.js';
import { ExactNumber, numberFromText } from './exact-number.js';
import { checkCborNesting, MAX_NESTING } from './nesting.js';

const DECIMAL_FRACTION = 4;

/** What cbor-x writes for the number: a bigint (an integer), or the pair inside tag 4. */
function cborContent(number: ExactNumber): bigint | [number | bigint, number | bigint] {
  if (number.isIntegerLiteral) return BigInt(number.text);
  const { negative, coefficient, exponent } = decimalParts(number.text);
  return [smallest(exponent), smallest(negative ? -BigInt(coefficient) : BigInt(coefficient))];
}

/** A number where it is exact, so that cbor-x writes the shortest integer. */
function smallest(value: bigint): number | bigint {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** The number text a decimal fraction spells: `2.50` for [-2, 250], `1e400` for [400, 1]. */
function fractionText(exponent: number | bigint, mantissa: number | bigint): string {
  const e = BigInt(exponent);
  const m = BigInt(mantissa);
  const sign = m < 0n ? '-' : '';
  const digits = (m < 0n ? -m : m).toString();
  // A point inside the digits reads best; a long run of zeros reads better as an exponent.
  if (e <= 0n && -e <= 100n) return sign + withPoint(digits, Number(-e));
  return `${sign}${digits}e${e}`;
}

function isCborInteger(value: unknown): value is number | bigint {
  return typeof value === 'bigint' || Number.isSafeInteger(value);
}

addExtension({
  Class: ExactNumber,
  // No tag for an integer: cbor-x writes the bigint as an integer, or as a bignum past 64 bits.
  getTag: (number: ExactNumber) => (number.isIntegerLiteral ? undefined : DECIMAL_FRACTION),
  encode(number: ExactNumber, encode: (value: unknown) => void) {
    encode(cborContent(number));
  },
} as unknown as Parameters<typeof addExtension>[0]);

addExtension({
  tag: DECIMAL_FRACTION,
  decode(fraction: unknown) {
    if (!Array.isArray(fraction) || fraction.length !== 2 || !isCborInteger(fraction[0]) || !isCborInteger(fraction[1])) {
      throw new Error('a decimal fraction (tag 4) must be an array of two integers, [exponent, mantissa]');
    }
    return numberFromText(fractionText(fraction[0], fraction[1]));
  },
} as unknown as Parameters<typeof addExtension>[0]);

export function newCborEncoder(): Encoder {
  return new Encoder({ useRecords: false, tagUint8Array: false, variableMapSize: true, mapsAsObjects: true });
}

/** cbor-x recurses into arrays, maps and tags: bytes nested past okapi's limit are refused before it reads them. */
class NestingCheckedDecoder extends Decoder {
  constructor(
    private readonly maxNesting: number,
    mapsAsObjects = true,
  ) {
    super({ useRecords: false, mapsAsObjects });
  }

  // cbor-x's decodeMultiple calls decode(source, end): an argument its types leave out.
  override decode(source: Uint8Array, end?: number): unknown {
    checkCborNesting(end === undefined ? source : source.subarray(0, end), undefined, this.maxNesting);
    return (super.decode as (source: Uint8Array, end?: number) => unknown).call(this, source, end);
  }
}

/** `maxNesting`: more than MAX_NESTING where the data sits inside an envelope of its own (a plugin message). */
export function newCborDecoder(maxNesting = MAX_NESTING): Decoder {
  return new NestingCheckedDecoder(maxNesting);
}

/** A key as read, boxed: JavaScript's Map holds 1 and 1.0, or a key repeated, as one key before okapi sees them. */
class ReadKey {
  constructor(readonly key: unknown) {}
}

const CBOR_KEYS: MapKeyRules = { map: 'a CBOR map', scalarName: (key) => String(key) };

/**
 * CBOR maps become string-keyed objects only when no entry is lost (map-keys.ts): cbor-x's own
 * objects let `"1"` overwrite `1` and rename `__proto__`. Maps inside arrays and tags are converted
 * in place, and sets and typed arrays become the plain arrays okapi's formats show.
 */
class MapCheckedDecoder extends NestingCheckedDecoder {
  constructor() {
    super(MAX_NESTING, false);
    // cbor-x (pinned) passes each map key through decodeKey when keyMap is set; set after construction,
    // because its constructor would turn maps into objects for a keyMap option.
    (this as unknown as { keyMap: object }).keyMap = {};
  }

  decodeKey(key: unknown): ReadKey {
    return new ReadKey(key);
  }

  override decode(source: Uint8Array, end?: number): unknown {
    return objectsFromMaps(super.decode(source, end), []);
  }

  /** cbor-x reads the items after the first without decode(): each is converted here, by its index. */
  override decodeMultiple(source: Uint8Array): [] | void {
    const items = super.decodeMultiple(source) as unknown[] | undefined;
    items?.forEach((item, index) => (items[index] = objectsFromMaps(item, [index])));
    return items as [] | undefined;
  }
}

/** For data (response and request bodies), not plugin messages: two keys that would become one are refused. */
export function newCborDataDecoder(): Decoder {
  return new MapCheckedDecoder();
}

/** Recursion is bounded: the bytes were checked against MAX_NESTING before decoding. */
function objectsFromMaps(value: unknown, path: Array<string | number>): unknown {
  if (value instanceof Map) {
    const entries = [...(value as Map<ReadKey, unknown>)].map(([read, child]) => [read.key, child] as const);
    return objectFromEntries(entries, path, CBOR_KEYS, objectsFromMaps);
  }
  // A set (tag 258) shows as the array of its members; a typed array (tags 64 to 87) as its numbers.
  if (value instanceof Set) return objectsFromMaps([...(value as Set<unknown>)], path);
  if (ArrayBuffer.isView(value) && !(value instanceof Uint8Array) && !(value instanceof DataView)) {
    return Array.from(value as unknown as ArrayLike<unknown>);
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      value[i] = objectsFromMaps(value[i], path);
      path.pop();
    }
  } else if (value instanceof Tag) {
    // Kept as a tag, so that -o cbor writes it back; formats without tags refuse it (unwritable.ts).
    value.value = objectsFromMaps(value.value, path);
  }
  return value;
}
