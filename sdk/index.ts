/** okapi's plugin SDK (`okapi/sdk`): declare a plugin once, run it in-process or as an executable. */
export { definePlugin } from './define.js';
export { runPlugin, type RunOptions } from './run.js';
export { encodeMessage, decodeDocument, MessageReader, MalformedMessageError, type WireEncoding, type WireMessage } from './codec.js';
export * from './types.js';
export { ExactNumber, isExactNumber, numberFromText, numberText } from './shared/exact-number.js';
export { stringifyJson } from './shared/json-stringify.js';
export { parseJsonExact } from './shared/json-parse.js';
// Host services (docs/design/016-host-services.md) and the helpers a command plugin writes with.
export type * from './services.js';
export type { ApiEntry, AuthObject, CredentialBinding, DiscoveryFields, OkapiConfig, Profile, PromptEntry } from './shared/api-config.js';
export { saveApi, updateConfig } from './config-update.js';
export { onInterrupt, withForegroundProgram, withTemporaryFile } from './interrupt.js';
export { isCredentialName, isSecretParam } from './shared/credential-names.js';
export { redactField, redactKeepingLength, redactText, redactUrl, splitField } from './shared/redact.js';
export {
  parseArguments,
  formatUsage,
  formatFlagHelp,
  formatHelp,
  printArgumentError,
  ArgumentError,
  type ArgumentDeclaration,
  type FlagDeclaration,
  type PositionalDeclaration,
  type ParsedArguments,
} from './arguments.js';
export { printCommandError, printProblem } from './command-errors.js';
export { closestWords } from './shared/closest-words.js';
