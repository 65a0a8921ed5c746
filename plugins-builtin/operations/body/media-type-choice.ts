/**
 * Which of the media types an operation offers for its request body is sent. Without `-c` it is
 * the JSON one when there is one (issue #14 item 4), else the first listed. `-c` names one of
 * them: in full (`-c application/merge-patch+json`), or by a short name that matches exactly one
 * (`-c xml`, `-c form`, `-c csv`). A wildcard the operation offers (`*\/*`, `image/*`) takes
 * whatever media type `-c` gives inside it; without `-c` the body's own kind decides, as in a
 * generic request.
 */

import { formatOfMediaType, type BodyFormat } from '../../../sdk/shared/body/encoder-choice.js';
import { UsageError } from '../../../sdk/shared/errors.js';
import { mediaTypeEssence } from '../../../sdk/shared/media-type.js';
import type { BodyContent } from '../../../sdk/shared/operation-detail-format.js';

export type MediaTypeChoice =
  /** A concrete media type to send: the offered one, or the user's inside an offered wildcard. */
  | { readonly kind: 'concrete'; readonly content: BodyContent; readonly contentType: string }
  /** An offered wildcard and no `-c`: the body's own kind says what is sent, if the wildcard covers it. */
  | { readonly kind: 'wildcard'; readonly content: BodyContent };

/** What a short `-c` name stands for inside an offered wildcard, where no offered type spells it out. */
const CANONICAL: Readonly<Record<string, string>> = {
  json: 'application/json',
  yaml: 'application/yaml',
  cbor: 'application/cbor',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
  xml: 'application/xml',
  text: 'text/plain',
};

/** An operation whose body lists no media type takes any, as `*\/*` would say. */
const ANY: BodyContent = { media_type: '*/*' };

export function chooseMediaType(contents: readonly BodyContent[], flag: string | undefined): MediaTypeChoice {
  const offered = contents.length > 0 ? contents : [ANY];
  if (flag === undefined) return defaultChoice(offered);
  const given = flag.trim();
  return given.includes('/') ? fullNameChoice(offered, given, flag) : shortNameChoice(offered, given.toLowerCase(), flag);
}

/** Whether the essence is JSON's: application/json, text/json or a `+json` type. */
export function isJsonMediaType(essence: string): boolean {
  return formatOfMediaType(essence) === 'json';
}

function isWildcard(mediaType: string): boolean {
  return mediaTypeEssence(mediaType).includes('*');
}

/** Whether the wildcard `pattern` (`*\/*`, `image/*`) takes the media type `essence`. */
export function wildcardCovers(pattern: string, essence: string): boolean {
  const [type, subtype] = mediaTypeEssence(pattern).split('/');
  if (type === '*') return true;
  return subtype === '*' && essence.startsWith(`${type}/`);
}

/** What is sent when the user gives no `-c`: help shows this one's shape. */
export function defaultContent(contents: readonly BodyContent[]): BodyContent | undefined {
  return contents.length === 0 ? undefined : defaultChoice(contents).content;
}

/** The encoder family of an offered media type: json, form, multipart, yaml, cbor or raw. */
export function bodyFormatOf(mediaType: string): BodyFormat {
  return formatOfMediaType(mediaTypeEssence(mediaType));
}

function defaultChoice(offered: readonly BodyContent[]): MediaTypeChoice {
  const essences = offered.map((content) => mediaTypeEssence(content.media_type));
  const plainJson = essences.indexOf('application/json');
  const json = plainJson >= 0 ? plainJson : essences.findIndex(isJsonMediaType);
  return choiceOf(offered[json >= 0 ? json : 0]!);
}

function choiceOf(content: BodyContent): MediaTypeChoice {
  return isWildcard(content.media_type) ? { kind: 'wildcard', content } : { kind: 'concrete', content, contentType: content.media_type };
}

