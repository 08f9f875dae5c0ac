import type { CampaignStatus } from '@zapdesk/contracts';
import { AppError } from '../../platform/http/app-error';

/**
 * Server-behaviour 10.3: a campaign is edited only while its stored status is INATIVA, PROGRAMADA (the start job
 * has not claimed it) or CANCELADA.
 */
export function assertEditable(status: string): void {
  const editable: readonly string[] = ['INATIVA', 'PROGRAMADA', 'CANCELADA'] satisfies CampaignStatus[];
  if (!editable.includes(status)) {
    throw new AppError('ERR_CAMPAIGN_NOT_EDITABLE', `A campaign ${status} cannot be edited`);
  }
}

/** A campaign is never deleted while it is being sent. */
export function assertDeletable(status: string): void {
  if (status === 'EM_ANDAMENTO') throw new AppError('ERR_CAMPAIGN_IN_PROGRESS', 'The campaign is being sent');
}

/** Cancel: a scheduled or running campaign; restart: a cancelled one. */
export function assertTransition(status: string, to: 'CANCELADA' | 'EM_ANDAMENTO'): void {
  const allowed = to === 'CANCELADA' ? ['PROGRAMADA', 'EM_ANDAMENTO'] : ['CANCELADA'];
  if (!allowed.includes(status)) {
    throw new AppError('ERR_CAMPAIGN_INVALID_TRANSITION', `A campaign ${status} cannot become ${to}`);
  }
}
