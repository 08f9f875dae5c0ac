import { describe, expect, it } from 'vitest';
import { fromZonedInput, toZonedInput } from './zonedTime';

describe('schedule times in the user time zone', () => {
  it('reads a wall-clock time in São Paulo as the UTC instant it names', () => {
    expect(fromZonedInput('2026-12-01T09:30', 'America/Sao_Paulo')?.toISOString()).toBe(
      '2026-12-01T12:30:00.000Z',
    );
    expect(toZonedInput(new Date('2026-12-01T12:30:00Z'), 'America/Sao_Paulo')).toBe('2026-12-01T09:30');
  });

  it('handles a zone with daylight saving on both sides of the change', () => {
    expect(fromZonedInput('2026-07-01T10:00', 'Europe/Lisbon')?.toISOString()).toBe(
      '2026-07-01T09:00:00.000Z',
    );
    expect(fromZonedInput('2026-01-15T10:00', 'Europe/Lisbon')?.toISOString()).toBe(
      '2026-01-15T10:00:00.000Z',
    );
  });

  it('answers null for an unreadable value', () => {
    expect(fromZonedInput('', 'UTC')).toBeNull();
    expect(fromZonedInput('amanhã', 'UTC')).toBeNull();
  });
});
