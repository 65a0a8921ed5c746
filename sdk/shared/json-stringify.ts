/**
 * JSON text of any okapi value: bytes as base64 strings (JSON has no bytes), and bigints and
 * ExactNumbers with all their digits, as received or typed.
 */

import { numberMarker } from './number-marker.js';
import { bytesAsBase64 } from './json-bytes.js';
import { ExactNumber, numberText } from './exact-number.js';

export function stringifyJson(value: unknown, indent?: number): string {
  const numbers: string[] = [];
  // JSON.stringify cannot write a number's text as it is, so each becomes a unique placeholder
  // string, replaced afterwards.
  let marker: string | undefined;
  const text = JSON.stringify(
    value,
    (key: string, item: unknown) => {
      // The typeof test first: `instanceof ExactNumber` is a call (the class brands its instances).
      if (typeof item === 'bigint' || (typeof item === 'object' && item !== null && item instanceof ExactNumber)) {
        marker ??= numberMarker();
        numbers.push(numberText(item));
        return `${marker}${numbers.length - 1}`;
      }
      return bytesAsBase64(key, item);
    },
    indent,
  ) as string | undefined;
  // Only a top-level undefined or function has no JSON text.
  if (text === undefined) return 'null';
  if (marker === undefined) return text;
  return text.replace(new RegExp(`"${marker}(\\d+)"`, 'g'), (_match, index: string) => numbers[Number(index)]!);
}
