/**
 * Dates in filters: RFC 3339 date-times and full dates (`2024-05-01`, `2024-05-01T12:00:00Z`,
 * `2024-05-01T12:00:00.250+02:00`). A time without an offset, or a bare date, is read as UTC so a
 * filter gives the same answer on every machine. Date objects (from YAML or CBOR bodies) count too.
 */

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Milliseconds since the epoch (with sub-millisecond fractions), or undefined for anything that is not a date. */
export function instantOf(value: unknown): number | undefined {
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isNaN(time) ? undefined : time;
  }
  if (typeof value !== 'string' || !looksLikeDate(value)) return undefined;
  const match = DATE_TIME.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction, zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 60) return undefined;
  let time = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59));
  // Date.UTC maps years 0-99 to 1900-1999.
  if (year < 100) time = new Date(time).setUTCFullYear(year);
  if (fraction) time += Number(fraction) * 1000;
  if (zone && zone !== 'Z' && zone !== 'z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
    if (offset >= 24 * 60) return undefined;
    time -= sign * offset * 60_000;
  }
  return time;
}

/** A cheap test before the regular expression: filters compare many strings that are not dates. */
function looksLikeDate(text: string): boolean {
  return text.length >= 10 && text.charCodeAt(4) === 0x2d && text.charCodeAt(7) === 0x2d;
}

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
