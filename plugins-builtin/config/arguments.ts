/** The arguments of each `okapi config` verb. */
import type { ArgumentDeclaration } from '../../sdk/arguments.js';

export const PATH = { command: 'config path' } satisfies ArgumentDeclaration;

export const EDIT = { command: 'config edit' } satisfies ArgumentDeclaration;

/** Patches are free text: their words may start with `-`. */
export const SET = {
  command: 'config set',
  positionals: [{ name: 'patch', variadic: true }],
  positionalsOnly: true,
  usage: "okapi config set 'plugins.csv.enabled: false'",
  wrongCount: 'config set needs at least one patch',
} satisfies ArgumentDeclaration;
