/**
 * Numbers kept exactly as written. A JavaScript number is a double: `1234567890123456789` becomes
 * `1234567890123456800`, `1e400` becomes Infinity, `1.0` is written back as `1`. okapi keeps a
 * number as a plain `number` only when a double writes it back character for character, and as an
 * ExactNumber holding its text otherwise, so every input grammar and output format can send and show
 * it as typed or received (docs/design/009-exact-numbers.md).
 */

/**
 * JSON's number grammar, which every number text okapi keeps follows. No leading zeros: in
 * shorthand, `007` and zip codes stay strings.
 */
const NUMBER_TEXT = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

/**
 * The kernel and each built-in plugin are bundled apart, each with its own copy of this class, so
 * `instanceof` goes by a brand that every copy shares rather than by the class itself.
 */
const BRAND = Symbol.for('okapi.exact-number');

export class ExactNumber {
  /** `text` must follow JSON's number grammar (see isNumberText). */
  constructor(readonly text: string) {}

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }

  /** The nearest double: what arithmetic sees, and the only place a number may be rounded. */
  valueOf(): number {
    return Number(this.text);
  }

  toString(): string {
    return this.text;
  }

  /** Whether the text is an integer literal (no fraction, no exponent). */
  get isIntegerLiteral(): boolean {
    return !/[.eE]/.test(this.text);
  }
}

/**
 * The prototype of every copy of the class loaded so far, for code that must give them all a
 * method for the length of one synchronous call: the jq plugin's `toJSON`, when it writes an
 * envelope the kernel built, and the JSON text of large values (sdk/shared/json-text.ts).
 */
const PROTOTYPES = Symbol.for('okapi.exact-number.prototypes');
const prototypes: Set<object> = ((globalThis as { [PROTOTYPES]?: Set<object> })[PROTOTYPES] ??= new Set());
prototypes.add(ExactNumber.prototype);

export function exactNumberPrototypes(): readonly object[] {
  return [...prototypes];
}

export function isNumberText(text: string): boolean {
  return NUMBER_TEXT.test(text);
}

/**
 * The value of a number text (JSON's grammar): a double when it writes the text back exactly,
 * otherwise an ExactNumber holding the text.
 */
export function numberFromText(text: string): number | ExactNumber {
  const value = Number(text);
  return String(value) === text ? value : new ExactNumber(text);
}

export function isExactNumber(value: unknown): value is ExactNumber {
  return value instanceof ExactNumber;
}

/**
 * A number a double would change, in either form okapi keeps one: an ExactNumber, or a bigint
 * (what CBOR's integers past 2^53 decode to, on the plugin wire too).
 */
export function isExactNumeric(value: unknown): value is ExactNumber | bigint {
  return typeof value === 'bigint' || value instanceof ExactNumber;
}

/** A number in any form okapi holds one: a double, or exact (isExactNumeric). */
export type NumberValue = number | bigint | ExactNumber;

/** A number as JSON text: doubles as JavaScript writes them, bigints and ExactNumbers digit for digit. */
export function numberText(value: NumberValue): string {
  return typeof value === 'number' ? JSON.stringify(value) : String(value);
}

Object.defineProperty(ExactNumber.prototype, BRAND, { value: true });
