/**
 * `multipart/form-data` bodies (RFC 7578). Each top-level field is a part: text as it is, objects
 * and arrays as JSON parts, bytes as an `application/octet-stream` part, and each `@path` (a
 * FileRef) as a file part named after the file, its type guessed from the extension. An array that
 * holds files becomes one part per item under the same name, the usual way to upload several files.
 * Files are read here, while encoding, so nothing is sent when one of them cannot be read.
 * `partTypes` gives the Content-Type of every part under a name, in place of the one guessed.
 */

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { UsageError } from '../../errors.js';
import { FileRef } from '../../shorthand/index.js';
import { unreadableFile } from '../errors.js';
import { contentTypeForFile } from '../mime.js';
import { stringifyJson } from '../../json-stringify.js';
import { describeValue, scalarText } from './values.js';
import { isObjectLiteral } from '../../plain-object.js';

export interface MultipartBody {
  readonly bytes: Uint8Array;
  readonly boundary: string;
}

interface Part {
  readonly name: string;
  readonly filename?: string;
  readonly contentType?: string;
  readonly content: Uint8Array;
}

export function encodeMultipart(value: unknown, flag: string, partTypes: Readonly<Record<string, string>> = {}): MultipartBody {
  if (!isObjectLiteral(value)) {
    throw new UsageError(`${flag} needs an object of fields, not ${describeValue(value)}`, {
      hint: "write each part as name: value, and files as name: @path, e.g. 'title: Report, file: @report.pdf'",
    });
  }
  const parts: Part[] = [];
  for (const name of Object.keys(value)) {
    const field = value[name];
    const typed = (part: Part): Part => (Object.hasOwn(partTypes, name) ? { ...part, contentType: partTypes[name] } : part);
    if (Array.isArray(field) && field.some((item) => item instanceof FileRef)) {
      field.forEach((item: unknown, index) => parts.push(typed(toPart(name, item, `${name}[${index}]`))));
    } else {
      parts.push(typed(toPart(name, field, name)));
    }
  }
  const boundary = chooseBoundary(parts);
  return { bytes: assemble(parts, boundary), boundary };
}

/** `path` names the value in messages, e.g. `files[1]`. */
function toPart(name: string, value: unknown, path: string): Part {
  if (value instanceof FileRef) {
    return { name, filename: basename(value.path), contentType: contentTypeForFile(value.path), content: readPartFile(value, name) };
  }
  if (value instanceof Uint8Array) return { name, contentType: 'application/octet-stream', content: value };
  if (isObjectLiteral(value) || Array.isArray(value)) {
    rejectNestedFiles(value, path);
    return { name, contentType: 'application/json', content: Buffer.from(stringifyJson(value)) };
  }
  return { name, content: Buffer.from(scalarText(value)) };
}

function readPartFile(file: FileRef, name: string): Uint8Array {
  try {
    return readFileSync(file.path);
  } catch (error) {
    throw unreadableFile(file.path, error, `multipart field ${JSON.stringify(name)}`);
  }
}

/** A file inside a JSON part cannot be uploaded; say where it is instead of sending its path as JSON. */
function rejectNestedFiles(value: unknown, path: string): void {
  if (value instanceof FileRef) {
    throw new UsageError(`multipart file @${basename(value.path)} at ${path} is nested inside a field`, {
      hint: 'files must be top-level fields (name: @path) or a top-level list of files (name: [@a, @b])',
    });
  }
  if (Array.isArray(value)) {
    value.forEach((item: unknown, index) => rejectNestedFiles(item, `${path}[${index}]`));
  } else if (isObjectLiteral(value)) {
    for (const key of Object.keys(value)) rejectNestedFiles(value[key], `${path}.${key}`);
  }
}

/** A random boundary that occurs in no part, so no content can end its part early. */
function chooseBoundary(parts: readonly Part[]): string {
  for (;;) {
    const boundary = `okapi-${randomBytes(16).toString('hex')}`;
    const needle = Buffer.from(boundary);
    if (!parts.some((part) => Buffer.from(part.content.buffer, part.content.byteOffset, part.content.byteLength).includes(needle))) {
      return boundary;
    }
  }
}

function assemble(parts: readonly Part[], boundary: string): Uint8Array {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeQuoted(part.name)}"`;
    if (part.filename !== undefined) head += `; filename="${escapeQuoted(part.filename)}"`;
    head += '\r\n';
    if (part.contentType !== undefined) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), part.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Field and file names are sent as UTF-8, with `"`, CR and LF percent-encoded as browsers do (HTML's form-data rules). */
function escapeQuoted(name: string): string {
  return name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
