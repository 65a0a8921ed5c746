/**
 * cbor-x set up as okapi writes and reads CBOR everywhere (the plugin wire, request bodies, `-o
 * cbor`, response bodies): plain byte strings (no typed-array tags), no record extension, minimal
 * map headers, string-keyed maps, and ExactNumbers kept exact (docs/design/009-exact-numbers.md):
 *
 * - an integer is a CBOR integer, a bignum (tags 2 and 3) past 64 bits;
 * - a number with the value of a double (`2.50`, `1E+2`) is that double, as any other number;
 * - any other decimal (`0.1000000000000000000001`, `1e400`) is a decimal fraction (RFC 8949
 *   3.4.4, tag 4: [exponent, mantissa]), which reads back as the ExactNumber it spells where
 *   cbor-x would round it to a double.
 *
 * cbor-x's extensions are process-wide, so they are registered once, here, before any encoder or
 * decoder is made.
 */
import { addExtension, Decoder, Encoder } from 'cbor-x';
import { decimalParts, normalized } from './decimal-text.js';
import { ExactNumber, numberFromText } from './exact-number.js';

const DECIMAL_FRACTION = 4;

type CborForm = { kind: 'integer'; value: bigint } | { kind: 'double'; value: number } | { kind: 'fraction'; value: [number | bigint, number | bigint] };

function cborForm(number: ExactNumber): CborForm {
  const { text } = number;
  // CBOR integers have no -0: the double -0 is the one spelling of it.
  if (number.isIntegerLiteral && text !== '-0') return { kind: 'integer', value: BigInt(text) };
  const double = Number(text);
  const exact = normalized(decimalParts(text));
  if (Number.isFinite(double) && sameValue(exact, normalized(decimalParts(String(double))))) return { kind: 'double', value: double };
  const mantissa = BigInt(exact.coefficient) * (exact.negative ? -1n : 1n);
  return { kind: 'fraction', value: [smallest(exact.exponent), smallest(mantissa)] };
}

function sameValue(a: ReturnType<typeof normalized>, b: ReturnType<typeof normalized>): boolean {
  return a.coefficient === b.coefficient && a.exponent === b.exponent && (a.negative === b.negative || a.coefficient === '0');
}

/** A number where it is exact, so that cbor-x writes the shortest integer. */
function smallest(value: bigint): number | bigint {
  return value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
}

/** The number text a decimal fraction spells: `2.50` for [-2, 250], `1e400` for [400, 1]. */
function fractionText(exponent: number | bigint, mantissa: number | bigint): string {
  const e = BigInt(exponent);
  const digits = BigInt(mantissa) < 0n ? (-BigInt(mantissa)).toString() : BigInt(mantissa).toString();
  const sign = BigInt(mantissa) < 0n ? '-' : '';
  if (e === 0n) return sign + digits;
  // A point inside the digits reads best; a long run of zeros reads better as an exponent.
  if (e < 0n && -e <= 100n) {
    const places = Number(-e);
    const padded = digits.padStart(places + 1, '0');
    return `${sign}${padded.slice(0, -places)}.${padded.slice(-places)}`;
  }
  return `${sign}${digits}e${e}`;
}

function isCborInteger(value: unknown): value is number | bigint {
  return typeof value === 'bigint' || Number.isSafeInteger(value);
}

addExtension({
  Class: ExactNumber,
  getTag: (number: ExactNumber) => (cborForm(number).kind === 'fraction' ? DECIMAL_FRACTION : undefined),
  encode(number: ExactNumber, encode: (value: unknown) => void) {
    encode(cborForm(number).value);
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

export function newCborDecoder(): Decoder {
  return new Decoder({ useRecords: false, mapsAsObjects: true });
}
