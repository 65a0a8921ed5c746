import { OkapiError } from '../../sdk/shared/errors.js';

/** A plugin failed: names the plugin, where it lives, and what it was doing. Exit code 1. */
export class PluginError extends OkapiError {
  constructor(
    readonly plugin: string,
    message: string,
    options: { hint?: string; stderr?: string } = {},
  ) {
    const tail = options.stderr?.trim();
    super(tail ? `plugin ${plugin}: ${message}\n  plugin stderr:\n${indent(lastLines(tail, 12))}` : `plugin ${plugin}: ${message}`, {
      hint: options.hint,
    });
    this.name = 'PluginError';
  }
}

function lastLines(text: string, count: number): string {
  return text.split('\n').slice(-count).join('\n');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');
}
