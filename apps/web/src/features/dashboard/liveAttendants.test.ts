import { describe, expect, it } from 'vitest';
import type { DashboardAnswer } from '@zapdesk/contracts';
import { applyAttendantChange, attendantChangeOf } from './liveAttendants';

const summary: DashboardAnswer = {
  counters: {
    avgSupportTime: 0,
    avgWaitTime: 0,
    supportHappening: 0,
    supportPending: 0,
    supportFinished: 0,
    leads: 0,
  },
  attendants: [
    { id: 1, name: 'Ana', avgSupportTime: 3, tickets: 2, rating: 2, online: true },
    { id: 2, name: 'Bia', avgSupportTime: 0, tickets: 0, rating: 0, online: true },
  ],
};

describe('live attendants', () => {
  it('turns a logged-out user offline and keeps the others as they were', () => {
    const change = attendantChangeOf({ action: 'update', user: { id: 2, name: 'Bia', online: false } });
    if (!change) throw new Error('an update of a listed user is a change');
    const next = applyAttendantChange(summary, change);
    expect(next.attendants.map((a) => [a.id, a.online])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(next.attendants[0]).toBe(summary.attendants[0]);
    expect(next.counters).toBe(summary.counters);
  });

  it('drops a deleted user and leaves the summary untouched for users it does not list', () => {
    expect(applyAttendantChange(summary, { kind: 'delete', id: 1 }).attendants.map((a) => a.id)).toEqual([2]);
    expect(applyAttendantChange(summary, { kind: 'update', id: 9, name: 'X', online: false })).toBe(summary);
  });

  it('ignores payloads that are not user updates or deletes', () => {
    expect(attendantChangeOf(null)).toBeNull();
    expect(attendantChangeOf({ action: 'create', user: { id: 3, name: 'C', online: true } })).toBeNull();
    expect(attendantChangeOf({ action: 'update', user: { id: '3', name: 'C', online: true } })).toBeNull();
    expect(attendantChangeOf({ action: 'delete', userId: 4 })).toEqual({ kind: 'delete', id: 4 });
  });
});
