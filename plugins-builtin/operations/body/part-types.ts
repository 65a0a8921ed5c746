/**
 * The Content-Type of multipart parts as the operation's `encoding` gives it. Only a single
 * concrete media type overrides the type okapi would give the part (guessed from a file's name,
 * JSON for objects): a wildcard or a list (`image/png, image/jpeg`) says what the server accepts,
 * not which one this part is, so the guess stays and the server judges it.
 */

import type { PartEncoding } from '../../../sdk/shared/operation-detail-format.js';

export function partTypesOf(encoding: Readonly<Record<string, PartEncoding>> | undefined): Record<string, string> {
  const types: Record<string, string> = {};
  for (const [name, part] of Object.entries(encoding ?? {})) {
    const type = part.content_type?.trim();
    if (type === undefined || type === '' || type.includes(',') || type.includes('*')) continue;
    Object.defineProperty(types, name, { value: type, enumerable: true, writable: true, configurable: true });
  }
  return types;
}
