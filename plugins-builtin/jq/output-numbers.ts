/**
 * Reading jq's numbers back. jq 1.8 keeps the literal of a number it did not compute with, but
 * writes it in decimal scientific notation (`1e400` comes out as `1E+400`), and writes what it
 * computed as a double. So a number of the input comes back with the text it was sent with, and
 * any other token with the exact value of a double (`1E+21`, `1e-07`, `"1e3" | tonumber`) is
 * that double; the rest (`"12345678901234567890" | tonumber`) keep jq's digits.
 */
import { ExactNumber } from '../../sdk/shared/exact-number.js';
import { compareNumberTexts, scientificText } from '../../sdk/shared/decimal-text.js';
import type { NumberReader } from '../../sdk/shared/json-parse.js';

export function jqNumberReader(sent: readonly ExactNumber[]): NumberReader {
  const byNotation = new Map(sent.map((number) => [scientificText(number.text), number]));
  // `5e-2` comes back as `0.05`, a token a double writes back: only then is every token looked up.
  const claimsDoubles = [...byNotation.keys()].some((notation) => String(Number(notation)) === notation);
  return {
    read(token) {
      const original = byNotation.get(token);
      if (original !== undefined) return original;
      const double = Number(token);
      if (Number.isFinite(double) && compareNumberTexts(token, String(double)) === 0) return double;
      return new ExactNumber(token);
    },
    ...(claimsDoubles ? { claims: (token: string) => byNotation.has(token) } : {}),
  };
}
