/**
 * The request body of a generated command (`okapi <api> <command> [args…] [flags…] [body…]`,
 * SPEC "Generated operation commands" item 9). It is built as a generic request builds one with
 * `-c <the operation's media type>` (sdk/shared/body): JSON, `+json`, YAML and CBOR types and the
 * URL-encoded form from shorthand words with stdin as the base they patch, numbers kept as typed;
 * multipart with `@file` parts, one part per file of a list, and the part types the operation's
 * `encoding` gives. Opaque types (octet-stream, XML, NDJSON, text/*, …) are not shorthand: the body
 * is one argument, an `@file`'s bytes or stdin, sent as it is (opaque-body.ts).
 *
 * Stdin is read as a body for POST, PUT and PATCH, and for other methods only when body words are
 * given, as for generic requests: a GET or DELETE sends a body when the operation defines one and
 * the user gives one. An operation without a request body ignores stdin and refuses body words.
 */

import { chooseEncoder, encodeBody, formatOfMediaType, type BodyInput, type EncodedBody, type EncoderChoice } from '../../../sdk/shared/body/index.js';
import { isBlank } from '../../../sdk/shared/body/stdin.js';
import { UsageError } from '../../../sdk/shared/errors.js';
import { mediaTypeEssence } from '../../../sdk/shared/media-type.js';
import type { RequestBodyDetail } from '../../../sdk/shared/operation-detail-format.js';
import { chooseMediaType, isJsonMediaType, wildcardCovers, type MediaTypeChoice } from './media-type-choice.js';
import { opaqueBody } from './opaque-body.js';
import { partTypesOf } from './part-types.js';

export interface OperationBodyInput {
  /** The words after the command's positional arguments and flags, as typed. */
  words: string[];
  /** The bytes of redirected stdin, when the caller read it (never a terminal); see operationReadsStdin. */
  stdin?: Uint8Array;
  /** The user's `-c`, undefined when not given. */
  contentTypeFlag?: string;
  method: string;
  /** Directory for relative `@file` paths; defaults to the process's. */
  cwd?: string;
}

export interface OperationBody {
  bytes: Uint8Array;
  /** The media type sent: the operation's as the document spells it (multipart with its boundary). */
  contentType: string;
  /** The charset the body's text was written in; absent for bytes that are not text okapi wrote. */
  charset?: string;
  /**
   * The assembled value of a JSON body, for `--okapi-validate`: numbers that a double would change
   * are ExactNumbers (sdk/shared/exact-number.ts), bytes from `@file` are Uint8Arrays. Absent for
   * other media types and for stdin that is not a document but sent as it is.
   */
  value?: unknown;
}

/** Methods whose stdin is a body even without body words (as for generic requests). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Whether the caller should read redirected stdin for this call: only when the operation has a
 * body, for POST, PUT and PATCH, with body words (stdin is then the base they patch), or whatever
 * the method when the body is required (a DELETE that must carry one: stdin is where it comes from).
 */
export function operationReadsStdin(body: RequestBodyDetail | undefined, method: string, words: readonly string[]): boolean {
  return body !== undefined && (body.required === true || BODY_METHODS.has(method.toUpperCase()) || words.some((word) => word.trim() !== ''));
}

/**
 * The body to send, or undefined when the user gave none (no body words, stdin absent or blank):
 * for a `required` body the caller then throws {@link bodyRequiredError}, or lets the server say so.
 * Throws UsageError (exit 2) for body words an operation without a body cannot take, a `-c` the
 * operation does not offer and input its media type cannot carry; OkapiError (exit 1) for an
 * `@file` that cannot be read.
 */
