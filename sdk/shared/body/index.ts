/**
 * Request bodies: body args (one shorthand expression), `@file`s and redirected stdin become the
 * bytes to send and their Content-Type. Everything that can fail (syntax, unreadable files, a value
 * the encoder cannot take) fails here, before a request is sent.
 *
 * - Args only: the expression is the body value.
 * - Stdin only: a JSON, YAML or CBOR document is the value; in the format `-c` asks for it is sent
 *   byte for byte (so big integers and formatting survive), otherwise it is converted. Other bytes
 *   are sent as they are, and text in the charset of the Content-Type sent (encoders/raw.ts):
 *   `text/plain; charset=utf-8` or `application/octet-stream` by default, or the media type `-c` gives.
 * - Both: stdin is the base document and the expression patches it, so stdin must be structured.
 *
 * A generated command (`okapi <api> <command>`) builds its body the same way through `encodeBody`,
 * with the media type its operation offers in place of the `-c` value.
 */

import { UsageError } from '../errors.js';
import { chooseEncoder, describeChoice, refuseOtherCharset, type EncoderChoice } from './encoder-choice.js';
import { encodeCbor } from './encoders/cbor.js';
import { encodeForm } from './encoders/form.js';
import { encodeJson } from './encoders/json.js';
import { encodeMultipart } from './encoders/multipart.js';
import { encodeRaw, rawBytes } from './encoders/raw.js';
import { encodeYaml } from './encoders/yaml.js';
import { evaluateExpression, isBlankExpression, joinArgs } from './input.js';
import { classifyStdin, isBlank, type StdinDocument } from './stdin.js';
import { utf8TextOf } from '../utf8-text.js';
import { refuseUnsendable } from './sendable.js';

export { BodySyntaxError, unreadableFile } from './errors.js';
export { chooseEncoder, ENCODER_NAMES, formatOfMediaType, type BodyFormat, type EncoderChoice } from './encoder-choice.js';
export { contentTypeForFile } from './mime.js';
export { encodeRaw, rawBytes, type RawBytes } from './encoders/raw.js';

/** Where a body comes from. */
export interface BodyInput {
  /** The body words after the URL, as typed. */
  args: string[];
  /** The bytes of redirected stdin, when the caller read it (never a terminal). */
  stdin?: Uint8Array;
  /** Directory for relative `@file` paths; defaults to the process's. */
  cwd?: string;
  /**
   * The Content-Type a header (`-H`, `OKAPI_HEADER`) gives, sent in place of the encoder's: text
   * okapi writes goes out in its charset. `source` names where it came from, for messages.
   */
  contentType?: { readonly value: string; readonly source: string };
}

export interface BodyRequest extends BodyInput {
  /**
   * The `-c` value: json | yaml | cbor | form | multipart | a media type such as text/csv.
   * Leave it undefined when `-c` was not given: text on stdin is then sent as text/plain, while
   * an explicit `-c json` insists on a JSON, YAML or CBOR document.
   */
  encoder?: string;
}

export interface EncodedBody {
  bytes: Uint8Array;
  contentType: string;
  /** The value before encoding, for -v / --okapi-print B: data, a string, or bytes. Multipart files appear as FileRefs. */
  value: unknown;
  /** Something the user should hear about the body, though it is sent (shown as a warning). */
  warning?: string;
  /** Stdin sent byte for byte without being read as a document: `value` is its text or bytes, not data. */
  asIs?: true;
  /**
   * The charset okapi wrote the body's text in (`utf-8`, `iso-8859-1`, …), which the Content-Type
   * sent must declare; absent for bytes that are not text okapi wrote (CBOR, multipart, the user's own bytes).
   */
  charset?: string;
}

/** The Content-Type whose charset text is written in, and how messages name where it came from. */
interface Label {
  readonly contentType: string;
  readonly source: string;
  /** A header gave it: it is sent whatever Content-Type the body would have had. */
  readonly fromHeader: boolean;
}

const TEXT_TYPE = 'text/plain; charset=utf-8';
const BINARY_TYPE = 'application/octet-stream';

/** The body to send, or undefined when there are no body args and stdin is empty or blank. */
export function buildBody(request: BodyRequest): EncodedBody | undefined {
  return encodeBody(request, chooseEncoder(request.encoder));
}

