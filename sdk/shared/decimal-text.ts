/**
 * Number texts (JSON's grammar) read as exact decimals: coefficient digits and a power of ten. What
 * ExactNumbers need wherever their value matters without rounding it to a double: comparing them
 * (shorthand query), a CBOR decimal fraction, and the notation jq 1.8 writes literals in.
 */

export interface DecimalParts {
  readonly negative: boolean;
  /** The digits without leading zeros ("0" for zero); trailing zeros are kept, as written. */
  readonly coefficient: string;
  /** The value is coefficient × 10^exponent. */
  readonly exponent: bigint;
}

/** `text` follows JSON's number grammar (sdk/shared/exact-number.ts isNumberText). */
export function decimalParts(text: string): DecimalParts {
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text;
  const e = unsigned.search(/[eE]/);
  const mantissa = e < 0 ? unsigned : unsigned.slice(0, e);
  const dot = mantissa.indexOf('.');
  const fraction = dot < 0 ? '' : mantissa.slice(dot + 1);
  const digits = (dot < 0 ? mantissa : mantissa.slice(0, dot)) + fraction;
  const exponent = (e < 0 ? 0n : BigInt(unsigned.slice(e + 1))) - BigInt(fraction.length);
  return { negative, coefficient: digits.replace(/^0+(?=.)/, ''), exponent };
}

export function isZero(parts: DecimalParts): boolean {
  return parts.coefficient === '0';
}

/** The same value with the coefficient's trailing zeros moved into the exponent: 2.50 → 25 × 10^-1. */
export function normalized(parts: DecimalParts): DecimalParts {
  if (isZero(parts)) return { negative: parts.negative, coefficient: '0', exponent: 0n };
  const coefficient = parts.coefficient.replace(/0+$/, '');
  return { negative: parts.negative, coefficient, exponent: parts.exponent + BigInt(parts.coefficient.length - coefficient.length) };
}

/** -1, 0 or 1 as the value of `a` is below, equal to or above that of `b`; -0 equals 0. */
export function compareNumberTexts(a: string, b: string): number {
  const x = normalized(decimalParts(a));
  const y = normalized(decimalParts(b));
  const xZero = isZero(x);
  const yZero = isZero(y);
  if (xZero && yZero) return 0;
  const xSign = xZero ? 0 : x.negative ? -1 : 1;
  const ySign = yZero ? 0 : y.negative ? -1 : 1;
  if (xSign !== ySign) return xSign < ySign ? -1 : 1;
  const order = compareMagnitudes(x, y);
  return order === 0 ? 0 : xSign * order;
}

function compareMagnitudes(x: DecimalParts, y: DecimalParts): number {
  // The exponent of the leading digit decides first, then the digits themselves.
  const xLead = x.exponent + BigInt(x.coefficient.length);
  const yLead = y.exponent + BigInt(y.coefficient.length);
  if (xLead !== yLead) return xLead < yLead ? -1 : 1;
  const width = Math.max(x.coefficient.length, y.coefficient.length);
  const xDigits = x.coefficient.padEnd(width, '0');
  const yDigits = y.coefficient.padEnd(width, '0');
  return xDigits < yDigits ? -1 : xDigits > yDigits ? 1 : 0;
}

/**
 * The number as the General Decimal Arithmetic's to-scientific-string writes it (`1e400` →
 * `1E+400`, `2.50` stays): how jq 1.8 prints a number literal it did not compute with.
 */
export function scientificText(text: string): string {
  const { negative, coefficient, exponent } = decimalParts(text);
  const sign = negative ? '-' : '';
  const adjusted = exponent + BigInt(coefficient.length - 1);
  if (exponent <= 0n && adjusted >= -6n) {
    return sign + withPoint(coefficient, Number(-exponent));
  }
  const rest = coefficient.length > 1 ? `.${coefficient.slice(1)}` : '';
  return `${sign}${coefficient[0]}${rest}E${adjusted < 0n ? '-' : '+'}${adjusted < 0n ? -adjusted : adjusted}`;
}

/** Digits with a decimal point `places` from the right (`250`, 2 → `2.50`; `5`, 3 → `0.005`). */
export function withPoint(digits: string, places: number): string {
  if (places === 0) return digits;
  const padded = digits.padStart(places + 1, '0');
  return `${padded.slice(0, -places)}.${padded.slice(-places)}`;
}
