import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays, addMonths, localDate } from './local-time';

afterEach(() => vi.useRealTimers());

describe('localDate', () => {
  it("gives the day in the time zone, and today's date turns with the local midnight", () => {
    expect(localDate('America/Sao_Paulo', new Date('2026-11-22T02:59:59Z'))).toBe('2026-11-21');
    expect(localDate('America/Sao_Paulo', new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-22');
    vi.useFakeTimers({ now: new Date('2026-11-22T02:59:59.500Z') });
    expect(localDate('America/Sao_Paulo')).toBe('2026-11-21');
    // Kept for at most a second past midnight, then formatted again.
    vi.setSystemTime(new Date('2026-11-22T03:00:00.600Z'));
    expect(localDate('America/Sao_Paulo')).toBe('2026-11-22');
    // A clock set back is not answered from what was kept.
    vi.setSystemTime(new Date('2026-11-21T12:00:00Z'));
    expect(localDate('America/Sao_Paulo')).toBe('2026-11-21');
    expect(localDate('UTC')).toBe('2026-11-21');
  });

  it('adds days and months on calendar dates', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
  });
});
