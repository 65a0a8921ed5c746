import type { DetailParameter } from '../../../../../sdk/shared/operation-detail-format.js';
import { serializeParameters } from '../../../../../plugins-builtin/operations/parameters/index.js';

/** The OpenAPI specification's style examples: a parameter named color with these values. */
export const COLOR = {
  empty: '',
  primitive: 'blue',
  array: ['blue', 'black', 'brown'],
  object: { R: 100, G: 200, B: 150 },
} as const;

export type ColorValue = keyof typeof COLOR;

/**
 * What one parameter alone puts on the request, for the location it is in. A path value goes after
 * a fixed `c`, so that label's "." stays part of a segment (a "." segment alone is refused).
 */
export function sent(param: DetailParameter, value: unknown): string {
  const template = param.in === 'path' ? `/colors/c{${param.name}}` : '/colors';
  const result = serializeParameters([{ param, value }], template);
  switch (param.in) {
    case 'path':
      return result.path.slice('/colors/c'.length);
    case 'query':
      return result.query;
    case 'header':
      return result.headers.map(([name, text]) => `${name}: ${text}`).join('\n');
    case 'cookie':
      return result.cookies ?? '';
  }
}

/** The error a call throws, for assertions on its class, message and hint. */
/** The error an async call rejects with. */
export async function rejected(run: () => Promise<unknown>): Promise<Error & { hint?: string; exitCode?: number }> {
  try {
    await run();
  } catch (error) {
    return error as Error & { hint?: string; exitCode?: number };
  }
  throw new Error('expected the call to reject');
}

export function thrown(run: () => unknown): Error & { hint?: string; exitCode?: number } {
  try {
    run();
  } catch (error) {
    return error as Error & { hint?: string; exitCode?: number };
  }
  throw new Error('expected the call to throw');
}
