// The figure of issue #15 for static auth: a request whose profile has bearer auth against the same
// request with the header given as -H. Both name the same registered API, so the two differ only by
// the auth phase: reading the profile's auth, loading the built-in bearer plugin, calling its hook.
//
// Wired into run.mjs through its list of measuring modules.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { timeTogether } from './measure.mjs';

const TOKEN = 'okapi-test-token';

export async function measure(report, { work, node, okapi, cleanEnv, apiUrl }) {
  const dir = join(work, 'auth-bench');
  mkdirSync(dir, { recursive: true });
  const configWith = (name, profile) => {
    const file = join(dir, `${name}.json`);
    writeFileSync(file, JSON.stringify({ apis: { ex: { base_url: apiUrl, profiles: { default: profile } } } }));
    return { ...cleanEnv, OKAPI_CONFIG: file };
  };
  const profileEnv = configWith('profile', { auth: { type: 'bearer', params: { token: TOKEN } } });
  const headerEnv = configWith('header', {});
  const [header, profile] = timeTogether(
    [
      { label: "okapi ex/auth/bearer -H 'Authorization: …'", command: node, args: [okapi, 'ex/auth/bearer', '-H', `Authorization: Bearer ${TOKEN}`], env: headerEnv },
      { label: 'okapi ex/auth/bearer, profile bearer auth', command: node, args: [okapi, 'ex/auth/bearer'], env: profileEnv },
    ],
    { runs: 60, warmup: 5 },
  );
  report.ratio('request with profile bearer auth', profile, "-H 'Authorization: …'", header, 1.05);
}
