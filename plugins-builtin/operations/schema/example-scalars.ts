/**
 * Example strings and numbers for a schema with no example of its own: fixed values (the same
 * schema gives the same example every time) that look like what `format` names and keep within
 * the schema's bounds where they can.
 */
type Json = Record<string, unknown>;

const STRINGS_BY_FORMAT: Record<string, string> = {
  'date-time': '2024-01-01T00:00:00Z',
  date: '2024-01-01',
  time: '00:00:00Z',
  duration: 'P1D',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com',
  url: 'https://example.com',
  iri: 'https://example.com',
  'uri-reference': 'https://example.com',
  'iri-reference': 'https://example.com',
  'uri-template': 'https://example.com/{id}',
  uuid: '00000000-0000-4000-8000-000000000000',
  'json-pointer': '/path',
  'relative-json-pointer': '0',
  regex: '.*',
  byte: 'c3RyaW5n',
  binary: 'string',
  password: 'password',
  int32: '0',
  int64: '0',
  decimal: '0',
  float: '0',
  double: '0',
};

export function exampleString(schema: Json): string {
  const format = typeof schema.format === 'string' ? STRINGS_BY_FORMAT[schema.format] : undefined;
  let text = format ?? 'string';
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  // Lengths are bounded like the rest of the example: a minLength of a million is not shown.
  if (format === undefined && text.length < min) text = text.padEnd(Math.min(min, 64), 'x');
  if (text.length > max) text = text.slice(0, Math.max(0, max));
  return text;
}

/** A number within `minimum`/`maximum` (either dialect's exclusive bounds), on `multipleOf`. */
export function exampleNumber(schema: Json, integer: boolean): number {
  const lower = bound(schema, 'minimum', 'exclusiveMinimum');
  const upper = bound(schema, 'maximum', 'exclusiveMaximum');
  const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : integer ? 1 : undefined;
  let value: number;
  if (lower !== undefined) value = lower.exclusive ? lower.value + (step ?? 1) : lower.value;
  else if (upper !== undefined && upper.value <= 0) value = upper.exclusive ? upper.value - (step ?? 1) : upper.value;
  else value = 0;
  if (step !== undefined) value = Math.ceil(value / step) * step;
  // Above an exclusive maximum after all (a narrow range): the middle of the range is in it.
  if (upper !== undefined && (value > upper.value || (upper.exclusive && value === upper.value)) && lower !== undefined) value = (lower.value + upper.value) / 2;
  if (integer) value = Math.ceil(value);
  return Object.is(value, -0) ? 0 : value;
}

function bound(schema: Json, inclusive: string, exclusive: string): { value: number; exclusive: boolean } | undefined {
  const flag = schema[exclusive];
  // 2020-12 writes the exclusive bound as a number; 3.0 as `true` next to the inclusive one.
  if (typeof flag === 'number') return { value: flag, exclusive: true };
  const value = schema[inclusive];
  if (typeof value !== 'number') return undefined;
  return { value, exclusive: flag === true };
}
