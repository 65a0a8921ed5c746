/**
 * ExactNumbers in YAML (docs/design/009-exact-numbers.md). Written, they are the plain scalar of
 * their digits (`1e400`, `2.50`, `1234567890123456789`), which YAML 1.2 reads as the number it
 * is. Read, a number in JSON's grammar that a double would change becomes an ExactNumber; other
 * YAML numbers (`0x1F`, `.5`, `+1`, `.inf`) read as the yaml package reads them.
 */
import type { ScalarTag, Tags } from 'yaml';
import { ExactNumber, isNumberText, numberFromText } from './exact-number.js';

/** For the `yaml` package's `customTags` when writing; `default` keeps the tag itself out of the text. */
export const exactNumberYamlTag: ScalarTag = {
  tag: 'tag:okapi.dev,2026:exact-number',
  default: true,
  identify: (value) => value instanceof ExactNumber,
  // Only writing uses the tag: without a `test`, no plain scalar read resolves to it.
  resolve: (text) => text,
  stringify: ({ value }) => (value as ExactNumber).text,
};

const NUMBER_TAGS = new Set(['tag:yaml.org,2002:int', 'tag:yaml.org,2002:float']);

/** `customTags` for reading: the schema's number tags, keeping the digits, plus `extra`. */
export function exactNumberReadingTags(extra: Tags = []): (tags: Tags) => Tags {
  return (tags) => [
    ...tags.map((tag) => {
      if (typeof tag !== 'object' || !NUMBER_TAGS.has(tag.tag) || !('test' in tag)) return tag;
      const { resolve } = tag as ScalarTag;
      return { ...tag, resolve: (text, onError, options) => (isNumberText(text) ? numberFromText(text) : resolve(text, onError, options)) } as ScalarTag;
    }),
    ...extra,
  ];
}
