/**
 * What `-c` asks for. An encoder name (json, yaml, cbor, form, multipart) converts the body into
 * that format. A media type is the Content-Type to send: JSON, YAML, CBOR, form and multipart types
 * still encode structured values, any other type sends a string or file as it is.
 */

import { UsageError } from '../errors.js';
import { charsetOf, mediaTypeEssence } from '../media-type.js';
import { isUtf8Charset } from '../decoders/decoder.js';

export type BodyFormat = 'json' | 'yaml' | 'cbor' | 'form' | 'multipart' | 'raw';

export interface EncoderChoice {
  readonly format: BodyFormat;
  /** The Content-Type to send; multipart bodies add their boundary to it. */
  readonly contentType: string;
  /**
   * The `-c` value as typed (or, for a generated command, the media type its operation offers),
   * for messages; undefined when nothing chose the format, so stdin's own kind decides.
   */
  readonly given: string | undefined;
  /** `-c` named a media type rather than an encoder. */
  readonly isMediaType: boolean;
  /**
   * How messages name the choice when `-c` alone does not say it: a generated command sends the
   * media type its operation offers ("the operation's application/merge-patch+json body").
   */
  readonly label?: string;
  /**
   * Multipart: the Content-Type of the parts under a field name, instead of the one guessed from
   * the value (OpenAPI's `encoding.<property>.contentType`).
   */
  readonly partTypes?: Readonly<Record<string, string>>;
}

const NAMED: Readonly<Record<string, { format: BodyFormat; contentType: string }>> = {
  json: { format: 'json', contentType: 'application/json' },
  yaml: { format: 'yaml', contentType: 'application/yaml' },
  cbor: { format: 'cbor', contentType: 'application/cbor' },
  form: { format: 'form', contentType: 'application/x-www-form-urlencoded' },
  multipart: { format: 'multipart', contentType: 'multipart/form-data' },
};

export const ENCODER_NAMES = Object.keys(NAMED);

/** `type/subtype` with RFC 9110 token characters, optionally followed by `;` parameters. */
const MEDIA_TYPE = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+\/[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;

export function chooseEncoder(value: string | undefined): EncoderChoice {
  if (value === undefined) return { ...NAMED.json!, given: undefined, isMediaType: false };
  const trimmed = value.trim();
  if (!trimmed.includes('/')) {
    const named = Object.hasOwn(NAMED, trimmed.toLowerCase()) ? NAMED[trimmed.toLowerCase()] : undefined;
    if (named === undefined) {
      throw new UsageError(`unknown body encoder -c ${JSON.stringify(value)}`, {
        hint: `use one of ${ENCODER_NAMES.join(', ')}, or a media type such as text/csv or application/xml`,
      });
    }
    return { ...named, given: value, isMediaType: false };
  }
  const essence = mediaTypeEssence(trimmed);
  if (!MEDIA_TYPE.test(essence)) {
    throw new UsageError(`-c ${JSON.stringify(value)} is not a media type`, {
      hint: 'write it as type/subtype, e.g. -c text/csv or -c "application/xml; charset=utf-8"',
    });
  }
  const format = formatOfMediaType(essence);
  refuseOtherCharset(format, trimmed, `-c ${JSON.stringify(value)}`);
  return { format, contentType: trimmed, given: value, isMediaType: true };
}

/**
 * JSON, YAML and forms are written as UTF-8; a label saying otherwise would misname every byte
 * beyond ASCII. `source` names where `contentType` came from (`-c "…"`, `-H 'Content-Type: …'`).
 */
export function refuseOtherCharset(format: BodyFormat, contentType: string, source: string): void {
  const charset = charsetOf(contentType);
  if ((format === 'json' || format === 'yaml' || format === 'form') && !isUtf8Charset(charset)) {
    throw new UsageError(`${source} declares charset=${charset}, but okapi writes ${format} bodies as UTF-8`, {
      hint: `leave the charset out, or declare charset=utf-8`,
    });
  }
}

/** Which encoder a media type (its essence) implies: structured families by their type or `+suffix`, everything else raw. */
export function formatOfMediaType(essence: string): BodyFormat {
  switch (essence) {
    case 'application/json':
    case 'text/json':
      return 'json';
    case 'application/yaml':
    case 'application/x-yaml':
    case 'text/yaml':
    case 'text/x-yaml':
      return 'yaml';
    case 'application/cbor':
      return 'cbor';
    case 'application/x-www-form-urlencoded':
      return 'form';
    case 'multipart/form-data':
      return 'multipart';
  }
  if (essence.endsWith('+json')) return 'json';
  if (essence.endsWith('+yaml')) return 'yaml';
  if (essence.endsWith('+cbor')) return 'cbor';
  return 'raw';
}

/** How messages name the choice: its label, `-c form`, `-c text/csv`, or the default. */
export function describeChoice(choice: EncoderChoice): string {
  if (choice.label !== undefined) return choice.label;
  return choice.given === undefined ? 'the default JSON encoder' : `-c ${choice.given}`;
}
