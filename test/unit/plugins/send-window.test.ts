/** How far the host runs ahead of a command reading a streamed body. */
import { describe, expect, it } from 'vitest';
import { SendWindow } from '../../../kernel/plugins/send-window.js';

describe('SendWindow', () => {
  it('lets 8 chunks go unreported, then waits for a read report', async () => {
    const window = new SendWindow();
    for (let i = 0; i < 8; i++) {
      expect(window.room()).toBeUndefined();
      window.sent();
    }
    const waiting = window.room();
    expect(waiting).toBeInstanceOf(Promise);
    window.read();
    await waiting;
    expect(window.room()).toBeUndefined();
  });

  it('stops waiting when the session ends', async () => {
    const window = new SendWindow();
    for (let i = 0; i < 8; i++) window.sent();
    const waiting = window.room();
    window.close();
    await waiting;
    expect(window.closed).toBe(true);
    expect(window.room()).toBeUndefined();
  });
});
