/**
 * The command word okapi answers itself, with no plugin behind it: `help` (`okapi help [command]`).
 * Every other command comes from a plugin's declaration; `completion` is the built-in completion plugin's.
 */
export const KERNEL_COMMANDS: readonly string[] = ['help'];
