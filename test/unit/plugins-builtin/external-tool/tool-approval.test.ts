import { chmodSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstWord, toolIdentity } from '../../../../plugins-builtin/external-tool/tool-approval.js';
import { tempDir } from '../../../helpers/temp-dir.js';

const dir = tempDir('okapi-tool-approval-');

function script(name: string): string {
  const path = join(dir, name);
  writeFileSync(path, '#!/bin/sh\necho {}\n');
  chmodSync(path, 0o755);
  return path;
}

describe('firstWord', () => {
  it('is the program the shell starts, unquoted when quoted whole', () => {
    expect(firstWord('  pass show shop')).toBe('pass');
    expect(firstWord('"/opt/my tools/get-token" --json')).toBe('/opt/my tools/get-token');
    expect(firstWord("'./t' a")).toBe('./t');
    expect(firstWord('   ')).toBeUndefined();
    expect(firstWord('"" x')).toBeUndefined();
  });
});

describe('toolIdentity', () => {
  it('finds the executable by path or on PATH', () => {
    const tool = script('find-me');
    expect(toolIdentity(`${tool} --json`)).toMatchObject({ executable: tool });
    expect(toolIdentity('find-me --json', { PATH: dir }, '/')).toMatchObject({ executable: tool });
    expect(toolIdentity('./find-me', { PATH: '' }, dir)).toMatchObject({ executable: tool });
  });

  it('changes when the command line changes or the executable is replaced or touched', () => {
    const tool = script('changing');
    const before = toolIdentity(tool);
    if ('problem' in before) throw new Error(before.problem);
    expect(before.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(toolIdentity(tool)).toEqual(before);
    expect(toolIdentity(`${tool} --other`)).not.toMatchObject({ hash: before.hash });

    utimesSync(tool, new Date(2001, 0, 1), new Date(2001, 0, 1));
    const touched = toolIdentity(tool);
    expect(touched).not.toMatchObject({ hash: before.hash });

    writeFileSync(tool, '#!/bin/sh\necho {"longer": true}\n');
    utimesSync(tool, new Date(2001, 0, 1), new Date(2001, 0, 1));
    expect(toolIdentity(tool)).not.toMatchObject({ hash: (touched as { hash: string }).hash });
  });

  it('says when the program is not found', () => {
    expect(toolIdentity('no-such-tool-okapi --x', { PATH: dir }, dir)).toEqual({
      problem: 'starts with "no-such-tool-okapi", which is not a file and not found on PATH',
    });
    expect(toolIdentity(dir, { PATH: '' }, '/')).toMatchObject({ problem: expect.stringContaining('not a file') });
    expect(toolIdentity(' ')).toEqual({ problem: 'is empty' });
  });
});
