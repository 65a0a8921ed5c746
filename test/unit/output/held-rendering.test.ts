/**
 * When a rendering fails, the body as received takes its place (docs/design/010-unrenderable-bodies.md),
 * except that a terminal is not given binary bytes: NULs and escapes would garble it.
 */
import { describe, expect, it } from 'vitest';
import { HeldRendering } from '../../../kernel/output/held-rendering.js';

async function fallback(chunks: Uint8Array[], terminal: boolean, formatterReads: number): Promise<{ shown: string; out: number[] }> {
  const out: number[] = [];
  const held = new HeldRendering((data) => out.push(...(typeof data === 'string' ? Buffer.from(data) : data)), (async function* () {
    yield* chunks;
  })());
  const body = held.body();
  for (let i = 0; i < formatterReads; i++) await body.next();
  held.write('partial rendering');
  return { shown: await held.writeBodyInstead(terminal), out };
}

const CBOR_INFINITY = new Uint8Array([0xf9, 0x7c, 0x00]);
const TEXT = [Buffer.from('a: [1\n'), Buffer.from('b: café\n')];

describe('HeldRendering.writeBodyInstead', () => {
  it('keeps binary bytes off a terminal, whether or not the formatter read them', async () => {
    for (const reads of [0, 1]) expect(await fallback([CBOR_INFINITY], true, reads)).toEqual({ shown: 'binary', out: [] });
    expect(await fallback([Buffer.from('text with \x1b[31m an escape')], true, 1)).toEqual({ shown: 'binary', out: [] });
    expect(await fallback([Buffer.from([0x61, 0xff, 0x62])], true, 1)).toEqual({ shown: 'binary', out: [] });
  });

  it('writes text on a terminal, and any body elsewhere, as received', async () => {
    for (const reads of [0, 1, 2]) expect(await fallback(TEXT, true, reads)).toEqual({ shown: 'body', out: [...Buffer.concat(TEXT)] });
    expect(await fallback([CBOR_INFINITY], false, 1)).toEqual({ shown: 'body', out: [...CBOR_INFINITY] });
  });

  it('a character cut at the end of the part looked at is not binary', async () => {
    const text = Buffer.from(`${'x'.repeat(64 * 1024 - 1)}é and more`);
    expect((await fallback([text], true, 1)).shown).toBe('body');
  });
});
