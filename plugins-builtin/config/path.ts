import { parseArguments } from '../../sdk/arguments.js';
import { PATH } from './arguments.js';
import type { ConfigVerb } from './verb.js';

export const configPath: ConfigVerb = async (path, args, ctx) => {
  parseArguments(args, PATH);
  ctx.stdout(`${path}\n`);
  return 0;
};
