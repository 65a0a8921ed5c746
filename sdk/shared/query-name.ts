/**
 * The shorthand query language's unquoted names, shared by its plugin and by okapi's choice of a
 * `-f` language (a leading `..` followed by a name is shorthand's recursive descent, not jq).
 */

/**
 * Characters of an unquoted name: ASCII letters, digits, `_`, `-`, `$`, `@`, and anything outside
 * ASCII. Every other character needs quotes (`"a/b"`), which keeps mistakes reportable.
 */
export function isNameChar(code: number): boolean {
  return (
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x5f || // _
    code === 0x2d || // -
    code === 0x24 || // $
    code === 0x40 || // @
    code > 0x7f
  );
}
