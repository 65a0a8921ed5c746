/** The `yaml` format: one YAML 1.2 document, or `---` separated documents for records. */
import { parse, stringify, type CreateNodeOptions, type SchemaOptions, type ToStringOptions } from 'yaml';
import { definePlugin } from '../../sdk/define.js';
import { exactNumberYamlTag } from '../../sdk/yaml-exact-number.js';
import meta from './manifest.js';

const OPTIONS: SchemaOptions & CreateNodeOptions & ToStringOptions = {
  // Bytes become `!!binary` base64, which YAML readers turn back into bytes; numbers a double
  // would change keep their digits.
  customTags: ['binary', exactNumberYamlTag],
  // No anchors and aliases: a value that appears twice is written twice, as JSON would.
  aliasDuplicateObjects: false,
  // Long strings stay on one line (grep-able); base64 lines still wrap at 76 columns.
  lineWidth: 0,
  minContentWidth: 76,
};

export default definePlugin({
  ...meta,
  hooks: {
    async formatter(start, items, ctx) {
      let first = true;
      for await (const item of items) {
        if (!start.document && !first) ctx.write('---\n');
        first = false;
        ctx.write(toYaml(item));
      }
    },
  },
});

function toYaml(value: unknown): string {
  const text = stringify(value, OPTIONS) ?? 'null\n';
  // A top-level multi-line string is written as a block scalar, which the yaml package gets wrong
  // when a line starts with a space; such a string is written double-quoted instead.
  if (typeof value === 'string' && value.includes('\n') && !readsBackAs(text, value)) {
    return stringify(value, { ...OPTIONS, blockQuote: false });
  }
  return text;
}

function readsBackAs(text: string, value: string): boolean {
  try {
    return parse(text) === value;
  } catch {
    return false;
  }
}
