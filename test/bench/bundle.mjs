// The bench's harnesses are TypeScript from the repo, bundled for Node as one ES module each.
import { build } from 'esbuild';

/**
 * Bundles `entry` (a file of the repo) to `outfile`; cbor-extract stays a native module and
 * `require` works inside the bundle.
 */
export async function bundleHarness(entry, outfile) {
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    // ESM builds first where a package has both, as scripts/build.mjs does: jsonc-parser's UMD
    // build cannot be bundled.
    mainFields: ['module', 'main'],
    external: ['cbor-extract'],
    banner: { js: "import{createRequire as __r}from'node:module';const require=__r(import.meta.url);" },
    logLevel: 'silent',
  });
}
