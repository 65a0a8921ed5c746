/**
 * JSON text of any okapi value: bytes as base64 strings (JSON has no bytes), and bigints and
 * ExactNumbers with all their digits, as received or typed.
 */

import { numberMarker } from './number-marker.js';
import { bytesAsBase64 } from './json-bytes.js';
import { ExactNumber, numberText } from './exact-number.js';

/** Thrown by stringifyJson at the first value its `unwritable` test picks out. */
export class UnwritableJsonValueError extends Error {}

/**
 * `unwritable`: a test each value is put to as it is written (a date as itself, not its text);
 * the first that fails it ends the writing with UnwritableJsonValueError. Checking while writing
 * spares the values JSON cannot hold a walk of their own.
 */
export function stringifyJson(value: unknown, indent?: number, unwritable?: (item: unknown) => boolean): string {
  const numbers: string[] = [];
  // JSON.stringify cannot write a number's text as it is, so each becomes a unique placeholder
  // string, replaced afterwards.
  let marker: string | undefined;
  const text = JSON.stringify(
    value,
    function (this: Record<string, unknown>, key: string, item: unknown) {
      // The typeof test first: `instanceof ExactNumber` is a call (the class brands its instances).
      if (typeof item === 'bigint' || (typeof item === 'object' && item !== null && item instanceof ExactNumber)) {
        marker ??= numberMarker();
        numbers.push(numberText(item));
        return `${marker}${numbers.length - 1}`;
      }
      // An invalid date reaches the replacer as its toJSON null: the holder has the date.
      if (unwritable?.(item === null ? this[key] : item)) throw new UnwritableJsonValueError();
      return bytesAsBase64(key, item);
    },
    indent,
  ) as string | undefined;
  // Only a top-level undefined or function has no JSON text.
  if (text === undefined) return 'null';
  if (marker === undefined) return text;
  return text.replace(new RegExp(`"${marker}(\\d+)"`, 'g'), (_match, index: string) => numbers[Number(index)]!);
}
