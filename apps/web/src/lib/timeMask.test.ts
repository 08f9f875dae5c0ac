import { describe, expect, it } from 'vitest';
import { maskTime } from './timeMask';

describe('time mask', () => {
  it('keeps ##:## as it is typed', () => {
    expect(maskTime('0')).toBe('0');
    expect(maskTime('08')).toBe('08');
    expect(maskTime('080')).toBe('08:0');
    expect(maskTime('0800')).toBe('08:00');
    expect(maskTime('08:00')).toBe('08:00');
    expect(maskTime('08:001')).toBe('08:00');
    expect(maskTime('ab12cd')).toBe('12');
  });
});
