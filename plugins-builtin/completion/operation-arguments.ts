/**
 * The arguments of a generated operation command, as completion offers them: its positionals
 * (required parameters) and its flags (optional ones). The operations plugin decides how
 * parameters become arguments; these functions follow SPEC.md "Generated operation commands"
 * item 2 and are the one place to change if that naming changes.
 */
import type { DetailParameter, OperationDetail } from '../../sdk/shared/operation-detail-format.js';

export interface OperationFlag {
  /** As typed: `--limit`. */
  flag: string;
  parameter: DetailParameter;
}

/** Required path parameters, then the other required ones in the order the description gives them. */
export function operationPositionals(detail: OperationDetail): DetailParameter[] {
  const required = usable(detail).filter((parameter) => parameter.required);
  return [...required.filter((parameter) => parameter.in === 'path'), ...required.filter((parameter) => parameter.in !== 'path')];
}

/** `--<x-cli-name or name>` for each optional parameter not ignored and not hidden. */
export function operationFlagCandidates(detail: OperationDetail): OperationFlag[] {
  return usable(detail)
    .filter((parameter) => !parameter.required && !parameter.hidden)
    .map((parameter) => ({ flag: `--${parameter.cli_name ?? parameter.name}`, parameter }));
}

/** Whether a parameter's flag takes the next word as its value: every one but a boolean. */
export function takesValue(parameter: DetailParameter): boolean {
  return parameter.type !== 'boolean';
}

/** The values a parameter's schema allows, when it lists them (`enum`), as they are typed. */
export function enumValues(parameter: DetailParameter): string[] {
  if (parameter.type === 'boolean') return ['true', 'false'];
  return (parameter.enum ?? []).flatMap((value) => (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? [String(value)] : []));
}

function usable(detail: OperationDetail): DetailParameter[] {
  return detail.parameters.filter((parameter) => !parameter.ignored);
}
