/**
 * The command words okapi answers itself, with no plugin behind them: `help`, and `completion`
 * (the hidden compatibility command). Every other command comes from a plugin's declaration.
 */
export const KERNEL_COMMANDS: readonly string[] = ['help', 'completion'];
