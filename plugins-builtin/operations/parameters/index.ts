/**
 * Parameter values of generated operation commands: parsing what the user typed, and serializing
 * it onto the request in the parameter's OpenAPI style. Pure: no I/O beyond `@file` in shorthand.
 */

export { parseParameterValue, type ParseOptions } from './parse-value.js';
export { serializeParameters, type ParameterValue, type SerializedParameters } from './serialize.js';
export { unsupportedStyle } from './styles.js';
