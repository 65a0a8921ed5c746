/**
 * The `x-cli-*` extensions an API description uses, as the operation index records them and as
 * `api connect`, `api sync` and `okapi doctor api` print them.
 */

export interface ExtensionUse {
  /** `document`, `path /pets`, `GET /pets`, `GET /pets parameter limit (query)`. */
  where: string;
  extension: string;
  /** What it changes, in a sentence fragment. */
  effect: string;
  /** An `x-cli-*` name okapi does not know: reported by doctor, ignored otherwise. */
  unknown?: true;
}

/** One line per use, for stderr at connect and sync, and for doctor. */
export function formatExtensionUses(uses: ExtensionUse[], indent = '  '): string {
  return uses.map((use) => `${indent}${use.where}: ${use.extension} ${use.effect}`).join('\n');
}
