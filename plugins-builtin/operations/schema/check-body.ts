/**
 * `--okapi-validate`: the assembled JSON body checked against the operation's schema before
 * anything is sent, without changing it. Each violation names its JSON path; any violation is a
 * usage error (exit 2) and nothing is sent.
 */
import { OkapiError, UsageError } from '../../../sdk/shared/errors.js';
import type { CommandTable, OperationDetail } from '../../../sdk/shared/operation-detail-format.js';
import { validateBody } from './validate-body.js';

export interface AssembledBody {
  contentType: string;
  /** The body as a JSON value; absent for bodies that are not JSON. */
  value?: unknown;
}

export async function checkBody(api: string, command: string, detail: OperationDetail, table: CommandTable, body: AssembledBody | undefined): Promise<void> {
  if (!body) return;
  if (body.value === undefined) throw new UsageError(`--okapi-validate checks JSON bodies; this one is ${body.contentType}`);
  const content = detail.body?.contents.find((c) => c.media_type.toLowerCase() === body.contentType.split(';')[0]!.trim().toLowerCase());
  if (!content?.schema) throw new UsageError(`--okapi-validate: the ${body.contentType} body of okapi ${api} ${command} has no schema to check against`);
  const violations = await validateBody(body.value, content.schema, detail.definitions, table.openapi);
  if (violations.length === 0) return;
  const unchecked = violations.find((v) => v.unchecked);
  if (unchecked) {
    throw new OkapiError(`--okapi-validate could not check the body of okapi ${api} ${command}: ${unchecked.message}; nothing was sent`, {
      hint: 'leave out --okapi-validate to send the body unchecked',
    });
  }
  const shown = violations.slice(0, 20).map((v) => `  ${v.path}: ${v.message}`);
  const more = violations.length > shown.length ? [`  … and ${violations.length - shown.length} more`] : [];
  throw new UsageError(`the body does not match the schema of okapi ${api} ${command} (${violations.length} problem${violations.length === 1 ? '' : 's'}); nothing was sent:\n${[...shown, ...more].join('\n')}`, {
    hint: 'fix the body, or leave out --okapi-validate to send it as it is',
  });
}