export async function buildOperationBody(body: RequestBodyDetail | undefined, input: OperationBodyInput): Promise<OperationBody | undefined> {
  // Blank words add nothing, as in generic requests (an empty "$VAR" is no body).
  const words = input.words.filter((word) => word.trim() !== '');
  if (body === undefined) {
    if (words.length > 0) {
      throw new UsageError(`this operation takes no request body, so ${JSON.stringify(words[0])} has nowhere to go`, {
        hint: 'check the command\'s arguments and flags with --help; quote a value that has spaces so it stays one argument',
      });
    }
    return undefined;
  }
  const choice = chooseMediaType(body.contents, input.contentTypeFlag);
  const stdin = operationReadsStdin(body, input.method, words) ? input.stdin : undefined;
  const source: BodyInput = { args: words, ...(stdin === undefined ? {} : { stdin }), ...(input.cwd === undefined ? {} : { cwd: input.cwd }) };
  if (choice.kind === 'wildcard') return anyMediaType(choice, source);

  const essence = mediaTypeEssence(choice.contentType);
  const format = formatOfMediaType(essence);
  const given = input.contentTypeFlag;
  if (format === 'raw') {
    const raw = opaqueBody({ words, stdin: stdin !== undefined && !isBlank(stdin) ? stdin : undefined, cwd: input.cwd }, choice.contentType, labelOf(given, choice.contentType));
    return raw === undefined ? undefined : { ...raw, contentType: choice.contentType };
  }
  const encoder: EncoderChoice = {
    format,
    contentType: choice.contentType,
    given: given ?? choice.contentType,
    isMediaType: true,
    label: labelOf(given, choice.contentType),
    ...(format === 'multipart' ? { partTypes: partTypesOf(choice.content.encoding) } : {}),
  };
  const encoded = encodeBody(source, encoder);
  return encoded === undefined ? undefined : sent(encoded);
}

/**
 * The error for a `required` body the user did not give (exit 2). `command` names the command as
 * typed, e.g. `okapi petstore add-pet`, for the hint.
 */
export function bodyRequiredError(body: RequestBodyDetail, command: string): UsageError {
  const types = body.contents.map((content) => content.media_type);
  const offered = types.length > 0 ? ` (${types.join(', ')})` : '';
  const choice = chooseMediaType(body.contents, undefined);
  const how =
    choice.kind === 'concrete' && formatOfMediaType(mediaTypeEssence(choice.contentType)) === 'raw'
      ? 'give it as one argument, as @path for a file, or on stdin'
      : "give its fields as arguments, e.g. 'name: value', or pipe a document on stdin";
  return new UsageError(`${command} needs a request body${offered}, but none was given`, {
    hint: `${how}; ${command} --okapi-generate-body prints an example`,
  });
}

/**
 * An operation that takes any media type inside a wildcard, and no `-c`: the body is built as a
 * generic request without `-c` builds it (shorthand as JSON, stdin by its kind), and must fall
 * inside the wildcard.
 */
function anyMediaType(choice: Extract<MediaTypeChoice, { kind: 'wildcard' }>, source: BodyInput): OperationBody | undefined {
  const pattern = mediaTypeEssence(choice.content.media_type);
  const encoded = encodeBody(source, chooseEncoder(undefined));
  if (encoded === undefined) return undefined;
  const essence = mediaTypeEssence(encoded.contentType);
  if (!wildcardCovers(pattern, essence)) {
    throw new UsageError(`this operation takes a ${pattern} body, but the one given reads as ${essence}`, {
      hint: `say which media type it is with -c, e.g. -c ${pattern.split('/')[0]}/<subtype>`,
    });
  }
  return sent(encoded);
}

/** How messages name the body: by the `-c` the user typed, and the media type it stands for when that says more. */
function labelOf(given: string | undefined, contentType: string): string {
  if (given === undefined) return `the operation's ${contentType} body`;
  return mediaTypeEssence(given) === mediaTypeEssence(contentType) ? `-c ${given}` : `-c ${given} (${contentType})`;
}

function sent(encoded: EncodedBody): OperationBody {
  const json = isJsonMediaType(mediaTypeEssence(encoded.contentType)) && encoded.asIs === undefined;
  return { bytes: encoded.bytes, contentType: encoded.contentType, ...(encoded.charset ? { charset: encoded.charset } : {}), ...(json ? { value: encoded.value } : {}) };
}
