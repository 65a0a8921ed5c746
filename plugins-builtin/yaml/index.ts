/** The `yaml` format: one YAML 1.2 document, or `---` separated documents for records. */
import { parse, stringify, type CreateNodeOptions, type SchemaOptions, type ToStringOptions } from 'yaml';
import { definePlugin } from '../../sdk/define.js';
import type { FormatterContext } from '../../sdk/types.js';
import { exactNumberYamlTag } from '../../sdk/shared/yaml-exact-number.js';
import meta from './manifest.js';
import { refuseUnwritable } from '../../sdk/shared/unwritable.js';

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
        // .inf and .nan are YAML; undefined is not.
        refuseUnwritable(item, '-o yaml', 'YAML', { nonFinite: true });
        if (!start.document && !first) ctx.write('---\n');
        first = false;
        if (Array.isArray(item) && item.length > 0) await writeSequence(item, ctx);
        else ctx.write(toYaml(item));
      }
    },
  },
});

/** Output written between two waits for okapi's output (and two chances to notice it is gone). */
const STEP_BYTES = 64 * 1024;

/**
 * A non-empty root list, one entry at a time: a block sequence is its entries' own sequences one
 * after another, so the text is the same as the whole list's, but memory holds one entry's text
 * and a reader that goes away (`| head`) is noticed at the next step, not after the whole body.
 */
async function writeSequence(list: readonly unknown[], ctx: FormatterContext): Promise<void> {
  let sinceStep = 0;
  for (const entry of list) {
    const text = stringify([entry], OPTIONS);
    ctx.write(text);
    sinceStep += text.length;
    if (sinceStep >= STEP_BYTES) {
      sinceStep = 0;
      await (ctx.ready?.() ?? new Promise((resolve) => setImmediate(resolve)));
    }
  }
}

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
