/** The kinds of run a code cache counts (kernel/startup/run-kinds.ts). */
import { describe, expect, it } from 'vitest';
import { ENRICHING_RUNS, enrichedKinds, parseStoredCache, runKind, serializeStoredCache } from '../../../kernel/startup/run-kinds.js';

describe('run kinds', () => {
  it('are the first word and the flags given, whatever the values and the order', () => {
    expect(runKind(['get', 'https://a.example/x', '-H', 'A: 1', '-v'])).toBe(runKind(['get', 'https://b.example/y', '-v', '-H', 'B: 2', '-H', 'C: 3']));
    expect(runKind(['get', 'https://a.example/x'])).not.toBe(runKind(['get', 'https://a.example/x', '-v']));
    expect(runKind(['GET', 'u'])).toBe(runKind(['get', 'v']));
    // Any URL or API path is one kind; a command, a method or an API's name is its own.
    expect(runKind(['https://a.example/x'])).toBe(runKind(['shop/items']));
    expect(runKind(['https://a.example/x'])).toBe(runKind([':8080/items']));
    expect(new Set([runKind(['shop', 'list-items']), runKind(['api', 'list']), runKind(['get', 'u']), runKind([])]).size).toBe(4);
    expect(runKind(['-v', 'get', 'u'])).toBe(runKind(['-v', 'post', 'u']));
    expect(runKind(['get', 'u', '--okapi-filter=.a'])).toBe(runKind(['get', 'u', '--okapi-filter=.b']));
  });

  it('enrich a cache a few runs each, and no more kinds than a cache keeps', () => {
    let kinds = new Map<number, number>();
    for (let i = 1; i <= ENRICHING_RUNS; i++) kinds = enrichedKinds(kinds, 7)!;
    expect(kinds).toEqual(new Map([[7, ENRICHING_RUNS]]));
    expect(enrichedKinds(kinds, 7)).toBeUndefined();
    const full = new Map(Array.from({ length: 64 }, (_, i) => [i + 100, 1] as [number, number]));
    expect(enrichedKinds(full, 1)).toBeUndefined();
    expect(enrichedKinds(full, 100)!.get(100)).toBe(2);
  });

  it('are stored before V8\'s data, and a damaged file is no cache', () => {
    const data = Buffer.from('v8 data');
    const stored = serializeStoredCache(new Map([[0xfeedbeef, 1], [3, 2]]), data);
    expect(parseStoredCache(stored)).toEqual({ kinds: new Map([[0xfeedbeef, 1], [3, 2]]), data });
    expect(parseStoredCache(serializeStoredCache(new Map(), data))).toEqual({ kinds: new Map(), data });
    expect(parseStoredCache(undefined).data).toBeUndefined();
    expect(parseStoredCache(Buffer.of(9, 1, 2)).data).toBeUndefined();
  });
});
