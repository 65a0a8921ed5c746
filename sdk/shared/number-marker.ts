/**
 * The prefix that stands in for an exact number while JSON.parse or JSON.stringify handles the
 * text around it: random, so no body holds it by chance. node:crypto loads only when a marker is
 * needed, never at start-up.
 */
export function numberMarker(): string {
  return `okapi-number-${process.getBuiltinModule('node:crypto').randomBytes(8).toString('hex')}-`;
}
