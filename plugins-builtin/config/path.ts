import type { ConfigVerb } from './verb.js';

export const configPath: ConfigVerb = async (path, args, ctx) => {
  if (args.length > 0) {
    ctx.stderr(`okapi: config path takes no arguments, got "${args[0]}"\n`);
    return 2;
  }
  ctx.stdout(`${path}\n`);
  return 0;
};
