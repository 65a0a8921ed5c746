import { OkapiError } from '../../sdk/shared/errors.js';

/** A plugin failed: names the plugin, where it lives, and what it was doing. Exit code 1. */
export class PluginError extends OkapiError {
  constructor(
    plugin: string,
    message: string,
    options: { hint?: string; stderr?: string } = {},
  ) {
    // The end of what the plugin wrote says why it failed: its last 12 lines are quoted, indented.
    const stderr = options.stderr?.trim();
    const lines = stderr ? stderr.split('\n').slice(-12) : [];
    const quoted = lines.length > 0 ? `\n  plugin stderr:\n${lines.map((line) => `    ${line}`).join('\n')}` : '';
    super(`plugin ${plugin}: ${message}${quoted}`, { hint: options.hint });
    this.name = 'PluginError';
  }
}
