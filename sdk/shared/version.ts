/** Replaced at build time with package.json's version; the source fallback serves tests. */
declare const __OKAPI_VERSION__: string | undefined;
export const OKAPI_VERSION: string = typeof __OKAPI_VERSION__ === 'string' ? __OKAPI_VERSION__ : '0.0.0-dev';
