/**
 * The `user:password@` of a URL, which okapi sends as Basic credentials. WHATWG URL parsing keeps a
 * malformed escape (`a%zz@host`) as it is, so decoding is where it shows: the problem is described
 * without the user information itself, which may be a secret.
 */

export const USERINFO_HINT = 'write a literal "%" in a user name or password as %25';

/** Why the user information cannot be decoded, or undefined when it can (or there is none). */
export function userinfoProblem(url: URL): string | undefined {
  for (const [part, text] of [
    ['user name', url.username],
    ['password', url.password],
  ] as const) {
    if (decoded(text) === undefined) return `the ${part} in the URL has a "%" that is not followed by two hexadecimal digits`;
  }
  return undefined;
}

/** The decoded user name and password; throws a URIError unless userinfoProblem found none. */
export function userinfoOf(url: URL): { user: string; password: string } {
  return { user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) };
}

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}
