/** What `npm ci` leaves behind works the way npm users run it: bin, npm link, the SDK's types. */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp-dir.js';

const repo = resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'));

describe('installation', () => {
  it('the bin named in package.json runs directly (shebang and executable mode)', () => {
    const bin = join(repo, pkg.bin.okapi);
    const result = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(`okapi ${pkg.version}\n`);
  });

  it('installing the package links a working okapi into a project (as npm link does)', () => {
    const project = tempDir('okapi-link-');
    // A folder install links the package and its bin like npm link, without a global prefix.
    // --ignore-scripts: the prepare script would rebuild dist/ under the tests running beside.
    execFileSync('npm', ['install', '--install-links=false', '--ignore-scripts', '--no-audit', '--no-fund', repo], {
      cwd: project,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const result = spawnSync(join(project, 'node_modules/.bin/okapi'), ['--help'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('okapi');
  });

  it('ships the SDK with its type declarations (okapi/sdk)', () => {
    const sdk = pkg.exports['./sdk'];
    expect(existsSync(join(repo, sdk.default))).toBe(true);
    expect(existsSync(join(repo, sdk.types))).toBe(true);
  });
});
