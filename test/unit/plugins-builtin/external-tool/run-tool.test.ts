import { describe, expect, it } from 'vitest';
import { runTool } from '../../../../plugins-builtin/external-tool/run-tool.js';

describe.skipIf(process.platform === 'win32')('runTool', () => {
  it('runs the command line through the shell and keeps stdout and stderr apart', async () => {
    expect(await runTool('printf out; printf err >&2; exit 0')).toEqual({ outcome: 'exited', status: 0, stdout: 'out', stderr: 'err' });
    expect(await runTool('echo bad >&2; exit 7')).toMatchObject({ outcome: 'exited', status: 7, stderr: 'bad\n' });
  });

  it("does not give the tool okapi's stdin", async () => {
    // `cat` on an inherited terminal or pipe would wait; on no stdin it ends at once with nothing.
    expect(await runTool('cat')).toMatchObject({ outcome: 'exited', status: 0, stdout: '' });
  });

  it('stops a tool that outlives its deadline', async () => {
    // The shell's children hold the pipes open a moment after the shell is killed: not waited for.
    const run = await runTool('while :; do echo waiting >&2; sleep 0.05; done', 300);
    expect(run).toMatchObject({ outcome: 'timed-out', stderr: expect.stringContaining('waiting\n') });
  });

  it('stops a tool that prints more than a credential could be', async () => {
    expect(await runTool('yes credential')).toMatchObject({ outcome: 'too-much-output' });
  });

  it('reports a tool killed by a signal', async () => {
    expect(await runTool('kill -TERM $$')).toMatchObject({ outcome: 'signalled', signal: 'SIGTERM' });
  });
});
