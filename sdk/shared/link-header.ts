/**
 * RFC 8288 `Link` header values: `<uri>; rel="a b"; type=x, <uri2>; rel=c`. Targets are kept as
 * written (resolve them against the response URL); parameter names are lower-cased; `rel` is a
 * space-separated list of relation types compared case-insensitively, and only its first
 * occurrence in a link-value counts (§3.3). Commas and semicolons inside quoted strings and inside
 * `<…>` belong to their value. Malformed link-values are skipped, never fatal: headers come from
 * servers, not from the user.
 */

export interface LinkValue {
  target: string;
  /** Lower-case names; the first occurrence of each; `''` for a parameter without a value. */
  params: Record<string, string>;
  /** Lower-case relation types. */
  rels: string[];
}

const WS = new Set([' ', '\t']);

export function parseLinkHeader(values: string | readonly string[]): LinkValue[] {
  const links: LinkValue[] = [];
  for (const value of typeof values === 'string' ? [values] : values) parseOne(value, links);
  return links;
}

function parseOne(text: string, links: LinkValue[]): void {
  let i = 0;
  const n = text.length;
  const skipWs = () => {
    while (i < n && WS.has(text[i]!)) i++;
  };
  /** Moves past the rest of a malformed link-value: to the next comma outside quotes and brackets. */
  const skipValue = () => {
    while (i < n && text[i] !== ',') {
      if (text[i] === '"') readQuoted();
      else if (text[i] === '<') {
        const close = text.indexOf('>', i);
        i = close === -1 ? n : close + 1;
      } else i++;
    }
  };
  const readQuoted = (): string => {
    let out = '';
    i++; // opening quote
    while (i < n && text[i] !== '"') {
      if (text[i] === '\\' && i + 1 < n) i++;
      out += text[i];
      i++;
    }
    i++; // closing quote (or past the end)
    return out;
  };

  while (i < n) {
    while (i < n && (WS.has(text[i]!) || text[i] === ',')) i++;
    if (i >= n) break;
    if (text[i] !== '<') {
      skipValue();
      continue;
    }
    const close = text.indexOf('>', i + 1);
    if (close === -1) break;
    const target = text.slice(i + 1, close).trim();
    i = close + 1;
    const params: Record<string, string> = {};
    let ok = true;
    for (;;) {
      skipWs();
      if (i >= n || text[i] === ',') break;
      if (text[i] !== ';') {
        ok = false;
        skipValue();
        break;
      }
      i++;
      skipWs();
      const nameStart = i;
      while (i < n && !WS.has(text[i]!) && !'=;,"'.includes(text[i]!)) i++;
      const name = text.slice(nameStart, i).toLowerCase();
      skipWs();
      let value = '';
      if (text[i] === '=') {
        i++;
        skipWs();
        if (text[i] === '"') value = readQuoted();
        else {
          const valueStart = i;
          while (i < n && !WS.has(text[i]!) && text[i] !== ';' && text[i] !== ',') i++;
          value = text.slice(valueStart, i);
        }
      }
      if (name !== '' && !Object.hasOwn(params, name)) params[name] = value;
    }
    if (!ok) continue;
    const rels = (params.rel ?? '')
      .split(/[ \t]+/)
      .filter((r) => r !== '')
      .map((r) => r.toLowerCase());
    links.push({ target, params, rels });
  }
}

/** Targets of the links with relation `rel`, in header order. */
export function linksWithRel(links: LinkValue[], rel: string): string[] {
  const wanted = rel.toLowerCase();
  return links.filter((l) => l.rels.includes(wanted)).map((l) => l.target);
}
