/**
 * The arguments of a generated operation command, as completion offers them: the same names and
 * order the operations plugin parses (sdk/shared/operation-arguments/), hidden flags left out.
 */
import type { DetailParameter, OperationDetail } from '../../sdk/shared/operation-detail-format.js';
import { operationArguments, type OperationArgument } from '../../sdk/shared/operation-arguments/operation-arguments.js';

export interface OperationFlag {
  /** As typed: `--limit`. */
  flag: string;
  parameter: DetailParameter;
  argument: OperationArgument;
}

/** The positional arguments' parameters, in the order they are typed. */
export function operationPositionals(detail: OperationDetail): DetailParameter[] {
  return operationArguments(detail).positionals.map((argument) => argument.param);
}

export function operationFlagCandidates(detail: OperationDetail): OperationFlag[] {
  return operationArguments(detail)
    .flags.filter((argument) => !argument.param.hidden)
    .map((argument) => ({ flag: `--${argument.name}`, parameter: argument.param, argument }));
}

/** Whether a flag takes the next word as its value: every one but a boolean. */
export function takesValue(flag: OperationFlag): boolean {
  return !flag.argument.boolean;
}

/** The values a parameter allows when its schema closes them, as they are typed. */
export function enumValues(parameter: DetailParameter, detail: OperationDetail): string[] {
  const { positionals, flags } = operationArguments(detail);
  const argument = [...positionals, ...flags].find((a) => a.param === parameter);
  if (argument?.boolean) return ['true', 'false'];
  return argument?.allowed ?? [];
}
