/**
 * `--okapi-generate-body`: an example request body for the media type that would be sent (the
 * JSON one, or the one `-c` picks), printed like a response body (so `-o yaml` works) and never
 * sent. Operations without a body, or whose body has neither schema nor example, say so.
 */
import type { CommandContext } from '../../../sdk/types.js';
import { UsageError } from '../../../sdk/shared/errors.js';
import { stringifyJson } from '../../../sdk/shared/json-stringify.js';
import type { OperationDetail } from '../../../sdk/shared/operation-detail-format.js';
import { formatOfMediaType } from '../../../sdk/shared/body/encoder-choice.js';
import { mediaTypeEssence } from '../../../sdk/shared/media-type.js';
import { chooseMediaType } from '../body/media-type-choice.js';
import { exampleBody } from './example-body.js';

export async function printExampleBody(ctx: CommandContext, api: string, command: string, detail: OperationDetail, contentTypeFlag: string | undefined): Promise<number> {
  if (!detail.body) throw new UsageError(`okapi ${api} ${command} takes no request body, so there is no example to generate`);
  const { content } = chooseMediaType(detail.body.contents, contentTypeFlag);
  if (content.schema === undefined && content.example === undefined) {
    throw new UsageError(`the ${content.media_type} body of okapi ${api} ${command} has neither a schema nor an example to generate from`);
  }
  const example = exampleBody(content, detail.definitions);
  if (typeof example === 'string' && formatOfMediaType(mediaTypeEssence(content.media_type)) === 'raw') {
    ctx.stdout(example.endsWith('\n') ? example : `${example}\n`);
    return 0;
  }
  if (ctx.output) await ctx.output(example, { format: 'json' });
  else ctx.stdout(`${stringifyJson(example, 2)}\n`);
  return 0;
}
