/**
 * The protocol checks on their own, for the answers the end-to-end tables (test/e2e/hostile-plugins)
 * do not reach through a request: loader documents, and the command requests okapi answers.
 */
import { describe, expect, it } from 'vitest';
import { ExactNumber } from '../../../sdk/shared/exact-number.js';
import { commandMessageProblem, formatterMessageProblem, resultProblem } from '../../../kernel/plugins/protocol-check.js';

describe('protocol checks', () => {
  it.each([
    [{ document: 'openapi: 3.1.0' }, 'answered the loader hook with the document "openapi: 3.1.0", which is not an OpenAPI document (a map)'],
    [{ document: [1] }, 'answered the loader hook with the document a list, which is not an OpenAPI document (a map)'],
    [{}, 'answered the loader hook with the document nothing, which is not an OpenAPI document (a map)'],
    [{ document: { openapi: '3.1.0' } }, undefined],
  ])('judges the loader answer %j', (output, expected) => {
    expect(resultProblem('loader', output)).toBe(expected);
  });

  it.each([
    [{ results: [1, 'a'] }, undefined],
    [{ failure: { message: 'bad', summary: 'bad', exit_code: 2, unreadable: true } }, undefined],
    [{}, 'answered the filter hook with results: nothing, which is not a list'],
    [{ results: 'x' }, 'answered the filter hook with results: "x", which is not a list'],
    [{ failure: 'bad' }, 'answered the filter hook with failure: "bad", which is not a map'],
    [{ failure: { message: 'bad', summary: 'bad', exit_code: 0 } }, 'answered the filter hook with a failure whose exit_code: 0, which is not a whole number from 1 to 255'],
    [{ failure: { message: 'bad', exit_code: 2 } }, 'answered the filter hook with a failure whose summary: nothing, which is not a string'],
  ])('judges the filter answer %j', (output, expected) => {
    expect(resultProblem('filter', output)).toBe(expected);
  });

  it.each([
    [{ follow: { method: 'GET', url: 'https://example.com/next', body: 'text' } }, 'answered the response-middleware hook with follow.body: "text", which is not bytes'],
    [{ response: { status: 200, body: [1] } }, 'answered the response-middleware hook with response.body: a list, which is not bytes'],
    [{ response: { status: 200, body: new Uint8Array(1) } }, undefined],
  ])('judges the response-middleware answer %j', (output, expected) => {
    expect(resultProblem('response-middleware', output)).toBe(expected);
  });

  it.each([
    [{ type: 'done', exit_code: new ExactNumber('1e400') }, 'ended the command with the exit code 1e400, which is not a whole number from 0 to 255'],
    [{ type: 'done', exit_code: 10n }, 'ended the command with the exit code 10, which is not a whole number from 0 to 255'],
    [{ type: 'list-apis', id: 'one' }, 'sent a "list-apis" request with the id "one"; a request needs a whole-number id for its answer'],
    [{ type: 'load-document', id: 1, body: 'text' }, 'sent a "load-document" message with body: "text", which is not bytes'],
    [{ type: 'output', id: 1, value: {}, format: 7 }, 'sent a "output" message with format: 7, which is not a string'],
    [{ type: 'http-request', id: 1, method: 'GET', url: '/x', timeout_ms: -5 }, 'sent a "http-request" message with timeout_ms: -5, which is not a whole number of 0 or more'],
    [{ type: 'http-request', id: 1, method: 'GET', url: '/x', headers: { Accept: ['a', 'b'], 'X-Gone': null }, body: new Uint8Array(2) }, undefined],
    [{ type: 'http-request', id: 1, method: 'GET', url: '/x', api: 'pets', operation: 7 }, 'sent a "http-request" message with operation: 7, which is not a string'],
    [{ type: 'load-document', id: 1, body: new Uint8Array(2), referenced: 'yes' }, 'sent a "load-document" message with referenced: "yes", which is not true or false'],
    [
      { type: 'http-request', id: 1, method: 'GET', url: '/x', address_policy: { trusted_urls: ['https://a.example/', 'http://127.0.0.1:8080/'] } },
      undefined,
    ],
    [
      { type: 'http-stream', id: 1, method: 'GET', url: '/x', address_policy: { trusted_urls: [], allow_cross_origin: true } },
      'sent a "http-stream" message with address_policy.trusted_urls: a list, which is not a list of one or more http or https URLs',
    ],
    [
      { type: 'http-print', id: 1, method: 'GET', url: '/x', address_policy: { allow_cross_origin: false } },
      'sent a "http-print" message with address_policy.trusted_urls: nothing, which is not a list of one or more http or https URLs',
    ],
    [
      { type: 'http-request', id: 1, method: 'GET', url: '/x', address_policy: null },
      'sent a "http-request" message with address_policy: null, which is not a map',
    ],
    [
      { type: 'http-request', id: 1, method: 'GET', url: '/x', headers: { 'X-A': ['a', 1] } },
      'sent a "http-request" message with headers.X-A: a list, which is not a string, a list of strings, or null',
    ],
    [{ type: 'prompt', id: 2, message: 'Token?', secret: true }, undefined],
  ])('judges command message case %#', (message, expected) => {
    expect(commandMessageProblem(message)).toBe(expected);
  });

  it('quotes long values by their start only', () => {
    const problem = resultProblem('auth', { headers: { 'X-A': `a\n${'b'.repeat(100)}` } });
    expect(problem).toBe(`answered the auth hook with the X-A header value "a\\n${'b'.repeat(38)}…", which holds a line break or another control character that a header cannot carry`);
  });

  it('lets a formatter write bytes or text, nothing else', () => {
    expect(formatterMessageProblem({ type: 'stdout', data: 'text' })).toBeUndefined();
    expect(formatterMessageProblem({ type: 'stdout', data: 5 })).toBe('sent a "stdout" message with data: 5, which is neither bytes nor text');
  });
});
