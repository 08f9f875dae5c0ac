import { SUBSCRIPTION_WARNING_DAYS, type SessionUser } from '@zapdesk/contracts';
import { daysUntil } from '../../lib/dates';

export type SubscriptionState =
  | { kind: 'unlimited' }
  | { kind: 'expired'; dueDate: string }
  | { kind: 'active'; daysLeft: number; warn: boolean };

/** Spec 1 section 4: login only before the due date; a warning when fewer than 5 days are left. */
export function subscriptionState(dueDate: string | null, today: Date = new Date()): SubscriptionState {
  const daysLeft = daysUntil(dueDate, today);
  if (dueDate === null || daysLeft === null) return { kind: 'unlimited' };
  if (daysLeft < 0) return { kind: 'expired', dueDate };
  return { kind: 'active', daysLeft, warn: daysLeft < SUBSCRIPTION_WARNING_DAYS };
}

/** The campaigns feature is on when the company setting says so or the plan includes it. */
export function campaignsEnabled(user: SessionUser): boolean {
  const setting = user.company.settings.find((s) => s.key === 'campaignsEnabled');
  return setting?.value === 'true' || user.company.plan?.useCampaigns === true;
}
