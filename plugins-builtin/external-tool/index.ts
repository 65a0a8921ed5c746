/**
 * The `external-tool` auth type (SPEC.md "Authentication" rule 13): the param `commandline` is run
 * and what it prints on stdout (tool-output.ts) becomes the request's headers and query
 * parameters. okapi runs a program only once the user approved it: the param `approved_hash` must
 * hold the tool's current hash (tool-approval.ts). The approval is a config value because an auth
 * hook cannot ask on a terminal, and a server's x-cli-config can never set external-tool auth, so
 * the config's approval is always the user's own. Nothing the tool prints is ever put in a message.
 */
import { definePlugin } from '../../sdk/define.js';
import { authOwner, authParamHint, requiredAuthParam } from '../../sdk/auth-params.js';
import { OkapiError } from '../../sdk/shared/errors.js';
import meta from './manifest.js';
import { toolIdentity } from './tool-approval.js';
import { parseToolOutput } from './tool-output.js';
import { runTool, TOOL_TIMEOUT_MS, type ToolRun } from './run-tool.js';

export default definePlugin({
  ...meta,
  hooks: {
    async auth(input, ctx) {
      const owner = authOwner('external-tool', input);
      const commandline = requiredAuthParam(input, 'external-tool', 'commandline', '<command line>');
      const identity = toolIdentity(commandline);
      if ('problem' in identity) {
        throw new OkapiError(`${owner}: the param "commandline" ${identity.problem}`, { hint: 'give the full path of the program in the command line' });
      }
      if (input.params.approved_hash !== identity.hash) {
        const state = input.params.approved_hash === undefined ? 'has not been approved' : 'has changed since it was approved';
        throw new OkapiError(`${owner}: the command of param "commandline" (running ${identity.executable}) ${state}; okapi runs it only once you approve it`, {
          hint: `to approve it as it is now: ${authParamHint(input, 'approved_hash', identity.hash)}`,
        });
      }

      const run = await runTool(commandline);
      if (run.outcome !== 'exited' || run.status !== 0) {
        throw new OkapiError(`${owner}: the command of param "commandline" ${failure(run)}${stderrSummary(run)}`, {
          hint: 'run the command yourself to see why',
        });
      }
      for (const line of run.stderr.split('\n')) if (line.trim() !== '') ctx.log('info', `external-tool: ${line.trimEnd()}`);
      const credentials = parseToolOutput(run.stdout);
      if ('problem' in credentials) {
        throw new OkapiError(`${owner}: the output of the command of param "commandline" ${credentials.problem}`, {
          hint: 'the command must print one JSON object: {"headers": {"Name": "value"}, "query": {"name": "value"}}',
        });
      }
      return {
        ...(Object.keys(credentials.headers).length > 0 ? { headers: credentials.headers } : {}),
        ...(Object.keys(credentials.query).length > 0 ? { query: credentials.query } : {}),
      };
    },
  },
});

function failure(run: ToolRun): string {
  switch (run.outcome) {
    case 'exited':
      return `failed (exit ${run.status})`;
    case 'signalled':
      return `was killed by ${run.signal}`;
    case 'timed-out':
      return `did not finish within ${TOOL_TIMEOUT_MS / 1000} s and was stopped`;
    case 'too-much-output':
      return 'printed more than a credential could be and was stopped';
    case 'not-started':
      return `could not be started: ${run.reason}`;
  }
}

/** The end of what the tool said on stderr: its own explanation of the failure. */
function stderrSummary(run: ToolRun): string {
  if (!('stderr' in run)) return '';
  const lines = run.stderr.split('\n').map((line) => line.trimEnd()).filter((line) => line !== '');
  if (lines.length === 0) return '';
  const shown = lines.slice(-5).join('\n  ');
  return `; it said:\n  ${shown.length > 1000 ? `…${shown.slice(-1000)}` : shown}`;
}