/** `-c type/subtype[; parameters]`: parameters the user wrote are sent, else the offered type as the document spells it. */
function fullNameChoice(offered: readonly BodyContent[], given: string, flag: string): MediaTypeChoice {
  const essence = mediaTypeEssence(given);
  if (!/^[A-Za-z0-9!#$%&'+.^_`|~-]+\/[A-Za-z0-9!#$%&'+.^_`|~-]+$/.test(essence)) {
    throw new UsageError(`-c ${JSON.stringify(flag)} is not a media type`, {
      hint: `write it as type/subtype, or use one of the operation's: ${listed(offered)}`,
    });
  }
  const exact = offered.find((content) => !isWildcard(content.media_type) && mediaTypeEssence(content.media_type) === essence);
  if (exact !== undefined) return { kind: 'concrete', content: exact, contentType: given.includes(';') ? given : exact.media_type };
  const wildcard = offered.find((content) => isWildcard(content.media_type) && wildcardCovers(content.media_type, essence));
  if (wildcard !== undefined) return { kind: 'concrete', content: wildcard, contentType: given };
  throw notOffered(offered, flag);
}

function shortNameChoice(offered: readonly BodyContent[], name: string, flag: string): MediaTypeChoice {
  const matches = offered.filter((content) => !isWildcard(content.media_type) && shortNameMatches(name, mediaTypeEssence(content.media_type)));
  if (matches.length > 1) {
    throw new UsageError(`-c ${shown(flag)} matches more than one of the operation's media types: ${listed(matches)}`, {
      hint: `name the one to send in full, e.g. -c ${matches[0]!.media_type}`,
    });
  }
  if (matches.length === 1) return { kind: 'concrete', content: matches[0]!, contentType: matches[0]!.media_type };
  const canonical = Object.hasOwn(CANONICAL, name) ? CANONICAL[name] : undefined;
  const wildcards = offered.filter((content) => isWildcard(content.media_type));
  if (canonical !== undefined) {
    const covering = wildcards.find((content) => wildcardCovers(content.media_type, canonical));
    if (covering !== undefined) return { kind: 'concrete', content: covering, contentType: canonical };
  } else if (wildcards[0] !== undefined) {
    const wildcard = wildcards[0].media_type;
    throw new UsageError(`-c ${shown(flag)} names no media type this operation offers, and okapi cannot tell which one it means inside ${wildcard}`, {
      hint: `name the media type in full, e.g. -c ${exampleInside(wildcard)}`,
    });
  }
  throw notOffered(offered, flag);
}

/**
 * A short name stands for the media types whose type or subtype it is (`text`, `csv`), whose
 * subtype is its `x-` form (`ndjson` for application/x-ndjson) or ends with it as a `+suffix`
 * (`json` for application/merge-patch+json); `form` is the URL-encoded form.
 */
function shortNameMatches(name: string, essence: string): boolean {
  if (name === 'form') return essence === 'application/x-www-form-urlencoded';
  const [type, subtype = ''] = essence.split('/');
  return type === name || subtype === name || subtype === `x-${name}` || subtype.endsWith(`+${name}`);
}

function notOffered(offered: readonly BodyContent[], flag: string): UsageError {
  return new UsageError(`-c ${shown(flag)} is not a request body media type of this operation, which takes ${listed(offered)}`, {
    hint: `use -c with one of them, or leave -c out to send ${describeDefault(offered)}`,
  });
}

function describeDefault(offered: readonly BodyContent[]): string {
  const choice = defaultChoice(offered);
  return choice.kind === 'concrete' ? choice.contentType : 'what the body holds';
}

/** The `-c` value as messages quote it: as typed, or in quotes when it is empty or has blanks or quotes. */
function shown(flag: string): string {
  return /^[^\s"']+$/.test(flag) ? flag : JSON.stringify(flag);
}

function listed(contents: readonly BodyContent[]): string {
  return contents.map((content) => content.media_type).join(', ');
}

function exampleInside(pattern: string): string {
  const type = mediaTypeEssence(pattern).split('/')[0]!;
  return type === '*' ? 'application/xml' : `${type}/<subtype>`;
}