/** The body to send as `encoder` says, or undefined when there are no body args and stdin is empty or blank. */
export function encodeBody(request: BodyInput, encoder: EncoderChoice): EncodedBody | undefined {
  const expression = joinArgs(request.args);
  const hasExpression = !isBlankExpression(expression);
  const stdin = request.stdin !== undefined && !isBlank(request.stdin) ? request.stdin : undefined;
  const options = { fileRefs: encoder.format === 'multipart', cwd: request.cwd };
  const label = labelOf(request, encoder);

  if (stdin === undefined) {
    if (!hasExpression) return undefined;
    const value = evaluateExpression(expression, undefined, options);
    return value === undefined ? undefined : encodeValue(value, encoder, label);
  }
  if (!hasExpression && encoder.format === 'raw') {
    // -c text/csv < data.csv: the media type says what stdin is, so it is read as nothing but text or bytes.
    const text = utf8TextOf(stdin);
    return { ...rawBytes(stdin, label.source, label.contentType, text), contentType: encoder.contentType, value: text ?? stdin, asIs: true };
  }
  const document = classifyStdin(stdin);
  if (hasExpression) {
    if (document.kind !== 'structured') {
      throw new UsageError(`body arguments can only patch JSON, YAML or CBOR on stdin, but ${document.why}`, {
        hint: 'send the text on its own (without body arguments), or pipe a JSON, YAML or CBOR document',
      });
    }
    return encodeValue(evaluateExpression(expression, { value: document.value }, options), encoder, label);
  }
  return stdinOnly(document, encoder, label);
}

function labelOf(request: BodyInput, encoder: EncoderChoice): Label {
  const header = request.contentType;
  if (header === undefined) return { contentType: encoder.contentType, source: describeChoice(encoder), fromHeader: false };
  return { contentType: header.value, source: `${header.source} 'Content-Type: ${header.value}'`, fromHeader: true };
}

function stdinOnly(document: StdinDocument, encoder: EncoderChoice, label: Label): EncodedBody {
  if (document.kind === 'structured') {
    if (document.format === encoder.format) {
      refuseOtherCharset(encoder.format, label.contentType, label.source);
      return { bytes: document.bytes, contentType: encoder.contentType, value: document.value, ...(document.format === 'cbor' ? {} : { charset: 'utf-8' }) };
    }
    return encodeValue(document.value, encoder, label);
  }
  const value = document.kind === 'text' ? document.text : document.bytes;
  if (encoder.given === undefined) {
    const contentType = document.kind === 'text' ? TEXT_TYPE : BINARY_TYPE;
    const written = rawBytes(document.bytes, label.source, label.fromHeader ? label.contentType : contentType);
    const sent = { ...written, contentType, value, asIs: true as const };
    if (document.kind !== 'text' || !document.brokenJson) return sent;
    return {
      ...sent,
      warning: `stdin looks like JSON but ${document.why}; it is sent as text/plain (say -c text/plain to mean that, or fix the JSON)`,
    };
  }
  // A media type says what the content is (-c application/json < hand-written.json): send it as it is.
  if (encoder.isMediaType && encoder.format !== 'multipart') {
    return { ...rawBytes(document.bytes, label.source, label.contentType), contentType: encoder.contentType, value, asIs: true };
  }
  const asIs = encoder.format === 'form' ? 'application/x-www-form-urlencoded' : 'text/plain';
  throw new UsageError(`${describeChoice(encoder)} encodes data, but stdin is not a JSON, YAML or CBOR document: ${document.why}`, {
    hint: `to send stdin as it is, name its media type instead, e.g. -c ${asIs}`,
  });
}

function encodeValue(value: unknown, encoder: EncoderChoice, label: Label): EncodedBody {
  const flag = describeChoice(encoder);
  refuseUnsendable(value, encoder.format, flag);
  refuseOtherCharset(encoder.format, label.contentType, label.source);
  switch (encoder.format) {
    case 'json':
      return { bytes: encodeJson(value), contentType: encoder.contentType, value, charset: 'utf-8' };
    case 'yaml':
      return { bytes: encodeYaml(value), contentType: encoder.contentType, value, charset: 'utf-8' };
    case 'cbor':
      return { bytes: encodeCbor(value), contentType: encoder.contentType, value };
    case 'form':
      return { bytes: encodeForm(value, flag), contentType: encoder.contentType, value, charset: 'utf-8' };
    case 'multipart': {
      const { bytes, boundary } = encodeMultipart(value, flag, encoder.partTypes);
      return { bytes, contentType: `multipart/form-data; boundary=${boundary}`, value };
    }
    case 'raw':
      return { ...encodeRaw(value, flag, label.contentType, label.source), contentType: encoder.contentType, value };
  }
}
