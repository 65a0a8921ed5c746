import { describe, expect, it } from 'vitest';
import { parseToolOutput } from '../../../../plugins-builtin/external-tool/tool-output.js';

describe('parseToolOutput', () => {
  it('reads headers and query parameters from one JSON object', () => {
    expect(parseToolOutput('{"headers": {"Authorization": "Bearer t1"}, "query": {"key": "k1"}}\n')).toEqual({
      headers: { Authorization: 'Bearer t1' },
      query: { key: 'k1' },
    });
    expect(parseToolOutput('{"query": {"key": "k1"}}')).toEqual({ headers: {}, query: { key: 'k1' } });
  });

  it('refuses output that is no credential, describing it without its values', () => {
    const cases: [string, string][] = [
      ['', 'is empty'],
      ['  \n', 'is empty'],
      ['Bearer sekrit-1', 'is not JSON'],
      ['["sekrit-1"]', 'is JSON but not an object'],
      ['{}', 'has no header and no query parameter'],
      ['{"headers": {}}', 'has no header and no query parameter'],
      ['{"token": "sekrit-1"}', 'has the member "token"; only "headers" and "query" are known'],
      ['{"headers": "sekrit-1"}', 'has "headers" that is not an object of names to strings'],
      ['{"headers": {"X-Key": 5}}', 'has headers.X-Key that is not a string'],
      ['{"query": {"key": ""}}', 'has query.key empty'],
      ['{"query": {"": "sekrit-1"}}', 'has an empty name in "query"'],
      ['{"headers": {"Bad Name": "sekrit-1"}}', 'has the header name "Bad Name", which is not a valid header name'],
      ['{"headers": {"X-Key": "sekrit-1\\r\\nX-Evil: 1"}}', 'has a line break or NUL in the value of header X-Key'],
    ];
    for (const [output, problem] of cases) {
      const parsed = parseToolOutput(output);
      expect(parsed, output).toEqual({ problem });
      expect(JSON.stringify(parsed)).not.toContain('sekrit');
    }
  });
});
