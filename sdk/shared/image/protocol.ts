/**
 * Which way an image reaches the terminal, read from the environment: the kitty graphics
 * protocol, iTerm2 inline images, or Unicode half-blocks, which any true-colour terminal shows.
 * `OKAPI_IMAGE_PROTOCOL` overrides the guess.
 */

export const PROTOCOLS = ['kitty', 'iterm2', 'halfblock'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

export type Env = Readonly<Record<string, string | undefined>>;

/**
 * The protocol for this environment. Pure: pass `process.env`.
 *
 * `tty` does not change the answer. `auto` draws only on a terminal, and an explicit `-o image`
 * whose output goes to a pipe or file still uses the protocol of the terminal the user sits at:
 * they asked for an image, and the captured bytes replay with `cat`.
 *
 * Throws when `OKAPI_IMAGE_PROTOCOL` holds a value other than kitty, iterm2 or halfblock.
 */
export function chooseProtocol(env: Env, tty: boolean): Protocol {
  const forced = env.OKAPI_IMAGE_PROTOCOL?.trim().toLowerCase();
  if (forced) {
    if ((PROTOCOLS as readonly string[]).includes(forced)) return forced as Protocol;
    throw new Error(`OKAPI_IMAGE_PROTOCOL=${env.OKAPI_IMAGE_PROTOCOL} is not an image protocol okapi knows; use ${PROTOCOLS.join(', ')}`);
  }
  const term = env.TERM ?? '';
  const program = env.TERM_PROGRAM ?? '';
  // tmux and screen swallow both graphics protocols unless passthrough is configured, while the
  // variables of the terminal around them (KITTY_WINDOW_ID, LC_TERMINAL) are still set inside.
  if (env.TMUX || env.STY || term.startsWith('screen') || term.startsWith('tmux') || program === 'tmux') return 'halfblock';
  if (term === 'xterm-kitty' || env.KITTY_WINDOW_ID || program === 'ghostty' || term === 'xterm-ghostty') return 'kitty';
  // WezTerm shows iTerm2 images out of the box; its kitty graphics support is opt-in.
  if (program === 'iTerm.app' || env.LC_TERMINAL === 'iTerm2' || program === 'WezTerm') return 'iterm2';
  return 'halfblock';
}
