// The OAuth figure of issue 15: a request whose profile's oauth-client-credentials token is kept
// in the token store, against the same request with a static bearer token (the profile's `bearer`
// auth, the same token); the other figure compares bearer auth with -H (auth.mjs). The
// provider runs in a child process (fixtures/oauth-provider/serve.mjs): the benchmarks time
// processes synchronously.
//
// Wired into run.mjs like the other modules: `measure(report, context)`.
import { spawn, execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { timeTogether } from './measure.mjs';

/**
 * @param {import('./measure.mjs').Report} report
 * @param {{ work: string, node: string, repo: string, okapi: string, cleanEnv: NodeJS.ProcessEnv }} context
 */
export async function measure(report, { work, node, repo, okapi, cleanEnv }) {
  const child = spawn(node, [join(repo, 'fixtures/oauth-provider/serve.mjs')], { stdio: ['ignore', 'pipe', 'ignore'] });
  try {
    const [issuer, resource] = await new Promise((resolve, reject) => {
      const lines = [];
      createInterface({ input: child.stdout }).on('line', (line) => {
        lines.push(line);
        if (lines.length === 2) resolve(lines);
      });
      child.once('exit', (code) => reject(new Error(`the OAuth provider exited with ${code}`)));
    });
    const { OAUTH_CLIENTS } = await import('../../fixtures/oauth-provider/clients.mjs');
    const dir = join(work, 'oauth-bench');
    mkdirSync(join(dir, 'oauth'), { recursive: true });
    mkdirSync(join(dir, 'static'), { recursive: true });
    const auth = { type: 'oauth-client-credentials', params: { issuer_url: issuer, client_id: OAUTH_CLIENTS.basic.client_id, client_secret: OAUTH_CLIENTS.basic.client_secret } };
    const oauthConfig = join(dir, 'oauth', 'config.json');
    const staticConfig = join(dir, 'static', 'config.json');
    writeFileSync(oauthConfig, JSON.stringify({ apis: { res: { base_url: resource, profiles: { default: { auth } } } } }));
    const oauthEnv = { ...cleanEnv, OKAPI_CONFIG: oauthConfig };
    // The first request fetches the token; the timed ones use it as kept.
    execFileSync(node, [okapi, 'res/whoami'], { env: oauthEnv, stdio: 'ignore' });
    const kept = JSON.parse(JSON.parse(readFileSync(join(dir, 'oauth', 'tokens.json'), 'utf8')).apis.res.default.default['oauth-client-credentials']);
    const bearer = { type: 'bearer', params: { token: kept.access_token } };
    writeFileSync(staticConfig, JSON.stringify({ apis: { res: { base_url: resource, profiles: { default: { auth: bearer } } } } }));
    const [withOAuth, withBearer] = timeTogether(
      [
        { label: 'oauth', command: node, args: [okapi, 'res/whoami'], env: oauthEnv },
        { label: 'bearer', command: node, args: [okapi, 'res/whoami'], env: { ...cleanEnv, OKAPI_CONFIG: staticConfig } },
      ],
      { runs: 60, warmup: 5 },
    );
    report.ratio('request with a kept OAuth token', withOAuth, 'profile bearer auth, same token', withBearer, 1.05);
  } finally {
    child.kill('SIGTERM');
  }
}
