import { describe, expect, it } from 'vitest';
import { subscriptionState } from './subscription';

const today = new Date(2026, 2, 10, 15, 30);

describe('subscription state at login', () => {
  it('refuses a due date in the past', () => {
    expect(subscriptionState('2026-03-09', today)).toEqual({ kind: 'expired', dueDate: '2026-03-09' });
  });

  it('accepts the due date itself, with a warning', () => {
    expect(subscriptionState('2026-03-10', today)).toEqual({ kind: 'active', daysLeft: 0, warn: true });
  });

  it('warns under 5 days left, not at 5', () => {
    expect(subscriptionState('2026-03-11', today)).toEqual({ kind: 'active', daysLeft: 1, warn: true });
    expect(subscriptionState('2026-03-14', today)).toEqual({ kind: 'active', daysLeft: 4, warn: true });
    expect(subscriptionState('2026-03-15', today)).toEqual({ kind: 'active', daysLeft: 5, warn: false });
  });

  it('never expires without a due date', () => {
    expect(subscriptionState(null, today)).toEqual({ kind: 'unlimited' });
  });
});
