/**
 * Function names people pipe into: jq's argument-less ones (`body | length`, `body | keys`) and
 * shorthand's filter-only `lower` and `upper`. In a shorthand query a bare name after `|` is a field, so these would quietly read a field that
 * is not there; the parser refuses them instead and points at jq (and at shorthand's own `.length`,
 * `.lower` and `.upper`). A field of such a name is still reachable quoted: `body | "keys"`.
 */
export const JQ_FUNCTION_NAMES: ReadonlySet<string> = new Set([
  'add',
  'any',
  'all',
  'ascii_downcase',
  'ascii_upcase',
  'empty',
  'first',
  'flatten',
  'floor',
  'from_entries',
  'fromjson',
  'keys',
  'keys_unsorted',
  'last',
  'length',
  'lower',
  'max',
  'min',
  'not',
  'paths',
  'reverse',
  'sort',
  'to_entries',
  'tojson',
  'tonumber',
  'tostring',
  'type',
  'unique',
  'upper',
  'utf8bytelength',
  'values',
]);
