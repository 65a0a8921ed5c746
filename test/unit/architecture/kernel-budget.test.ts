/**
 * The kernel's size, held to the budgets of design record 023: each folder of `kernel/` has a
 * line budget in the record's table, next to the concern it serves. A change that grows a folder
 * past its budget fails here, so the growth is argued in the record (or the code moves to a
 * plugin) rather than found in a later count. Lines are counted as the record counts them: every
 * line of every `.ts` file, generated files aside.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const RECORD = 'docs/design/023-what-the-kernel-keeps.md';
/** The record's name for the files directly in `kernel/`. */
const TOP_LEVEL = 'kernel/*.ts';

/** Lines per budgeted place: a folder directly under `kernel/` (with its subfolders), or the top-level files. */
function kernelLines(): Map<string, number> {
  const lines = new Map<string, number>();
  const kernel = join(root, 'kernel');
  for (const entry of readdirSync(kernel, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.generated.ts')) continue;
    const path = join(entry.parentPath, entry.name);
    const [first, ...rest] = relative(kernel, path).split(sep);
    const place = rest.length === 0 ? TOP_LEVEL : `kernel/${first}/`;
    const text = readFileSync(path, 'utf8');
    const count = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    lines.set(place, (lines.get(place) ?? 0) + count);
  }
  return lines;
}

/** The budget table's rows: `| \`kernel/transport/\` | 2,400 | … |`. */
function budgets(): Map<string, number> {
  const rows = new Map<string, number>();
  for (const line of readFileSync(join(root, RECORD), 'utf8').split('\n')) {
    const row = /^\|\s*`(kernel\/[^`]*)`\s*\|\s*([\d,]+)\s*\|/.exec(line);
    if (row) rows.set(row[1]!, Number(row[2]!.replaceAll(',', '')));
  }
  return rows;
}

describe(`the kernel's line budgets (${RECORD})`, () => {
  const counted = kernelLines();
  const budgeted = budgets();

  it('has a budget for every folder of the kernel, and none for a folder that is gone', () => {
    expect([...budgeted.keys()].sort()).toEqual([...counted.keys()].sort());
  });

  it.each([...counted.keys()].sort())('%s stays within its budget', (place) => {
    const lines = counted.get(place)!;
    const budget = budgeted.get(place);
    if (budget === undefined) return; // reported by the test above
    expect(lines, `${place} has ${lines} lines, over its budget of ${budget}: argue the growth in ${RECORD}, or move the feature to a plugin`).toBeLessThanOrEqual(budget);
  });
});
