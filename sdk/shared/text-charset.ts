/**
 * Text okapi writes into a request body goes out in the charset of the Content-Type sent: UTF-8
 * when it declares none, ISO-8859-1 or US-ASCII when every character fits, and any charset that
 * spells ASCII as ASCII when the text is printable ASCII. Bytes the user gave that are not UTF-8 text are
 * theirs and are sent as they are, so they carry no charset. A body whose text was written in one
 * charset is never sent under a label naming another (the kernel checks the Content-Type sent).
 */
import { UsageError } from './errors.js';
import { isUtf8Charset } from './decoders/decoder.js';
import { charsetOf } from './media-type.js';

/** Single-byte charsets okapi writes any text in, by canonical name, with what finds a character beyond them. */
const SINGLE_BYTE: Readonly<Record<string, RegExp>> = { 'iso-8859-1': /[^\0-\xff]/u, 'us-ascii': /[^\0-\x7f]/u };
const ALIASES: Readonly<Record<string, string>> = { latin1: 'iso-8859-1', 'iso_8859-1': 'iso-8859-1', 'iso8859-1': 'iso-8859-1', l1: 'iso-8859-1', ascii: 'us-ascii' };

/** Tab, line breaks and the printable characters: ASCII control codes differ in some charsets (Shift_JIS, ISO-2022-JP). */
const PRINTABLE_ASCII = '\t\n\r' + Array.from({ length: 0x5f }, (_, index) => String.fromCharCode(0x20 + index)).join('');

/** One name per charset okapi writes, so `latin1` and `ISO-8859-1` compare equal; UTF-8 when no label is given. */
export function canonicalCharset(label: string | undefined): string {
  if (isUtf8Charset(label)) return 'utf-8';
  const lower = label!.toLowerCase();
  return Object.hasOwn(ALIASES, lower) ? ALIASES[lower]! : lower;
}

/** Why `text` cannot be written in `charset`: a character it cannot hold, or a charset okapi cannot write. */
export type TextRefusal = { readonly outside: string } | { readonly unwritable: true };

/** `text` in `charset` (a label, UTF-8 when undefined), or why it cannot be. */
export function encodeTextIn(text: string, charset: string | undefined): Uint8Array | TextRefusal {
  const name = canonicalCharset(charset);
  if (name === 'utf-8') return Buffer.from(text);
  const beyond = SINGLE_BYTE[name];
  if (beyond !== undefined) {
    const outside = beyond.exec(text)?.[0];
    return outside === undefined ? Buffer.from(text, 'latin1') : { outside };
  }
  // okapi has no encoder for other charsets, but printable ASCII is the same bytes in those that spell it as ASCII.
  return /^[\t\n\r\x20-\x7e]*$/.test(text) && spellsAsciiAsAscii(name) ? Buffer.from(text, 'latin1') : { unwritable: true };
}

/** Shift_JIS, windows-1252 and most others do; UTF-16 and labels Node does not know do not. */
function spellsAsciiAsAscii(charset: string): boolean {
  try {
    return new TextDecoder(charset).decode(Buffer.from(PRINTABLE_ASCII, 'latin1')) === PRINTABLE_ASCII;
  } catch {
    return false;
  }
}

/**
 * Refuses (exit 2) a body whose text okapi wrote in `written` (a canonical name) when the
 * Content-Type sent, as the request's headers finally say, declares another charset.
 */
export function refuseCharsetMismatch(written: string, contentType: string | undefined): void {
  const declared = charsetOf(contentType);
  if (canonicalCharset(declared) === written) return;
  const says = declared === undefined ? 'declares no charset, which means UTF-8' : `declares charset=${declared}`;
  const sent = contentType === undefined ? 'no Content-Type is sent, which means UTF-8' : `the Content-Type sent (${contentType}) ${says}`;
  throw new UsageError(`the request body is text written in ${written}, but ${sent}`, {
    hint: `give the charset with -c, which okapi writes the text in, or send a Content-Type that declares charset=${written}`,
  });
}
