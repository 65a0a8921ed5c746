/**
 * The SDK's exact-number pieces: decimal comparison and notation (sdk/shared/decimal-text.ts) against
 * BigInt arithmetic, CBOR round trips (sdk/shared/cbor.ts), and the brand that makes `instanceof` work
 * across separately bundled copies of ExactNumber.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newCborDecoder, newCborEncoder } from '../../../sdk/shared/cbor.js';
import { compareNumberTexts, scientificText } from '../../../sdk/shared/decimal-text.js';
import { ExactNumber, numberText } from '../../../sdk/shared/exact-number.js';
import { parseJsonExact } from '../../../sdk/shared/json-parse.js';

/** A number text and its value as an integer count of 10^-SCALE. */
const SCALE = 40;
const scaled = fc
  .tuple(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 20 }), fc.integer({ min: -10, max: 10 }))
  .map(([coefficient, places, exponent]) => {
    const digits = (coefficient < 0n ? -coefficient : coefficient).toString().padStart(places + 1, '0');
    const body = places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
    const text = `${coefficient < 0n ? '-' : ''}${body}${exponent === 0 ? '' : `e${exponent}`}`;
    return { text, value: coefficient * 10n ** BigInt(SCALE - places + exponent) };
  });

describe('compareNumberTexts', () => {
  it('orders number texts as their exact values', () => {
    fc.assert(
      fc.property(scaled, scaled, (a, b) => {
        expect(compareNumberTexts(a.text, b.text)).toBe(a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
      }),
    );
  });

  it('tells apart neighbours a double cannot, and knows -0 equals 0', () => {
    expect(compareNumberTexts('1234567890123456789', '1234567890123456788')).toBe(1);
    expect(compareNumberTexts('2.50', '2.5')).toBe(0);
    expect(compareNumberTexts('-0', '0.0e7')).toBe(0);
    expect(compareNumberTexts('1e400', '1e399')).toBe(1);
    expect(compareNumberTexts('-1e-400', '0')).toBe(-1);
  });
});

describe('scientificText: the notation jq 1.8 prints literals in', () => {
  it.each([
    ['1e400', '1E+400'],
    ['-1e-400', '-1E-400'],
    ['2.50', '2.50'],
    ['1.0', '1.0'],
    ['0.0', '0.0'],
    ['-0.0', '-0.0'],
    ['0e5', '0E+5'],
    ['12e-1', '1.2'],
    ['1e-7', '1E-7'],
    ['0.000001', '0.000001'],
    ['1.5e-7', '1.5E-7'],
    ['123456789012345678901234567890e-5', '1234567890123456789012345.67890'],
    ['1E2', '1E+2'],
  ])('%s → %s', (text, expected) => {
    expect(scientificText(text)).toBe(expected);
  });
});

describe('CBOR', () => {
  const roundTrip = (value: unknown) => newCborDecoder().decode(newCborEncoder().encode(value));

  it('writes integers as integers (a bignum past 64 bits) and other numbers as decimal fractions with their digits', () => {
    expect(roundTrip(new ExactNumber('1234567890123456789'))).toBe(1234567890123456789n);
    expect(roundTrip(new ExactNumber('-123456789012345678901234567890'))).toBe(-123456789012345678901234567890n);
    expect(Buffer.from(newCborEncoder().encode(new ExactNumber('2.50'))).toString('hex')).toBe('c4822118fa'); // 4([-2, 250])
    expect(roundTrip(new ExactNumber('2.50'))).toEqual(new ExactNumber('2.50'));
    expect(roundTrip(new ExactNumber('1e400'))).toEqual(new ExactNumber('1e400'));
    expect(roundTrip(new ExactNumber('-0.1000000000000000000001'))).toEqual(new ExactNumber('-0.1000000000000000000001'));
  });

  it('reads a decimal fraction a double holds as that double, and refuses a malformed one', () => {
    expect(roundTrip(new ExactNumber('2.5e0'))).toBe(2.5);
    // tag 4 around a string
    expect(() => newCborDecoder().decode(Buffer.from('c46131', 'hex'))).toThrow(/decimal fraction/);
  });

  it('keeps every number of a random document by value', () => {
    fc.assert(
      fc.property(fc.array(scaled, { maxLength: 8 }), (numbers) => {
        const decoded = roundTrip(numbers.map(({ text }) => new ExactNumber(text))) as Array<number | bigint | ExactNumber>;
        decoded.forEach((value, i) => expect(compareNumberTexts(numberText(value), numbers[i]!.text)).toBe(0));
      }),
    );
  });
});

describe('ExactNumber', () => {
  it('is recognised by instanceof in another bundle’s copy of the class', () => {
    const brand = Symbol.for('okapi.exact-number');
    class Copy {
      constructor(readonly text: string) {}
    }
    Object.defineProperty(Copy.prototype, brand, { value: true });
    expect(new Copy('1e400')).toBeInstanceOf(ExactNumber);
    expect({ text: '1' }).not.toBeInstanceOf(ExactNumber);
  });
});

describe('parseJsonExact refuses what is not a JSON number', () => {
  // Found by test/fuzz/decoders.fuzz.test.ts: such tokens were read as exact numbers, so a body
  // like {"a": 1.5e} decoded with exit 0 instead of being refused as not JSON.
  it.each(['-8.197133921001701e', '{"a": 1.5e}', '[1.2.3]', '[01]', '[1e+]', '[-]', '[1-2]', '[00.5]', '[.5]', '[1.]'])('%s', (text) => {
    expect(() => JSON.parse(text)).toThrow(SyntaxError);
    expect(() => parseJsonExact(text)).toThrow(SyntaxError);
  });
});
