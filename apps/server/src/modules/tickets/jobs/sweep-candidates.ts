import type { AppContext } from '../../../platform/context';

/** A ticket a sweep found, to be handled in its company's own transaction. */
export interface SweepCandidate {
  companyId: number;
  ticketId: number;
}

/** Groups candidates by company, keeping the order found. */
export function byCompany(candidates: SweepCandidate[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const { companyId, ticketId } of candidates) {
    groups.set(companyId, [...(groups.get(companyId) ?? []), ticketId]);
  }
  return groups;
}

/**
 * Runs `handle` for each candidate in its own tenant transaction, so one failing ticket does not hold back the
 * others; answers how many were handled.
 */
export async function handleEach(
  ctx: AppContext,
  candidates: SweepCandidate[],
  handle: (companyId: number, ticketId: number) => Promise<boolean>,
): Promise<number> {
  let handled = 0;
  for (const [companyId, ticketIds] of byCompany(candidates)) {
    for (const ticketId of ticketIds) {
      try {
        if (await handle(companyId, ticketId)) handled += 1;
      } catch (error) {
        ctx.log.error({ err: error, companyId, ticketId }, 'ticket sweep failed for one ticket');
      }
    }
  }
  return handled;
}
