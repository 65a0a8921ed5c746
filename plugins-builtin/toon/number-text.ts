/**
 * How TOON writes a number a double would change (an ExactNumber): in TOON's canonical form, no
 * exponent, no trailing zeros after the point, `-0` as `0` (`2.50` → `2.5`, `1E+2` → `100`), with
 * every digit kept. A canonical form longer than MAX_CANONICAL (`1e400` is 401 digits) would bloat
 * the output, and could be made huge by a short exponent: such a number is written as it came,
 * which TOON decoders read as well.
 */
import { decimalParts, isZero, normalized, withPoint } from '../../sdk/shared/decimal-text.js';
import type { ExactNumber } from '../../sdk/shared/exact-number.js';

const MAX_CANONICAL = 100;

export function toonNumberText(number: ExactNumber): string {
  const parts = normalized(decimalParts(number.text));
  if (isZero(parts)) return '0';
  const { coefficient, exponent } = parts;
  const sign = parts.negative ? '-' : '';
  const zeros = exponent < 0n ? -exponent : exponent;
  if (BigInt(coefficient.length) + zeros > BigInt(MAX_CANONICAL)) return number.text;
  if (exponent >= 0n) return sign + coefficient + '0'.repeat(Number(exponent));
  return sign + withPoint(coefficient, Number(-exponent));
}
