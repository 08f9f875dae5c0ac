import type { TicketView } from '@zapdesk/contracts';
import type { Actor } from '../../platform/auth/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/http/app-error';
import type { TenantScope, TenantTx } from '../../platform/tenancy';
import { emitTicketUpdate, getVisibleTicket, loadTicketView } from '../tickets';

/** POST /tags/sync (server-behaviour 5.5): the ticket's tags become exactly the ones given. */
export function syncTicketTags(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  input: { ticketId: number; tags: Array<{ id: number }> },
): Promise<TicketView> {
  return scope.run(async (tx) => {
    await getVisibleTicket(tx, actor, input.ticketId, { forUpdate: true });
    const tagIds = [...new Set(input.tags.map((t) => t.id))];
    await checkTags(tx, tagIds);
    await tx.deleteFrom('ticketTags').where('ticketId', '=', input.ticketId).execute();
    if (tagIds.length) {
      await tx
        .insertInto('ticketTags')
        .values(tagIds.map((tagId) => ({ companyId: tx.companyId, ticketId: input.ticketId, tagId })))
        .execute();
    }
    return announce(ctx, tx, input.ticketId);
  });
}

/** PUT /ticket-tags/:ticketId/:tagId: adds one tag (a kanban lane). */
export function addTicketTag(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  ticketId: number,
  tagId: number,
): Promise<TicketView> {
  return scope.run(async (tx) => {
    await getVisibleTicket(tx, actor, ticketId, { forUpdate: true });
    await checkTags(tx, [tagId]);
    await tx
      .insertInto('ticketTags')
      .values({ companyId: tx.companyId, ticketId, tagId })
      .onConflict((oc) => oc.columns(['companyId', 'ticketId', 'tagId']).doNothing())
      .execute();
    return announce(ctx, tx, ticketId);
  });
}

/** DELETE /ticket-tags/:ticketId: takes the kanban tags off; the other tags stay. */
export function removeKanbanTags(
  ctx: AppContext,
  actor: Actor,
  scope: TenantScope,
  ticketId: number,
): Promise<{ message: string }> {
  return scope.run(async (tx) => {
    await getVisibleTicket(tx, actor, ticketId, { forUpdate: true });
    const kanbanTags = tx.selectFrom('tags').where('kanban', '=', 1).select('id');
    await tx
      .deleteFrom('ticketTags')
      .where('ticketId', '=', ticketId)
      .where('tagId', 'in', kanbanTags)
      .execute();
    await announce(ctx, tx, ticketId);
    return { message: 'Ticket tags deleted' };
  });
}

async function checkTags(tx: TenantTx, tagIds: number[]): Promise<void> {
  if (tagIds.length === 0) return;
  const found = await tx.selectFrom('tags').where('id', 'in', tagIds).select('id').execute();
  if (found.length !== tagIds.length) throw AppError.notFound();
}

async function announce(ctx: AppContext, tx: TenantTx, ticketId: number): Promise<TicketView> {
  const view = await loadTicketView(tx, ctx.config.frontendUrl, ticketId);
  const companyId = tx.companyId;
  tx.afterCommit(() => emitTicketUpdate(ctx.realtime, companyId, view));
  return view;
}
