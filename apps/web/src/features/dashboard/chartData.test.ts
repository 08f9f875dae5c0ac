import { describe, expect, it } from 'vitest';
import { chartRange, dayBars, starsOf, summaryQuery, userBars } from './chartData';

describe('dashboard chart data', () => {
  it('turns ticketsUsers rows into bars', () => {
    expect(
      userBars({
        data: [
          { nome: 'Ana', quantidade: 3 },
          { nome: 'Bia', quantidade: 0 },
        ],
      }),
    ).toEqual([
      { label: 'Ana', value: 3 },
      { label: 'Bia', value: 0 },
    ]);
    expect(userBars(undefined)).toEqual([]);
  });

  it('labels ticketsDay rows by date or by hour', () => {
    expect(
      dayBars({
        count: 3,
        data: [
          { total: 1, data: '01/03/2026' },
          { total: 2, data: '02/03/2026' },
        ],
      }),
    ).toEqual([
      { label: '01/03/2026', value: 1 },
      { label: '02/03/2026', value: 2 },
    ]);
    expect(dayBars({ count: 4, data: [{ total: 4, horario: 9 }] })).toEqual([{ label: '09:00', value: 4 }]);
  });

  it.each([
    [0, 0],
    [1, 1],
    [1.4, 1],
    [2.5, 3],
    [3, 3],
    [7, 3],
    [-1, 0],
    [Number.NaN, 0],
  ])('rating %s -> %s stars', (rating, stars) => {
    expect(starsOf(rating)).toBe(stars);
  });

  it('builds queries and chart ranges from the filter', () => {
    const today = new Date(2026, 2, 10, 15);
    expect(summaryQuery({ mode: 'period', days: 7 })).toEqual({ days: 7 });
    expect(summaryQuery({ mode: 'period', days: 0 })).toEqual({});
    expect(summaryQuery({ mode: 'date', from: '2026-03-01', to: '' })).toEqual({ date_from: '2026-03-01' });
    expect(chartRange({ mode: 'period', days: 0 }, today)).toBeNull();
    expect(chartRange({ mode: 'date', from: '2026-03-01', to: '' }, today)).toBeNull();
    expect(chartRange({ mode: 'period', days: 3 }, today)).toEqual({
      initialDate: '2026-03-08',
      finalDate: '2026-03-10',
    });
  });
});
