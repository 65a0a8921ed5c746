/** The bytes of JSON's syntax, for formatters that read JSON text without parsing it. */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;
export const COMMA = 0x2c;
export const COLON = 0x3a;
/** Space, line feed, carriage return and tab. */
export const JSON_WHITESPACE = [0x20, 0x0a, 0x0d, 0x09] as const;

export function isJsonWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}
