import { describe, expect, it, vi } from 'vitest';
import { exitCodeOf, formatError, OkapiError, UsageError } from '../../../../sdk/shared/errors.js';

describe('OkapiError across bundles', () => {
  // A built-in plugin is bundled with its own copy of errors.ts: its OkapiError is another class.
  const otherCopy = async () => {
    vi.resetModules();
    return import('../../../../sdk/shared/errors.js');
  };

  it('recognises another copy’s error, so its hint and exit code are kept', async () => {
    const copy = await otherCopy();
    expect(copy.OkapiError).not.toBe(OkapiError);
    const error = new copy.OkapiError('the bearer auth needs a token', { hint: 'okapi api set …' });
    expect(error).toBeInstanceOf(OkapiError);
    expect(formatError(error)).toBe('okapi: the bearer auth needs a token\n  hint: okapi api set …');
    expect(exitCodeOf(new copy.UsageError('bad flag'))).toBe(2);
  });

  it('keeps subclass checks to the class itself', async () => {
    const copy = await otherCopy();
    expect(new UsageError('x')).toBeInstanceOf(OkapiError);
    expect(new OkapiError('x')).not.toBeInstanceOf(UsageError);
    expect(new copy.UsageError('x')).not.toBeInstanceOf(UsageError);
    expect(new Error('x')).not.toBeInstanceOf(OkapiError);
    expect(null).not.toBeInstanceOf(OkapiError);
  });
});
