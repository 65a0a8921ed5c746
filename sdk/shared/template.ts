/**
 * `{name}` templates in profile and credential values (SPEC.md "Prompt entry"): each `{name}` is
 * replaced by the value `lookup` gives for it; `{{` and `}}` stand for literal braces. Strict: an
 * unknown name, an unclosed `{`, a lone `}` or a name of other characters is an error, never left
 * as typed, so a typo cannot send `{tenant}` to a server. The caller says where the text is in the
 * config; the text itself is never quoted in a problem (it may be a secret).
 */

/** A name: letters, digits, `_`, `-`, `.` (prompt and param names as configs write them). */
const NAME = /^[\p{L}\p{N}_.-]+$/u;

export class TemplateProblem extends Error {
  constructor(
    message: string,
    /** The `{name}` that has no value, when that is the problem. */
    readonly unknownName?: string,
  ) {
    super(message);
    this.name = 'TemplateProblem';
  }
}

/** Whether `text` holds a template or an escaped brace: whether expanding could change it. */
export function hasTemplate(text: string): boolean {
  return text.includes('{') || text.includes('}');
}

/** The text with every `{name}` replaced and `{{`/`}}` unescaped; throws TemplateProblem. */
export function expandTemplate(text: string, lookup: (name: string) => string | undefined): string {
  if (!hasTemplate(text)) return text;
  let out = '';
  let at = 0;
  while (at < text.length) {
    const char = text[at]!;
    if (char === '}') {
      if (text[at + 1] !== '}') throw new TemplateProblem('a "}" closes no template; write a literal brace as }}');
      out += '}';
      at += 2;
      continue;
    }
    if (char !== '{') {
      out += char;
      at += 1;
      continue;
    }
    if (text[at + 1] === '{') {
      out += '{';
      at += 2;
      continue;
    }
    const end = text.indexOf('}', at + 1);
    if (end === -1) throw new TemplateProblem('a "{" is never closed; write a literal brace as {{');
    const name = text.slice(at + 1, end);
    if (!NAME.test(name)) {
      throw new TemplateProblem('a template {…} must hold a name of letters, digits, "_", "-" or "."; write a literal brace as {{ or }}');
    }
    const value = lookup(name);
    if (value === undefined) throw new TemplateProblem(`the template {${name}} names no param`, name);
    out += value;
    at = end + 1;
  }
  return out;
}

/** `text` as a template that expands to itself: its braces doubled. */
export function escapeTemplate(text: string): string {
  return text.replace(/[{}]/g, '$&$&');
}
