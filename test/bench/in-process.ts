/**
 * Parsers and renderers that a slow path would make quadratic or merely slow, timed in one
 * process against a same-run baseline doing the same amount of work natively (JSON.parse or
 * JSON.stringify). These were once time limits inside unit tests; a limit on time lives here.
 * Bundled and run by in-process.mjs; prints JSON: one { label, ms, baselineLabel, baselineMs } each.
 */
import { parseShorthand } from '../../sdk/shared/shorthand/index.js';
import { highlightJson } from '../../plugins-builtin/auto/highlight-json.js';
import { parseJsonExact } from '../../sdk/shared/json-parse.js';
import { run } from '../unit/formatters/run-with-options.js';

interface Figure {
  label: string;
  ms: number;
  baselineLabel: string;
  baselineMs: number;
}

async function median(task: () => unknown, runs = 7): Promise<number> {
  await task();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

const figures: Figure[] = [];
async function figure(label: string, task: () => unknown, baselineLabel: string, baseline: () => unknown): Promise<void> {
  figures.push({ label, ms: await median(task), baselineLabel, baselineMs: await median(baseline) });
}

// Shorthand input: 1 MB of records in shorthand's own syntax, 1 MB of plain JSON, 1 MB of long values.
{
  const item = '{id: 12345, name: "some name", tags: [a, b, c], nested.deep.value: 1.5e3},\n';
  const count = Math.ceil(1_000_000 / item.length);
  const shorthand = `items: [\n${item.repeat(count)}]`;
  const json = JSON.stringify({ items: Array.from({ length: count }, () => ({ id: 12345, name: 'some name', tags: ['a', 'b', 'c'], nested: { deep: { value: 1500 } } })) });
  await figure('shorthand input, 1 MB of records', () => parseShorthand(shorthand), 'JSON.parse, same records', () => JSON.parse(json));
  await figure('shorthand input, 1 MB of JSON', () => parseShorthand(json), 'JSON.parse', () => JSON.parse(json));
  const long = 'x'.repeat(500_000);
  const longJson = JSON.stringify({ a: long, b: long });
  await figure('shorthand input, two 500 KB values', () => parseShorthand(`a: ${long}, b: "${long}"`), 'JSON.parse, same values', () => JSON.parse(longJson));
}

// Exact-number JSON parsing, on 8 MB of ordinary records (no number a double would change).
{
  const records = Array.from({ length: 60_000 }, (_, i) => ({ id: i, name: `user ${i}`, sha: `a3e5f${i.toString(16)}e9`, score: i * 1.25, tags: ['x', 'y'], nested: { a: true, b: null, c: 'some text here' } }));
  const text = JSON.stringify(records);
  await figure('exact-number JSON parse, 8 MB', () => parseJsonExact(text), 'JSON.parse', () => JSON.parse(text));
}

// The terminal's JSON highlighter on hostile text: long runs of backslashes and quotes.
{
  const nasty = { [`${'\\'.repeat(1000)}"`]: '\\"'.repeat(2_000_000), list: Array.from({ length: 200_000 }, (_, i) => i) };
  const json = JSON.stringify(nasty, null, 2);
  await figure('-o auto JSON highlighting, 8 MB of escapes', () => highlightJson(json), 'JSON.parse, same text', () => JSON.parse(json));
}

// The table formatter: 10,000 rows sorted.
{
  const rows = Array.from({ length: 10_000 }, (_, i) => ({ id: i + 1, name: `Zoë Müller ${i}`, email: `user${i}@example.com`, active: i % 2 === 0, score: (i * 7.31) % 100, tags: ['a', 'b'], created: '2024-01-01T00:00:00.000Z' }));
  await figure('-o table, 10,000 rows sorted', () => run('table', [rows], { options: { sort_by: '-score' }, width: 120 }), 'JSON.stringify, pretty', () => JSON.stringify(rows, null, 2));
}

process.stdout.write(JSON.stringify(figures));
