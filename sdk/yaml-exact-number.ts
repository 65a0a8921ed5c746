/**
 * ExactNumbers in YAML output: written as the plain scalar of their digits (`1e400`, `2.50`,
 * `1234567890123456789`), which YAML 1.2 reads as the number it is. For the `yaml` package's
 * `customTags`; `default` keeps the tag itself out of the text.
 */
import type { ScalarTag } from 'yaml';
import { ExactNumber } from './exact-number.js';

export const exactNumberYamlTag: ScalarTag = {
  tag: 'tag:okapi.dev,2026:exact-number',
  default: true,
  identify: (value) => value instanceof ExactNumber,
  // Only writing uses the tag: without a `test`, no plain scalar read resolves to it.
  resolve: (text) => text,
  stringify: ({ value }) => (value as ExactNumber).text,
};
