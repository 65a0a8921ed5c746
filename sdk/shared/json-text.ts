/**
 * JSON text of a large value, fast: what stringifyJson writes, for values too large for its
 * replacer. Bytes (an undecoded body, CBOR byte strings, YAML !!binary) become base64 strings, as
 * okapi prints them everywhere (sdk/shared/json-bytes.ts), and big integers (CBOR) and ExactNumbers
 * their exact digits. Used for jq's input envelope (jq 1.8 keeps the digits as long as the program
 * does no arithmetic with them) and for an API description and the cached files made from it
 * (plugins-builtin/api/save.ts, sdk/shared/operation-detail-format.ts), which says which of its
 * records need parseJsonExact to be read back.
 *
 * A replacer function would make JSON.stringify call back into JavaScript for every value (+60%
 * on a 50 MiB body), so for the length of the one synchronous call the two kinds get a `toJSON`
 * instead, and the previous state of the prototypes is put back before anything else can run.
 */
import { numberMarker } from './number-marker.js';
import { ExactNumber, exactNumberPrototypes, numberText } from './exact-number.js';
import { base64Of } from './json-bytes.js';

type ToJson = (this: unknown) => unknown;

/** `exactNumbers` collects the ExactNumbers written, so that jq's output can be read back with them. */
export function toJsonText(value: unknown, exactNumbers: ExactNumber[] = []): string {
  return toJsonTexts([value], exactNumbers)[0]!.text;
}

export interface JsonText {
  text: string;
  /** It holds an ExactNumber or a bigint: JSON.parse would not read it back as written. */
  exactNumbers: boolean;
}

/**
 * toJsonText of each value, the prototypes set up once for them all: changing a prototype costs
 * V8 its caches, which thousands of small values (a command table's records) would pay each time.
 */
export function toJsonTexts(values: readonly unknown[], exactNumbers: ExactNumber[] = []): JsonText[] {
  const numbers: Array<bigint | ExactNumber> = [];
  let marker: string | undefined;
  const bytesToJson: ToJson = function (this: unknown) {
    return base64Of(this as Uint8Array);
  };
  const numberToJson: ToJson = function (this: unknown) {
    marker ??= numberMarker();
    if (this instanceof ExactNumber) exactNumbers.push(this);
    numbers.push(this as bigint | ExactNumber);
    return `${marker}${numbers.length - 1}`;
  };
  const restore = [
    setToJson(Uint8Array.prototype, bytesToJson),
    setToJson(Buffer.prototype, bytesToJson),
    setToJson(BigInt.prototype, numberToJson),
    // The kernel and this plugin are bundled apart: the envelope's numbers may be another copy's.
    ...exactNumberPrototypes().map((prototype) => setToJson(prototype, numberToJson)),
  ];
  const texts: JsonText[] = [];
  try {
    for (const value of values) {
      const before = numbers.length;
      texts.push({ text: JSON.stringify(value) ?? 'null', exactNumbers: numbers.length > before });
    }
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  if (marker === undefined) return texts;
  const pattern = new RegExp(`"${marker}(\\d+)"`, 'g');
  for (const text of texts) if (text.exactNumbers) text.text = text.text.replace(pattern, (_match, index: string) => numberText(numbers[Number(index)]!));
  return texts;
}

function setToJson(prototype: object, toJSON: ToJson): () => void {
  const previous = Object.getOwnPropertyDescriptor(prototype, 'toJSON');
  Object.defineProperty(prototype, 'toJSON', { value: toJSON, configurable: true, writable: true, enumerable: false });
  return () => {
    if (previous) Object.defineProperty(prototype, 'toJSON', previous);
    else delete (prototype as { toJSON?: unknown }).toJSON;
  };
}
