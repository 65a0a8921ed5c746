/** The documents every formatter's golden tests render. */

export const nested = {
  id: 7,
  name: 'okapi',
  owner: { login: 'ada', roles: ['admin', 'dev'], active: true },
  score: 4.5,
  note: null,
};

export const uniform = [
  { id: 1, name: 'one', done: false },
  { id: 2, name: 'two', done: true },
];

export const mixed = [{ id: 1 }, { name: 'two', tags: ['x', 'y'] }, 3, 'four', null];

export const unicode = { greeting: 'héllo wörld', emoji: '🦘🎉', cjk: '漢字とかな', 'clé ✓': 'ok' };

export const binary = new Uint8Array([0, 1, 2, 253, 254, 255]);

export const empties: readonly unknown[] = [null, [], {}, ''];

/** Golden text written line by line: each argument is one line, and the text ends with a newline. */
export function text(...lines: string[]): string {
  return lines.map((line) => `${line}\n`).join('');
}
