/** Colour follows the stream: on for terminals, off with NO_COLOR, forced with FORCE_COLOR. */
export function colorFor(stream: NodeJS.WriteStream, env: NodeJS.ProcessEnv): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '' && force !== '0' && force !== 'false') return true;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  return Boolean(stream.isTTY) && env.TERM !== 'dumb';
}

const CODES = { bold: 1, dim: 2, red: 31, green: 32, yellow: 33, blue: 34, magenta: 35, cyan: 36 } as const;
export type Style = keyof typeof CODES;

export function paint(on: boolean, style: Style, text: string): string {
  return on ? `\u001b[${CODES[style]}m${text}\u001b[0m` : text;
}
