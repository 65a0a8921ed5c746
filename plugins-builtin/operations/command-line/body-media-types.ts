/**
 * Which of an operation's request media types a command sends by default: the JSON one (or a
 * `+json` one) when there is one, else the first the document lists (issue #14 item 4); `-c`
 * picks another.
 */
import { formatOfMediaType, type BodyFormat } from '../../../sdk/shared/body/encoder-choice.js';
import { mediaTypeEssence } from '../../../sdk/shared/media-type.js';
import type { BodyContent } from '../../../sdk/shared/operation-detail-format.js';

export function bodyFormatOf(mediaType: string): BodyFormat {
  return formatOfMediaType(mediaTypeEssence(mediaType));
}

export function isJsonMediaType(mediaType: string): boolean {
  return bodyFormatOf(mediaType) === 'json';
}

export function defaultContent(contents: readonly BodyContent[]): BodyContent | undefined {
  return contents.find((c) => isJsonMediaType(c.media_type)) ?? contents[0];
}
