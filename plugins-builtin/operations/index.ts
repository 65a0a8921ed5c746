/**
 * `okapi <api> <command> [args…] [flags…] [body…]`: every operation of a registered API's OpenAPI
 * description as a command (SPEC "Generated operation commands"), sent through okapi's request
 * pipeline so every global flag works on it. The host routes an API's words here because the
 * manifest says `api_commands: true`; the command is the API's name, the arguments the words after it.
 */
import { definePlugin } from '../../sdk/define.js';
import { printCommandError } from '../../sdk/command-errors.js';
import meta from './manifest.js';
import { runOperationCommand } from './run-command.js';

export default definePlugin({
  ...meta,
  hooks: {
    async command(init, ctx) {
      try {
        return await runOperationCommand(init, ctx);
      } catch (error) {
        return printCommandError(ctx.stderr, error);
      }
    },
  },
});
